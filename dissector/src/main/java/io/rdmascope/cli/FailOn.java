package io.rdmascope.cli;

import io.rdmascope.engine.Severity;

/** The lowest severity that makes {@code analyze} exit with status 1, or never. */
enum FailOn {
    never(null), info(Severity.INFO), warning(Severity.WARNING), error(Severity.ERROR);

    final Severity threshold;

    FailOn(Severity threshold) {
        this.threshold = threshold;
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import java.util.List;

/** Counts as the status bar writes them. */
final class StatusText {
    private StatusText() {}

    /** "272 transactions, 0 errors, 1 warning, 3 notes": a note (severity info) is not called a violation. */
    static String findings(long transactions, List<Violation> violations) {
        long[] bySeverity = new long[Severity.values().length];
        for (Violation v : violations) {
            bySeverity[v.severity().ordinal()]++;
        }
        return count(transactions, "transaction") + ", " + count(bySeverity[Severity.ERROR.ordinal()], "error") + ", "
                + count(bySeverity[Severity.WARNING.ordinal()], "warning") + ", "
                + count(bySeverity[Severity.INFO.ordinal()], "note");
    }

    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}

package io.rdmascope.synth.scenario;

/** A scenario that cannot be synthesized; the message names the file, the line and what is wrong. */
public final class ScenarioException extends Exception {
    private final int line;

    public ScenarioException(String source, int line, String what) {
        super(source + (line > 0 ? " line " + line : "") + ": " + what);
        this.line = line;
    }

    /** 1-based line of the problem, or 0 when unknown. */
    public int line() {
        return line;
    }
}

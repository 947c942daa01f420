package io.rdmascope.engine;

/** How serious a violation is; ordered from least to most severe. */
public enum Severity {
    INFO, WARNING, ERROR;

    /** The name used in JSON and on the command line. */
    private final String jsonName = name().toLowerCase(java.util.Locale.ROOT);

    public String jsonName() {
        return jsonName;
    }
}

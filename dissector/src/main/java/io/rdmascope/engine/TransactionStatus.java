package io.rdmascope.engine;

/** How a one-shot transaction ended. */
public enum TransactionStatus {
    COMPLETE, INCOMPLETE, ABORTED, VIOLATED;

    private final String jsonName = name().toLowerCase(java.util.Locale.ROOT);

    public String jsonName() {
        return jsonName;
    }
}

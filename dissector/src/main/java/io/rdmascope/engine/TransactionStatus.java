package io.rdmascope.engine;

/** How a one-shot transaction ended. */
public enum TransactionStatus {
    COMPLETE, INCOMPLETE, ABORTED, VIOLATED;

    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

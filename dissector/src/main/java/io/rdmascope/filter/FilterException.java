package io.rdmascope.filter;

/** A display filter that does not parse; the message names the column (from 1) of the problem. */
public final class FilterException extends Exception {
    private final int column;
    private final String reason;

    public FilterException(int column, String reason) {
        super("filter: column " + column + ": " + reason);
        this.column = column;
        this.reason = reason;
    }

    /** Column of the offending character, counted from 1. */
    public int column() {
        return column;
    }

    /** The message without the column prefix. */
    public String reason() {
        return reason;
    }
}

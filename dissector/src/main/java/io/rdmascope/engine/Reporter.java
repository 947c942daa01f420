package io.rdmascope.engine;

/**
 * The one way out for violations: every rule set raises its findings here, worded, and the
 * reporter makes them {@link Violation}s for the {@link EngineListener}. A violation that names a
 * transaction still open makes it (and the upper-layer call it is part of) violated, except the
 * informational ones and the two end-of-life warnings, which already say how it ended.
 */
final class Reporter {
    private final EngineListener listener;
    private final Ledger ledger;

    Reporter(EngineListener listener, Ledger ledger) {
        this.listener = listener;
        this.ledger = ledger;
    }

    /**
     * Raises a violation found in {@code frame} on connection {@code c} (or none), about {@code stag}
     * (or none), naming {@code t} if it is open; {@code reference} null for the code's own.
     */
    void report(ViolationCode code, Severity severity, long frame, Conn c, Long stag, Transaction t,
                String message, String reference) {
        String txn = null;
        if (ledger.isOpen(t)) {
            txn = t.id;
            if (code.severity != Severity.INFO && code != ViolationCode.TRANSACTION_INCOMPLETE
                    && code != ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS) {
                t.status = TransactionStatus.VIOLATED;
                if (ledger.isOpen(t.parent)) {
                    t.parent.status = TransactionStatus.VIOLATED;
                }
            }
        }
        listener.violation(new Violation(code, severity, frame, c == null ? null : c.id, stag, txn, message,
                reference == null ? code.reference : reference));
    }

    /** {@link #report(ViolationCode, Severity, long, Conn, Long, Transaction, String, String)} with the code's severity and reference. */
    void report(ViolationCode code, long frame, Conn c, Long stag, Transaction t, String message) {
        report(code, code.severity, frame, c, stag, t, message, null);
    }
}

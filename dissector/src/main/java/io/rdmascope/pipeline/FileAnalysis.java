package io.rdmascope.pipeline;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The analysis of one capture file: its connections, transactions (ordered by initiation frame)
 * and violations (ordered by frame, in the order found within a frame).
 *
 * @param path the file as the user named it
 * @param problem why reading stopped before the end of the file, or null
 */
public record FileAnalysis(String path, long frames, List<ConnectionSummary> connections,
                           List<Transaction> transactions, List<Violation> violations, String problem) {

    /** Violations per severity, every severity present (zero counts included). */
    public Map<Severity, Integer> violationCounts() {
        Map<Severity, Integer> m = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            m.put(s, 0);
        }
        for (Violation v : violations) {
            m.merge(v.severity(), 1, Integer::sum);
        }
        return m;
    }

    /** Transactions per status, only the statuses that occur. */
    public Map<TransactionStatus, Integer> transactionCounts() {
        Map<TransactionStatus, Integer> m = new EnumMap<>(TransactionStatus.class);
        for (Transaction t : transactions) {
            m.merge(t.status, 1, Integer::sum);
        }
        return m;
    }

    /** Whether a violation at or above {@code threshold} was found. */
    public boolean hasViolationAtLeast(Severity threshold) {
        for (Violation v : violations) {
            if (v.severity().compareTo(threshold) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The same analysis keeping only the given transactions and violations. */
    public FileAnalysis with(List<Transaction> keptTransactions, List<Violation> keptViolations) {
        return new FileAnalysis(path, frames, connections, keptTransactions, keptViolations, problem);
    }
}

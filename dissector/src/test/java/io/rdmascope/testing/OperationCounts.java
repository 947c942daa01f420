package io.rdmascope.testing;

import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.pipeline.FileAnalysis;
import java.util.HashMap;
import java.util.Map;

/** The RDMA operations of an analysis (Reads, Writes, Sends, atomics) counted by kind, whatever their status. */
public final class OperationCounts {
    private OperationCounts() {}

    public static Map<TransactionKind, Long> of(FileAnalysis a) {
        Map<TransactionKind, Long> m = new HashMap<>();
        for (Map.Entry<TransactionKind, Map<TransactionStatus, Long>> e : a.transactionCountsByKind().entrySet()) {
            if (e.getKey() == TransactionKind.READ || e.getKey() == TransactionKind.WRITE
                    || e.getKey() == TransactionKind.SEND || e.getKey() == TransactionKind.ATOMIC) {
                m.put(e.getKey(), e.getValue().values().stream().mapToLong(Long::longValue).sum());
            }
        }
        return m;
    }
}

package io.rdmascope.gui.model;

import io.rdmascope.engine.TransactionKind;
import io.rdmascope.report.KindTable;
import java.util.Map;

/**
 * Counts shown by the statistics pane.
 *
 * @param messagesByOpcode RDMAP messages (DDP segments) per opcode name, in a stable order
 * @param bytesByConnection ULP payload octets per connection id
 * @param latenciesNanos initiation-to-completion time of each completed transaction
 * @param kinds transactions per kind and connection, as the text report's kind table counts them
 * @param latenciesByKind the latencies of the completed transactions of each kind, in kind order
 */
public record CaptureStatistics(Map<String, Long> messagesByOpcode, Map<String, Long> bytesByConnection,
                                long[] latenciesNanos, KindTable kinds, Map<TransactionKind, long[]> latenciesByKind) {

    public CaptureStatistics(Map<String, Long> messagesByOpcode, Map<String, Long> bytesByConnection,
                             long[] latenciesNanos) {
        this(messagesByOpcode, bytesByConnection, latenciesNanos, new KindTable(), Map.of());
    }
}

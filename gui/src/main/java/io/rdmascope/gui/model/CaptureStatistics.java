package io.rdmascope.gui.model;

import java.util.Map;

/**
 * Counts shown by the statistics pane.
 *
 * @param messagesByOpcode RDMAP messages (DDP segments) per opcode name, in a stable order
 * @param bytesByConnection ULP payload octets per connection id
 * @param latenciesNanos initiation-to-completion time of each completed transaction
 */
public record CaptureStatistics(Map<String, Long> messagesByOpcode, Map<String, Long> bytesByConnection,
                                long[] latenciesNanos) {}

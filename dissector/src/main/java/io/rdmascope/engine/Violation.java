package io.rdmascope.engine;

/**
 * A rule that the traffic broke, at the frame where a real NIC would have noticed it.
 *
 * @param connection the MPA connection id ("c1"), or null
 * @param stag the STag concerned, or null
 * @param transaction the transaction id ("t1") this violation names, or null
 */
public record Violation(ViolationCode code, Severity severity, long frame, String connection, Long stag,
                        String transaction, String message, String reference) {}

package io.rdmascope.rdma;

/**
 * Where a judge keeps what it decided about one message across its packets: the transaction the
 * message is (its first packet began it), and the problems already reported about it, so that a
 * problem spanning many packets is reported once, at the first packet that shows it. A transport
 * whose stage assembles messages gives each packet's event the notes of its message
 * ({@link RdmaEvent#notes}): iWARP's DDP stage does ({@link io.rdmascope.ddp.DdpMessage}).
 */
public interface MessageNotes {
    /** What the judge attached to the message, or null. */
    Object attachment();

    /** Attaches what the judge made of the message (its transaction). */
    void attach(Object judged);

    /** Marks {@code bit} as reported; true when it was not reported before. */
    boolean firstReport(int bit);
}

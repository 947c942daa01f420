package io.rdmascope.mpa;

/**
 * Receives what MPA framing finds, in capture order. Every event carries the capture time of the
 * frame it names ({@link Fpdu#timeNanos}, {@link MpaHandshake#timeNanos},
 * {@link StreamIssue#timeNanos}), the time the frame had when it entered TCP reassembly, however
 * long the octets were held before the event was delivered.
 */
public interface MpaListener {
    /** MPA was recognised on a TCP connection (before its first handshake or FPDU is delivered). */
    void connection(MpaConnection connection);

    void handshake(MpaConnection connection, MpaHandshake handshake);

    void fpdu(MpaConnection connection, Fpdu fpdu);

    void issue(MpaConnection connection, StreamIssue issue);

    /**
     * No event of {@code connection} comes any more: its TCP connection is over while the capture
     * goes on (both directions ended, or it was let go after being silent), in frame {@code frame}
     * or earlier. Not told for connections still open when the capture ends ({@link #end}).
     */
    default void retired(MpaConnection connection, long frame) {}

    /** The capture ended. */
    default void end() {}
}

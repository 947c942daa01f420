package io.rdmascope.tcp;

/**
 * Receives one direction of a reassembled TCP stream, in order. Stream offsets count octets from
 * the first octet seen in this direction (the one after the SYN when the SYN was captured).
 * Buffers passed in are valid only during the call. Each call names a frame and gives that
 * frame's capture time ({@code timeNanos}, nanoseconds since the Unix epoch), so that what is
 * made of the octets later carries the time of the frame they came with.
 */
public interface StreamHandler {
    /** In-order octets; {@code frame} is the frame whose segment supplied them. */
    void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len);

    /**
     * Octets [streamOffset, streamOffset + length) are missing from the capture; the next call to
     * {@link #data} resumes after them. {@code frame} is the frame at which the gap became certain.
     */
    void gap(long frame, long timeNanos, long streamOffset, long length);

    /**
     * Octets [streamOffset, streamOffset + length) were sent but the capture's snapshot length
     * left them out of their frame (a headers-only capture): missing like a gap's, but not lost on
     * the wire, and the frame says how many there were. The next call to {@link #data} resumes
     * after them. Handlers that make no difference treat them as a gap.
     */
    default void cut(long frame, long timeNanos, long streamOffset, long length) {
        gap(frame, timeNanos, streamOffset, length);
    }

    /** The stream ended: FIN ({@code reset} false) or RST (true) in {@code frame}. */
    void end(long frame, long timeNanos, boolean reset);

    /** The capture ended with this stream still open. */
    default void captureEnd() {}

    /**
     * The connection is over while the capture goes on: both directions ended (FIN or RST), or it
     * was let go after being silent ({@link TcpReassembler#idleTimeout}, after {@link #captureEnd}),
     * or a new connection took its endpoints. Nothing more comes for it; {@code frame} is the frame
     * being processed. Not called for connections still open when the capture ends.
     */
    default void retired(long frame) {}
}

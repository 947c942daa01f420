package io.rdmascope.tcp;

/**
 * Receives one direction of a reassembled TCP stream, in order. Stream offsets count octets from
 * the first octet seen in this direction (the one after the SYN when the SYN was captured).
 * Buffers passed in are valid only during the call.
 */
public interface StreamHandler {
    /** In-order octets; {@code frame} is the frame whose segment supplied them. */
    void data(long frame, long streamOffset, byte[] buf, int off, int len);

    /**
     * Octets [streamOffset, streamOffset + length) are missing from the capture; the next call to
     * {@link #data} resumes after them. {@code frame} is the frame at which the gap became certain.
     */
    void gap(long frame, long streamOffset, long length);

    /** The stream ended: FIN ({@code reset} false) or RST (true) in {@code frame}. */
    void end(long frame, boolean reset);

    /** The capture ended with this stream still open. */
    default void captureEnd() {}
}

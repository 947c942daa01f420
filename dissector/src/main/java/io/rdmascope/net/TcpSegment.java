package io.rdmascope.net;

/**
 * A TCP segment decoded from a captured frame. The decoder reuses one instance; {@link #data} is
 * valid only until the next frame is decoded.
 */
public final class TcpSegment {
    public static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10, URG = 0x20;

    public long frame;
    public long timestampNanos;
    public Endpoint source;
    public Endpoint destination;
    /** Sequence and acknowledgement numbers, unsigned 32-bit values. */
    public long seq;
    public long ack;
    public int flags;
    public int window;
    /** Length of the TCP header, options included; the header starts at {@code offset - headerLength}. */
    public int headerLength;
    /** Length of the payload as the IP header gives it (more than {@link #length} when cut short). */
    public int wireLength;
    /** The TCP payload. */
    public byte[] data;
    public int offset;
    public int length;
    /** True when the snapshot length cut this segment's payload (length is what was captured). */
    public boolean payloadTruncated;
    /**
     * Stream offset of the payload's first octet in its direction's reassembled stream (the
     * numbering of {@link io.rdmascope.tcp.StreamHandler}), set by the reassembler when it takes the
     * segment; -1 before that or when the reassembler ignores the segment.
     */
    public long streamOffset = -1;

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }
}

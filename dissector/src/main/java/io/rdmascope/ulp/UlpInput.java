package io.rdmascope.ulp;

/**
 * One message handed to a {@link Ulp.Decoder}: the first {@code len} octets of its payload at
 * {@code buf[off]} (at most {@link #MAX_HEAD}; the rest of a longer message is not kept) and what
 * the DDP and RDMAP headers said of it.
 *
 * @param messageLength payload octets of the whole message (at least {@code len})
 * @param fromInitiator the message travels from the TCP connection's initiator to its responder
 * @param opcode the RDMAP opcode of the message
 * @param invalidateStag the Invalidate STag of a Send with Invalidate, else 0
 * @param stag the STag of a tagged message (RDMA Write), else 0
 * @param to the tagged offset where a tagged message starts, else 0
 */
public record UlpInput(byte[] buf, int off, int len, long messageLength, boolean fromInitiator, int opcode,
                       long invalidateStag, long stag, long to) {
    /** The most payload octets of one message kept for its decoder. */
    public static final int MAX_HEAD = 8192;

    /** Whether the whole payload is at hand. */
    public boolean whole() {
        return len >= messageLength;
    }

    /**
     * Whether the capture kept fewer of the message's octets than a decoder is given (a snapshot
     * length cut its packets): a field the decoder finds missing may be missing from the capture
     * only, not from the message.
     */
    public boolean cut() {
        return len < messageLength && len < MAX_HEAD;
    }

    /** A Send message's input (untagged). */
    public static UlpInput send(byte[] buf, int off, int len, long messageLength, boolean fromInitiator, int opcode,
                                long invalidateStag) {
        return new UlpInput(buf, off, len, messageLength, fromInitiator, opcode, invalidateStag, 0, 0);
    }
}

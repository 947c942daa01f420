package io.rdmascope.rdma;

/**
 * One transport-neutral event of an RDMA connection: a packet of a message (Send, RDMA Write,
 * RDMA Read Request, Read Response, atomic), an acknowledgement, a negative acknowledgement, a
 * retransmission, a loss, the connection's close, or a finding of the transport's own stage about
 * its wire. Messages are numbered per direction in the order their first packet was sent
 * ({@link #message}); acknowledgements name the last message they acknowledge, so a judge pairs
 * them without knowing the transport's sequence numbers. A response's direction names the
 * requester's, whose request it answers.
 *
 * <p>Two stages produce them: RoCE and InfiniBand's ({@code io.rdmascope.roce}), and iWARP's DDP
 * stage ({@link io.rdmascope.ddp.MessageAssembly}), one event per DDP segment placed in its
 * message. What a transport has no use for it leaves at its default: iWARP has no acknowledgement
 * of its own (TCP acknowledges), so its messages are not numbered ({@link #message} is a Send's MSN,
 * -1 for a tagged message), and its Read Responses name the sink they place into ({@link #key},
 * {@link #address}) instead of the request they answer.</p>
 */
public final class RdmaEvent {
    /** What happened. */
    public enum Kind {
        /** A packet of a Send message (any Send operation). */
        SEND,
        /** A packet of an RDMA Write message. */
        WRITE,
        /** An RDMA Read Request (one packet). */
        READ_REQUEST,
        /** A packet of an RDMA Read Response. */
        READ_RESPONSE,
        /** An atomic request (Compare &amp; Swap, Fetch &amp; Add). */
        ATOMIC_REQUEST,
        /** The response of an atomic request. */
        ATOMIC_RESPONSE,
        /** The responder acknowledged the requester's messages up to {@link #message}. */
        ACK,
        /** The responder refused a request ({@link #code}, {@link #text}); messages before it are acknowledged. */
        NAK,
        /** A request packet sent again ({@link #original} is the frame that first carried it). */
        RETRANSMISSION,
        /** A copy of the request packet just before it ({@link #original}), sooner than a requester sends again. */
        DUPLICATE,
        /** Packets of the direction missing from the capture ({@link #length} of them). */
        LOSS,
        /** The connection was torn down ({@link #text} says how). */
        CLOSE,
        /** A finding of the transport's stage about the wire ({@link #finding}, {@link #text}). */
        WIRE,
        /**
         * The connection is over while the capture goes on (silent past the idle timeout of a live
         * analysis): its last event came before, and the stage keeps nothing of it any more.
         */
        RETIRED
    }

    /** What a {@link Kind#WIRE} event found. */
    public enum Finding {
        /** The packet's integrity check (an ICRC) does not match its octets. */
        CHECKSUM,
        /** The packet is too short for the headers it announces, or its lengths disagree. */
        MALFORMED,
        /** A packet's length breaks the transport's rule for its place in its message (path MTU, pad). */
        LENGTH,
        /** A packet continues no message: its message's first packet is missing. */
        SEQUENCE,
        /** The connection's set-up was refused. */
        REJECTED
    }

    public final Kind kind;
    /** 0: from the initiator; 1: from the responder. */
    public final int direction;
    public final long frame;
    public final long timeNanos;

    /** The message this packet belongs to (its number in its direction), or the last acknowledged. */
    public long message = -1;
    /** The message's first packet (for a response: the first of the response). */
    public boolean first;
    /** The message's last packet. */
    public boolean last;
    /** The capture's snapshot length cut the packet: its payload is not all in the capture. */
    public boolean snapped;
    /** The transport's opcode of the packet (of an iWARP atomic request: its atomic opcode, RFC 7306). */
    public int opcode;
    /** The transport's name of the opcode ("RC SEND Only"). */
    public String operation;
    /** The queue the message goes to at the receiver (its QPN; iWARP: its DDP queue number), or -1. */
    public long queue = -1;
    /**
     * The remote key (R_Key, STag) the operation names, or 0; for iWARP's Read Response the STag
     * of the requester's sink it places into.
     */
    public long key;
    /** The virtual address or tagged offset this packet's octets go to or come from. */
    public long address;
    /** The operation's whole length (an RDMA Write's or Read's DMA length), or the count of a loss. */
    public long length;
    /** An RDMA Read Request that names its sink (iWARP's): the requester's STag the response goes to. */
    public long sinkKey;
    /** An RDMA Read Request that names its sink: the tagged offset the response goes to. */
    public long sinkAddress;
    /** Payload octets this packet carries. */
    public int bytes;
    /** The first payload octets of a message, as far as its packets kept them; on the last packet only. */
    public byte[] head;
    public int headLength;
    /** Payload octets of the whole message, on its last packet; negative when the transport did not assemble it. */
    public long messageBytes;
    /** The Send invalidates {@link #invalidateKey} (a Send with Invalidate). */
    public boolean invalidates;
    /** The key a Send with Invalidate invalidates, or 0. */
    public long invalidateKey;
    /** The Send asks for a solicited event at the receiver (iWARP's Send with SE; the RoCE stage leaves it false). */
    public boolean solicited;
    /** Immediate data, when the packet carries it. */
    public Long immediate;
    /** A code of the event: a NAK's code. */
    public int code;
    /** What a {@link Kind#WIRE} event found. */
    public Finding finding;
    /** The judge's notes on the message, kept by a stage that assembles messages; or null. */
    public MessageNotes notes;
    /** For a retransmission or a loss: the frame that first carried the packet, or -1. */
    public long original = -1;
    /** For a retransmission: nanoseconds since the packet was first sent, or -1. */
    public long delayNanos = -1;
    /** What the event says in words (a NAK's meaning, a finding, how a connection closed). */
    public String text;
    /** A reference for a finding or a NAK (the section of the specification). */
    public String reference;

    public RdmaEvent(Kind kind, int direction, long frame, long timeNanos) {
        this.kind = kind;
        this.direction = direction;
        this.frame = frame;
        this.timeNanos = timeNanos;
    }
}

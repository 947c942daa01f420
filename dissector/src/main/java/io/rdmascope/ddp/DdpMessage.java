package io.rdmascope.ddp;

import io.rdmascope.rdma.MessageNotes;

/**
 * One DDP message as assembled from its segments (RFC 5041 section 5): an untagged message is
 * named by its queue number and MSN, a tagged message by its STag and the tagged offset it began
 * at. The totals grow as segments arrive; {@link #complete} turns true with the segment that has
 * the Last flag. The judge keeps its notes about the message on it ({@link MessageNotes}).
 */
public final class DdpMessage implements MessageNotes {
    public final boolean tagged;
    /** Untagged: queue number; tagged: -1. */
    public final long qn;
    /** Untagged: message sequence number; tagged: -1. */
    public final long msn;
    /** Tagged: the STag; untagged: -1. */
    public final long stag;
    /** MO (untagged) or TO (tagged) of the first segment seen. */
    public final long startOffset;
    /** Where the next segment of this message is expected to start (MO or TO). */
    public long nextOffset;
    /** Payload octets of the segments seen so far. */
    public long bytes;
    public int segments;
    public long firstFrame;
    public long lastFrame;
    public boolean complete;
    /** The judge's notes: the bits it reported, and what it attached. */
    private int reported;
    private Object attachment;
    /**
     * The first payload octets of the message, as far as its segments kept them
     * ({@link io.rdmascope.pdu.DdpSegment#payload}), in MO order; null when none were kept.
     */
    public byte[] head;
    /** How many octets of {@link #head} hold payload. */
    public int headLength;
    DdpMessage(boolean tagged, long qn, long msn, long stag, long startOffset, long frame) {
        this.tagged = tagged;
        this.qn = qn;
        this.msn = msn;
        this.stag = stag;
        this.startOffset = startOffset;
        this.nextOffset = startOffset;
        this.firstFrame = frame;
        this.lastFrame = frame;
    }

    /** Adds the payload octets a segment kept, when they continue the head without a hole. */
    void keep(byte[] payload, long offset, int max) {
        if (payload == null || offset - startOffset != headLength || headLength >= max) {
            return;
        }
        int n = Math.min(payload.length, max - headLength);
        if (head == null) {
            head = new byte[Math.min(max, Math.max(n, 64))];
        }
        if (headLength + n > head.length) {
            head = java.util.Arrays.copyOf(head, Math.min(max, Math.max(headLength + n, head.length * 2)));
        }
        System.arraycopy(payload, 0, head, headLength, n);
        headLength += n;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(Object judged) {
        attachment = judged;
    }

    @Override
    public boolean firstReport(int bit) {
        if ((reported & bit) != 0) {
            return false;
        }
        reported |= bit;
        return true;
    }
}

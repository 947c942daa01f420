package io.rdmascope.ddp;

import java.util.ArrayList;

/**
 * DDP message assembly for one direction of one DDP stream (one direction of an MPA connection).
 *
 * <p>Untagged messages (RFC 5041 section 5.3) are tracked per queue: the MSN starts at 1 on each
 * queue and grows by one per message. A capture may begin in the middle of a stream, so the first
 * MSN seen on a queue (and after a {@link #resync()}) is taken as the start, and that first
 * message may begin at any MO. After that a new message whose MSN is not the previous one + 1 is
 * an MSN gap, and the queue resynchronises on the MSN it found; a segment whose MO is not where
 * the previous segment of its message ended is an MO gap. The Last flag ends a message.
 *
 * <p>Tagged messages are tracked by STag: a segment continues the open message on its STag when
 * its TO is where that message's previous segment ended, and begins a new one otherwise. Tagged
 * placement carries no sequence number, so a TO discontinuity is not an error at this layer.
 *
 * <p>State is bounded: at most {@link #MAX_OPEN_PER_QUEUE} untagged messages in progress per queue
 * and {@link #MAX_OPEN_TAGGED} tagged ones; past that the oldest is dropped and reported through
 * {@link #DROPPED}. Only queues 0 to 3 (the ones RDMAP and RFC 7306 use) are assembled.
 */
public final class DdpStream {
    public static final int QUEUES = 4;
    public static final int MAX_OPEN_PER_QUEUE = 8;
    public static final int MAX_OPEN_TAGGED = 64;

    /** Result bits of {@link #untagged} and {@link #tagged}. */
    public static final int OK = 0, MSN_GAP = 1, MO_GAP = 2, DROPPED = 4;

    private static final long U32 = 0xFFFFFFFFL;
    /** The most payload octets kept per message for the upper-layer decoders. */
    public static final int MAX_HEAD = io.rdmascope.ulp.UlpInput.MAX_HEAD;

    private final long[] nextMsn = new long[QUEUES];
    private final boolean[] fresh = new boolean[QUEUES];
    @SuppressWarnings("unchecked")
    private final ArrayList<DdpMessage>[] open = new ArrayList[QUEUES];
    private final ArrayList<DdpMessage> openTagged = new ArrayList<>(4);

    /** The message the last segment belongs to (null for an untagged queue that is not assembled). */
    public DdpMessage message;
    /** The last segment began its message. */
    public boolean first;
    /**
     * The last segment as the transport-neutral event the engine judges ({@link DdpEvents}), set by
     * {@link MessageAssembly} for the time its listener judges the segment; null for a segment that is
     * no operation.
     */
    public io.rdmascope.rdma.RdmaEvent event;
    /** With {@link #MSN_GAP}: the MSN that was expected. */
    public long expectedMsn;
    /** With {@link #MO_GAP}: the MO that was expected. */
    public long expectedOffset;
    /** With {@link #DROPPED}: the message that was dropped unfinished. */
    public DdpMessage dropped;

    public DdpStream() {
        for (int q = 0; q < QUEUES; q++) {
            open[q] = new ArrayList<>(2);
        }
        resync();
    }

    /**
     * An FPDU of this direction was discarded (its CRC did not match): the next segment may show
     * the hole it left, one message or one segment, without a gap being reported; a larger hole
     * still is.
     */
    public void discarded() {
        discarded = true;
    }

    private boolean discarded;

    /** Forgets the sequence state, after octets of the stream were lost or could not be framed. */
    public void resync() {
        for (int q = 0; q < QUEUES; q++) {
            nextMsn[q] = -1;
            fresh[q] = true;
            open[q].clear();
        }
        openTagged.clear();
    }

    /** Untagged messages in progress on a queue (0..2), or 0. */
    public int openMessages(int qn) {
        return qn >= 0 && qn < QUEUES ? open[qn].size() : 0;
    }

    /**
     * Accepts an untagged segment.
     *
     * @return {@link #OK} or a combination of {@link #MSN_GAP}, {@link #MO_GAP}, {@link #DROPPED}
     */
    public int untagged(long qn, long msn, long mo, boolean last, long payloadLength, long frame) {
        return untagged(qn, msn, mo, last, payloadLength, null, frame);
    }

    /** As {@link #untagged(long, long, long, boolean, long, long)}, keeping the segment's payload octets. */
    public int untagged(long qn, long msn, long mo, boolean last, long payloadLength, byte[] payload, long frame) {
        dropped = null;
        if (qn < 0 || qn >= QUEUES) {
            message = null;
            first = true;
            return OK;
        }
        int q = (int) qn;
        ArrayList<DdpMessage> list = open[q];
        DdpMessage m = null;
        for (int i = 0, n = list.size(); i < n; i++) {
            if (list.get(i).msn == msn) {
                m = list.get(i);
                break;
            }
        }
        int result = OK;
        boolean tolerate = discarded;
        discarded = false;
        if (m == null) {
            if (nextMsn[q] >= 0 && msn != nextMsn[q] && !(tolerate && msn == ((nextMsn[q] + 1) & U32))) {
                result |= MSN_GAP;
                expectedMsn = nextMsn[q];
            }
            if (mo != 0 && !fresh[q] && !tolerate) {
                result |= MO_GAP;
                expectedOffset = 0;
            }
            nextMsn[q] = (msn + 1) & U32;
            m = new DdpMessage(false, qn, msn, -1, mo, frame);
            if (list.size() >= MAX_OPEN_PER_QUEUE) {
                dropped = list.remove(0);
                result |= DROPPED;
            }
            list.add(m);
            first = true;
        } else {
            first = false;
            if (mo != m.nextOffset && !(tolerate && Long.compareUnsigned(mo, m.nextOffset) > 0)) {
                result |= MO_GAP;
                expectedOffset = m.nextOffset;
            }
        }
        fresh[q] = false;
        m.keep(payload, mo, MAX_HEAD);
        add(m, mo, payloadLength, frame);
        if (last) {
            m.complete = true;
            list.remove(m);
        }
        message = m;
        return result;
    }

    /** Accepts a tagged segment; returns {@link #OK} or {@link #DROPPED}. */
    public int tagged(long stag, long to, boolean last, long payloadLength, long frame) {
        return tagged(stag, to, last, payloadLength, null, frame);
    }

    /** As {@link #tagged(long, long, boolean, long, long)}, keeping the segment's payload octets. */
    public int tagged(long stag, long to, boolean last, long payloadLength, byte[] payload, long frame) {
        dropped = null;
        DdpMessage m = null;
        int index = -1;
        for (int i = 0, n = openTagged.size(); i < n; i++) {
            DdpMessage o = openTagged.get(i);
            if (o.stag == stag) {
                m = o;
                index = i;
                break;
            }
        }
        int result = OK;
        if (m != null && m.nextOffset != to) {
            openTagged.remove(index);
            m = null;
        }
        if (m == null) {
            m = new DdpMessage(true, -1, -1, stag, to, frame);
            if (openTagged.size() >= MAX_OPEN_TAGGED) {
                dropped = openTagged.remove(0);
                result |= DROPPED;
            }
            openTagged.add(m);
            first = true;
        } else {
            first = false;
        }
        m.keep(payload, to, MAX_HEAD);
        add(m, to, payloadLength, frame);
        if (last) {
            m.complete = true;
            openTagged.remove(m);
        }
        message = m;
        return result;
    }

    private static void add(DdpMessage m, long offset, long length, long frame) {
        m.nextOffset = offset + length;
        m.bytes += length;
        m.segments++;
        m.lastFrame = frame;
    }
}

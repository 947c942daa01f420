package io.rdmascope.mpa;

/**
 * The marker step of one direction's framing (RFC 5044 section 5): when the receiver of this
 * direction asked for markers, a 4-octet marker stands at every stream offset origin + 512 k. The
 * framer asks how far the next marker is, hands the marker's octets here as they come, and each
 * complete marker is checked: zero reserved field, FPDUPTR pointing back to the first octet of
 * the FPDU it stands in. Counts the markers of the current FPDU; nothing is allocated.
 */
final class MarkerStripper {
    private static final FpduReader FIELDS = FpduReader.HAND;

    private final byte[] octets = new byte[FpduLayout.MARKER_SIZE];
    private int have;
    private boolean on;
    private long origin;
    /** Stream offset of the next marker, or Long.MAX_VALUE without markers. */
    private long next = Long.MAX_VALUE;

    /** Markers inside the current FPDU, and how many of them were invalid. */
    int count;
    int bad;
    /** The last marker checked: its stream offset, FPDUPTR and whether its reserved octets were zero. */
    long lastAt;
    int lastPtr;
    boolean lastReservedZero;

    /** Framing (re)starts at stream offset {@code at}. */
    void start(long at, boolean markers, long markerOrigin) {
        on = markers;
        origin = markerOrigin;
        next = markers ? FpduLayout.nextMarker(at, markerOrigin) : Long.MAX_VALUE;
    }

    boolean on() {
        return on;
    }

    long origin() {
        return origin;
    }

    /** Stream offset of the next marker (or of the one being read), Long.MAX_VALUE without markers. */
    long next() {
        return next;
    }

    /** A new FPDU begins: its marker counts start at zero. */
    void fpduStarts() {
        count = 0;
        bad = 0;
        have = 0;
    }

    /**
     * Takes the octets of the marker at {@link #next} that stand at {@code buf[off..]} for stream
     * offset {@code pos}: at most {@code len}, at most the rest of the marker. Returns how many.
     */
    int take(long pos, byte[] buf, int off, int len) {
        int n = (int) Math.min(len, next + FpduLayout.MARKER_SIZE - pos);
        System.arraycopy(buf, off, octets, have, n);
        have += n;
        return n;
    }

    boolean complete() {
        return have == FpduLayout.MARKER_SIZE;
    }

    /**
     * Checks the complete marker for the FPDU starting at stream offset {@code fpduStart} and
     * moves on to the next marker. Returns whether it is valid; the details are in the last* fields.
     */
    boolean check(long fpduStart) {
        count++;
        lastAt = next;
        lastPtr = FIELDS.fpduptr(octets, 0);
        lastReservedZero = FIELDS.markerReservedZero(octets, 0);
        boolean ok = lastPtr == lastAt - fpduStart && lastReservedZero;
        if (!ok) {
            bad++;
        }
        have = 0;
        next += FpduLayout.MARKER_PERIOD;
        return ok;
    }
}

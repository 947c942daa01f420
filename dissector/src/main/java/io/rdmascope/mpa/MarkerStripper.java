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
    /** Some octets of the current marker were cut by the snapshot length: it is counted, not checked. */
    private boolean blind;
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

    /**
     * Framing (re)starts at stream offset {@code at}: the next marker is the first at or after it,
     * or the one {@code at} stands inside (after a snapshot-length cut), whose octets before
     * {@code at} were not seen.
     */
    void start(long at, boolean markers, long markerOrigin) {
        on = markers;
        origin = markerOrigin;
        have = 0;
        blind = false;
        next = markers ? FpduLayout.nextMarker(at, markerOrigin) : Long.MAX_VALUE;
        long into = markers ? Math.floorMod(at - markerOrigin, (long) FpduLayout.MARKER_PERIOD) : 0;
        if (into > 0 && into < FpduLayout.MARKER_SIZE) {
            next = at - into;
            have = (int) into;
            blind = true;
        }
    }

    /**
     * The snapshot length cut the stream octets from {@code pos} (in the marker at {@link #next})
     * to {@code end}: those of the marker are passed unseen. Returns how many; once the marker's
     * last octet is passed, the next marker is the one expected (this one counted, not checked).
     */
    long skip(long pos, long end) {
        long n = Math.min(end, next + FpduLayout.MARKER_SIZE) - pos;
        have += (int) n;
        blind = true;
        if (have >= FpduLayout.MARKER_SIZE) {
            count++;
            have = 0;
            blind = false;
            next += FpduLayout.MARKER_PERIOD;
        }
        return n;
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

    /**
     * A new FPDU begins: its marker counts start at zero. (A marker is never left half read at an
     * FPDU's end; one the FPDU begins inside, after a snapshot-length cut, goes on.)
     */
    void fpduStarts() {
        count = 0;
        bad = 0;
    }

    /**
     * Takes the octets of the marker at {@link #next} that stand at {@code buf[off..]} for stream
     * offset {@code pos}: at most {@code len}, at most the rest of the marker. Returns how many:
     * 0 when {@code pos} is not inside the marker.
     */
    int take(long pos, byte[] buf, int off, int len) {
        int n = (int) Math.min(Math.min(len, next + FpduLayout.MARKER_SIZE - pos), FpduLayout.MARKER_SIZE - have);
        if (n <= 0) {
            return 0; // the framer loses framing rather than read past the marker
        }
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
        if (blind) {
            count++;
            have = 0;
            blind = false;
            next += FpduLayout.MARKER_PERIOD;
            return true;
        }
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

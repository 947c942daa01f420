package io.rdmascope.pipeline;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.tcp.Direction;

/**
 * The FPDU record: the fields of an {@link Fpdu} (all but its octets) as a few flag bits and
 * {@value #WORDS} words of a {@code long} array, written and read here only. The two-thread
 * pipeline's batches ({@link Pipelined}) and the desktop application's frame index hold FPDUs in
 * this form, so a field added to {@link Fpdu} is added to both here.
 *
 * <p>Words: frame, first frame, stream offset, wire and ULPDU lengths, pad length and octets and markers,
 * CRC field, CRC computed, marker origin, bad markers and ULPDU octets available, and the
 * capture times of the frames that complete and begin it. Flags ({@value
 * #FLAG_BITS} bits): direction, truncated, CRC verdict (two bits), non-zero pad, cut by the
 * snapshot length.
 */
public final class FpduRecord {
    /** Words of a record. */
    public static final int WORDS = 11;
    /** Bits of {@link #flags}: the bits above are free for the holder of the record. */
    public static final int FLAG_BITS = 6;

    private static final int FROM_RESPONDER = 1, TRUNCATED = 2, CRC_OK = 4, CRC_BAD = 8, PAD_NON_ZERO = 16, SNAPPED = 32;
    private static final Direction[] DIRECTIONS = Direction.values();

    private FpduRecord() {}

    /** The FPDU's flags, in the low {@link #FLAG_BITS} bits. */
    public static int flags(Fpdu f) {
        return f.direction.ordinal() | (f.truncated ? TRUNCATED : 0)
                | (f.crcOk == null ? 0 : f.crcOk ? CRC_OK : CRC_BAD) | (f.padNonZero ? PAD_NON_ZERO : 0)
                | (f.snapped ? SNAPPED : 0);
    }

    /** Writes the FPDU's fields into {@code o[at]} to {@code o[at + WORDS - 1]}. */
    public static void write(Fpdu f, long[] o, int at) {
        o[at] = f.frame;
        o[at + 1] = f.firstFrame;
        o[at + 2] = f.streamOffset;
        o[at + 3] = pack(f.wireLength, f.ulpduLength);
        o[at + 4] = pack(f.padLength | f.padOctets << 8, f.markers);
        o[at + 5] = f.crcField;
        o[at + 6] = f.crcComputed;
        o[at + 7] = f.markerOrigin;
        o[at + 8] = pack(f.badMarkers, f.ulpduAvailable);
        o[at + 9] = f.timeNanos;
        o[at + 10] = f.firstTimeNanos;
    }

    /**
     * Sets the fields of {@code f} from its flags and the words at {@code o[at]}; its octets are
     * none ({@link Fpdu#buf} null).
     */
    public static void read(int flags, long[] o, int at, Fpdu f) {
        f.direction = DIRECTIONS[flags & FROM_RESPONDER];
        f.truncated = (flags & TRUNCATED) != 0;
        f.crcOk = (flags & CRC_OK) != 0 ? Boolean.TRUE : (flags & CRC_BAD) != 0 ? Boolean.FALSE : null;
        f.padNonZero = (flags & PAD_NON_ZERO) != 0;
        f.snapped = (flags & SNAPPED) != 0;
        f.frame = o[at];
        f.firstFrame = o[at + 1];
        f.streamOffset = o[at + 2];
        f.wireLength = (int) (o[at + 3] >>> 32);
        f.ulpduLength = (int) o[at + 3];
        f.padLength = (int) (o[at + 4] >>> 32) & 0xff;
        f.padOctets = (int) (o[at + 4] >>> 40);
        f.markers = (int) o[at + 4];
        f.crcField = o[at + 5];
        f.crcComputed = o[at + 6];
        f.markerOrigin = o[at + 7];
        f.badMarkers = (int) (o[at + 8] >>> 32);
        f.ulpduAvailable = (int) o[at + 8];
        f.timeNanos = o[at + 9];
        f.firstTimeNanos = o[at + 10];
        f.buf = null;
        f.ulpduOffset = 0;
    }

    /** Two ints in one word. */
    public static long pack(int high, int low) {
        return (long) high << 32 | (low & 0xffffffffL);
    }
}

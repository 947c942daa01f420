package io.rdmascope.synth.wire;

import io.rdmascope.mpa.FpduLayout;
import java.util.zip.CRC32C;

/**
 * Frames ULPDUs into MPA FPDUs (RFC 5044 section 4) for one direction of a connection:
 *
 * <pre>
 *   ULPDU_Length (2) | ULPDU | pad (0-3 zero octets to a multiple of 4) | CRC32c (4)
 * </pre>
 *
 * The CRC32c is written least significant octet first and covers ULPDU_Length, ULPDU, pad and
 * every marker that precedes the CRC field; it is zero when CRC is not in use.
 *
 * <p>When markers are on, a 4-octet marker (2 reserved zero octets, 16-bit FPDUPTR) stands at every
 * stream position S with (S - S0) mod 512 == 0, S0 being the first FPDU octet this endpoint sent.
 * FPDUPTR is the distance back from the marker to the first octet of the FPDU it sits in; a marker
 * falling on an FPDU's first octet belongs to that FPDU (FPDUPTR 0, before ULPDU_Length). A marker
 * falling between the CRC field's octets is not covered by the CRC (the CRC covers what precedes the
 * field, as Wireshark checks it).
 *
 * <p>The encoder keeps the stream position itself: every FPDU it encodes is assumed to be sent
 * right after the previous one.
 */
public final class FpduEncoder {
    public static final int MARKER_INTERVAL = FpduLayout.MARKER_PERIOD;

    /** Fault flags for {@link #encode}. */
    public static final int BAD_CRC = 1, BAD_MARKER = 2, BAD_PAD = 4;
    /**
     * The FPDU goes out without its 4-octet CRC field, as a sender that forgot the field would send
     * it: the receiver looks for the next FPDU 4 octets too far (RFC 5044 section 4.1: the CRC field
     * is present whether or not CRC was negotiated).
     */
    public static final int MISSING_CRC = 8;

    private final boolean markers;
    private final boolean crc;
    private final CRC32C crc32c = new CRC32C();
    /** Octets sent since S0. */
    private long position;

    public FpduEncoder(boolean markers, boolean crc) {
        this.markers = markers;
        this.crc = crc;
    }

    public boolean markers() {
        return markers;
    }

    public boolean crc() {
        return crc;
    }

    /** Octets this endpoint has sent since S0. */
    public long position() {
        return position;
    }

    /** Upper bound of the encoded size of an FPDU holding {@code ulpduLength} octets. */
    public int maxEncodedLength(int ulpduLength) {
        int plain = 2 + ulpduLength + 3 + 4;
        return markers ? plain + 4 * (plain / (MARKER_INTERVAL - 4) + 2) : plain;
    }

    /** Largest ULPDU whose FPDU (markers included, whatever the position) fits in {@code octets}. */
    public int maxUlpduFor(int octets) {
        int u = octets - 9;
        while (u > 0 && maxEncodedLength(u) > octets) {
            u--;
        }
        return Math.max(u, 0);
    }

    /**
     * Encodes an FPDU holding {@code len} octets of {@code ulpdu} from {@code off} into {@code out}
     * at {@code outOff}; returns the number of octets written. {@code out} must have room for
     * {@link #maxEncodedLength(int)} octets. {@code faults} is a mask of BAD_CRC, BAD_MARKER, BAD_PAD,
     * MISSING_CRC.
     */
    public int encode(byte[] ulpdu, int off, int len, byte[] out, int outOff, int faults) {
        long start = position;
        int o = outOff;
        int padLen = FpduLayout.padLength(len);
        // ULPDU_Length
        o = marker(out, o, start, faults);
        out[o++] = (byte) (len >>> 8);
        position++;
        o = marker(out, o, start, faults);
        out[o++] = (byte) len;
        position++;
        // ULPDU, in runs between markers
        int done = 0;
        while (done < len) {
            o = marker(out, o, start, faults);
            int run = len - done;
            if (markers) {
                long toNext = MARKER_INTERVAL - Math.floorMod(position, MARKER_INTERVAL);
                if (run > toNext) {
                    run = (int) toNext;
                }
            }
            System.arraycopy(ulpdu, off + done, out, o, run);
            o += run;
            done += run;
            position += run;
        }
        for (int i = 0; i < padLen; i++) {
            o = marker(out, o, start, faults);
            out[o++] = (byte) ((faults & BAD_PAD) != 0 ? 0xA5 : 0);
            position++;
        }
        if ((faults & MISSING_CRC) != 0) {
            return o - outOff;
        }
        o = marker(out, o, start, faults);
        int value = 0;
        if (crc) {
            crc32c.reset();
            crc32c.update(out, outOff, o - outOff);
            value = (int) crc32c.getValue();
            if ((faults & BAD_CRC) != 0) {
                value ^= 0x5A5A5A5A;
            }
        }
        for (int i = 0; i < 4; i++) {
            if (i > 0) {
                o = marker(out, o, start, faults);
            }
            out[o++] = (byte) (value >>> (8 * i));
            position++;
        }
        return o - outOff;
    }

    private int marker(byte[] out, int o, long fpduStart, int faults) {
        if (!markers || Math.floorMod(position, MARKER_INTERVAL) != 0) {
            return o;
        }
        int ptr = (int) (position - fpduStart);
        if ((faults & BAD_MARKER) != 0) {
            ptr += 8;
        }
        out[o] = 0;
        out[o + 1] = 0;
        out[o + 2] = (byte) (ptr >>> 8);
        out[o + 3] = (byte) ptr;
        position += 4;
        return o + 4;
    }
}

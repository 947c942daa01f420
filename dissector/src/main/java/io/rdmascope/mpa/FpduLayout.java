package io.rdmascope.mpa;

/**
 * The layout of MPA framing, as {@code ksy/mpa.ksy} declares it, in the one place that code which
 * cannot afford the generated parser per FPDU reads it from: the framer and scanners of this
 * package and the FPDU encoder of the capture generator. Each constant names the part of the spec
 * it comes from; {@code FpduLayoutTest} checks every one against the generated parser
 * ({@code io.rdmascope.ksy.Mpa}) on the frames, FPDUs and markers of a real capture.
 */
public final class FpduLayout {
    private FpduLayout() {}

    /** {@code request_reply}: key (16), flags (1), revision (1), PD_Length (2) (RFC 5044 section 7.1). */
    public static final int KEY_SIZE = 16;
    public static final int PD_LENGTH_OFFSET = 18;
    public static final int REQUEST_REPLY_HEADER = 20;

    /** {@code fpdu/ulpdu_length}: a u2 at the start of the FPDU (RFC 5044 section 4.1). */
    public static final int LENGTH_FIELD_SIZE = 2;
    /** {@code fpdu/pad_length}: length field + ULPDU + pad is a multiple of this (RFC 5044 section 4.1). */
    public static final int PAD_ALIGNMENT = 4;
    /** {@code fpdu/crc}: a u4le right after the pad (RFC 5044 section 4.1). */
    public static final int CRC_SIZE = 4;
    /** The longest marker-free FPDU: length field, 65535 octets of ULPDU, pad, CRC. */
    public static final int MAX_IMAGE = LENGTH_FIELD_SIZE + 65535 + PAD_ALIGNMENT - 1 + CRC_SIZE;

    /** {@code marker}: at every stream position S with (S - S0) mod 512 = 0 (RFC 5044 section 5). */
    public static final int MARKER_PERIOD = 512;
    /** {@code marker}: reserved (u2) and FPDUPTR (u2). */
    public static final int MARKER_SIZE = 4;
    /** Offset of FPDUPTR in a marker. */
    public static final int FPDUPTR_OFFSET = 2;

    /** {@code fpdu/pad_length}: {@code (4 - (ulpdu_length + 2) % 4) % 4}. */
    public static int padLength(int ulpduLength) {
        return (PAD_ALIGNMENT - ((ulpduLength + LENGTH_FIELD_SIZE) & (PAD_ALIGNMENT - 1))) & (PAD_ALIGNMENT - 1);
    }

    /** Octets of the FPDU without markers: length field, ULPDU, pad, CRC. */
    public static int imageLength(int ulpduLength) {
        return LENGTH_FIELD_SIZE + ulpduLength + padLength(ulpduLength) + CRC_SIZE;
    }

    /** The first marker position at or after {@code pos} for markers at origin + 512k. */
    public static long nextMarker(long pos, long origin) {
        long r = Math.floorMod(pos - origin, (long) MARKER_PERIOD);
        return r == 0 ? pos : pos + MARKER_PERIOD - r;
    }

    public static boolean isMarkerPosition(long pos, long origin) {
        return Math.floorMod(pos - origin, (long) MARKER_PERIOD) == 0;
    }
}

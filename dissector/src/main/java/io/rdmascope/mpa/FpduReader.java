package io.rdmascope.mpa;

/**
 * The MPA fields read once per FPDU or per marker on the framing path, read from the octets by
 * hand. The generated parser ({@code io.rdmascope.ksy.Mpa.Fpdu}, {@code Mpa.Marker}) reads the
 * same fields at the same places, but costs a {@code ByteBuffer}, a {@code KaitaiStream} and a
 * parser object for each, on a path that every FPDU of a capture takes (the whole analysis of the
 * 200 MB capture of {@code bench/compare.sh} takes 0.36 s of CPU with these reads, allocating
 * nothing per FPDU). {@code FpduLayoutTest}
 * checks that both read the same values from real FPDUs. The offsets are those of
 * {@link FpduLayout}; every field is big-endian but the CRC.
 */
interface FpduReader {
    /** The reader used everywhere: a constant of the one implementation, so calls are direct. */
    FpduReader HAND = new ByHand();

    /** ULPDU_Length of the FPDU whose marker-free image starts at {@code off}. */
    int ulpduLength(byte[] b, int off);

    /** The CRC field at {@code off}, least significant octet first, as an unsigned 32-bit value. */
    long crcField(byte[] b, int off);

    /** FPDUPTR of the marker at {@code off}. */
    int fpduptr(byte[] b, int off);

    /** Whether the reserved field of the marker at {@code off} is zero. */
    boolean markerReservedZero(byte[] b, int off);

    /** PD_Length of the MPA Request or Reply frame at {@code off}. */
    int pdLength(byte[] b, int off);

    final class ByHand implements FpduReader {
        private ByHand() {}

        private static int u2(byte[] b, int off) {
            return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
        }

        @Override
        public int ulpduLength(byte[] b, int off) {
            return u2(b, off);
        }

        @Override
        public long crcField(byte[] b, int off) {
            return (b[off] & 0xffL) | (b[off + 1] & 0xffL) << 8 | (b[off + 2] & 0xffL) << 16 | (b[off + 3] & 0xffL) << 24;
        }

        @Override
        public int fpduptr(byte[] b, int off) {
            return u2(b, off + FpduLayout.FPDUPTR_OFFSET);
        }

        @Override
        public boolean markerReservedZero(byte[] b, int off) {
            return b[off] == 0 && b[off + 1] == 0;
        }

        @Override
        public int pdLength(byte[] b, int off) {
            return u2(b, off + FpduLayout.PD_LENGTH_OFFSET);
        }
    }
}

package io.rdmascope.mpa;

import java.util.zip.CRC32C;

/**
 * The CRC32c step of one direction's framing (RFC 5044 section 4.1): the CRC covers the length
 * field, the ULPDU, the pad and every marker before the CRC field, and is compared with the
 * field. When CRC was not negotiated nothing is computed and the verdict is null. One per stream,
 * reused for every FPDU: nothing is allocated per FPDU.
 */
final class FpduCrc {
    private final CRC32C crc = new CRC32C();
    private boolean on;

    /** Whether CRC is in use on this direction. */
    void use(boolean crcInUse) {
        on = crcInUse;
    }

    boolean on() {
        return on;
    }

    /** The CRC of an FPDU whose marker-free image lies whole at {@code b[off..off+imageLength)}, or 0 when off. */
    long ofImage(byte[] b, int off, int imageLength) {
        if (!on) {
            return 0;
        }
        crc.reset();
        crc.update(b, off, imageLength - FpduLayout.CRC_SIZE);
        return crc.getValue();
    }

    /** An FPDU starts that arrives in pieces: see {@link #image} and {@link #marker}. */
    void start() {
        crc.reset();
    }

    /**
     * {@code n} image octets at image offset {@code imgLen}, the image being {@code imgNeed}
     * octets long (or -1 while its length field is incomplete): those before the CRC field count.
     */
    void image(byte[] b, int off, int n, int imgLen, int imgNeed) {
        if (on) {
            int covered = imgNeed < 0 ? n : Math.min(n, Math.max(0, imgNeed - FpduLayout.CRC_SIZE - imgLen));
            if (covered > 0) {
                crc.update(b, off, covered);
            }
        }
    }

    /** Marker octets met after {@code imgLen} image octets: they count unless the CRC field has begun. */
    void marker(byte[] b, int off, int n, int imgLen, int imgNeed) {
        if (on && (imgNeed < 0 || imgLen <= imgNeed - FpduLayout.CRC_SIZE)) {
            crc.update(b, off, n);
        }
    }

    /** The CRC of the octets since {@link #start}, or 0 when off. */
    long value() {
        return on ? crc.getValue() : 0;
    }

    /** The verdict on an FPDU: null when CRC is not in use. */
    Boolean verdict(long computed, long field) {
        return on ? Boolean.valueOf(computed == field) : null;
    }

    /** CRC32c of a contiguous range. */
    static long crc32c(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return c.getValue();
    }
}

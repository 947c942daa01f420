package io.rdmascope.mpa;

import java.util.zip.CRC32C;

/**
 * Finds FPDUs in buffered stream octets whose framing is not known: at the start of a capture
 * that missed the MPA Request/Reply, and to resynchronise after a gap or a framing error. A
 * candidate start is accepted when a chain of FPDUs walks from it with plausible headers, zero
 * pad and (with markers) markers that point back to their FPDU, or when a CRC matches. Used off
 * the hot path only.
 */
final class FpduScanner {
    static final int REJECT = 0;
    static final int ACCEPT = 1;
    static final int NEED_MORE = 2;

    private static final FpduReader FIELDS = FpduReader.HAND;
    private static final int OUT_OF_DATA = -1;
    private static final int BAD_MARKER = -2;

    private final byte[] header = new byte[FpduHeaderCheck.STRONG_PROBE];
    private final byte[] small = new byte[4];
    private final CRC32C crc = new CRC32C();

    /**
     * After {@link #chain}: FPDUs walked, how many had a matching CRC, how many had a strong header
     * ({@link FpduHeaderCheck#strongHeader}), where the walk ended, and whether it ended because the
     * octets ran out (rather than at an octet that is not an FPDU start).
     */
    int count;
    int crcMatches;
    int strong;
    int end;
    boolean ranOut;
    /** After {@link #findMarkerOrigin}: the stream offset of a marker (origin) and the FPDU start found. */
    long origin;
    int start;

    /**
     * Walks FPDUs from index {@code p} of {@code a[0..n)}, where {@code a[0]} is at stream offset
     * {@code base}.
     *
     * @param crcMode 1 CRC in use (a mismatch ends the chain), 0 not in use, -1 unknown
     * @param want the number of plausible FPDUs in a row that is enough
     * @param atEnd no more octets will come: judge with what is there
     */
    int chain(byte[] a, int n, long base, int p, boolean markers, long origin, int crcMode, int want, boolean atEnd) {
        return chain(a, n, base, p, markers, origin, crcMode, want, atEnd, false, 2);
    }

    /**
     * As {@link #chain(byte[], int, long, int, boolean, long, int, int, boolean)}, with two more
     * choices: {@code looseFirst} accepts any header in the first FPDU (only its length, pad,
     * markers and CRC are judged: an FPDU at the expected place whose header breaks the rules is
     * still an FPDU when the FPDUs after it line up), and {@code minAtEnd}, the number of FPDUs
     * that filling the stream exactly to its end is enough for.
     */
    int chain(byte[] a, int n, long base, int p, boolean markers, long origin, int crcMode, int want, boolean atEnd,
              boolean looseFirst, int minAtEnd) {
        count = 0;
        crcMatches = 0;
        strong = 0;
        end = p;
        int w = p;
        ranOut = false;
        while (count < want) {
            int r = one(a, n, base, w, markers, origin, crcMode, looseFirst && count == 0);
            if (r == OUT_OF_DATA) {
                ranOut = true;
                break;
            }
            if (r < 0) {
                break;
            }
            w = r;
            end = w;
            count++;
        }
        if (count >= want || (count >= 1 && crcMatches >= 1 && crcMode != 0)) {
            return ACCEPT;
        }
        if (ranOut && !atEnd) {
            return NEED_MORE;
        }
        if (atEnd && count >= Math.max(1, minAtEnd) && end == n) {
            return ACCEPT;
        }
        return REJECT;
    }

    /** One FPDU at wire index {@code start}: its end, or OUT_OF_DATA, or another negative value. */
    private int one(byte[] a, int n, long base, int start, boolean markers, long origin, int crcMode, boolean loose) {
        int w = step(a, n, base, start, start, 2, header, 0, markers, origin);
        if (w < 0) {
            return w;
        }
        int len = FIELDS.ulpduLength(header, 0);
        int probe = Math.min(len, FpduHeaderCheck.STRONG_PROBE - 2);
        if (len < FpduHeaderCheck.MIN_ULPDU && !loose) {
            return BAD_MARKER;
        }
        w = step(a, n, base, start, w, probe, header, 2, markers, origin);
        if (w < 0) {
            return w;
        }
        if (!loose && !FpduHeaderCheck.plausibleHeader(header, 0, FpduHeaderCheck.HEADER_PROBE)) {
            return BAD_MARKER;
        }
        boolean isStrong = FpduHeaderCheck.strongHeader(header, 0, 2 + probe);
        w = step(a, n, base, start, w, len - probe, null, 0, markers, origin);
        if (w < 0) {
            return w;
        }
        int pad = FpduLayout.padLength(len);
        w = step(a, n, base, start, w, pad, small, 0, markers, origin);
        if (w < 0) {
            return w;
        }
        for (int i = 0; i < pad; i++) {
            if (small[i] != 0) {
                return BAD_MARKER;
            }
        }
        int covered = w;
        if (markers && FpduLayout.isMarkerPosition(base + w, origin)) {
            covered = w + FpduLayout.MARKER_SIZE;
        }
        w = step(a, n, base, start, w, 4, small, 0, markers, origin);
        if (w < 0) {
            return w;
        }
        crc.reset();
        crc.update(a, start, Math.min(covered, n) - start);
        boolean match = crc.getValue() == FIELDS.crcField(small, 0);
        if (match) {
            crcMatches++;
        } else if (crcMode == 1) {
            return BAD_MARKER;
        }
        if (isStrong) {
            strong++;
        }
        return w;
    }

    /**
     * Reads {@code count} octets of the marker-free image starting at wire index {@code w},
     * checking each marker passed (zero reserved field, FPDUPTR back to {@code start}).
     */
    private static int step(byte[] a, int n, long base, int start, int w, int count, byte[] dst, int dOff,
                            boolean markers, long origin) {
        while (count > 0) {
            int run = count;
            if (markers) {
                long sw = base + w;
                if (FpduLayout.isMarkerPosition(sw, origin)) {
                    if (w + 4 > n) {
                        return OUT_OF_DATA;
                    }
                    if (!FIELDS.markerReservedZero(a, w) || FIELDS.fpduptr(a, w) != w - start) {
                        return BAD_MARKER;
                    }
                    w += 4;
                    continue;
                }
                run = (int) Math.min(count, FpduLayout.nextMarker(sw, origin) - sw);
            }
            if (w + run > n) {
                return OUT_OF_DATA;
            }
            if (dst != null) {
                System.arraycopy(a, w, dst, dOff, run);
                dOff += run;
            }
            w += run;
            count -= run;
        }
        return w;
    }

    /**
     * Looks for markers in octets whose marker origin is unknown: a residue r modulo 512 where
     * at least two markers in a row (512 octets apart) have zero reserved octets and consistent FPDUPTRs, one of
     * which points back to an FPDU from which a chain walks.
     */
    int findMarkerOrigin(byte[] a, int n, long base, int crcMode, boolean atEnd) {
        int periods = (n - 4) / FpduLayout.MARKER_PERIOD + 1;
        if (n < 4 || periods < 2) {
            return atEnd ? REJECT : NEED_MORE;
        }
        boolean needMore = false;
        int last = Math.min(FpduLayout.MARKER_PERIOD, n - 4 - FpduLayout.MARKER_PERIOD + 1);
        for (int r = 0; r < last; r++) {
            int prev = -1;
            boolean ok = true;
            boolean allZero = true;
            int k = 0;
            for (int q = r; q + 4 <= n && k < 8; q += FpduLayout.MARKER_PERIOD, k++) {
                if (a[q] != 0 || a[q + 1] != 0) {
                    ok = false;
                    break;
                }
                int ptr = FIELDS.fpduptr(a, q);
                if (ptr != 0) {
                    allZero = false;
                }
                if (prev >= 0 && ptr != prev + FpduLayout.MARKER_PERIOD && ptr >= FpduLayout.MARKER_PERIOD) {
                    ok = false;
                    break;
                }
                prev = ptr;
            }
            if (!ok || allZero) {
                continue;
            }
            for (int q = r; q + 4 <= n; q += FpduLayout.MARKER_PERIOD) {
                int c = q - FIELDS.fpduptr(a, q);
                if (c < 0) {
                    continue;
                }
                int res = chain(a, n, base, c, true, base + r, crcMode, 2, atEnd);
                if (res == ACCEPT) {
                    origin = base + r;
                    start = c;
                    return ACCEPT;
                }
                if (res == NEED_MORE) {
                    needMore = true;
                }
                break;
            }
        }
        return needMore ? NEED_MORE : REJECT;
    }
}

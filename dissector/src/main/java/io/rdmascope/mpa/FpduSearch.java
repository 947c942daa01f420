package io.rdmascope.mpa;

import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.ksy.FixedLayout.RdmapControl;

/**
 * Finds the first FPDU in octets held while a stream's framing is unknown: on a stream whose
 * MPA Request/Reply was not captured (recognition, with what is known of markers and CRC, the rest
 * inferred from the octets) and after framing was lost (resynchronisation, with the parameters in
 * use). The chains of FPDUs are walked by the {@link FpduScanner}; this class decides where to
 * look and when what was walked is enough. Off the hot path.
 */
final class FpduSearch {
    /** Outcomes of {@link #search}. */
    static final int WAIT = 0;
    static final int FOUND = 1;
    static final int GIVE_UP = 2;
    /** Found at the place framing was lost: the FPDU there is one, whatever its header says. */
    static final int TRUSTED = 3;

    /** The most octets {@link #decideWithoutMarkers} walks: two marker periods, after which markers show. */
    static final int EARLY_LIMIT = 2 * FpduLayout.MARKER_PERIOD + 2 * FpduLayout.MARKER_SIZE;

    final FpduScanner scanner = new FpduScanner();
    /** Stream offset from which candidates are still to be tried. */
    long scanPos;
    /** Stream offset where an FPDU was expected when framing was lost, or -1 after a gap. */
    long framingLostAt = -1;
    /** After a framing loss: the FPDU at the expected place was judged and is not one. */
    boolean looseDone;

    // What is known of this direction's framing.
    private boolean detect;
    private boolean markersKnown;
    private boolean markersUsed;
    private boolean originKnown;
    private long markerOrigin;
    private int crcMode;
    private boolean recognised;
    private boolean withoutMarkersAllowed;

    /** After {@link #search} returned FOUND or TRUSTED: the FPDU start and the framing found. */
    long at;
    boolean foundMarkers;
    long foundOrigin;

    /**
     * Recognition: markers known (and used) when the peer's Request/Reply is, CRC mode 1 in use,
     * 0 not, -1 unknown; {@code recognised} when the connection is already known to be MPA, and
     * {@code withoutMarkersAllowed} when what the other direction found lets this one decide for
     * no markers early ({@link #decideWithoutMarkers}).
     */
    void forRecognition(boolean known, boolean used, int crc, boolean connectionRecognised, boolean noMarkersAllowed) {
        detect = true;
        markersKnown = known;
        markersUsed = used;
        originKnown = false;
        crcMode = crc;
        recognised = connectionRecognised;
        withoutMarkersAllowed = noMarkersAllowed;
    }

    /** Resynchronisation: the parameters in use. */
    void forResync(boolean markers, long origin, boolean crc) {
        detect = false;
        markersKnown = true;
        markersUsed = markers;
        originKnown = true;
        markerOrigin = origin;
        crcMode = crc ? 1 : 0;
        recognised = true;
        withoutMarkersAllowed = false;
    }

    int crcMode() {
        return crcMode;
    }

    /** Looks for the first FPDU in {@code p} (not empty); {@code atEnd}: no more octets will come. */
    int search(Pending p, boolean atEnd) {
        if (!detect && !looseDone && framingLostAt >= p.base && framingLostAt < p.end()) {
            // Is the FPDU at the expected place one after all, with a header that breaks the rules
            // (an unknown opcode, a zero length)? It is when the FPDUs after it line up.
            int r = scanner.chain(p.data, p.length, p.base, (int) (framingLostAt - p.base), markersUsed, markerOrigin,
                    crcMode, 2, atEnd, true, 1);
            if (r == FpduScanner.ACCEPT) {
                return found(framingLostAt, markersUsed, markerOrigin, TRUSTED);
            }
            looseDone = r == FpduScanner.REJECT;
        }
        if (!markersKnown || (markersUsed && !originKnown)) {
            int r = findOrigin(p, atEnd);
            if (r >= 0) {
                return r;
            }
        }
        return markersUsed ? withMarkers(p, atEnd) : withoutMarkers(p, atEnd);
    }

    private int found(long start, boolean markers, long origin, int outcome) {
        at = start;
        foundMarkers = markers;
        foundOrigin = origin;
        return outcome;
    }

    /** Markers of unknown origin: an outcome, or -1 to go on without markers. */
    private int findOrigin(Pending p, boolean atEnd) {
        int r = scanner.findMarkerOrigin(p.data, p.length, p.base, crcMode, atEnd);
        if (r == FpduScanner.ACCEPT) {
            // The marker found points into some FPDU; an earlier FPDU without a marker of its
            // own may precede it: take the first start from which a chain walks.
            int first = firstChain(p, scanner.start, scanner.origin, atEnd, 2);
            return found(p.base + first, true, scanner.origin, FOUND);
        }
        if (r == FpduScanner.NEED_MORE && p.length < MpaStream.SEARCH_LIMIT) {
            return !markersKnown && decideWithoutMarkers(p) ? FOUND : WAIT;
        }
        return markersKnown ? GIVE_UP : -1;
    }

    /**
     * The first index before {@code first} from which a chain with markers at {@code origin}
     * walks, else {@code first}; the scanner is left with the chain from the index returned.
     */
    private int firstChain(Pending p, int first, long origin, boolean atEnd, int minAtEnd) {
        for (int q = 0; q < first; q++) {
            if (scanner.chain(p.data, p.length, p.base, q, true, origin, crcMode, 2, atEnd, false, minAtEnd)
                    == FpduScanner.ACCEPT) {
                first = q;
                break;
            }
        }
        scanner.chain(p.data, p.length, p.base, first, true, origin, crcMode, 2, atEnd, false, minAtEnd);
        return first;
    }

    /** Markers at a known origin: each names the FPDU it stands in. */
    private int withMarkers(Pending p, boolean atEnd) {
        int minAtEnd = minAtEnd();
        long m = FpduLayout.nextMarker(Math.max(scanPos, p.base), markerOrigin);
        for (; m + FpduLayout.MARKER_SIZE <= p.end(); m += FpduLayout.MARKER_PERIOD) {
            scanPos = m;
            if (p.byteAt(m) != 0 || p.byteAt(m + 1) != 0) {
                continue;
            }
            long c = m - ((p.byteAt(m + 2) << 8) | p.byteAt(m + 3));
            if (c < p.base) {
                continue;
            }
            int r = scanner.chain(p.data, p.length, p.base, (int) (c - p.base), true, markerOrigin, crcMode, 2, atEnd,
                    false, minAtEnd);
            if (r == FpduScanner.ACCEPT) {
                // FPDUs too short to hold a marker may precede it since the octets framing was
                // lost at: take the first that walks.
                int first = firstChain(p, (int) (c - p.base), markerOrigin, atEnd, minAtEnd);
                return found(p.base + first, true, markerOrigin, FOUND);
            }
            if (r == FpduScanner.NEED_MORE) {
                return WAIT;
            }
        }
        return GIVE_UP;
    }

    /** Once the connection is known to be MPA, one FPDU that ends exactly with the stream is enough. */
    private int minAtEnd() {
        return detect && !recognised ? 2 : 1;
    }

    /**
     * No markers: every octet is a candidate start. A candidate whose chain needs more octets
     * does not hold back a later one that is already proven: a long garbage "length" must not
     * delay finding the real FPDUs behind it.
     */
    private int withoutMarkers(Pending p, boolean atEnd) {
        byte[] a = p.data;
        int n = p.length;
        int q = (int) Math.max(0, scanPos - p.base);
        int undecided = -1;
        for (; q + 2 <= n; q++) {
            if (!candidate(a, n, q)) {
                continue;
            }
            int r = scanner.chain(a, n, p.base, q, false, 0, crcMode, detect ? 3 : 2, atEnd, false, minAtEnd());
            if (r == FpduScanner.ACCEPT || (r == FpduScanner.NEED_MORE && detect && enoughSoFar())) {
                scanPos = p.base + q;
                return found(p.base + q, false, 0, FOUND);
            }
            if (r == FpduScanner.NEED_MORE && undecided < 0) {
                undecided = q;
            }
        }
        if (detect && atEnd && undecided < 0 && n >= FpduHeaderCheck.HEADER_PROBE
                && scanner.chain(a, n, p.base, 0, false, 0, crcMode, 1, true, false, 1) == FpduScanner.ACCEPT
                && scanner.end == n && DdpControl.version(a, FpduLayout.LENGTH_FIELD_SIZE) == 1) {
            // A stream of a single FPDU: it fills the stream exactly and its header is plausible,
            // DDP version 1 included; nothing more will come to confirm it.
            return found(p.base, false, 0, FOUND);
        }
        if (undecided >= 0) {
            scanPos = p.base + undecided;
            return undecided > MpaStream.SEARCH_LIMIT ? GIVE_UP : WAIT;
        }
        scanPos = p.base + Math.max(0, n - 1);
        return GIVE_UP;
    }

    /** A quick look before a chain walk: a length that holds a DDP header, RDMAP version 1. */
    private static boolean candidate(byte[] a, int n, int q) {
        int rdmap = q + FpduLayout.LENGTH_FIELD_SIZE + DdpControl.SIZE;
        return FpduReader.HAND.ulpduLength(a, q) >= FpduHeaderCheck.MIN_ULPDU
                && (rdmap >= n || RdmapControl.version(a, rdmap) == 1 && RdmapControl.reserved(a, rdmap) == 0);
    }

    /**
     * Octets held in recognition that cannot show markers yet (a marker origin needs two marker
     * periods): decides without markers when FPDUs without markers walk from a candidate start to
     * the end of what is buffered and are enough ({@link #enoughSoFar}). A stream with markers
     * breaks such a walk at its first marker, so a walk to the end leaves no evidence of markers;
     * FPDUs that would need one are left to the marker search. When the connection is already
     * recognised, the other direction's choice stands unless it uses markers.
     */
    private boolean decideWithoutMarkers(Pending p) {
        if (!withoutMarkersAllowed) {
            return false;
        }
        byte[] a = p.data;
        int n = p.length;
        if (n > EARLY_LIMIT) {
            return false;
        }
        for (int q = (int) Math.max(0, scanPos - p.base); q + 2 <= n; q++) {
            if (!candidate(a, n, q)) {
                continue;
            }
            scanner.chain(a, n, p.base, q, false, 0, crcMode, Integer.MAX_VALUE, false, false, 1);
            if (enoughSoFar()) {
                scanPos = p.base + q;
                found(p.base + q, false, 0, FOUND);
                return true;
            }
        }
        return false;
    }

    /**
     * After a chain walk that ran out of octets: whether the FPDUs walked are enough to decide
     * now rather than wait for more. Three plausible FPDUs in a row are; two are when both headers
     * are strong ({@link FpduHeaderCheck#strongHeader}: DDP version 1, the queue of the opcode, a
     * small MSN); on a connection already recognised by its other direction, two plausible FPDUs
     * or one strong one are.
     */
    private boolean enoughSoFar() {
        FpduScanner sc = scanner;
        if (!sc.ranOut || sc.count == 0) {
            return false;
        }
        if (sc.count >= 3 || (sc.count >= 2 && sc.strong >= 2)) {
            return true;
        }
        return recognised && (sc.count >= 2 || sc.strong >= 1);
    }
}

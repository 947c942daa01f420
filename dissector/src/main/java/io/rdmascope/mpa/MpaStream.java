package io.rdmascope.mpa;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rdmascope.ksy.Mpa;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * One direction of a TCP connection as MPA sees it. The stream goes through these modes:
 * <ul>
 *   <li>DETECT: the first octets are buffered until they are an MPA Request/Reply frame, or
 *       FPDUs found by their plausibility (capture started late), or ruled out;</li>
 *   <li>AWAIT: this side's frame was seen, the FPDUs that follow wait for the peer's frame, which
 *       decides whether they carry markers (the peer's M flag) and CRC (either C flag);</li>
 *   <li>FRAME: FPDUs are framed as the octets arrive (the hot path);</li>
 *   <li>SCAN: framing was lost (a gap, or an FPDU not where the previous one ended) and the
 *       octets are buffered until the next FPDU is found;</li>
 *   <li>DROP: not MPA, or a rejected connection.</li>
 * </ul>
 * Buffered octets are replayed with the frames that delivered them, so events always name the
 * frame that completed what they describe.
 */
final class MpaStream implements StreamHandler {
    enum Mode { DETECT, AWAIT, FRAME, SCAN, DROP }

    /** How far into a stream of unknown framing FPDUs are looked for before giving up. */
    static final int SEARCH_LIMIT = 64 * 1024;
    /** Initial size of the FPDU assembly buffer; it grows up to {@link FpduLayout#MAX_IMAGE}. */
    static final int INITIAL_ASSEMBLY = 256;
    /** Octets before an expected FPDU start that a rescan looks at: a missing pad and CRC field, with margin. */
    static final int BACK = 16;
    /** The most octets {@link #decideWithoutMarkers} walks: two marker periods, after which markers show. */
    static final int EARLY_LIMIT = 2 * FpduLayout.MARKER_PERIOD + 2 * FpduLayout.MARKER_SIZE;
    /** Private data octets kept in a handshake event. */
    static final int PRIVATE_DATA_KEPT = 1024;

    private static final byte[] REQUEST_KEY = "MPA ID Req Frame".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] REPLY_KEY = "MPA ID Rep Frame".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final MpaDetector.Session session;
    private final Direction dir;
    private final MpaListener listener;

    Mode mode = Mode.DETECT;
    boolean ended;
    private boolean atStreamStart = true;
    private boolean ruledOut;
    private long expect = -1;

    private Pending pending = new Pending();
    private Pending spare = new Pending();
    /** What {@link MpaDetector} counts this stream as holding: the last {@link #heldFrame} it was told. */
    long held = MpaDetector.NONE;
    private final FpduScanner scanner = new FpduScanner();
    private long scanPos;
    /** Stream offset where an FPDU was expected when framing was lost, or -1 after a gap. */
    private long framingLostAt = -1;

    // Framing parameters of this direction.
    private boolean markersOn;
    private long origin;
    private boolean crcOn;

    // FRAME state.
    private long pos;
    private long nextMarker = Long.MAX_VALUE;
    private boolean inFpdu;
    private long fStart;
    private long fFirstFrame;
    private int imgLen;
    private int imgNeed;
    private int nMarkers;
    private int nBad;
    private boolean headerChecked;
    /**
     * The FPDU being assembled. It starts small and grows to the image length announced by the
     * ULPDU_Length field (at most {@link FpduLayout#MAX_IMAGE}), so that a capture with many idle
     * connections does not cost a maximal FPDU buffer per direction.
     */
    private byte[] asm = new byte[INITIAL_ASSEMBLY];
    private final byte[] mk = new byte[4];
    private int mkLen;
    /**
     * The last {@link #BACK} stream octets before the current call of {@link #frameData}, and the
     * ones before the FPDU being assembled: when an FPDU is not where the previous one ended, the
     * next one may start up to a pad and a CRC field earlier (both missing), so the rescan starts
     * there.
     */
    private final byte[] hist = new byte[BACK];
    private int histLen;
    private final byte[] pre = new byte[BACK];
    private int preLen;
    private long preFrame;
    /** The wire octets of the FPDU being assembled until its header is judged (header probe and a marker). */
    private final byte[] head = new byte[FpduLayout.HEADER_PROBE + FpduLayout.MARKER_SIZE];
    private int headLen;
    /** An FPDU start proven by the FPDUs after it: its header is not judged again. */
    private long trustedAt = -1;
    /** After a framing loss: the FPDU at the expected place was judged and is not one. */
    private boolean looseDone;
    // The end of a stream that ended before the connection was recognised, reported on recognition.
    private boolean endPending;
    private int endKind;
    private long endFrame;
    /** Octets of a ruled-out direction kept until the other direction decides the connection. */
    private boolean retained;
    private final CRC32C crc = new CRC32C();
    private final Fpdu fpdu = new Fpdu();

    MpaStream(MpaDetector.Session session, Direction dir, MpaListener listener) {
        this.session = session;
        this.dir = dir;
        this.listener = listener;
        fpdu.direction = dir;
    }

    /** Current size of the FPDU assembly buffer (for tests of the memory bound). */
    int assemblyCapacity() {
        return asm.length;
    }

    private MpaStream peer() {
        return session.stream(dir.reverse());
    }

    // ---------------------------------------------------------------- StreamHandler

    @Override
    public void data(long frame, long streamOffset, byte[] buf, int off, int len) {
        onData(frame, streamOffset, buf, off, len);
        session.updateHeld();
    }

    private void onData(long frame, long streamOffset, byte[] buf, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (expect >= 0 && streamOffset != expect) {
            if (streamOffset > expect) {
                gap(frame, expect, streamOffset - expect);
            } else {
                long skip = expect - streamOffset;
                if (skip >= len) {
                    return;
                }
                off += (int) skip;
                len -= (int) skip;
                streamOffset = expect;
            }
        }
        expect = streamOffset + len;
        if (mode == Mode.DROP) {
            dropRetained();
            return;
        }
        feed(frame, streamOffset, buf, off, len);
        drive();
    }

    @Override
    public void gap(long frame, long streamOffset, long length) {
        onGap(frame, streamOffset, length);
        session.updateHeld();
    }

    private void onGap(long frame, long streamOffset, long length) {
        expect = streamOffset + length;
        if (mode == Mode.DROP) {
            dropRetained();
            return;
        }
        long resume = streamOffset + length;
        if (mode == Mode.DETECT) {
            pending.clear(resume);
            atStreamStart = false;
            scanPos = resume;
            return;
        }
        if (mode == Mode.AWAIT) {
            boolean was = ended;
            ended = true;
            drive();
            ended = was;
            if (mode != Mode.FRAME) {
                pending.clear(resume);
                return;
            }
        }
        issue(StreamIssue.Kind.GAP, frame, streamOffset, length, "TCP octets missing from the capture");
        if (mode == Mode.FRAME && inFpdu) {
            truncate(frame, "a gap in the stream cuts the FPDU");
        }
        if (mode == Mode.FRAME || mode == Mode.SCAN) {
            mode = Mode.SCAN;
            pending.clear(resume);
            scanPos = resume;
            framingLostAt = -1;
        }
    }

    @Override
    public void end(long frame, boolean reset) {
        onEnd(frame, reset);
        session.updateHeld();
    }

    private void onEnd(long frame, boolean reset) {
        if (ended) {
            return;
        }
        endKind = reset ? 2 : 1;
        endFrame = frame;
        close(frame);
        if (session.connection != null && !ruledOut) {
            reportEnd();
        } else {
            endPending = true;
        }
    }

    @Override
    public void captureEnd() {
        onCaptureEnd();
        session.updateHeld();
    }

    private void onCaptureEnd() {
        if (!ended) {
            endFrame = pending.length > 0 ? pending.lastFrame() : fFirstFrame;
            close(endFrame);
            endPending = session.connection == null || ruledOut;
        }
    }

    /**
     * The oldest frame whose events this stream may still deliver (octets held while framing is
     * decided, or an end reported only once the connection is recognised), or
     * {@link MpaDetector#NONE}. Events the stream delivers later name this frame or a later one.
     */
    long heldFrame() {
        if (session.connection == null && ruledOut && peer().ruledOut) {
            return MpaDetector.NONE;
        }
        long h = MpaDetector.NONE;
        boolean holding = mode == Mode.DETECT || mode == Mode.AWAIT || mode == Mode.SCAN
                || (mode == Mode.DROP && retained);
        if (holding && pending.length > 0 && pending.runs > 0) {
            h = pending.runFrame[0];
        }
        if (ended && endPending && endKind != 0 && endFrame < h) {
            h = endFrame;
        }
        return h;
    }

    private void reportEnd() {
        if (endKind != 0) {
            boolean reset = endKind == 2;
            issue(reset ? StreamIssue.Kind.CLOSED_RST : StreamIssue.Kind.CLOSED_FIN, endFrame, expect, 0,
                    reset ? "TCP RST" : "TCP FIN");
        }
    }

    /**
     * A stream that ended before its connection was recognised was re-examined after the
     * recognition: finish it as {@link #close} would have, and report its FIN or RST.
     */
    private void finishRevived() {
        endPending = false;
        if (mode == Mode.FRAME && inFpdu) {
            truncate(endFrame, "the stream ends inside the FPDU");
        }
        if (mode == Mode.DETECT || mode == Mode.AWAIT || mode == Mode.SCAN) {
            pending.release(pending.end());
        }
        reportEnd();
    }

    private void close(long frame) {
        ended = true;
        drive();
        if (mode == Mode.FRAME && inFpdu) {
            truncate(frame, "the stream ends inside the FPDU");
        }
        if (mode == Mode.DETECT || mode == Mode.AWAIT || mode == Mode.SCAN) {
            pending.release(pending.end());
        }
        peer().peerChanged();
    }

    // ---------------------------------------------------------------- dispatch

    /** Routes octets by mode; never decides anything that needs buffered octets (see {@link #drive}). */
    private void feed(long frame, long streamOffset, byte[] buf, int off, int len) {
        switch (mode) {
            case FRAME -> frameData(frame, buf, off, len);
            case DETECT, AWAIT, SCAN -> {
                if (pending.length == 0) {
                    pending.clear(streamOffset);
                }
                if (len > Pending.CAPACITY) {
                    off += len - Pending.CAPACITY;
                    streamOffset += len - Pending.CAPACITY;
                    len = Pending.CAPACITY;
                    pending.clear(streamOffset);
                    atStreamStart = false;
                }
                if (pending.length + len > Pending.CAPACITY) {
                    pending.dropTo(pending.end() + len - Pending.CAPACITY);
                    atStreamStart = false;
                }
                pending.append(frame, buf, off, len);
            }
            case DROP -> { }
        }
    }

    /** Takes every decision the buffered octets allow. */
    void drive() {
        for (int guard = 0; guard < 10_000; guard++) {
            boolean progress = switch (mode) {
                case DETECT -> detectStep();
                case AWAIT -> awaitStep();
                case SCAN -> scanStep();
                default -> false;
            };
            if (!progress) {
                return;
            }
        }
    }

    /** The peer's handshake or its lack became known, or the peer ended. */
    void peerChanged() {
        if (mode == Mode.AWAIT || mode == Mode.DETECT) {
            drive();
        }
        if (ended && endPending && session.connection != null && !ruledOut) {
            finishRevived();
        }
    }

    /**
     * The connection was recognised as MPA by the other direction: look for FPDUs again, in the
     * octets kept since this direction was ruled out (with the parameters now known, once
     * {@link #peerChanged} is called) and in what follows.
     */
    void revive() {
        if (mode == Mode.DROP && ruledOut) {
            ruledOut = false;
            mode = Mode.DETECT;
            atStreamStart = false;
            if (!retained) {
                pending.clear(expect < 0 ? 0 : expect);
            }
            retained = false;
            scanPos = pending.base;
        }
    }

    /** Octets arrived or went missing after this direction was ruled out: what it kept is no longer whole. */
    private void dropRetained() {
        if (retained) {
            retained = false;
            pending.release(expect < 0 ? 0 : expect);
        }
    }

    // ---------------------------------------------------------------- detection

    private boolean detectStep() {
        Pending p = pending;
        if (p.length == 0) {
            if (ended && !ruledOut && session.connection == null) {
                ruleOut();
            }
            return false;
        }
        if (atStreamStart) {
            int k = Math.min(16, p.length);
            boolean req = prefix(p.data, k, REQUEST_KEY);
            boolean rep = !req && prefix(p.data, k, REPLY_KEY);
            if (req || rep) {
                if (p.length < 20) {
                    if (!ended) {
                        return false;
                    }
                } else {
                    int frameLen = 20 + FpduLayout.ulpduLength(p.data, 18);
                    if (p.length < frameLen && !ended) {
                        return false;
                    }
                    handshake(frameLen);
                    return true;
                }
            }
            atStreamStart = false;
            scanPos = p.base;
            session.noHandshake[dir.ordinal()] = true;
            peer().peerChanged();
        }
        return scanStep();
    }

    private static boolean prefix(byte[] a, int k, byte[] key) {
        for (int i = 0; i < k; i++) {
            if (a[i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    private void ruleOut() {
        ruledOut = true;
        mode = Mode.DROP;
        MpaStream other = peer();
        if (session.connection == null && !other.ruledOut && pending.length <= SEARCH_LIMIT
                && pending.end() == expect) {
            // The other direction may still recognise MPA and tell this one its parameters.
            retained = true;
        } else {
            retained = false;
            pending.release(expect < 0 ? 0 : expect);
        }
        spare.release(0);
        if (other.ruledOut) {
            other.dropRetained();
        }
    }

    private void handshake(int frameLen) {
        Pending p = pending;
        int have = Math.min(frameLen, p.length);
        int pdHave = have - 20;
        int pdLength = frameLen - 20;
        int kept = Math.min(pdHave, PRIVATE_DATA_KEPT);
        Mpa.RequestReply rr;
        try {
            rr = new Mpa.RequestReply(new ByteBufferKaitaiStream(ByteBuffer.wrap(p.data, 0, 20 + kept).slice()));
        } catch (RuntimeException e) {
            rr = null;
        }
        long frame = p.frameAt(p.base + have - 1);
        byte[] pd = java.util.Arrays.copyOfRange(p.data, 20, 20 + kept);
        boolean request = rr != null ? rr.isRequest() : prefix(p.data, 16, REQUEST_KEY);
        MpaHandshake h;
        if (rr != null) {
            Mpa.IrdOrd io = rr.irdOrd();
            h = new MpaHandshake(frame, dir, request, rr.markerFlag(), rr.crcFlag(), rr.rejectFlag(),
                    rr.enhancedFlag(),
                    (int) rr.reservedFlags() | (rr.enhancedFlag() && rr.revision() < 2 ? 0x10 : 0),
                    rr.revision(), rr.pdLength(), pd,
                    io == null ? null : (int) io.ird(), io == null ? null : (int) io.ord(),
                    io == null ? 0 : (io.irdPeerToPeerA() ? 2 : 0) | (io.irdPeerToPeerB() ? 1 : 0),
                    io == null ? 0 : (io.ordPeerToPeerC() ? 2 : 0) | (io.ordPeerToPeerD() ? 1 : 0),
                    p.base, frameLen);
        } else {
            h = new MpaHandshake(frame, dir, request, false, false, false, false, 0, 0, pdLength, pd,
                    null, null, 0, 0, p.base, frameLen);
        }
        MpaConnection c = session.recognise();
        session.handshake[dir.ordinal()] = h;
        MpaDetector.applyHandshake(c, h);
        c.fpduStart[dir.ordinal()] = p.base + frameLen;
        listener.handshake(c, h);
        if (have < frameLen) {
            issue(StreamIssue.Kind.TRUNCATED, frame, p.base, frameLen - have,
                    "the stream ends inside the MPA " + (request ? "Request" : "Reply") + " frame");
            mode = Mode.DROP;
            return;
        }
        p.dropTo(p.base + frameLen);
        mode = Mode.AWAIT;
        peer().peerChanged();
    }

    /** FPDUs after this side's frame: start framing once markers and CRC are known. */
    private boolean awaitStep() {
        MpaConnection c = session.connection;
        if (c.rejected) {
            mode = Mode.DROP;
            pending.release(pending.end());
            return false;
        }
        int d = dir.ordinal();
        MpaHandshake own = session.handshake[d];
        MpaHandshake peerHs = session.handshake[1 - d];
        long s0 = c.fpduStart[d];
        if (peerHs != null) {
            startFraming(s0, peerHs.markerFlag(), s0, own.crcFlag() || peerHs.crcFlag());
            return true;
        }
        if (!session.noHandshake[1 - d] && !ended && !peer().ended && pending.length < SEARCH_LIMIT) {
            return false;
        }
        Pending p = pending;
        if (p.length < 4 && !ended) {
            return false;
        }
        boolean markers = p.length >= 4 && p.data[0] == 0 && p.data[1] == 0 && p.data[2] == 0 && p.data[3] == 0;
        boolean crcUsed = own.crcFlag();
        if (!crcUsed && p.length > 0) {
            int r = scanner.chain(p.data, p.length, p.base, 0, markers, s0, -1, 1, ended);
            if (r == FpduScanner.NEED_MORE && !ended && p.length < SEARCH_LIMIT) {
                return false;
            }
            crcUsed = scanner.crcMatches > 0;
        }
        c.assumed = true;
        c.markers[d] = markers;
        c.crc |= crcUsed;
        startFraming(s0, markers, s0, crcUsed);
        return true;
    }

    /**
     * Looks for the first FPDU in the buffered octets: in DETECT mode with whatever is known of
     * the parameters (inferring the rest), in SCAN mode with the parameters in use.
     */
    private boolean scanStep() {
        Pending p = pending;
        if (p.length == 0) {
            return false;
        }
        int d = dir.ordinal();
        boolean detect = mode == Mode.DETECT;
        boolean markersKnown;
        boolean markers;
        boolean originKnown;
        int crcMode;
        if (detect) {
            MpaHandshake peerHs = session.handshake[1 - d];
            MpaHandshake own = session.handshake[d];
            markersKnown = peerHs != null;
            markers = markersKnown && peerHs.markerFlag();
            originKnown = false;
            if ((peerHs != null && peerHs.crcFlag()) || (own != null && own.crcFlag())) {
                crcMode = 1;
            } else if (peerHs != null && own != null) {
                crcMode = 0;
            } else if (session.crcDecided != null) {
                crcMode = session.crcDecided ? 1 : 0;
            } else {
                crcMode = -1;
            }
        } else {
            markersKnown = true;
            markers = markersOn;
            originKnown = true;
            crcMode = crcOn ? 1 : 0;
        }
        boolean atEnd = ended;
        // Once the connection is known to be MPA, one FPDU that ends exactly with the stream is enough.
        int minAtEnd = detect && session.connection == null ? 2 : 1;
        if (!detect && !looseDone && framingLostAt >= p.base && framingLostAt < p.end()) {
            // Is the FPDU at the expected place one after all, with a header that breaks the rules
            // (an unknown opcode, a zero length)? It is when the FPDUs after it line up.
            int r = scanner.chain(p.data, p.length, p.base, (int) (framingLostAt - p.base), markers, origin,
                    crcMode, 2, atEnd, true, 1);
            if (r == FpduScanner.ACCEPT) {
                long at = framingLostAt;
                trustedAt = at;
                startFraming(at, markers, origin, crcOn);
                return true;
            }
            looseDone = r == FpduScanner.REJECT;
        }
        if (!markersKnown || (markers && !originKnown)) {
            int r = scanner.findMarkerOrigin(p.data, p.length, p.base, crcMode, atEnd);
            if (r == FpduScanner.ACCEPT) {
                // The marker found points into some FPDU; an earlier FPDU without a marker of its
                // own may precede it: take the first start from which a chain walks.
                int first = scanner.start;
                long org = scanner.origin;
                for (int q = 0; q < first; q++) {
                    if (scanner.chain(p.data, p.length, p.base, q, true, org, crcMode, 2, atEnd) == FpduScanner.ACCEPT) {
                        first = q;
                        break;
                    }
                }
                scanner.chain(p.data, p.length, p.base, first, true, org, crcMode, 2, atEnd);
                found(p.base + first, true, org, crcMode);
                return true;
            }
            if (r == FpduScanner.NEED_MORE && p.length < SEARCH_LIMIT) {
                return !markersKnown && decideWithoutMarkers(crcMode);
            }
            if (markersKnown) {
                return giveUp(atEnd);
            }
        }
        if (markers) {
            long m = FpduLayout.nextMarker(Math.max(scanPos, p.base), origin);
            for (; m + 4 <= p.end(); m += FpduLayout.MARKER_PERIOD) {
                scanPos = m;
                if (p.byteAt(m) != 0 || p.byteAt(m + 1) != 0) {
                    continue;
                }
                long c = m - ((p.byteAt(m + 2) << 8) | p.byteAt(m + 3));
                if (c < p.base) {
                    continue;
                }
                int r = scanner.chain(p.data, p.length, p.base, (int) (c - p.base), true, origin, crcMode, 2, atEnd,
                        false, minAtEnd);
                if (r == FpduScanner.ACCEPT) {
                    // The marker names the FPDU it stands in; FPDUs too short to hold a marker may
                    // precede it since the octets framing was lost at: take the first that walks.
                    int first = (int) (c - p.base);
                    for (int q = 0; q < first; q++) {
                        if (scanner.chain(p.data, p.length, p.base, q, true, origin, crcMode, 2, atEnd, false, minAtEnd)
                                == FpduScanner.ACCEPT) {
                            first = q;
                            break;
                        }
                    }
                    scanner.chain(p.data, p.length, p.base, first, true, origin, crcMode, 2, atEnd, false, minAtEnd);
                    found(p.base + first, true, origin, crcMode);
                    return true;
                }
                if (r == FpduScanner.NEED_MORE) {
                    return false;
                }
            }
            return giveUp(atEnd);
        }
        // A candidate whose chain needs more octets does not hold back a later one that is already
        // proven: a long garbage "length" must not delay finding the real FPDUs behind it.
        byte[] a = p.data;
        int n = p.length;
        int q = (int) Math.max(0, scanPos - p.base);
        int undecided = -1;
        for (; q + 2 <= n; q++) {
            int len = ((a[q] & 0xff) << 8) | (a[q + 1] & 0xff);
            if (len < FpduLayout.MIN_ULPDU || (q + 3 < n && (a[q + 3] & 0xf0) != 0x40)) {
                continue;
            }
            int r = scanner.chain(a, n, p.base, q, false, 0, crcMode, detect ? 3 : 2, atEnd, false, minAtEnd);
            if (r == FpduScanner.ACCEPT) {
                scanPos = p.base + q;
                found(p.base + q, false, 0, crcMode);
                return true;
            }
            if (r == FpduScanner.NEED_MORE && detect && enoughSoFar()) {
                scanPos = p.base + q;
                found(p.base + q, false, 0, crcMode);
                return true;
            }
            if (r == FpduScanner.NEED_MORE && undecided < 0) {
                undecided = q;
            }
        }
        if (detect && atEnd && undecided < 0 && n >= FpduLayout.HEADER_PROBE
                && scanner.chain(a, n, p.base, 0, false, 0, crcMode, 1, true, false, 1) == FpduScanner.ACCEPT
                && scanner.end == n && (a[2] & 0x03) == 1) {
            // A stream of a single FPDU: it fills the stream exactly and its header is plausible,
            // DDP version 1 included; nothing more will come to confirm it.
            found(p.base, false, 0, crcMode);
            return true;
        }
        if (undecided >= 0) {
            scanPos = p.base + undecided;
            return undecided > SEARCH_LIMIT && giveUp(atEnd);
        }
        scanPos = p.base + Math.max(0, n - 1);
        return giveUp(atEnd);
    }

    /**
     * Octets held in DETECT mode that cannot show markers yet (a marker origin needs two marker
     * periods): decides without markers when FPDUs without markers walk from a candidate start to
     * the end of what is buffered and are enough ({@link #enoughSoFar}). A stream with markers
     * breaks such a walk at its first marker, so a walk to the end leaves no evidence of markers;
     * FPDUs that would need one are left to the marker search. When the connection is already
     * recognised, the other direction's choice stands unless it uses markers.
     */
    private boolean decideWithoutMarkers(int crcMode) {
        Pending p = pending;
        MpaStream o = peer();
        if (session.connection != null && (o.mode != Mode.FRAME && o.mode != Mode.SCAN || o.markersOn)) {
            return false;
        }
        byte[] a = p.data;
        int n = p.length;
        if (n > EARLY_LIMIT) {
            return false;
        }
        for (int q = (int) Math.max(0, scanPos - p.base); q + 2 <= n; q++) {
            int len = FpduLayout.ulpduLength(a, q);
            if (len < FpduLayout.MIN_ULPDU || (q + 3 < n && (a[q + 3] & 0xf0) != 0x40)) {
                continue;
            }
            scanner.chain(a, n, p.base, q, false, 0, crcMode, Integer.MAX_VALUE, false, false, 1);
            if (enoughSoFar()) {
                scanPos = p.base + q;
                found(p.base + q, false, 0, crcMode);
                return true;
            }
        }
        return false;
    }

    /**
     * After a chain walk that ran out of octets: whether the FPDUs walked are enough to decide
     * now rather than wait for more. Three plausible FPDUs in a row are; two are when both headers
     * are strong ({@link FpduLayout#strongHeader}: DDP version 1, the queue of the opcode, a small
     * MSN); on a connection already recognised by its other direction, two plausible FPDUs or one
     * strong one are.
     */
    private boolean enoughSoFar() {
        FpduScanner sc = scanner;
        if (!sc.ranOut || sc.count == 0) {
            return false;
        }
        if (sc.count >= 3 || (sc.count >= 2 && sc.strong >= 2)) {
            return true;
        }
        return session.connection != null && (sc.count >= 2 || sc.strong >= 1);
    }

    /** Nothing found in what is buffered. */
    private boolean giveUp(boolean atEnd) {
        Pending p = pending;
        if (mode == Mode.DETECT && session.connection == null) {
            if (atEnd || scanPos - p.base >= SEARCH_LIMIT) {
                ruleOut();
            }
            return false;
        }
        if (atEnd) {
            if (p.length > 0 && session.connection != null) {
                issue(StreamIssue.Kind.FRAMING, p.lastFrame(), p.base, p.length,
                        "no FPDU found in the " + p.length + " octets from stream offset " + p.base
                                + " to the end of the stream");
            }
            pending.release(p.end());
            return false;
        }
        if (p.length > SEARCH_LIMIT) {
            // Keep the octets a later FPDU start could still need.
            long keep = Math.max(p.base, Math.min(scanPos, p.end() - FpduLayout.MAX_IMAGE - 1024));
            p.dropTo(keep);
        }
        return false;
    }

    private void found(long c, boolean markers, long markerOrigin, int crcMode) {
        Pending p = pending;
        int d = dir.ordinal();
        if (mode == Mode.DETECT) {
            boolean fresh = session.connection == null;
            MpaConnection conn = session.recognise();
            boolean crcUsed = crcMode == 1 || (crcMode == -1 && scanner.crcMatches > 0);
            if (fresh || session.handshake[0] == null && session.handshake[1] == null) {
                conn.assumed = true;
            }
            if (crcMode == -1) {
                conn.assumed = true;
                session.crcDecided = crcUsed;
            }
            conn.markers[d] = markers;
            conn.crc |= crcUsed;
            conn.fpduStart[d] = markers ? FpduLayout.nextMarker(p.base, markerOrigin) : c;
            startFraming(c, markers, markerOrigin, crcUsed);
            // The other direction may have been ruled out, or be waiting, for want of these parameters.
            peer().peerChanged();
            return;
        }
        if (framingLostAt >= 0) {
            // Named by the frame that completes the FPDU found, the frame its record is listed under.
            scanner.chain(p.data, p.length, p.base, (int) (c - p.base), markers, markerOrigin, -1, 1, true, true, 1);
            long last = scanner.count > 0 ? p.base + scanner.end - 1 : c;
            issue(StreamIssue.Kind.FRAMING, p.frameAt(last), framingLostAt, c - framingLostAt,
                    "FPDU expected at stream offset " + framingLostAt + " not found there; next FPDU found at stream offset "
                            + c + (c >= framingLostAt ? " (" + (c - framingLostAt) + " octets later)"
                            : " (" + (framingLostAt - c) + " octets earlier)"));
        }
        startFraming(c, markers, markerOrigin, crcOn);
    }

    /** Switches to FRAME at stream offset {@code at} and replays the buffered octets from there. */
    private void startFraming(long at, boolean markers, long markerOrigin, boolean crcUsed) {
        markersOn = markers;
        origin = markerOrigin;
        crcOn = crcUsed;
        mode = Mode.FRAME;
        pos = at;
        inFpdu = false;
        framingLostAt = -1;
        nextMarker = markers ? FpduLayout.nextMarker(at, markerOrigin) : Long.MAX_VALUE;
        Pending old = pending;
        histLen = (int) Math.max(0, Math.min(BACK, Math.min(at, old.end()) - old.base));
        if (histLen > 0) {
            System.arraycopy(old.data, (int) (Math.min(at, old.end()) - old.base) - histLen, hist, 0, histLen);
        }
        pending = spare;
        spare = old;
        pending.clear(at);
        old.dropTo(at);
        long cur = old.base;
        for (int i = 0; i < old.runs && cur < old.end(); i++) {
            long e = Math.min(old.runEnd[i], old.end());
            if (e <= cur) {
                continue;
            }
            int n = (int) (e - cur);
            if (mode == Mode.FRAME) {
                frameData(old.runFrame[i], old.data, (int) (cur - old.base), n);
            } else {
                feed(old.runFrame[i], cur, old.data, (int) (cur - old.base), n);
            }
            cur = e;
        }
        old.clear(0);
    }

    // ---------------------------------------------------------------- framing (hot path)

    private void frameData(long frame, byte[] buf, int off, int len) {
        final int callOff = off;
        while (len > 0) {
            if (mode != Mode.FRAME) {
                feed(frame, pos, buf, off, len);
                pos += len;
                return;
            }
            if (!inFpdu) {
                if (len >= 2 && nextMarker > pos) {
                    int ulpduLength = FpduLayout.ulpduLength(buf, off);
                    int total = FpduLayout.imageLength(ulpduLength);
                    if (total <= len && nextMarker >= pos + total) {
                        if (pos != trustedAt
                                && !FpduLayout.plausibleHeader(buf, off, Math.min(FpduLayout.HEADER_PROBE, total))) {
                            // Not an FPDU where the previous one ended: look around for the next one.
                            fStart = pos;
                            headLen = 0;
                            keepPre(frame, buf, callOff, off);
                            loseFraming(frame);
                            continue;
                        }
                        long computed = 0;
                        if (crcOn) {
                            crc.reset();
                            crc.update(buf, off, total - 4);
                            computed = crc.getValue();
                        }
                        fStart = pos;
                        fFirstFrame = frame;
                        nMarkers = 0;
                        nBad = 0;
                        pos += total;
                        deliver(frame, buf, off, ulpduLength, total, computed, total);
                        off += total;
                        len -= total;
                        continue;
                    }
                }
                inFpdu = true;
                fStart = pos;
                fFirstFrame = frame;
                imgLen = 0;
                imgNeed = -1;
                nMarkers = 0;
                nBad = 0;
                mkLen = 0;
                headLen = 0;
                headerChecked = pos == trustedAt;
                keepPre(frame, buf, callOff, off);
                crc.reset();
            }
            if (pos >= nextMarker) {
                int n = (int) Math.min(len, nextMarker + 4 - pos);
                if (!headerChecked) {
                    System.arraycopy(buf, off, head, headLen, n);
                    headLen += n;
                }
                System.arraycopy(buf, off, mk, mkLen, n);
                if (crcOn && (imgNeed < 0 || imgLen <= imgNeed - 4)) {
                    crc.update(buf, off, n);
                }
                mkLen += n;
                pos += n;
                off += n;
                len -= n;
                if (mkLen == 4) {
                    checkMarker(frame);
                    mkLen = 0;
                    nextMarker += FpduLayout.MARKER_PERIOD;
                }
                continue;
            }
            int want = (imgNeed < 0 ? 2 : imgNeed) - imgLen;
            if (!headerChecked) {
                // Stop at the end of the header probe: its wire octets are kept for a rescan.
                want = Math.min(want, FpduLayout.HEADER_PROBE - imgLen);
            }
            int n = (int) Math.min(Math.min(len, want), nextMarker - pos);
            if (!headerChecked) {
                System.arraycopy(buf, off, head, headLen, n);
                headLen += n;
            }
            if (crcOn) {
                int covered = imgNeed < 0 ? n : Math.min(n, Math.max(0, imgNeed - 4 - imgLen));
                if (covered > 0) {
                    crc.update(buf, off, covered);
                }
            }
            if (imgLen + n > asm.length) {
                asm = java.util.Arrays.copyOf(asm, Math.min(FpduLayout.MAX_IMAGE, Math.max(imgLen + n, asm.length * 2)));
            }
            System.arraycopy(buf, off, asm, imgLen, n);
            imgLen += n;
            pos += n;
            off += n;
            len -= n;
            if (imgNeed < 0 && imgLen >= 2) {
                imgNeed = FpduLayout.imageLength(FpduLayout.ulpduLength(asm, 0));
            }
            if (!headerChecked && imgNeed >= 0 && imgLen >= Math.min(FpduLayout.HEADER_PROBE, imgNeed)) {
                headerChecked = true;
                if (!FpduLayout.plausibleHeader(asm, 0, Math.min(imgLen, FpduLayout.HEADER_PROBE))) {
                    loseFraming(frame);
                    continue;
                }
            }
            if (imgLen == imgNeed) {
                inFpdu = false;
                deliver(frame, asm, 0, FpduLayout.ulpduLength(asm, 0), imgNeed, crcOn ? crc.getValue() : 0,
                        (int) (pos - fStart));
            }
        }
        keepHist(buf, callOff, off);
    }

    /** Keeps the last {@link #BACK} octets of the stream up to {@code buf[end]}, which ends this call. */
    private void keepHist(byte[] buf, int callOff, int end) {
        int n = end - callOff;
        if (n >= BACK) {
            System.arraycopy(buf, end - BACK, hist, 0, BACK);
            histLen = BACK;
        } else {
            int keep = Math.min(histLen, BACK - n);
            System.arraycopy(hist, histLen - keep, hist, 0, keep);
            System.arraycopy(buf, callOff, hist, keep, n);
            histLen = keep + n;
        }
    }

    /** Keeps the octets before the FPDU starting at {@code buf[off]} (this call began at {@code callOff}). */
    private void keepPre(long frame, byte[] buf, int callOff, int off) {
        int inBuf = Math.min(off - callOff, BACK);
        int fromHist = Math.min(histLen, BACK - inBuf);
        System.arraycopy(hist, histLen - fromHist, pre, 0, fromHist);
        System.arraycopy(buf, off - inBuf, pre, fromHist, inBuf);
        preLen = fromHist + inBuf;
        preFrame = frame;
    }

    private void checkMarker(long frame) {
        nMarkers++;
        long markerAt = nextMarker;
        int ptr = ((mk[2] & 0xff) << 8) | (mk[3] & 0xff);
        long expected = markerAt - fStart;
        if (ptr != expected || mk[0] != 0 || mk[1] != 0) {
            nBad++;
            issue(StreamIssue.Kind.MARKER_INVALID, frame, markerAt, 4,
                    "marker at stream offset " + markerAt + " has FPDUPTR " + ptr + " but the FPDU starts "
                            + expected + " octets before it, at stream offset " + fStart
                            + (mk[0] != 0 || mk[1] != 0 ? "; reserved octets not zero" : ""));
        }
    }

    private void deliver(long frame, byte[] b, int imgOff, int ulpduLength, int total, long computed, int wireLength) {
        int pad = total - 6 - ulpduLength;
        long field = FpduLayout.crcField(b, imgOff + total - 4);
        boolean ok = computed == field;
        boolean padZero = true;
        for (int i = 0; i < pad; i++) {
            padZero &= b[imgOff + 2 + ulpduLength + i] == 0;
        }
        Fpdu f = fpdu;
        f.frame = frame;
        f.firstFrame = fFirstFrame;
        f.streamOffset = fStart;
        f.wireLength = wireLength;
        f.ulpduLength = ulpduLength;
        f.padLength = pad;
        f.crcField = field;
        f.crcComputed = computed;
        f.crcOk = crcOn ? Boolean.valueOf(ok) : null;
        f.markers = nMarkers;
        f.badMarkers = nBad;
        f.markerOrigin = markersOn ? origin : -1;
        f.truncated = false;
        f.buf = b;
        f.ulpduOffset = imgOff + 2;
        f.ulpduAvailable = ulpduLength;
        f.padNonZero = !padZero;
        listener.fpdu(session.connection, f);
    }

    /**
     * The FPDU header at the expected place is implausible: search for the next FPDU from a few
     * octets before it (a missing pad or CRC field) onwards, first trying whether the FPDU at the
     * expected place is one after all (see {@link #scanStep}).
     */
    private void loseFraming(long frame) {
        framingLostAt = fStart;
        mode = Mode.SCAN;
        inFpdu = false;
        trustedAt = -1;
        looseDone = false;
        pending.clear(fStart - preLen);
        if (preLen > 0) {
            pending.append(preFrame, pre, 0, preLen);
        }
        if (headLen > 0) {
            pending.append(frame, head, 0, headLen);
        }
        scanPos = pending.base;
    }

    private void truncate(long frame, String why) {
        issue(StreamIssue.Kind.TRUNCATED, frame, fStart, pos - fStart, why);
        inFpdu = false;
        if (imgLen >= 2) {
            int ulpduLength = FpduLayout.ulpduLength(asm, 0);
            Fpdu f = fpdu;
            f.frame = frame;
            f.firstFrame = fFirstFrame;
            f.streamOffset = fStart;
            f.wireLength = (int) (pos - fStart);
            f.ulpduLength = ulpduLength;
            f.padLength = FpduLayout.padLength(ulpduLength);
            f.crcField = 0;
            f.crcComputed = 0;
            f.crcOk = null;
            f.markers = nMarkers;
            f.badMarkers = nBad;
            f.markerOrigin = markersOn ? origin : -1;
            f.truncated = true;
            f.padNonZero = false;
            f.buf = asm;
            f.ulpduOffset = 2;
            f.ulpduAvailable = Math.max(0, Math.min(ulpduLength, imgLen - 2));
            listener.fpdu(session.connection, f);
        }
    }

    private void issue(StreamIssue.Kind kind, long frame, long offset, long length, String message) {
        if (session.connection != null) {
            listener.issue(session.connection, new StreamIssue(kind, frame, dir, offset, length, message));
        }
    }
}

package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;

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
 * Buffered octets are replayed with the frames that delivered them and those frames' capture
 * times, so events always name the frame that completed what they describe, and carry its time.
 *
 * <p>The work is done by stages: {@link MpaRecognition} (the Request/Reply frames and what is
 * known of markers and CRC), {@link FpduSearch} (FPDUs on a stream of unknown framing, on
 * recognition and to resynchronise), and in FRAME mode the {@link FpduFramer}, which cuts FPDUs
 * by their length with the {@link MarkerStripper} and {@link FpduCrc} steps. This class keeps the
 * modes, the held octets and the account of frames held.
 */
final class MpaStream implements StreamHandler {
    enum Mode { DETECT, AWAIT, FRAME, SCAN, DROP }

    /** How far into a stream of unknown framing FPDUs are looked for before giving up. */
    static final int SEARCH_LIMIT = 64 * 1024;
    /** Initial size of the FPDU assembly buffer; it grows up to {@link FpduLayout#MAX_IMAGE}. */
    static final int INITIAL_ASSEMBLY = FpduFramer.INITIAL_ASSEMBLY;
    /** Octets before an expected FPDU start that a rescan looks at. */
    private static final int BACK = FpduFramer.BACK;

    private final MpaDetector.Session session;
    private final Direction dir;
    private final MpaListener listener;

    Mode mode = Mode.DETECT;
    boolean ended;
    private boolean atStreamStart = true;
    private boolean ruledOut;
    private long expect = -1;

    private Pending pending = new Pending();
    /** The buffer {@link #pending} swaps with when framing starts; made then. */
    private Pending spare;
    /** What {@link MpaDetector} counts this stream as holding: the last {@link #heldFrame} it was told. */
    long held = MpaDetector.NONE;
    private final FpduSearch search = new FpduSearch();
    /**
     * Made when the stream first needs it (framing starts, or a search asks what framing is in
     * use), so that a direction never found to be MPA costs no framing buffers.
     */
    private FpduFramer framer;
    // The end of a stream that ended before the connection was recognised, reported on recognition.
    private boolean endPending;
    private int endKind;
    private long endFrame;
    private long endTime;
    /** Octets of a ruled-out direction kept until the other direction decides the connection. */
    private boolean retained;
    /** The snapshot length cut octets of this direction. */
    private boolean snapped;

    MpaStream(MpaDetector.Session session, Direction dir, MpaListener listener) {
        this.session = session;
        this.dir = dir;
        this.listener = listener;
    }

    /** Current size of the FPDU assembly buffer (for tests of the memory bound). */
    int assemblyCapacity() {
        return framer == null ? 0 : framer.assemblyCapacity();
    }

    private FpduFramer framer() {
        if (framer == null) {
            framer = new FpduFramer(dir, listener);
        }
        return framer;
    }

    private MpaStream peer() {
        return session.stream(dir.reverse());
    }

    // ---------------------------------------------------------------- StreamHandler

    @Override
    public void data(long frame, long time, long streamOffset, byte[] buf, int off, int len) {
        onData(frame, time, streamOffset, buf, off, len);
        session.updateHeld();
    }

    private void onData(long frame, long time, long streamOffset, byte[] buf, int off, int len) {
        if (len <= 0) {
            return;
        }
        if (expect >= 0 && streamOffset != expect) {
            if (streamOffset > expect) {
                gap(frame, time, expect, streamOffset - expect);
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
        feed(frame, time, streamOffset, buf, off, len);
        drive();
    }

    @Override
    public void gap(long frame, long time, long streamOffset, long length) {
        onGap(frame, time, streamOffset, length, false);
        session.updateHeld();
    }

    /**
     * Octets the snapshot length left out: counted on the connection, and no fault of the traffic.
     * While framing, the FPDU they cut goes on by its length ({@link FpduFramer#skip}); after a cut
     * of unknown FPDUs, and in a search for FPDUs, the next captured octet is taken to begin an FPDU.
     */
    @Override
    public void cut(long frame, long time, long streamOffset, long length) {
        onCut(frame, time, streamOffset, length);
        session.updateHeld();
    }

    private static final String RESUMED = "octets cut by the snapshot length; framing resumes at the next captured octet";

    private void onCut(long frame, long time, long streamOffset, long length) {
        session.snapshotCut();
        snapped = true;
        boolean inPlace = streamOffset == expect && length > 0;
        if (inPlace && mode == Mode.DETECT && atStreamStart) {
            int frameLen = MpaRecognition.handshakeLength(pending, true);
            if (frameLen > 0 && pending.base + frameLen <= streamOffset + length) {
                expect = streamOffset + length;
                cutHandshake(frameLen);
                return;
            }
        }
        if (inPlace && mode == Mode.AWAIT) {
            // decide the framing with what is held, as at a gap
            boolean was = ended;
            ended = true;
            drive();
            ended = was;
        }
        if (inPlace && mode == Mode.FRAME) {
            expect = streamOffset + length;
            if (!framer.skip(frame, time, length)) {
                issue(StreamIssue.Kind.SNAPPED, frame, time, streamOffset, length, RESUMED);
            }
            return;
        }
        if (inPlace && mode == Mode.SCAN) {
            expect = streamOffset + length;
            issue(StreamIssue.Kind.SNAPPED, frame, time, streamOffset, length, RESUMED);
            pending.clear(expect);
            startFraming(expect, framer().markersOn(), framer().markerOrigin(), framer().crcOn());
            return;
        }
        onGap(frame, time, streamOffset, length, true);
    }

    private void onGap(long frame, long time, long streamOffset, long length, boolean snapped) {
        expect = streamOffset + length;
        if (mode == Mode.DROP) {
            dropRetained();
            return;
        }
        long resume = streamOffset + length;
        if (mode == Mode.DETECT) {
            pending.clear(resume);
            atStreamStart = false;
            search.scanPos = resume;
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
        if (snapped) {
            issue(StreamIssue.Kind.SNAPPED, frame, time, streamOffset, length, "octets cut by the snapshot length");
        } else {
            issue(StreamIssue.Kind.GAP, frame, time, streamOffset, length, "TCP octets missing from the capture");
        }
        if (mode == Mode.FRAME && framer.inFpdu) {
            if (snapped) {
                framer.snap(frame, time);
            } else {
                framer.truncate(frame, time, "a gap in the stream cuts the FPDU");
            }
        }
        if (mode == Mode.FRAME || mode == Mode.SCAN) {
            mode = Mode.SCAN;
            pending.clear(resume);
            search.scanPos = resume;
            search.framingLostAt = -1;
        }
    }

    @Override
    public void end(long frame, long time, boolean reset) {
        onEnd(frame, time, reset);
        session.updateHeld();
    }

    private void onEnd(long frame, long time, boolean reset) {
        if (ended) {
            return;
        }
        endKind = reset ? 2 : 1;
        endFrame = frame;
        endTime = time;
        close(frame, time);
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

    @Override
    public void retired(long frame) {
        session.retired(frame);
    }

    private void onCaptureEnd() {
        if (!ended) {
            endFrame = pending.length > 0 ? pending.lastFrame() : framer == null ? 0 : framer.fFirstFrame;
            endTime = pending.length > 0 ? pending.lastTime() : framer == null ? 0 : framer.fFirstTime;
            close(endFrame, endTime);
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
            issue(reset ? StreamIssue.Kind.CLOSED_RST : StreamIssue.Kind.CLOSED_FIN, endFrame, endTime, expect, 0,
                    reset ? "TCP RST" : "TCP FIN");
        }
    }

    /**
     * A stream that ended before its connection was recognised was re-examined after the
     * recognition: finish it as {@link #close} would have, and report its FIN or RST.
     */
    private void finishRevived() {
        endPending = false;
        if (mode == Mode.FRAME && framer.inFpdu) {
            framer.truncate(endFrame, endTime, "the stream ends inside the FPDU");
        }
        if (mode == Mode.DETECT || mode == Mode.AWAIT || mode == Mode.SCAN) {
            pending.release(pending.end());
        }
        reportEnd();
    }

    private void close(long frame, long time) {
        ended = true;
        drive();
        if (mode == Mode.FRAME && framer.inFpdu) {
            framer.truncate(frame, time, "the stream ends inside the FPDU");
        }
        if (mode == Mode.DETECT || mode == Mode.AWAIT || mode == Mode.SCAN) {
            pending.release(pending.end());
        }
        peer().peerChanged();
    }

    // ---------------------------------------------------------------- dispatch

    /** Routes octets by mode; never decides anything that needs buffered octets (see {@link #drive}). */
    private void feed(long frame, long time, long streamOffset, byte[] buf, int off, int len) {
        switch (mode) {
            case FRAME -> frameData(frame, time, buf, off, len);
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
                pending.append(frame, time, buf, off, len);
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
            search.scanPos = pending.base;
        }
    }

    /** Octets arrived or went missing after this direction was ruled out: what it kept is no longer whole. */
    private void dropRetained() {
        if (retained) {
            retained = false;
            pending.release(expect < 0 ? 0 : expect);
        }
    }

    // ---------------------------------------------------------------- recognition

    private boolean detectStep() {
        Pending p = pending;
        if (p.length == 0) {
            if (ended && !ruledOut && session.connection == null) {
                ruleOut();
            }
            return false;
        }
        if (atStreamStart) {
            int frameLen = MpaRecognition.handshakeLength(p, ended);
            if (frameLen == MpaRecognition.NEED_MORE) {
                return false;
            }
            if (frameLen != MpaRecognition.NOT_HANDSHAKE) {
                handshake(frameLen);
                return true;
            }
            atStreamStart = false;
            search.scanPos = p.base;
            session.noHandshake[dir.ordinal()] = true;
            peer().peerChanged();
        }
        return scanStep();
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
        spare = null;
        if (other.ruledOut) {
            other.dropRetained();
        }
    }

    private void handshake(int frameLen) {
        Pending p = pending;
        MpaHandshake h = MpaRecognition.read(p, frameLen, dir);
        int have = Math.min(frameLen, p.length);
        MpaConnection c = session.recognise();
        session.handshake[dir.ordinal()] = h;
        MpaDetector.applyHandshake(c, h);
        c.fpduStart[dir.ordinal()] = p.base + frameLen;
        listener.handshake(c, h);
        if (have < frameLen) {
            issue(StreamIssue.Kind.TRUNCATED, h.frame(), h.timeNanos(), p.base, frameLen - have,
                    "the stream ends inside the MPA " + (h.request() ? "Request" : "Reply") + " frame");
            mode = Mode.DROP;
            return;
        }
        p.dropTo(p.base + frameLen);
        mode = Mode.AWAIT;
        peer().peerChanged();
    }

    /**
     * A Request or Reply frame whose private data the snapshot length cut: read from what was
     * captured, the FPDUs after it taken to begin at the next captured octet.
     */
    private void cutHandshake(int frameLen) {
        Pending p = pending;
        MpaHandshake h = MpaRecognition.read(p, frameLen, dir);
        MpaConnection c = session.recognise();
        session.handshake[dir.ordinal()] = h;
        MpaDetector.applyHandshake(c, h);
        // the first octet after the frame: where markers count from, and framing starts at or after it
        c.fpduStart[dir.ordinal()] = p.base + frameLen;
        listener.handshake(c, h);
        p.clear(expect);
        atStreamStart = false;
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
        // framing starts after the frame, or where the octets held begin when the capture cut the frame's end
        long at = Math.max(s0, pending.base);
        if (peerHs != null) {
            startFraming(at, peerHs.markerFlag(), s0, own.crcFlag() || peerHs.crcFlag());
            return true;
        }
        if (!session.noHandshake[1 - d] && !ended && !peer().ended && pending.length < SEARCH_LIMIT) {
            return false;
        }
        Pending p = pending;
        if (p.length < 4 && !ended) {
            return false;
        }
        boolean markers = MpaRecognition.markersAfterOwnFrame(p);
        boolean crcUsed = own.crcFlag();
        if (!crcUsed && p.length > 0) {
            FpduScanner scanner = search.scanner;
            int r = scanner.chain(p.data, p.length, p.base, 0, markers, s0, -1, 1, ended);
            if (r == FpduScanner.NEED_MORE && !ended && p.length < SEARCH_LIMIT) {
                return false;
            }
            crcUsed = scanner.crcMatches > 0;
        }
        c.assumed = true;
        c.markers[d] = markers;
        c.crc |= crcUsed;
        startFraming(at, markers, s0, crcUsed);
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
        if (mode == Mode.DETECT) {
            int d = dir.ordinal();
            MpaStream o = peer();
            MpaRecognition.prepare(search, session.handshake[d], session.handshake[1 - d], session.crcDecided,
                    session.connection != null, (o.mode == Mode.FRAME || o.mode == Mode.SCAN) && !o.framer().markersOn());
        } else {
            search.forResync(framer().markersOn(), framer().markerOrigin(), framer().crcOn());
        }
        switch (search.search(p, ended)) {
            case FpduSearch.FOUND -> {
                found(search.at, search.foundMarkers, search.foundOrigin, search.crcMode());
                return true;
            }
            case FpduSearch.TRUSTED -> {
                framer().trustedAt = search.at;
                startFraming(search.at, search.foundMarkers, search.foundOrigin, framer().crcOn());
                return true;
            }
            case FpduSearch.GIVE_UP -> {
                return giveUp(ended);
            }
            default -> {
                return false;
            }
        }
    }

    /** Nothing found in what is buffered. */
    private boolean giveUp(boolean atEnd) {
        Pending p = pending;
        if (mode == Mode.DETECT && session.connection == null) {
            if (atEnd || search.scanPos - p.base >= SEARCH_LIMIT) {
                ruleOut();
            }
            return false;
        }
        if (atEnd) {
            // after a snapshot-length cut, what is left may be the captured head of an FPDU
            if (p.length > 0 && session.connection != null && !snapped) {
                issue(StreamIssue.Kind.FRAMING, p.lastFrame(), p.lastTime(), p.base, p.length,
                        "no FPDU found in the " + p.length + " octets from stream offset " + p.base
                                + " to the end of the stream");
            }
            pending.release(p.end());
            return false;
        }
        if (p.length > SEARCH_LIMIT) {
            // Keep the octets a later FPDU start could still need.
            long keep = Math.max(p.base, Math.min(search.scanPos, p.end() - FpduLayout.MAX_IMAGE - 1024));
            p.dropTo(keep);
        }
        return false;
    }

    /** An FPDU was found at stream offset {@code c}: recognise the connection or resume framing. */
    private void found(long c, boolean markers, long markerOrigin, int crcMode) {
        Pending p = pending;
        FpduScanner scanner = search.scanner;
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
        long lostAt = search.framingLostAt;
        if (lostAt >= 0) {
            // Named by the frame that completes the FPDU found, the frame its record is listed under.
            scanner.chain(p.data, p.length, p.base, (int) (c - p.base), markers, markerOrigin, -1, 1, true, true, 1);
            long last = scanner.count > 0 ? p.base + scanner.end - 1 : c;
            issue(StreamIssue.Kind.FRAMING, p.frameAt(last), p.timeAt(last), lostAt, c - lostAt,
                    "FPDU expected at stream offset " + lostAt + " not found there; next FPDU found at stream offset "
                            + c + (c >= lostAt ? " (" + (c - lostAt) + " octets later)"
                            : " (" + (lostAt - c) + " octets earlier)"));
        }
        startFraming(c, markers, markerOrigin, framer().crcOn());
    }

    // ---------------------------------------------------------------- framing

    /** Switches to FRAME at stream offset {@code at} and replays the buffered octets from there. */
    private void startFraming(long at, boolean markers, long markerOrigin, boolean crcUsed) {
        mode = Mode.FRAME;
        search.framingLostAt = -1;
        Pending old = pending;
        int histLen = (int) Math.max(0, Math.min(BACK, Math.min(at, old.end()) - old.base));
        framer().start(session.connection, at, markers, markerOrigin, crcUsed, old.data,
                (int) (Math.min(at, old.end()) - old.base) - histLen, histLen);
        pending = spare != null ? spare : new Pending();
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
                frameData(old.runFrame[i], old.runTime[i], old.data, (int) (cur - old.base), n);
            } else {
                feed(old.runFrame[i], old.runTime[i], cur, old.data, (int) (cur - old.base), n);
            }
            cur = e;
        }
        old.clear(0);
    }

    /** The hot path: octets in FRAME mode go to the framer; after a framing loss, the rest is held. */
    private void frameData(long frame, long time, byte[] buf, int off, int len) {
        int used = framer.decode(frame, time, buf, off, len);
        if (framer.lost) {
            loseFraming(frame, time);
            if (used < len) {
                feed(frame, time, framer.pos, buf, off + used, len - used);
                framer.pos += len - used;
            }
        }
    }

    /**
     * The FPDU header at the expected place is implausible: search for the next FPDU from a few
     * octets before it (a missing pad or CRC field) onwards, first trying whether the FPDU at the
     * expected place is one after all (see {@link FpduSearch#search}).
     */
    private void loseFraming(long frame, long time) {
        search.framingLostAt = framer.fStart;
        mode = Mode.SCAN;
        search.looseDone = false;
        framer.handOver(pending, frame, time);
        search.scanPos = pending.base;
    }

    private void issue(StreamIssue.Kind kind, long frame, long time, long offset, long length, String message) {
        if (session.connection != null) {
            listener.issue(session.connection, new StreamIssue(kind, frame, time, dir, offset, length, message));
        }
    }
}

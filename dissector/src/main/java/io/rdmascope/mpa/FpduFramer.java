package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;

/**
 * The framing decoder of one direction: cuts the stream into FPDUs by their ULPDU_Length field,
 * pad and CRC field ({@link FpduLayout}), with markers taken out by the {@link MarkerStripper}
 * and the CRC checked by {@link FpduCrc}, and hands each FPDU to the listener. An FPDU that lies
 * whole in the octets of one call is delivered from them in place; one that comes in pieces is
 * assembled in a buffer that grows with the FPDUs (up to {@link FpduLayout#MAX_IMAGE}). Nothing
 * is allocated per FPDU: the {@link Fpdu} delivered is reused.
 *
 * <p>The header of each FPDU is judged ({@link FpduHeaderCheck#plausibleHeader}): an FPDU that
 * is not where the previous one ended stops the decoder ({@link #lost}), and
 * {@link #handOver} gives the octets a search for the next FPDU needs.
 */
final class FpduFramer {
    /** Initial size of the FPDU assembly buffer; it grows up to {@link FpduLayout#MAX_IMAGE}. */
    static final int INITIAL_ASSEMBLY = 256;
    /** Octets before an expected FPDU start that a rescan looks at: a missing pad and CRC field, with margin. */
    static final int BACK = 16;

    private static final FpduReader FIELDS = FpduReader.HAND;
    private static final int CRC = FpduLayout.CRC_SIZE;
    private static final int PROBE = FpduHeaderCheck.HEADER_PROBE;

    private final Direction dir;
    private final MpaListener listener;
    private final MarkerStripper markers = new MarkerStripper();
    private final FpduCrc crc = new FpduCrc();
    private final Fpdu fpdu = new Fpdu();
    private MpaConnection connection;

    /** Stream offset of the next octet. */
    long pos;
    /** Inside an FPDU that arrives in pieces. */
    boolean inFpdu;
    /** The last call stopped: the FPDU at {@link #fStart} has a header that is not an FPDU's. */
    boolean lost;
    /** An FPDU start proven by the FPDUs after it: its header is not judged again. */
    long trustedAt = -1;
    /** Stream offset of the current FPDU, the frame of its first octet and that frame's capture time. */
    long fStart;
    long fFirstFrame;
    long fFirstTime;
    private int imgLen;
    private int imgNeed;
    private boolean headerChecked;
    /** Image octets of the current FPDU captured before the snapshot length cut it, or -1 when none was cut. */
    private int snappedAt = -1;
    /**
     * The FPDU being assembled. It starts small and grows to the image length announced by the
     * ULPDU_Length field, so that a capture with many idle connections does not cost a maximal
     * FPDU buffer per direction.
     */
    private byte[] asm = new byte[INITIAL_ASSEMBLY];
    /**
     * The last {@link #BACK} stream octets before the current call of {@link #decode}, and the
     * ones before the FPDU being assembled: when an FPDU is not where the previous one ended, the
     * next one may start up to a pad and a CRC field earlier (both missing), so the rescan starts
     * there.
     */
    private final byte[] hist = new byte[BACK];
    private int histLen;
    private final byte[] pre = new byte[BACK];
    private int preLen;
    private long preFrame;
    private long preTime;
    /** The wire octets of the FPDU being assembled until its header is judged (header probe and a marker). */
    private final byte[] head = new byte[PROBE + FpduLayout.MARKER_SIZE];
    private int headLen;

    FpduFramer(Direction dir, MpaListener listener) {
        this.dir = dir;
        this.listener = listener;
        fpdu.direction = dir;
    }

    int assemblyCapacity() {
        return asm.length;
    }

    boolean markersOn() {
        return markers.on();
    }

    long markerOrigin() {
        return markers.origin();
    }

    boolean crcOn() {
        return crc.on();
    }

    /**
     * Starts framing at stream offset {@code at} of a connection, the last {@code histLen} octets
     * before it being {@code before[histOff..]}.
     */
    void start(MpaConnection c, long at, boolean markersUsed, long markerOrigin, boolean crcUsed, byte[] before,
               int histOff, int histLength) {
        connection = c;
        markers.start(at, markersUsed, markerOrigin);
        crc.use(crcUsed);
        pos = at;
        inFpdu = false;
        lost = false;
        histLen = histLength;
        if (histLen > 0) {
            System.arraycopy(before, histOff, hist, 0, histLen);
        }
    }

    /**
     * Frames {@code buf[off..off+len)}, which the frame {@code frame} (captured at {@code time})
     * delivered, and returns how many octets were taken: all of them, unless framing was lost
     * ({@link #lost}).
     */
    int decode(long frame, long time, byte[] buf, int off, int len) {
        final int callOff = off;
        final int callEnd = off + len;
        while (off < callEnd) {
            if (lost) {
                return off - callOff;
            }
            if (!inFpdu) {
                int whole = whole(frame, time, buf, callOff, off, callEnd - off);
                if (whole != 0) {
                    off += Math.max(0, whole);
                    continue;
                }
                begin(frame, time, buf, callOff, off);
            }
            if (pos >= markers.next()) {
                off += marker(frame, time, buf, off, callEnd - off);
            } else {
                off += piece(frame, time, buf, off, callEnd - off);
            }
        }
        keepHist(buf, callOff, off);
        return len;
    }

    /**
     * The fast path: an FPDU that lies whole in {@code buf[off..off+len)} with no marker inside
     * is delivered in place. Returns its length, 0 when it does not lie whole there, -1 when its
     * header is not an FPDU's (then {@link #lost} is set).
     */
    private int whole(long frame, long time, byte[] buf, int callOff, int off, int len) {
        if (len < FpduLayout.LENGTH_FIELD_SIZE || markers.next() <= pos) {
            return 0;
        }
        int ulpduLength = FIELDS.ulpduLength(buf, off);
        int total = FpduLayout.imageLength(ulpduLength);
        if (total > len || markers.next() < pos + total) {
            return 0;
        }
        if (pos != trustedAt && !FpduHeaderCheck.plausibleHeader(buf, off, Math.min(PROBE, total))) {
            // Not an FPDU where the previous one ended: look around for the next one.
            fStart = pos;
            headLen = 0;
            keepPre(frame, time, buf, callOff, off);
            lose();
            return -1;
        }
        long computed = crc.ofImage(buf, off, total);
        fStart = pos;
        fFirstFrame = frame;
        fFirstTime = time;
        markers.fpduStarts();
        pos += total;
        deliver(frame, time, buf, off, ulpduLength, total, computed, total);
        return total;
    }

    /** An FPDU that arrives in pieces begins at {@code buf[off]}. */
    private void begin(long frame, long time, byte[] buf, int callOff, int off) {
        inFpdu = true;
        fStart = pos;
        fFirstFrame = frame;
        fFirstTime = time;
        imgLen = 0;
        imgNeed = -1;
        markers.fpduStarts();
        headLen = 0;
        headerChecked = pos == trustedAt;
        snappedAt = -1;
        keepPre(frame, time, buf, callOff, off);
        crc.start();
    }

    /** Octets of a marker inside the FPDU being assembled; returns how many were taken. */
    private int marker(long frame, long time, byte[] buf, int off, int len) {
        int n = markers.take(pos, buf, off, len);
        if (n <= 0) {
            // the marker account and the stream disagree: look for the next FPDU rather than stall
            lose();
            return 0;
        }
        if (!headerChecked) {
            keepHead(buf, off, n);
        }
        crc.marker(buf, off, n, imgLen, imgNeed);
        pos += n;
        if (markers.complete() && !markers.check(fStart)) {
            markerInvalid(frame, time);
        }
        return n;
    }

    /** Image octets of the FPDU being assembled, up to the next marker; returns how many were taken. */
    private int piece(long frame, long time, byte[] buf, int off, int len) {
        int want = (imgNeed < 0 ? FpduLayout.LENGTH_FIELD_SIZE : imgNeed) - imgLen;
        if (!headerChecked) {
            // Stop at the end of the header probe: its wire octets are kept for a rescan.
            want = Math.min(want, PROBE - imgLen);
        }
        int n = (int) Math.min(Math.min(len, want), markers.next() - pos);
        if (!headerChecked) {
            keepHead(buf, off, n);
        }
        crc.image(buf, off, n, imgLen, imgNeed);
        if (imgLen + n > asm.length) {
            asm = java.util.Arrays.copyOf(asm, Math.min(FpduLayout.MAX_IMAGE, Math.max(imgLen + n, asm.length * 2)));
        }
        System.arraycopy(buf, off, asm, imgLen, n);
        imgLen += n;
        pos += n;
        if (imgNeed < 0 && imgLen >= FpduLayout.LENGTH_FIELD_SIZE) {
            imgNeed = FpduLayout.imageLength(FIELDS.ulpduLength(asm, 0));
        }
        if (!headerChecked && imgNeed >= 0 && imgLen >= Math.min(PROBE, imgNeed)) {
            headerChecked = true;
            if (!FpduHeaderCheck.plausibleHeader(asm, 0, Math.min(imgLen, PROBE))) {
                lose();
                return n;
            }
        }
        if (imgLen == imgNeed) {
            inFpdu = false;
            if (snappedAt >= 0) {
                deliverSnapped(frame, time);
            } else {
                deliver(frame, time, asm, 0, FIELDS.ulpduLength(asm, 0), imgNeed, crc.value(), (int) (pos - fStart));
            }
        }
        return n;
    }

    private void keepHead(byte[] buf, int off, int n) {
        System.arraycopy(buf, off, head, headLen, n);
        headLen += n;
    }

    private void lose() {
        lost = true;
        inFpdu = false;
        trustedAt = -1;
    }

    /**
     * After framing was lost: puts into {@code p} the octets a search for the next FPDU starts
     * with, from a few octets before the FPDU expected (a missing pad or CRC field) to where the
     * decoder stopped.
     */
    void handOver(Pending p, long frame, long time) {
        p.clear(fStart - preLen);
        if (preLen > 0) {
            p.append(preFrame, preTime, pre, 0, preLen);
        }
        if (headLen > 0) {
            p.append(frame, time, head, 0, headLen);
        }
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
    private void keepPre(long frame, long time, byte[] buf, int callOff, int off) {
        int inBuf = Math.min(off - callOff, BACK);
        int fromHist = Math.min(histLen, BACK - inBuf);
        System.arraycopy(hist, histLen - fromHist, pre, 0, fromHist);
        System.arraycopy(buf, off - inBuf, pre, fromHist, inBuf);
        preLen = fromHist + inBuf;
        preFrame = frame;
        preTime = time;
    }

    private void markerInvalid(long frame, long time) {
        long at = markers.lastAt;
        long expected = at - fStart;
        listener.issue(connection, new StreamIssue(StreamIssue.Kind.MARKER_INVALID, frame, time, dir, at,
                FpduLayout.MARKER_SIZE, "marker at stream offset " + at + " has FPDUPTR " + markers.lastPtr
                + " but the FPDU starts " + expected + " octets before it, at stream offset " + fStart
                + (markers.lastReservedZero ? "" : "; reserved octets not zero")));
    }

    private void deliver(long frame, long time, byte[] b, int imgOff, int ulpduLength, int total, long computed,
                         int wireLength) {
        int pad = total - FpduLayout.LENGTH_FIELD_SIZE - CRC - ulpduLength;
        long field = FIELDS.crcField(b, imgOff + total - CRC);
        int padOctets = 0;
        for (int i = 0; i < pad; i++) {
            padOctets = padOctets << 8 | b[imgOff + FpduLayout.LENGTH_FIELD_SIZE + ulpduLength + i] & 0xff;
        }
        boolean padZero = padOctets == 0;
        Fpdu f = describe(frame, time, wireLength, ulpduLength, pad);
        f.crcField = field;
        f.crcComputed = computed;
        f.crcOk = crc.verdict(computed, field);
        f.truncated = false;
        f.snapped = false;
        f.buf = b;
        f.ulpduOffset = imgOff + FpduLayout.LENGTH_FIELD_SIZE;
        f.ulpduAvailable = ulpduLength;
        f.padNonZero = !padZero;
        f.padOctets = padOctets;
        listener.fpdu(connection, f);
    }

    private Fpdu describe(long frame, long time, int wireLength, int ulpduLength, int pad) {
        Fpdu f = fpdu;
        f.frame = frame;
        f.firstFrame = fFirstFrame;
        f.timeNanos = time;
        f.firstTimeNanos = fFirstTime;
        f.streamOffset = fStart;
        f.wireLength = wireLength;
        f.ulpduLength = ulpduLength;
        f.padLength = pad;
        f.markers = markers.count;
        f.badMarkers = markers.bad;
        f.markerOrigin = markers.on() ? markers.origin() : -1;
        return f;
    }

    /**
     * The capture's snapshot length left out the next {@code n} stream octets. The FPDU being
     * assembled, when its length field and header were captured, goes on: the cut octets count as
     * its image octets and markers, it is delivered cut ({@link Fpdu#snapped}) once its end has
     * passed, and framing continues after it. Returns false when the cut goes beyond what is known
     * of the FPDUs: whole FPDUs may lie in it, and the next captured octet is taken to begin one
     * (senders align FPDUs with TCP segments, as RFC 5044 recommends; a header that is not an
     * FPDU's there loses framing as usual).
     */
    boolean skip(long frame, long time, long n) {
        long end = pos + n;
        if (inFpdu && imgNeed >= 0 && headerChecked) {
            if (snappedAt < 0) {
                snappedAt = imgLen;
            }
            while (pos < end && imgLen < imgNeed) {
                if (pos >= markers.next()) {
                    pos += markers.skip(pos, end);
                } else {
                    long step = Math.min(Math.min(end, markers.next()) - pos, imgNeed - imgLen);
                    imgLen += (int) step;
                    pos += step;
                }
            }
            if (imgLen < imgNeed) {
                return true;
            }
            inFpdu = false;
            deliverSnapped(frame, time);
            if (pos == end) {
                return true;
            }
        }
        // an FPDU whose length field or header was cut is not delivered: nothing of it is known
        inFpdu = false;
        pos = end;
        markers.start(pos, markers.on(), markers.origin());
        trustedAt = -1;
        histLen = 0;
        return false;
    }

    /** Delivers the FPDU whose end the snapshot length cut, with the octets captured before the cut. */
    private void deliverSnapped(long frame, long time) {
        int kept = snappedAt;
        snappedAt = -1;
        deliverCut(frame, time, kept, true);
    }

    /**
     * The capture or a gap cuts the FPDU being assembled: a TRUNCATED issue, then what is present
     * of the FPDU, when its length field is.
     */
    void truncate(long frame, long time, String why) {
        listener.issue(connection, new StreamIssue(StreamIssue.Kind.TRUNCATED, frame, time, dir, fStart, pos - fStart,
                why));
        cut(frame, time, false);
    }

    /**
     * The snapshot length cuts the FPDU being assembled where the framer cannot skip the octets
     * cut (markers are in use): what is present of it, when its length field is, as {@link #skip}
     * delivers an FPDU, no fault of the traffic. Framing is lost after it.
     */
    void snap(long frame, long time) {
        cut(frame, time, true);
    }

    private void cut(long frame, long time, boolean snapped) {
        inFpdu = false;
        int kept = snappedAt >= 0 ? snappedAt : imgLen;
        snappedAt = -1;
        if (kept >= FpduLayout.LENGTH_FIELD_SIZE) {
            deliverCut(frame, time, kept, snapped);
        }
    }

    /**
     * Delivers the FPDU being assembled, of which the first {@code kept} image octets are at hand:
     * its CRC unchecked, {@code snapped} when the rest was sent but not captured.
     */
    private void deliverCut(long frame, long time, int kept, boolean snapped) {
        int ulpduLength = FIELDS.ulpduLength(asm, 0);
        Fpdu f = describe(frame, time, (int) (pos - fStart), ulpduLength, FpduLayout.padLength(ulpduLength));
        f.crcField = 0;
        f.crcComputed = 0;
        f.crcOk = null;
        f.truncated = true;
        f.snapped = snapped;
        f.padNonZero = false;
        f.padOctets = 0;
        f.buf = asm;
        f.ulpduOffset = FpduLayout.LENGTH_FIELD_SIZE;
        f.ulpduAvailable = Math.max(0, Math.min(ulpduLength, kept - FpduLayout.LENGTH_FIELD_SIZE));
        listener.fpdu(connection, f);
    }
}

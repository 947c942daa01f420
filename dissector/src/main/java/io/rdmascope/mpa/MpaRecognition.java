package io.rdmascope.mpa;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rdmascope.ksy.Mpa;
import io.rdmascope.tcp.Direction;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * MPA detection on one direction of a TCP connection: whether its first octets are an MPA Request
 * or Reply frame (RFC 5044 section 7.1, RFC 6581 section 3), what that frame says, and what is
 * known of markers and CRC before the framing begins: from the two frames, from one of them and
 * the octets that follow it, or, when neither frame was captured, from the FPDUs an
 * {@link FpduSearch} finds in the octets.
 */
final class MpaRecognition {
    private MpaRecognition() {}

    /** {@link #handshakeLength}: not a Request/Reply; more octets are needed. */
    static final int NOT_HANDSHAKE = -1;
    static final int NEED_MORE = 0;
    /** Private data octets kept in a handshake event. */
    static final int PRIVATE_DATA_KEPT = 1024;

    private static final FpduReader FIELDS = FpduReader.HAND;
    private static final int HEADER = FpduLayout.REQUEST_REPLY_HEADER;
    private static final byte[] REQUEST_KEY = "MPA ID Req Frame".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REPLY_KEY = "MPA ID Rep Frame".getBytes(StandardCharsets.US_ASCII);

    /**
     * Whether the octets held from the start of a stream are a Request or Reply frame: its length,
     * or {@link #NOT_HANDSHAKE}, or {@link #NEED_MORE}. When the stream ended ({@code ended}), a
     * frame cut short has the length its header announces.
     */
    static int handshakeLength(Pending p, boolean ended) {
        int k = Math.min(FpduLayout.KEY_SIZE, p.length);
        if (!prefix(p.data, k, REQUEST_KEY) && !prefix(p.data, k, REPLY_KEY)) {
            return NOT_HANDSHAKE;
        }
        if (p.length < HEADER) {
            return ended ? NOT_HANDSHAKE : NEED_MORE;
        }
        int frameLen = HEADER + FIELDS.pdLength(p.data, 0);
        return p.length < frameLen && !ended ? NEED_MORE : frameLen;
    }

    private static boolean prefix(byte[] a, int k, byte[] key) {
        for (int i = 0; i < k; i++) {
            if (a[i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    /** The Request or Reply frame of {@code frameLen} octets at the start of {@code p} (perhaps cut short). */
    static MpaHandshake read(Pending p, int frameLen, Direction dir) {
        int have = Math.min(frameLen, p.length);
        int kept = Math.min(have - HEADER, PRIVATE_DATA_KEPT);
        Mpa.RequestReply rr;
        try {
            rr = new Mpa.RequestReply(new ByteBufferKaitaiStream(ByteBuffer.wrap(p.data, 0, HEADER + kept).slice()));
        } catch (RuntimeException e) {
            rr = null;
        }
        long frame = p.frameAt(p.base + have - 1);
        long time = p.timeAt(p.base + have - 1);
        byte[] pd = java.util.Arrays.copyOfRange(p.data, HEADER, HEADER + kept);
        boolean request = rr != null ? rr.isRequest() : prefix(p.data, FpduLayout.KEY_SIZE, REQUEST_KEY);
        if (rr == null) {
            return new MpaHandshake(frame, time, dir, request, false, false, false, false, 0, 0, frameLen - HEADER, pd,
                    null, null, 0, 0, p.base, frameLen);
        }
        Mpa.IrdOrd io = rr.irdOrd();
        return new MpaHandshake(frame, time, dir, request, rr.markerFlag(), rr.crcFlag(), rr.rejectFlag(),
                rr.enhancedFlag(),
                (int) rr.reservedFlags() | (rr.enhancedFlag() && rr.revision() < 2 ? 0x10 : 0),
                rr.revision(), rr.pdLength(), pd,
                io == null ? null : (int) io.ird(), io == null ? null : (int) io.ord(),
                io == null ? 0 : (io.irdPeerToPeerA() ? 2 : 0) | (io.irdPeerToPeerB() ? 1 : 0),
                io == null ? 0 : (io.ordPeerToPeerC() ? 2 : 0) | (io.ordPeerToPeerD() ? 1 : 0),
                p.base, frameLen);
    }

    /**
     * CRC on a direction whose own frame or peer's frame may be missing: 1 when either frame has
     * C set, 0 when both frames are there without it, else what the other direction inferred
     * ({@code decided}), else -1 (unknown).
     */
    static int crcMode(MpaHandshake own, MpaHandshake peer, Boolean decided) {
        if ((peer != null && peer.crcFlag()) || (own != null && own.crcFlag())) {
            return 1;
        }
        if (peer != null && own != null) {
            return 0;
        }
        if (decided != null) {
            return decided ? 1 : 0;
        }
        return -1;
    }

    /**
     * Recognition of a direction without a captured frame: what the search is told. Markers are
     * known when the peer's frame is (its M flag); the connection may decide for no markers early
     * unless the other direction, already framing, uses them.
     */
    static void prepare(FpduSearch search, MpaHandshake own, MpaHandshake peer, Boolean decided,
                        boolean recognised, boolean peerFramesWithoutMarkers) {
        search.forRecognition(peer != null, peer != null && peer.markerFlag(), crcMode(own, peer, decided),
                recognised, !recognised || peerFramesWithoutMarkers);
    }

    /**
     * After this direction's own frame, when the peer's will not come: markers are in use when
     * the first octets after the frame are a marker (FPDUPTR 0 on the first FPDU).
     */
    static boolean markersAfterOwnFrame(Pending p) {
        return p.length >= FpduLayout.MARKER_SIZE && p.data[0] == 0 && p.data[1] == 0 && p.data[2] == 0
                && p.data[3] == 0;
    }
}

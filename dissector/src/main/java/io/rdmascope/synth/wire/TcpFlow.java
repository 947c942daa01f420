package io.rdmascope.synth.wire;

import java.util.ArrayList;
import java.util.List;

/**
 * A simulated TCP connection between two endpoints that writes every frame of it: the three-way
 * handshake (MSS option on SYN and SYN-ACK), data segmented by MSS or at given cut points, ACKs from
 * the receiving peer (one per segment or one per two segments), FIN close and RST. Sequence numbers
 * start from each endpoint's ISN and wrap at 2^32.
 *
 * <p>Faults that a capture can show are applied per data segment: a dropped frame (lost from the
 * capture, still received by the peer, so the peer's ACKs cover it), a duplicated frame
 * (retransmission), two segments swapped (reordering; the peer ACKs only contiguous data) and a
 * capture cut.
 */
public final class TcpFlow {
    /** One endpoint of the connection. */
    public static final class End {
        public final byte[] mac;
        public final int ip;
        public final int port;
        public final int isn;
        /** Next sequence number this endpoint sends. */
        public int seq;
        public int ipId;
        public int window = 65535;

        public End(byte[] mac, int ip, int port, int isn, int ipId) {
            this.mac = mac;
            this.ip = ip;
            this.port = port;
            this.isn = isn;
            this.seq = isn;
            this.ipId = ipId;
        }
    }

    /** Segment-level faults for one call of {@link #send}. Indices count data segments in that call. */
    public static final class Faults {
        public final List<Integer> drop = new ArrayList<>();
        public final List<Integer> duplicate = new ArrayList<>();
        public final List<Integer> swap = new ArrayList<>();
        public int cutIndex = -1;
        public int cutBytes;

        public boolean isEmpty() {
            return drop.isEmpty() && duplicate.isEmpty() && swap.isEmpty() && cutIndex < 0;
        }
    }

    public enum AckMode { PER_SEGMENT, DELAYED }

    public final End initiator;
    public final End responder;
    private final Emitter em;
    private final int mss;
    private final AckMode ackMode;

    public TcpFlow(End initiator, End responder, Emitter emitter, int mss, AckMode ackMode) {
        this.initiator = initiator;
        this.responder = responder;
        this.em = emitter;
        this.mss = mss;
        this.ackMode = ackMode;
    }

    public int mss() {
        return mss;
    }

    public End peer(End e) {
        return e == initiator ? responder : initiator;
    }

    public void handshake() {
        byte[] opt = FrameBuilder.mssOption(mss);
        frame(initiator, FrameBuilder.SYN, opt, null, 0, 0);
        initiator.seq++;
        frame(responder, FrameBuilder.SYN | FrameBuilder.ACK, opt, null, 0, 0);
        responder.seq++;
        frame(initiator, FrameBuilder.ACK, null, null, 0, 0);
    }

    /** Sends {@code data} from {@code from}, cut at MSS boundaries. */
    public void send(End from, byte[] data) {
        send(from, data, null, null);
    }

    /**
     * Sends {@code data} from {@code from}. {@code cuts} (ascending offsets into data) gives where
     * segments end; a run longer than MSS is still split by MSS. Null means MSS only.
     */
    public void send(End from, byte[] data, int[] cuts, Faults faults) {
        List<int[]> segs = new ArrayList<>();   // {offset, length}
        int prev = 0;
        int ci = 0;
        while (prev < data.length) {
            int end = data.length;
            while (cuts != null && ci < cuts.length && cuts[ci] <= prev) {
                ci++;
            }
            if (cuts != null && ci < cuts.length && cuts[ci] < end) {
                end = cuts[ci];
            }
            end = Math.min(end, prev + mss);
            segs.add(new int[] {prev, end - prev});
            prev = end;
        }
        sendSegments(from, data, segs, faults == null ? new Faults() : faults);
    }

    private void sendSegments(End from, byte[] data, List<int[]> segs, Faults f) {
        End to = peer(from);
        int base = from.seq;
        // order of transmission: {segment index, duplicate?}
        List<int[]> order = new ArrayList<>();
        for (int i = 0; i < segs.size(); i++) {
            order.add(new int[] {i, 0});
            if (f.duplicate.contains(i)) {
                order.add(new int[] {i, 1});
            }
        }
        for (int s : f.swap) {
            int a = indexOf(order, s), b = indexOf(order, s + 1);
            if (a >= 0 && b >= 0) {
                int[] t = order.get(a);
                order.set(a, order.get(b));
                order.set(b, t);
            }
        }
        boolean[] received = new boolean[segs.size()];
        int contiguous = 0;   // segments received in order
        int sinceAck = 0;
        for (int k = 0; k < order.size(); k++) {
            int i = order.get(k)[0];
            int[] seg = segs.get(i);
            int seq = base + seg[0];
            int cut = i == f.cutIndex && order.get(k)[1] == 0 ? f.cutBytes : -1;
            if (!f.drop.contains(i) || order.get(k)[1] == 1) {
                int len = em.frames().build(from.mac, to.mac, from.ip, to.ip, from.ipId++ & 0xFFFF, from.port, to.port,
                        seq, to.seq, FrameBuilder.PSH | FrameBuilder.ACK, from.window, null, data, seg[0], seg[1]);
                em.emit(len, cut);
            }
            received[i] = true;
            while (contiguous < segs.size() && received[contiguous]) {
                contiguous++;
            }
            sinceAck++;
            boolean lastOne = k == order.size() - 1;
            if (ackMode == AckMode.PER_SEGMENT || sinceAck >= 2 || lastOne) {
                int ackSeq = contiguous == 0 ? base : base + segs.get(contiguous - 1)[0] + segs.get(contiguous - 1)[1];
                int len = em.frames().build(to.mac, from.mac, to.ip, from.ip, to.ipId++ & 0xFFFF, to.port, from.port,
                        to.seq, ackSeq, FrameBuilder.ACK, to.window, null, null, 0, 0);
                em.emit(len);
                sinceAck = 0;
            }
        }
        from.seq = base + data.length;
    }

    private static int indexOf(List<int[]> order, int seg) {
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i)[0] == seg && order.get(i)[1] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Orderly close started by {@code from}: FIN-ACK, the peer's FIN-ACK, the final ACK. */
    public void fin(End from) {
        End to = peer(from);
        frame(from, FrameBuilder.FIN | FrameBuilder.ACK, null, null, 0, 0);
        from.seq++;
        frame(to, FrameBuilder.FIN | FrameBuilder.ACK, null, null, 0, 0);
        to.seq++;
        frame(from, FrameBuilder.ACK, null, null, 0, 0);
    }

    /** Abortive close: a RST (with ACK) from {@code from}. */
    public void rst(End from) {
        frame(from, FrameBuilder.RST | FrameBuilder.ACK, null, null, 0, 0);
    }

    private void frame(End from, int flags, byte[] options, byte[] data, int off, int len) {
        End to = peer(from);
        int n = em.frames().build(from.mac, to.mac, from.ip, to.ip, from.ipId++ & 0xFFFF, from.port, to.port,
                from.seq, to.seq, flags, from.window, options, data, off, len);
        em.emit(n);
    }
}

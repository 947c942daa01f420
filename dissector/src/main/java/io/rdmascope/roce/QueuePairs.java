package io.rdmascope.roce;

import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.rdma.RdmaEvent.Finding;
import io.rdmascope.rdma.RdmaEvent.Kind;
import io.rdmascope.rdma.RdmaListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The queue-pair stage: ties each reliable-connection packet to its {@link QpConnection} (set up by
 * the CM MADs on QP1, or inferred from the traffic), follows each direction's packet sequence
 * numbers and turns the packets into transport-neutral {@link RdmaEvent}s.
 *
 * <p>Per requester (each direction of a connection) it remembers which PSNs were seen: a request
 * packet whose PSN was seen before is a retransmission (Go-Back-N, a resumed Read), reported as
 * such and not as a new message, unless it is a duplicate: a copy of the packet just before it, with
 * no NAK between, sooner than any requester may send again (the shortest Local ACK Timeout,
 * {@link #MIN_LOCAL_ACK_TIMEOUT_NANOS}), made by the network or by the capture, not by the requester; a PSN beyond the next expected one leaves the PSNs between
 * missing, and a later first sighting of a missing PSN is a loss the requester recovered. Messages
 * are numbered per direction in the order their first packet was first seen; ACKs, NAKs and
 * responses name the requests they answer by PSN, which this stage turns into message numbers.
 *
 * <p>Bounds: at most {@link #MAX_CONNECTIONS} open connections are followed (packets of more are
 * counted, {@link #untracked()}, not judged; closed ones are forgotten to make room), the sequence
 * state of at most {@link #MAX_FOLLOWED} at once (a closed connection's state is let go, and the
 * least recently active one's when another needs room), each requester remembers the PSNs of its window ({@link SeenPsns}) and at
 * most {@link #MAX_UNANSWERED} requests awaiting their answer.
 */
public final class QueuePairs {
    public static final int MAX_CONNECTIONS = 1 << 16;
    /** Connections whose packets are followed at once (a closed one's state is let go). */
    static final int MAX_FOLLOWED = 4096;
    static final int MAX_UNANSWERED = 1 << 14;
    static final int MAX_MISSING_RANGES = 1024;
    /**
     * The shortest time after which a requester sends a packet again without a NAK: the Local ACK
     * Timeout, 4.096 µs × 2^n with n at least 1 (IBA volume 1 section 9.7.6.1.3). A copy sooner
     * than that, with no NAK between, is no retransmission.
     */
    static final long MIN_LOCAL_ACK_TIMEOUT_NANOS = 8192;
    /** Request packets a requester may have waiting for an earlier PSN. */
    static final int MAX_PENDING = 4096;
    /** Sends and Writes a requester remembers, to place packets that arrive late. */
    static final int RECENT = 64;
    private static final int PSN_MASK = 0xffffff;

    private final RdmaListener out;
    /** Connections by "address/qpn" of each side. */
    private final HashMap<String, QpConnection> byQp = new HashMap<>();
    /** REQs awaiting their REP, by the active side's address and communication ID (SIDR_REQs by their request ID). */
    private final HashMap<String, QpConnection> pending = new HashMap<>();
    /**
     * Datagram queue pairs a SIDR_REP named, by "address/qpn", until the first datagram to them
     * names the requester's queue pair.
     */
    private final HashMap<String, QpConnection> resolved = new HashMap<>();
    /** The sequence state of the queue pairs followed, least recently active first. */
    private final LinkedHashMap<QpConnection, Requester[]> state = new LinkedHashMap<>(16, 0.75f, true);
    private final List<QpConnection> connections = new ArrayList<>();
    private int nextId = 1;
    private long untracked;
    /** See {@link #idleTimeout}; 0: never. */
    private long idleNanos;
    /** Capture time of the last look for idle connections. */
    private long sweptNanos;
    /** The connection of the last packet, by its destination and queue pair. */
    private QpConnection lastConnection;
    private String lastDestination;
    private long lastQp = -1;

    public QueuePairs(RdmaListener out) {
        this.out = out;
    }

    /** The connections seen, in order of appearance. */
    public List<QpConnection> connections() {
        return connections;
    }

    /** One packet of a request in flight: which message it belongs to and where it ends. */
    private static final class Request {
        final long message;
        final int op;
        final long firstPsn;
        long lastPsn;
        /** Read Requests: the next response PSN expected. */
        long nextResponse;
        final long frame;

        Request(long message, int op, long firstPsn, long lastPsn, long frame) {
            this.message = message;
            this.op = op;
            this.firstPsn = firstPsn;
            this.lastPsn = lastPsn;
            this.nextResponse = firstPsn;
            this.frame = frame;
        }
    }

    /** What the stage keeps of one direction's requester. */
    private static final class Requester {
        long expected = -1;
        long messages;
        /** The latest messages begun (Sends and Writes), oldest first, at most {@link #RECENT}. */
        final ArrayDeque<Open> recent = new ArrayDeque<>();
        /** The request PSNs sent so far (within the requester's window). */
        final SeenPsns seen = new SeenPsns();
        /** Request packets past a PSN not seen yet, by PSN, waiting for it (at most {@link #MAX_PENDING}). */
        final HashMap<Long, IbPacket> pending = new HashMap<>();
        /** The highest PSN waiting. */
        long pendingHigh = -1;
        /** Packets are being taken after a capture loss: a message without its First is no violation. */
        boolean afterLoss;
        /**
         * Its PSNs are followed from a packet in the middle of the traffic (no set-up gave the first
         * one: the capture began while the queue pair was in use, or its state was let go): until a
         * message's First comes, a Middle or Last ends a message begun before, no violation.
         */
        boolean joined;
        long lastFrame;
        /** The PSN of the request packet seen last, or -1; whether a NAK came after it. */
        long lastPsn = -1;
        boolean nakSinceLast;
        /** The PSN of the packet sent again seen last, or -1: a retransmission right after it continues its run. */
        long resending = -1;
        /** The highest request PSN seen, or -1. */
        long highest = -1;
        final ArrayDeque<Request> unanswered = new ArrayDeque<>();
        /** Ranges of PSNs never seen before a later one, as [first, end) pairs. */
        final ArrayDeque<long[]> missing = new ArrayDeque<>();
    }

    /** A Send or Write whose last packet has not come yet. */
    private static final class Open {
        final long message;
        final boolean send;
        final long firstPsn;
        /** The PSN of the message's Last packet, once seen, else -1. */
        long lastPsn = -1;
        /** The PSN of the packet that continues the message's octets without a hole. */
        long nextPsn;
        long nextAddress;
        long bytes;
        byte[] head;
        int headLength;
        /** A packet of the message was cut by the snapshot length: the head holds the octets before its cut. */
        boolean headCut;

        Open(long message, boolean send, long firstPsn) {
            this.message = message;
            this.send = send;
            this.firstPsn = firstPsn;
            this.nextPsn = firstPsn;
        }
    }

    // ------------------------------------------------------------------ packets

    public void packet(IbPacket p) {
        if (p.opcode < 0) {
            return;
        }
        if (idleNanos > 0 && p.timeNanos - sweptNanos >= SWEEP_NANOS) {
            retireIdle(p.timeNanos, p.frame);
        }
        if (p.cm != null) {
            cm(p, p.cm);
            return;
        }
        int transport = p.transport();
        boolean datagram = transport == Opcodes.UD;
        if (transport != Opcodes.RC && transport != Opcodes.UC && !datagram && !p.cnp()
                || datagram && (p.destQp <= 1 || p.srcQp <= 1)) {
            // RD and XRC are not followed; datagrams to or from QP0 and QP1 are management's (MADs)
            return;
        }
        QpConnection c = datagram ? datagram(p) : connection(p);
        if (c == null) {
            return;
        }
        c.lastNanos = p.timeNanos;
        int side = c.side(p.destination, p.destQp);
        int d = 1 - side;
        p.connection = c.id();
        p.fromInitiator = d == 0;
        QpConnection.Counters n = c.counters;
        n.packets++;
        n.bytes += Math.max(0, p.payloadLength);
        if (p.ecn == 3) {
            n.ecnCe++;
        }
        if (p.icrcBad()) {
            n.icrcErrors++;
            wire(c, d, p, Finding.CHECKSUM, "ICRC 0x" + Long.toHexString(p.icrc) + " where the packet's octets give 0x"
                    + Long.toHexString(p.icrcComputed) + ": the packet was damaged on the way");
            return;
        }
        if (p.cnp()) {
            n.cnps++;
            return;
        }
        if (p.snapped) {
            n.snapshotCut++;
        }
        if (p.malformed != null) {
            wire(c, d, p, Finding.MALFORMED, Opcodes.name(p.opcode) + ": " + p.malformed);
            return;
        }
        if (p.snapped && p.payloadLength < 0) {
            // cut by the snapshot length inside its headers: counted, not judged
            return;
        }
        if (transport != c.service) {
            // a queue pair has one service: a responder drops a packet of another
            wire(c, d, p, Finding.MALFORMED, Opcodes.name(p.opcode) + ": a packet of the " + Opcodes.service(transport)
                    + " service to a queue pair of the " + c.serviceName() + " service");
            return;
        }
        int op = p.operation();
        if (transport == Opcodes.UC || datagram) {
            unreliable(c, d, p, op);
            return;
        }
        Requester r = requester(c, Opcodes.isRequest(op) ? d : 1 - d);
        if (Opcodes.isRequest(op)) {
            request(c, d, r, p, op);
        } else {
            response(c, 1 - d, r, p, op);
        }
    }

    /**
     * The state of direction d's requester. With {@link #MAX_FOLLOWED} connections followed
     * already, the least recently active one's state is let go first (its waiting packets taken,
     * as at the end of a capture): when it comes back, its PSNs are followed anew.
     */
    private Requester requester(QpConnection c, int d) {
        Requester[] rs = state.get(c);
        if (rs == null) {
            if (state.size() >= MAX_FOLLOWED) {
                QpConnection eldest = state.keySet().iterator().next();
                flush(eldest);
                Requester[] gone = state.remove(eldest);
                eldest.messagesBefore[0] = gone[0].messages;
                eldest.messagesBefore[1] = gone[1].messages;
                eldest.counters.sequenceStateDropped++;
            }
            rs = new Requester[] {new Requester(), new Requester()};
            rs[0].messages = c.messagesBefore[0];
            rs[1].messages = c.messagesBefore[1];
            state.put(c, rs);
        }
        return rs[d];
    }

    /** The connection a packet belongs to, made from the traffic when its set-up was not captured. */
    private QpConnection connection(IbPacket p) {
        // consecutive packets mostly go to one queue pair: no look-up for them
        if (lastConnection != null && p.destQp == lastQp && p.destination.equals(lastDestination)) {
            return lastConnection;
        }
        QpConnection c = byQp.get(key(p.destination, p.destQp));
        if (c != null) {
            remember(p, c);
            return c;
        }
        // the other side of an assumed connection whose QPN at this address is not known yet
        for (int i = connections.size() - 1; i >= 0 && i >= connections.size() - 64; i--) {
            QpConnection a = connections.get(i);
            if (a.assumed && !a.closed && a.qpn[0] < 0 && p.destination.equals(a.address[0])
                    && p.source.equals(a.address[1])) {
                a.qpn[0] = p.destQp;
                byQp.put(key(p.destination, p.destQp), a);
                return a;
            }
        }
        c = add(p.frame);
        if (c == null) {
            return null;
        }
        c.assumed = true;
        if (p.transport() == Opcodes.UC) {
            c.service = Opcodes.UC;
        }
        c.address[0] = p.source;
        c.address[1] = p.destination;
        c.qpn[1] = p.destQp;
        byQp.put(key(p.destination, p.destQp), c);
        out.rdmaConnection(c);
        return c;
    }

    /**
     * The "connection" of a datagram: the traffic between its two queue pairs (the source's from
     * its DETH), either way, whoever else sends to them; side 0 is the one that sent first.
     */
    private QpConnection datagram(IbPacket p) {
        String k = datagramKey(p.source, p.srcQp, p.destination, p.destQp);
        QpConnection c = byQp.get(k);
        if (c != null) {
            return c;
        }
        // the first datagram of a requester to the queue pair its SIDR exchange resolved
        c = resolved.get(key(p.destination, p.destQp));
        if (c != null && c.qpn[0] < 0 && p.source.equals(c.address[0])) {
            resolved.remove(key(p.destination, p.destQp));
            c.qpn[0] = p.srcQp;
            byQp.put(k, c);
            return c;
        }
        c = add(p.frame);
        if (c == null) {
            return null;
        }
        c.assumed = true;
        c.service = Opcodes.UD;
        c.address[0] = p.source;
        c.address[1] = p.destination;
        c.qpn[0] = p.srcQp;
        c.qpn[1] = p.destQp;
        byQp.put(k, c);
        out.rdmaConnection(c);
        return c;
    }

    /** The key of the datagram queue pairs at {@code a} and {@code b}, the same both ways. */
    private static String datagramKey(String a, long qa, String b, long qb) {
        String x = key(a, qa), y = key(b, qb);
        return x.compareTo(y) <= 0 ? "ud " + x + " " + y : "ud " + y + " " + x;
    }

    /**
     * A packet of an unreliable service (UC, UD): its message's packets as they come, nothing
     * answering them. A datagram is a message of one packet. A UC message that lost a packet is
     * dropped by its responder (IBA volume 1 section 9.8, the unreliable service): the PSNs it
     * missed are counted, and the packets after the loss up to the next First go to no message.
     */
    private void unreliable(QpConnection c, int d, IbPacket p, int op) {
        boolean datagram = c.service == Opcodes.UD;
        if (datagram ? op != Opcodes.SEND_ONLY && op != Opcodes.SEND_ONLY_IMM
                : !Opcodes.isSend(op) && !Opcodes.isWrite(op)) {
            return;
        }
        Requester r = requester(c, d);
        long psn = p.psn;
        Open m = null;
        if (!datagram) {
            if (r.expected >= 0 && psn != r.expected) {
                int ahead = signed(psn - r.expected);
                if (ahead > 0) {
                    c.counters.missingPackets += ahead;
                }
            }
            r.expected = (psn + 1) & PSN_MASK;
            if (!Opcodes.isFirst(op)) {
                m = placed(r, psn, Opcodes.isSend(op));
                if (m == null || m.nextPsn != psn) {
                    // its message's First, or a packet between, is missing: the responder dropped it
                    return;
                }
            }
        }
        message(c, d, r, p, op, 1, m, true);
    }

    /**
     * A new connection, or null when {@link #MAX_CONNECTIONS} are open at once (the rest are
     * counted). Closed connections are forgotten here once that many are known: the reports hold
     * them already, and a later packet for one of their queue pairs makes a new connection.
     */
    private QpConnection add(long frame) {
        if (connections.size() >= MAX_CONNECTIONS) {
            connections.removeIf(x -> x.closed);
            byQp.values().removeIf(x -> x.closed);
            pending.values().removeIf(x -> x.closed);
            resolved.values().removeIf(x -> x.closed);
            lastConnection = null;
        }
        if (connections.size() >= MAX_CONNECTIONS) {
            untracked++;
            return null;
        }
        QpConnection c = new QpConnection("q" + nextId++);
        c.createdFrame = frame;
        connections.add(c);
        return c;
    }

    /**
     * Ends each connection silent for {@code nanos} of capture time (0: never, the default) as the
     * end of the capture would end it, and forgets it: a live analysis that runs for days keeps the
     * queue pairs alive, not every one it has seen. A later packet of its queue pairs starts a new
     * connection, picked up mid-stream. Set it before the first packet.
     */
    public void idleTimeout(long nanos) {
        idleNanos = Math.max(0, nanos);
    }

    /** How often, in capture time, the connections are looked over for silence. */
    static final long SWEEP_NANOS = 1_000_000_000L;

    /** Retires the connections silent for the idle timeout at capture time {@code now}, before frame {@code frame}. */
    private void retireIdle(long now, long frame) {
        sweptNanos = now;
        Iterator<QpConnection> it = connections.iterator();
        while (it.hasNext()) {
            QpConnection c = it.next();
            if (now - c.lastNanos < idleNanos) {
                continue;
            }
            flush(c);
            state.remove(c);
            it.remove();
            for (int side = 0; side < 2; side++) {
                if (c.qpn[side] >= 0) {
                    byQp.remove(key(c.address[side], c.qpn[side]), c);
                }
            }
            if (c.service == Opcodes.UD) {
                byQp.remove(datagramKey(c.address[0], c.qpn[0], c.address[1], c.qpn[1]), c);
                resolved.remove(key(c.address[1], c.qpn[1]), c);
            }
            pending.remove(c.address[0] + "/" + c.commId[0], c);
            if (lastConnection == c) {
                lastConnection = null;
            }
            RdmaEvent e = new RdmaEvent(Kind.RETIRED, 0, frame, now);
            e.text = "silent for " + idleNanos / 1_000_000_000L + " s";
            out.rdma(c, e);
        }
    }

    /** Packets and CM requests of connections beyond {@link #MAX_CONNECTIONS}, which are not followed. */
    public long untracked() {
        return untracked;
    }

    private void remember(IbPacket p, QpConnection c) {
        lastConnection = c;
        lastDestination = p.destination;
        lastQp = p.destQp;
    }

    private static String key(String address, long qpn) {
        return address + "/" + qpn;
    }

    // ------------------------------------------------------------------ requests

    /**
     * A request packet. As the responder does (IBA volume 1 section 9.7), only the expected PSN
     * is taken; a later one waits in {@link Requester#pending}: the responder refused it, and the
     * requester sends it again after the ones before it (Go-Back-N), when that copy is the one
     * taken. A packet whose PSN was seen before is a packet sent again. When the responder shows
     * that it took PSNs the capture lacks (it acknowledges past them), they were lost by the
     * capture: the waiting packets are taken from there on.
     */
    private void request(QpConnection c, int d, Requester r, IbPacket p, int op) {
        long psn = p.psn;
        boolean copyOfLast = psn == r.lastPsn && !r.nakSinceLast;
        r.lastPsn = psn;
        r.nakSinceLast = false;
        if (copyOfLast && duplicate(c, d, r, p)) {
            return;
        }
        if (r.seen.contains(psn)) {
            retransmission(c, d, r, p, op, r.seen.frame(psn), r.seen.time(psn), r.seen.first(psn));
            return;
        }
        if (r.expected < 0) {
            r.expected = psn;
            r.joined = true;
        }
        int ahead = signed(psn - r.expected);
        IbPacket waiting = r.pending.get(psn);
        if (waiting == null) {
            if (r.highest < 0 || signed(psn - r.highest) > 0) {
                // a packet sent for the first time: a run of packets sent again is over
                r.resending = -1;
                r.highest = psn;
            } else {
                // first seen behind the highest PSN: lost the first time, carried by a run sent again
                goingBack(c, r, psn);
            }
        } else {
            retransmission(c, d, r, p, op, waiting.frame, waiting.timeNanos, psn);
            if (ahead != 0) {
                return;
            }
            // the copy the responder takes: the one it waited for since it refused the first
            r.pending.remove(psn);
        }
        if (ahead > 0) {
            if (r.pending.isEmpty() || signed(psn - r.pendingHigh) > 0) {
                missing(c, r, p, r.pending.isEmpty() ? r.expected : (r.pendingHigh + 1) & PSN_MASK, psn);
                r.pendingHigh = psn;
            }
            r.pending.put(psn, p);
            if (r.pending.size() > MAX_PENDING) {
                skipTo(c, d, r, lowestPending(r));
            }
            return;
        }
        take(c, d, r, p, op, ahead < 0);
    }

    /** Takes a request packet in PSN order ({@code late}: one the capture only now shows, behind the expected PSN). */
    private void take(QpConnection c, int d, Requester r, IbPacket p, int op, boolean late) {
        long psn = p.psn;
        long span = 1;
        if (op == Opcodes.READ_REQUEST) {
            long mtu = c.pathMtu > 0 ? c.pathMtu : 1024;
            span = Math.max(1, (p.dmaLength + mtu - 1) / mtu);
        }
        recovered(c, r, psn);
        mark(r, p, psn, span);
        length(c, d, p, op);
        if (!late) {
            r.expected = (psn + span) & PSN_MASK;
        }
        Open m = null;
        if (!Opcodes.isFirst(op) && (Opcodes.isSend(op) || Opcodes.isWrite(op))) {
            m = placed(r, psn, Opcodes.isSend(op));
        }
        message(c, d, r, p, op, span, m, late || r.afterLoss || r.joined);
        if (Opcodes.isFirst(op)) {
            r.joined = false;
        }
    }

    /**
     * The length rules of a packet that carries a message's octets (IBA volume 1 chapter 9): never
     * more than the path MTU, exactly the path MTU on a First or Middle packet, and a pad that makes
     * the payload whole 4-octet words, on a message's last packet only.
     */
    private void length(QpConnection c, int d, IbPacket p, int op) {
        int n = p.payloadLength;
        if (n < 0 || !(Opcodes.isSend(op) || Opcodes.isWrite(op) || Opcodes.isReadResponse(op))) {
            return;
        }
        boolean last = Opcodes.isLast(op);
        if (c.pathMtu > 0 && n > c.pathMtu) {
            wire(c, d, p, Finding.LENGTH, what(p) + " carries " + n + " B, more than the path MTU of " + c.pathMtu
                    + " B");
        } else if (c.pathMtu > 0 && !last && n != c.pathMtu) {
            wire(c, d, p, Finding.LENGTH, what(p) + " carries " + n + " B: a First or Middle packet carries the path"
                    + " MTU of " + c.pathMtu + " B");
        } else if ((n + p.padCount) % 4 != 0 || !last && p.padCount != 0) {
            wire(c, d, p, Finding.LENGTH, what(p) + " has a pad of " + p.padCount + " B after " + n + " B of payload"
                    + (last ? ": the two do not make whole 4-octet words" : ": only a message's last packet is padded"));
        }
    }

    private static String what(IbPacket p) {
        return Opcodes.name(p.opcode) + " with PSN " + p.psn;
    }

    /** Takes the waiting packets that now continue the expected PSN. */
    private void drain(QpConnection c, int d, Requester r) {
        while (!r.pending.isEmpty()) {
            IbPacket q = r.pending.remove(r.expected);
            if (q == null) {
                return;
            }
            take(c, d, r, q, q.operation(), false);
        }
    }

    private static long lowestPending(Requester r) {
        long best = -1;
        int bestAhead = Integer.MAX_VALUE;
        for (long psn : r.pending.keySet()) {
            int a = signed(psn - r.expected);
            if (a < bestAhead) {
                bestAhead = a;
                best = psn;
            }
        }
        return best;
    }

    /**
     * The responder took the PSNs from the expected one up to {@code psn} (excluded) and the capture
     * does not hold them: a capture loss, told once; the waiting packets are taken from {@code psn} on.
     */
    private void skipTo(QpConnection c, int d, Requester r, long psn) {
        int lost = signed(psn - r.expected);
        if (lost <= 0) {
            return;
        }
        IbPacket next = r.pending.get(psn);
        RdmaEvent e = new RdmaEvent(Kind.LOSS, d, next != null ? next.frame : r.lastFrame, 0);
        e.length = lost;
        e.text = lost + " request packet" + (lost == 1 ? "" : "s") + " before PSN " + psn + " (from PSN " + r.expected
                + ") never appear in the capture, not even as a retransmission, though the responder took them:"
                + " the capture missed them";
        c.counters.captureLost += lost;
        forget(r, r.expected, psn);
        out.rdma(c, e);
        r.expected = psn;
        r.afterLoss = true;
        drain(c, d, r);
        r.afterLoss = false;
    }

    /**
     * The responder says it took every request before {@code psn}: those the capture lacks were
     * lost by the capture.
     */
    private void responderTookBefore(QpConnection c, int d, Requester r, long psn) {
        while (r.expected >= 0 && signed(psn - r.expected) > 0) {
            long to = r.pending.isEmpty() ? psn : lowestPending(r);
            if (signed(to - psn) > 0) {
                to = psn;
            }
            if (signed(to - r.expected) <= 0) {
                return;
            }
            skipTo(c, d, r, to);
        }
    }

    private static void mark(Requester r, IbPacket p, long psn, long span) {
        long oldest = r.unanswered.isEmpty() ? -1 : r.unanswered.peekFirst().firstPsn;
        for (long i = 0; i < Math.min(span, SeenPsns.MAX); i++) {
            r.seen.add((psn + i) & PSN_MASK, p.frame, p.timeNanos, psn, oldest);
        }
        r.lastFrame = p.frame;
    }

    /** The Send or Write (as {@code send} says) whose PSNs hold {@code psn}, or null. */
    private static Open placed(Requester r, long psn, boolean send) {
        for (Iterator<Open> it = r.recent.descendingIterator(); it.hasNext(); ) {
            Open m = it.next();
            if (signed(psn - m.firstPsn) >= 0) {
                boolean inside = m.lastPsn < 0 || signed(m.lastPsn - psn) >= 0;
                return inside && m.send == send ? m : null;
            }
        }
        return null;
    }

    /**
     * A request packet seen for the first time: its event, and (at the last packet of its message)
     * its place among the requests awaiting an answer. {@code m} is the message a Middle or Last
     * packet continues, or null; {@code quiet}: a packet without its message's First is no violation
     * (the capture lost the First).
     */
    private void message(QpConnection c, int d, Requester r, IbPacket p, int op, long span, Open m, boolean quiet) {
        boolean send = Opcodes.isSend(op);
        Kind kind = send ? Kind.SEND : Opcodes.isWrite(op) ? Kind.WRITE
                : op == Opcodes.READ_REQUEST ? Kind.READ_REQUEST : Kind.ATOMIC_REQUEST;
        RdmaEvent e = new RdmaEvent(kind, d, p.frame, p.timeNanos);
        e.snapped = p.snapped;
        e.opcode = p.opcode;
        e.operation = Opcodes.name(p.opcode);
        e.queue = p.destQp;
        int bytes = Math.max(0, p.payloadLength);
        if (m == null) {
            if (!Opcodes.isFirst(op) && !quiet) {
                wire(c, d, p, Finding.SEQUENCE, Opcodes.name(p.opcode) + " with PSN " + p.psn + " continues no message: its First"
                        + " packet is not in the capture");
            }
            m = new Open(++r.messages, send, p.psn);
            m.nextAddress = p.va;
            if (kind == Kind.SEND || kind == Kind.WRITE) {
                if (r.recent.size() >= RECENT) {
                    r.recent.pollFirst();
                }
                r.recent.addLast(m);
            }
            e.first = true;
        } else if (m.lastPsn >= 0) {
            // recovered after its message's Last: its octets belong to a message that is whole already
            e.message = m.message;
            e.bytes = bytes;
            out.rdma(c, e);
            return;
        }
        e.message = m.message;
        e.key = p.rKey;
        e.length = p.dmaLength;
        e.bytes = bytes;
        e.immediate = p.immediate;
        e.invalidateKey = p.invalidateKey == null ? 0 : p.invalidateKey;
        e.invalidates = e.invalidateKey != 0;
        e.address = p.hasReth || p.hasAtomicEth ? p.va : m.nextAddress;
        m.bytes += bytes;
        if (p.psn == m.nextPsn) {
            m.nextAddress += bytes;
            m.nextPsn = (p.psn + 1) & PSN_MASK;
            if (p.head != null && (send || e.first) && !m.headCut) {
                keep(m, p.head);
            }
            if (p.snapped && (p.head == null ? bytes > 0 : p.head.length < bytes)) {
                // the capture kept only part of this packet's payload: the head ends with it
                m.headCut = true;
            }
        }
        if (Opcodes.isLast(op)) {
            e.last = true;
            e.messageBytes = m.bytes;
            e.head = m.head;
            e.headLength = m.headLength;
            m.lastPsn = (p.psn + span - 1) & PSN_MASK;
            if (c.reliable()) {
                // on an unreliable service nothing will answer it
                if (r.unanswered.size() >= MAX_UNANSWERED) {
                    r.unanswered.pollFirst();
                }
                r.unanswered.addLast(new Request(m.message, op, m.firstPsn, m.lastPsn, p.frame));
            }
        }
        out.rdma(c, e);
    }

    private static void keep(Open m, byte[] payload) {
        int n = Math.min(payload.length, IbPacket.MAX_HEAD - m.headLength);
        if (n <= 0) {
            return;
        }
        if (m.head == null) {
            m.head = new byte[Math.min(IbPacket.MAX_HEAD, Math.max(n, 64))];
        } else if (m.headLength + n > m.head.length) {
            m.head = java.util.Arrays.copyOf(m.head, Math.min(IbPacket.MAX_HEAD, Math.max(m.headLength + n, m.head.length * 2)));
        }
        System.arraycopy(payload, 0, m.head, m.headLength, n);
        m.headLength += n;
    }

    /**
     * Whether packet p, with the PSN of the request packet just before it and no NAK between, is a
     * duplicate: sooner after the first copy than any requester sends again. Counted and told, never
     * taken as a message nor as a retransmission.
     */
    private boolean duplicate(QpConnection c, int d, Requester r, IbPacket p) {
        long psn = p.psn;
        long firstFrame;
        long firstTime;
        if (r.seen.contains(psn)) {
            firstFrame = r.seen.frame(psn);
            firstTime = r.seen.time(psn);
        } else {
            IbPacket waiting = r.pending.get(psn);
            if (waiting == null) {
                return false;
            }
            firstFrame = waiting.frame;
            firstTime = waiting.timeNanos;
        }
        long delay = p.timeNanos - firstTime;
        if (delay >= MIN_LOCAL_ACK_TIMEOUT_NANOS) {
            return false;
        }
        c.counters.duplicatePackets++;
        RdmaEvent e = new RdmaEvent(Kind.DUPLICATE, d, p.frame, p.timeNanos);
        e.opcode = p.opcode;
        e.original = firstFrame;
        e.delayNanos = delay;
        e.message = messageOf(r, psn);
        e.text = Opcodes.name(p.opcode) + " with PSN " + psn + ", a copy of frame " + firstFrame + " " + micros(delay)
                + " later, sooner than the requester may send again: duplicated on the way or by the capture";
        out.rdma(c, e);
        return true;
    }

    /** A packet of a run sent again: the first of a run (not right after the last one's PSN) counts a Go-Back-N. */
    private static void goingBack(QpConnection c, Requester r, long psn) {
        if (r.resending < 0 || r.resending != ((psn - 1) & PSN_MASK)) {
            c.counters.goBackN++;
        }
        r.resending = psn;
    }

    private void retransmission(QpConnection c, int d, Requester r, IbPacket p, int op, long originalFrame,
                                long originalTime, long requestPsn) {
        QpConnection.Counters n = c.counters;
        n.retransmittedPackets++;
        goingBack(c, r, p.psn);
        long delay = p.timeNanos - originalTime;
        n.retransmitDelayNanos += Math.max(0, delay);
        n.maxRetransmitDelayNanos = Math.max(n.maxRetransmitDelayNanos, delay);
        // a Read Request sent again asks for the response from the first PSN the requester lacks
        boolean resumed = op == Opcodes.READ_REQUEST;
        if (resumed) {
            n.resumedReads++;
        }
        RdmaEvent e = new RdmaEvent(Kind.RETRANSMISSION, d, p.frame, p.timeNanos);
        e.opcode = p.opcode;
        e.original = originalFrame;
        e.delayNanos = delay;
        e.message = messageOf(r, p.psn);
        e.text = (resumed ? "Read Request resumed at PSN " + p.psn + (requestPsn != p.psn
                ? " (inside the response to PSN " + requestPsn + ")" : "")
                : Opcodes.name(p.opcode) + " with PSN " + p.psn)
                + ", sent again " + micros(delay) + " after frame " + originalFrame;
        out.rdma(c, e);
    }

    /** The message of a request PSN among those awaiting an answer, or -1. */
    private static long messageOf(Requester r, long psn) {
        for (Request q : r.unanswered) {
            if (within(psn, q.firstPsn, q.lastPsn)) {
                return q.message;
            }
        }
        for (Open m : r.recent) {
            if (signed(psn - m.firstPsn) >= 0 && m.lastPsn < 0) {
                return m.message;
            }
        }
        return -1;
    }

    /** PSNs [from, to) not seen before a later one: lost before the capture point, or by the capture. */
    private void missing(QpConnection c, Requester r, IbPacket p, long from, long to) {
        int count = signed(to - from);
        if (count <= 0) {
            return;
        }
        c.counters.missingPackets += count;
        if (r.missing.size() >= MAX_MISSING_RANGES) {
            r.missing.pollFirst();
        }
        r.missing.addLast(new long[] {from, to, p.frame, count});
    }

    /** Forgets the missing PSNs in [from, to): the capture lost them. */
    private static void forget(Requester r, long from, long to) {
        r.missing.removeIf(g -> within(g[0], from, (to - 1) & PSN_MASK));
    }

    /** A first sighting of a PSN that was missing: a packet lost before the capture point and sent again. */
    private static void recovered(QpConnection c, Requester r, long psn) {
        for (Iterator<long[]> it = r.missing.iterator(); it.hasNext(); ) {
            long[] g = it.next();
            if (within(psn, g[0], (g[1] - 1) & PSN_MASK)) {
                c.counters.recoveredPackets++;
                if (--g[3] <= 0) {
                    it.remove();
                }
                return;
            }
        }
    }

    // ------------------------------------------------------------------ responses

    /** A packet from the responder of requester direction {@code d}: an ACK, a NAK, a Read Response, an Atomic ACK. */
    private void response(QpConnection c, int d, Requester r, IbPacket p, int op) {
        int kind = p.syndrome < 0 ? 0 : (p.syndrome >> 5) & 3;
        // what the responder says it took, from its answer's PSN
        if (op == Opcodes.ACKNOWLEDGE && kind != 0 || Opcodes.isReadResponse(op)) {
            responderTookBefore(c, d, r, p.psn);
        } else if (op == Opcodes.ACKNOWLEDGE || op == Opcodes.ATOMIC_ACKNOWLEDGE) {
            responderTookBefore(c, d, r, (p.psn + 1) & PSN_MASK);
        }
        if (kind != 0 && (op == Opcodes.ACKNOWLEDGE)) {
            nak(c, d, r, p, kind, p.syndrome & 0x1f);
            return;
        }
        if (Opcodes.isReadResponse(op)) {
            readResponse(c, d, r, p, op);
            return;
        }
        if (op == Opcodes.ATOMIC_ACKNOWLEDGE) {
            acknowledged(c, d, r, p, p.psn, true);
            return;
        }
        if (op == Opcodes.ACKNOWLEDGE) {
            if (!acknowledged(c, d, r, p, p.psn, true)) {
                c.counters.duplicateResponses++;
            }
        }
    }

    /**
     * Ends the requests up to and with PSN {@code psn} ({@code with}) or before it: an ACK event
     * naming the last Send or Write ended, and an atomic's response. Returns whether any ended.
     */
    private boolean acknowledged(QpConnection c, int d, Requester r, IbPacket p, long psn, boolean with) {
        long lastAcked = -1;
        boolean any = false;
        while (!r.unanswered.isEmpty()) {
            Request q = r.unanswered.peekFirst();
            int after = signed(psn - q.lastPsn);
            if (after < 0 || (!with && after == 0)) {
                break;
            }
            r.unanswered.pollFirst();
            any = true;
            if (Opcodes.isAtomic(q.op)) {
                RdmaEvent e = new RdmaEvent(Kind.ATOMIC_RESPONSE, d, p.frame, p.timeNanos);
                e.opcode = p.opcode;
                e.message = q.message;
                e.first = e.last = true;
                e.bytes = 8;
                out.rdma(c, e);
            } else if (q.op != Opcodes.READ_REQUEST) {
                lastAcked = q.message;
            }
        }
        if (lastAcked >= 0) {
            RdmaEvent e = new RdmaEvent(Kind.ACK, d, p.frame, p.timeNanos);
            e.opcode = p.opcode;
            e.message = lastAcked;
            out.rdma(c, e);
        }
        return any;
    }

    private void nak(QpConnection c, int d, Requester r, IbPacket p, int kind, int code) {
        QpConnection.Counters n = c.counters;
        r.nakSinceLast = true;
        acknowledged(c, d, r, p, p.psn, false);
        RdmaEvent e = new RdmaEvent(Kind.NAK, d, p.frame, p.timeNanos);
        e.opcode = p.opcode;
        e.message = messageOf(r, p.psn);
        e.code = kind == 1 ? 0x20 | code : code;
        if (kind == 1) {
            n.rnrNaks++;
            e.text = "RNR NAK for PSN " + p.psn + ": the responder had no receive buffer; the requester waits "
                    + rnrTimer(code) + " before it sends again";
        } else if (kind == 3 && code == 0) {
            n.sequenceNaks++;
            e.text = "NAK (PSN sequence error) at PSN " + p.psn + ": the responder missed a request packet and asks"
                    + " for everything from this PSN again";
        } else {
            n.otherNaks++;
            e.text = "NAK (" + nakName(kind, code) + ") for PSN " + p.psn;
        }
        out.rdma(c, e);
    }

    private void readResponse(QpConnection c, int d, Requester r, IbPacket p, int op) {
        Request q = null;
        for (Request x : r.unanswered) {
            if (x.op == Opcodes.READ_REQUEST && within(p.psn, x.firstPsn, x.lastPsn)) {
                q = x;
                break;
            }
        }
        if (q == null || signed(p.psn - q.nextResponse) < 0) {
            c.counters.duplicateResponses++;
            if (q == null) {
                RdmaEvent e = new RdmaEvent(Kind.READ_RESPONSE, d, p.frame, p.timeNanos);
                e.opcode = p.opcode;
                e.bytes = Math.max(0, p.payloadLength);
                e.first = Opcodes.isFirst(op);
                e.last = Opcodes.isLast(op);
                if (!answeredBefore(r, p.psn)) {
                    out.rdma(c, e);
                }
            }
            return;
        }
        if (op == Opcodes.READ_RESPONSE_FIRST || op == Opcodes.READ_RESPONSE_ONLY) {
            // the responder's AETH acknowledges every request before the Read
            acknowledgedBefore(c, d, r, p, q);
        }
        q.nextResponse = (p.psn + 1) & PSN_MASK;
        length(c, 1 - d, p, op);
        RdmaEvent e = new RdmaEvent(Kind.READ_RESPONSE, d, p.frame, p.timeNanos);
        e.snapped = p.snapped;
        e.opcode = p.opcode;
        e.message = q.message;
        e.bytes = Math.max(0, p.payloadLength);
        e.first = p.psn == q.firstPsn;
        e.last = Opcodes.isLast(op) || p.psn == q.lastPsn;
        if (e.last) {
            r.unanswered.remove(q);
        }
        out.rdma(c, e);
    }

    /** Whether a response PSN lies before every request awaiting an answer (a late duplicate). */
    private static boolean answeredBefore(Requester r, long psn) {
        return r.expected >= 0 && signed(psn - r.expected) < 0;
    }

    private void acknowledgedBefore(QpConnection c, int d, Requester r, IbPacket p, Request read) {
        long lastAcked = -1;
        for (Iterator<Request> it = r.unanswered.iterator(); it.hasNext(); ) {
            Request x = it.next();
            if (x == read) {
                break;
            }
            if (x.op != Opcodes.READ_REQUEST && !Opcodes.isAtomic(x.op)) {
                lastAcked = x.message;
                it.remove();
            }
        }
        if (lastAcked >= 0) {
            RdmaEvent e = new RdmaEvent(Kind.ACK, d, p.frame, p.timeNanos);
            e.opcode = p.opcode;
            e.message = lastAcked;
            out.rdma(c, e);
        }
    }

    // ------------------------------------------------------------------ CM

    private void cm(IbPacket p, CmMessage m) {
        QpConnection c = cmConnection(p, m);
        if (c != null) {
            c.lastNanos = p.timeNanos;
            p.connection = c.id();
            p.fromInitiator = p.source.equals(c.address[0]);
        }
    }

    /** Takes a CM message: returns the connection it concerns, or null. */
    private QpConnection cmConnection(IbPacket p, CmMessage m) {
        if (!m.identified()) {
            return null;
        }
        switch (m.type) {
            case REQ -> {
                QpConnection c = requested(p, m);
                if (c == null || c.requestFrame != p.frame) {
                    return c;
                }
                c.qpn[0] = m.qpn;
                // the REQ names the PSN the active side expects first: that of the passive side's requests
                c.startingPsn[1] = m.startingPsn;
                c.responderResources[0] = m.responderResources;
                c.initiatorDepth[0] = m.initiatorDepth;
                c.pathMtu = m.mtuOctets();
                if (m.transportServiceType == 1) {
                    c.service = Opcodes.UC;
                }
                return c;
            }
            case REP -> {
                QpConnection c = pending.get(p.destination + "/" + m.remoteCommId);
                if (c == null || c.replyFrame >= 0) {
                    return c;
                }
                c.qpn[1] = m.qpn;
                c.startingPsn[0] = m.startingPsn;
                c.responderResources[1] = m.responderResources;
                c.initiatorDepth[1] = m.initiatorDepth;
                c.commId[1] = m.localCommId;
                c.replyFrame = p.frame;
                c.replyPrivateData = m.privateData;
                byQp.put(key(c.address[0], c.qpn[0]), c);
                byQp.put(key(c.address[1], c.qpn[1]), c);
                lastConnection = null;
                state.remove(c);
                requester(c, 0).expected = c.startingPsn[0];
                requester(c, 1).expected = c.startingPsn[1];
                out.rdmaConnection(c);
                return c;
            }
            case RTU -> {
                QpConnection c = byCommId(p.source, m.localCommId);
                if (c != null && c.readyFrame < 0) {
                    c.readyFrame = p.frame;
                }
                return c;
            }
            case REJ -> {
                QpConnection c = pending.get(p.destination + "/" + m.remoteCommId);
                if (c != null && c.replyFrame < 0) {
                    c.closed = true;
                    out.rdmaConnection(c);
                    RdmaEvent e = new RdmaEvent(Kind.WIRE, 1, p.frame, p.timeNanos);
                    e.finding = Finding.REJECTED;
                    e.text = "ConnectReject from " + p.source + " (" + CmMessage.rejectReason(m.reason) + ") of the "
                            + (m.which == 0 ? "ConnectRequest" : m.which == 1 ? "ConnectReply" : "exchange")
                            + " of frame " + c.requestFrame;
                    out.rdma(c, e);
                }
                return c;
            }
            case SIDR_REQ -> {
                QpConnection c = requested(p, m);
                if (c != null && c.requestFrame == p.frame) {
                    // a datagram queue pair asked for by Service ID (rdma_cm's UDP port space): its
                    // requester's queue pair is named by its first datagram
                    c.service = Opcodes.UD;
                }
                return c;
            }
            case SIDR_REP -> {
                QpConnection c = pending.get(p.destination + "/" + m.remoteCommId);
                if (c == null || c.replyFrame >= 0 || c.service != Opcodes.UD) {
                    return c;
                }
                c.replyFrame = p.frame;
                c.replyPrivateData = m.privateData;
                out.rdmaConnection(c);
                if (m.reason != 0) {
                    c.closed = true;
                    RdmaEvent e = new RdmaEvent(Kind.WIRE, 1, p.frame, p.timeNanos);
                    e.finding = Finding.REJECTED;
                    e.text = "ServiceIDResolutionResponse from " + p.source + " (" + CmMessage.sidrStatus(m.reason)
                            + ") to the ServiceIDResolutionRequest of frame " + c.requestFrame;
                    out.rdma(c, e);
                    return c;
                }
                c.qpn[1] = m.qpn;
                resolved.put(key(c.address[1], c.qpn[1]), c);
                return c;
            }
            case MRA -> {
                // the receiver needs more time before it answers: nothing changes on the queue pairs
                return pending.get(p.destination + "/" + m.remoteCommId);
            }
            case DREQ, DREP -> {
                QpConnection c = byCommId(p.source, m.localCommId);
                if (c != null && !c.closed) {
                    c.closed = true;
                    int side = p.source.equals(c.address[0]) ? 0 : 1;
                    RdmaEvent e = new RdmaEvent(Kind.CLOSE, side, p.frame, p.timeNanos);
                    e.text = m.type.displayName + " from " + p.source;
                    flush(c);
                    state.remove(c);
                    out.rdma(c, e);
                }
                return c;
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * The connection a REQ or SIDR_REQ asks for: the one the same request made before (its reply
     * lost or late), or a new one (its {@code requestFrame} this packet's) with what every request
     * names: both sides' addresses, rdma_cm's IP addresses and ports, the Service ID, the request's
     * communication ID and private data; null past {@link #MAX_CONNECTIONS}.
     */
    private QpConnection requested(IbPacket p, CmMessage m) {
        String k = p.source + "/" + m.localCommId;
        QpConnection known = pending.get(k);
        if (known != null && !known.closed) {
            return known;
        }
        QpConnection c = add(p.frame);
        if (c == null) {
            return null;
        }
        // packets name the queue pairs' ports as the MADs do (an IP address, a GID, a LID);
        // rdma_cm's private data names the hosts' IP addresses, which the reports show
        c.address[0] = p.source;
        c.address[1] = p.destination;
        c.ip[0] = m.sourceIp;
        c.ip[1] = m.destinationIp;
        c.port[0] = Math.max(0, m.sourcePort);
        c.port[1] = Math.max(0, m.destinationPort);
        c.serviceId = m.serviceId;
        c.commId[0] = m.localCommId;
        c.requestFrame = p.frame;
        c.requestPrivateData = m.privateData;
        pending.put(k, c);
        return c;
    }

    private QpConnection byCommId(String address, long commId) {
        for (int i = connections.size() - 1; i >= 0; i--) {
            QpConnection c = connections.get(i);
            for (int s = 0; s < 2; s++) {
                if (c.commId[s] == commId && address.equals(c.address[s])) {
                    return c;
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ the end

    /** The capture ended: packets still waiting for an earlier PSN are taken, the PSNs before them lost by the capture. */
    public void finish() {
        for (QpConnection c : connections) {
            flush(c);
        }
    }

    /** Takes every packet of a connection still waiting for an earlier PSN. */
    private void flush(QpConnection c) {
        Requester[] rs = state.get(c);
        if (rs == null) {
            return;
        }
        for (int d = 0; d < 2; d++) {
            Requester r = rs[d];
            while (!r.pending.isEmpty()) {
                long psn = lowestPending(r);
                if (signed(psn - r.expected) <= 0) {
                    // not ahead of the expected PSN: nothing is left to take it, and it would never go
                    r.pending.remove(psn);
                    continue;
                }
                skipTo(c, d, r, psn);
            }
        }
    }

    private void wire(QpConnection c, int d, IbPacket p, Finding finding, String text) {
        RdmaEvent e = new RdmaEvent(Kind.WIRE, d, p.frame, p.timeNanos);
        e.opcode = p.opcode;
        e.finding = finding;
        e.text = text;
        out.rdma(c, e);
    }

    // ------------------------------------------------------------------ PSN arithmetic

    /** A PSN difference as a signed 24-bit number. */
    static int signed(long diff) {
        int x = (int) (diff & PSN_MASK);
        return x >= 1 << 23 ? x - (1 << 24) : x;
    }

    /** Whether {@code psn} lies in [first, last] modulo 2^24. */
    static boolean within(long psn, long first, long last) {
        return signed(psn - first) >= 0 && signed(last - psn) >= 0;
    }

    private static String micros(long nanos) {
        return nanos < 0 ? "?" : nanos / 1000 + " us";
    }

    private static String rnrTimer(int code) {
        final String[] t = {"655.36 ms", "0.01 ms", "0.02 ms", "0.03 ms", "0.04 ms", "0.06 ms", "0.08 ms", "0.12 ms",
                "0.16 ms", "0.24 ms", "0.32 ms", "0.48 ms", "0.64 ms", "0.96 ms", "1.28 ms", "1.92 ms", "2.56 ms",
                "3.84 ms", "5.12 ms", "7.68 ms", "10.24 ms", "15.36 ms", "20.48 ms", "30.72 ms", "40.96 ms",
                "61.44 ms", "81.92 ms", "122.88 ms", "163.84 ms", "245.76 ms", "327.68 ms", "491.52 ms"};
        return t[code & 0x1f];
    }

    static String nakName(int kind, int code) {
        if (kind == 1) {
            return "RNR NAK";
        }
        return switch (code) {
            case 0 -> "PSN sequence error";
            case 1 -> "invalid request";
            case 2 -> "remote access error";
            case 3 -> "remote operational error";
            case 4 -> "invalid RD request";
            default -> "reserved NAK code " + code;
        };
    }
}

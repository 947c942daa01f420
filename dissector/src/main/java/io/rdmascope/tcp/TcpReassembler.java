package io.rdmascope.tcp;

import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reassembles both directions of every TCP connection and hands them to stream handlers.
 *
 * <p><b>Connections.</b> A connection is identified by its two endpoints. The initiator is the
 * sender of a SYN without ACK; when only the SYN-ACK was captured, its receiver; otherwise the
 * first sender seen ({@link TcpConnection#synSeen()} false). A SYN without ACK on the endpoints of
 * a connection that closed (or that is not a retransmission of the connection's own SYN) starts a
 * new connection with a new index; the old one is flushed and told the capture ended for it.
 *
 * <p><b>Stream offsets.</b> Each direction counts octets from its ISN + 1 (SYN and FIN each
 * consume one sequence number) or, without a SYN, from the first sequence number seen. 32-bit
 * sequence numbers are unwrapped to 64-bit offsets relative to the next expected octet, so
 * streams longer than 4 GiB and ISNs near 2^32 work.
 *
 * <p><b>Order.</b> Octets are delivered as soon as they are contiguous, attributed to the frame
 * whose arrival made them deliverable, with its capture time (octets flushed when the capture
 * ends: the last frame's). Retransmitted and overlapping octets are delivered once:
 * the first copy captured wins (Wireshark's default). Segments beyond a hole are buffered, at most
 * {@link #MAX_PENDING_PER_DIRECTION} octets per direction and {@link #MAX_PENDING_TOTAL} overall.
 *
 * <p><b>Gaps.</b> A hole is declared with {@link StreamHandler#gap} and the data after it
 * delivered when: the buffered data beyond it exceeds the bound; the peer acknowledges octets
 * beyond it (the receiver got what the capture missed); a FIN or RST ends the direction; the
 * capture ends.
 *
 * <p><b>Snapshot length.</b> The octets of a segment that the capture's snapshot length left out
 * (its IP length says more than its frame holds) are delivered as a {@link StreamHandler#cut} in
 * their place, not as a gap: a headers-only capture is a stream of such cuts. Out of order, they
 * wait with the buffered octets (at most {@link #MAX_CUTS} per direction; octets captured whole
 * win over them).
 *
 * <p><b>End.</b> A FIN ends its direction, a RST both; {@link StreamHandler#end} is called once per
 * direction. A closed connection keeps only its identity (so late segments are recognised and
 * dropped) and releases its buffers; with an idle time ({@link #idleTimeout}) it is forgotten once
 * it has been closed that long. When a connection is over while the capture goes on (both
 * directions ended, or retired), its handlers are told ({@link StreamHandler#retired}).
 * Directions whose handler is null are tracked for their flags only. Nothing here recurses.
 */
public final class TcpReassembler {
    /** Octets buffered beyond a hole in one direction before the hole is declared a gap. */
    public static final int MAX_PENDING_PER_DIRECTION = 4 << 20;
    /** Octets buffered over all connections before the largest buffer is flushed with gaps. */
    public static final long MAX_PENDING_TOTAL = 64L << 20;
    /** Accounting cost of one buffered chunk besides its octets (map entry and array header). */
    static final int CHUNK_OVERHEAD = 64;
    /** Cut ranges beyond a hole remembered per direction; beyond them, such a range becomes a gap. */
    static final int MAX_CUTS = 1024;
    /** Closed connections remembered before they are forgotten. */
    static final int MAX_CONNECTIONS = 1 << 20;

    private final ConnectionListener listener;
    private final int maxPendingPerDirection;
    private final long maxPendingTotal;
    private final HashMap<Key, Conn> connections = new HashMap<>();
    private final LinkedHashSet<Conn> open = new LinkedHashSet<>();
    /**
     * With an idle time: the closed connections still in the table, in order of closing, each
     * forgotten once it has been closed for longer than the idle time (so the table does not grow
     * with every connection a run that never ends sees).
     */
    private final java.util.ArrayDeque<Conn> closedOrder = new java.util.ArrayDeque<>();
    private final Key probe = new Key();
    /** The connection of the previous segment, which is in the table (consecutive segments mostly share one). */
    private Conn last;
    private int nextIndex = 1;
    /** See {@link #idleTimeout(long)}; 0: never. */
    private long idleNanos;
    /** Capture time at which open connections are next looked at for silence. */
    private long nextSweepNanos = Long.MIN_VALUE;
    private long pendingTotal;
    private long lastFrame;
    private long lastTimeNanos;

    public TcpReassembler(ConnectionListener listener) {
        this(listener, MAX_PENDING_PER_DIRECTION, MAX_PENDING_TOTAL);
    }

    TcpReassembler(ConnectionListener listener, int maxPendingPerDirection, long maxPendingTotal) {
        this.listener = listener;
        this.maxPendingPerDirection = maxPendingPerDirection;
        this.maxPendingTotal = maxPendingTotal;
    }

    /**
     * Ends every connection silent for longer than {@code nanos} of capture time as the capture's
     * end would end it, and forgets it: a later segment of its endpoints starts a new connection,
     * picked up mid-stream. For captures that never end (a live capture whose FIN or RST the kernel
     * dropped leaves a connection open for ever); 0, the default, keeps connections until they close.
     */
    public void idleTimeout(long nanos) {
        this.idleNanos = Math.max(0, nanos);
    }

    /** Directed pair of endpoints; mutable so that lookups allocate nothing. */
    private static final class Key {
        Endpoint from, to;
        int hash;

        Key set(Endpoint from, Endpoint to) {
            this.from = from;
            this.to = to;
            this.hash = from.hashCode() * 31 + to.hashCode();
            return this;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && hash == k.hash && (from == k.from || from.equals(k.from)) && (to == k.to || to.equals(k.to));
        }
    }

    /** One direction of a connection. */
    private static final class Half {
        StreamHandler handler;
        boolean started;
        /** Sequence number of stream offset 0. */
        long base;
        /** Stream offset of the next octet to deliver. */
        long next;
        /** Octets beyond a hole, by stream offset; null while none. */
        TreeMap<Long, byte[]> pending;
        /** Ranges beyond a hole that the snapshot length cut, start to end; null while none. */
        TreeMap<Long, Long> cuts;
        long pendingBytes;
        boolean finSeen;
        long finOffset;
        boolean ended;

        long unwrap(long seq) {
            long rel = (seq - base) & 0xffffffffL;
            int delta = (int) (rel - (next & 0xffffffffL));
            return next + delta;
        }
    }

    private static final class Conn {
        final TcpConnection tcp;
        final Half[] halves = {new Half(), new Half()};
        final long isn;
        boolean closed;
        /** Capture time at which the connection closed. */
        long closedAtNanos;
        /** Capture time of the connection's last segment. */
        long lastTimeNanos;

        Conn(TcpConnection tcp, long isn) {
            this.tcp = tcp;
            this.isn = isn;
        }

        /** Whether these very endpoint objects (as the decoder interns them) are this connection's. */
        boolean between(Endpoint a, Endpoint b) {
            Endpoint i = tcp.initiator(), r = tcp.responder();
            return (a == i && b == r) || (a == r && b == i);
        }
    }

    public void segment(TcpSegment s) {
        if (s.source == null || s.destination == null) {
            return;
        }
        s.streamOffset = -1;
        long frame = s.frame;
        long time = s.timestampNanos;
        lastFrame = frame;
        lastTimeNanos = time;
        boolean syn = s.has(TcpSegment.SYN), ack = s.has(TcpSegment.ACK);
        Conn c = last;
        if (c == null || !c.between(s.source, s.destination)) {
            c = connections.get(probe.set(s.source, s.destination));
        }
        if (c != null && syn && !ack
                && (c.closed || !c.tcp.synSeen() || !s.source.equals(c.tcp.initiator()) || s.seq != c.isn)) {
            retire(c);
            c = null;
        }
        if (c == null) {
            c = create(s, syn, ack);
        }
        last = c;
        c.lastTimeNanos = time;
        if (idleNanos > 0 && time >= nextSweepNanos) {
            retireIdle(time);
        }
        if (c.closed) {
            return;
        }
        Direction dir = s.source.equals(c.tcp.initiator()) ? Direction.FROM_INITIATOR : Direction.FROM_RESPONDER;
        Half h = c.halves[dir.ordinal()];
        Half r = c.halves[dir.reverse().ordinal()];
        if (ack && syn && !r.started) {
            // the SYN-ACK acknowledges the initiator's SYN: its stream starts at the ack number
            r.started = true;
            r.base = s.ack;
        }
        if (ack && r.started && !r.ended && r.handler != null) {
            long acked = r.unwrap(s.ack);
            flushTo(r, frame, time, r.finSeen ? Math.min(acked, r.finOffset) : acked);
        }
        if (!h.ended) {
            if (!h.started) {
                h.started = true;
                h.base = syn ? (s.seq + 1) & 0xffffffffL : s.seq;
            }
            long off = h.unwrap(s.seq) + (syn ? 1 : 0);
            s.streamOffset = off;
            int kept = Math.max(s.length, 0);
            int cut = s.payloadTruncated ? Math.max(0, s.wireLength - kept) : 0;
            if (kept > 0 && h.handler != null) {
                data(h, frame, time, off, s.data, s.offset, s.length);
            }
            if (cut > 0 && h.handler != null) {
                cut(h, frame, time, off + kept, cut);
            }
            if (s.has(TcpSegment.FIN)) {
                if (!h.finSeen) {
                    h.finSeen = true;
                    h.finOffset = Math.max(off + kept + cut, h.next);
                }
                flushTo(h, frame, time, h.finOffset);
                end(h, frame, time, false);
            }
        }
        if (s.has(TcpSegment.RST)) {
            flushAll(h, frame, time);
            end(h, frame, time, true);
            flushAll(r, frame, time);
            end(r, frame, time, true);
        }
        if (h.ended && r.ended) {
            retired(c, frame);
            close(c);
        }
        if (pendingTotal > maxPendingTotal) {
            shrink(frame, time);
        }
    }

    private Conn create(TcpSegment s, boolean syn, boolean ack) {
        Endpoint initiator = s.source, responder = s.destination;
        boolean synSeen = false;
        long isn = -1;
        if (syn && !ack) {
            synSeen = true;
            isn = s.seq;
        } else if (syn) {
            initiator = s.destination;
            responder = s.source;
        }
        if (connections.size() >= 2 * MAX_CONNECTIONS) {
            connections.values().removeIf(x -> x.closed);
            closedOrder.clear();
            last = null;
        }
        TcpConnection t = new TcpConnection(nextIndex++, initiator, responder, s.frame, synSeen);
        Conn c = new Conn(t, isn);
        connections.put(new Key().set(initiator, responder), c);
        connections.put(new Key().set(responder, initiator), c);
        open.add(c);
        c.halves[0].handler = listener.open(t, Direction.FROM_INITIATOR);
        c.halves[1].handler = listener.open(t, Direction.FROM_RESPONDER);
        return c;
    }

    private void data(Half h, long frame, long time, long off, byte[] buf, int o, int len) {
        long end = off + len;
        while (end > h.next) {
            if (off < h.next) {
                o += (int) (h.next - off);
                off = h.next;
            }
            if (off > h.next) {
                buffer(h, off, buf, o, (int) (end - off));
                while (h.pendingBytes > maxPendingPerDirection) {
                    gapToFirst(h, frame, time);
                }
                return;
            }
            // deliver up to the first buffered chunk: octets captured earlier win
            long stop = h.pending == null || h.pending.isEmpty() ? end : Math.min(end, h.pending.firstKey());
            if (stop <= off) {
                drain(h, frame, time);
                continue;
            }
            h.next = stop;
            h.handler.data(frame, time, off, buf, o, (int) (stop - off));
            drain(h, frame, time);
        }
    }

    /** Buffers the octets of [off, off + len) that no buffered chunk holds yet (first copy wins). */
    private void buffer(Half h, long off, byte[] buf, int o, int len) {
        if (h.pending == null) {
            h.pending = new TreeMap<>();
        }
        long end = off + len;
        long cur = off;
        Map.Entry<Long, byte[]> before = h.pending.floorEntry(off);
        if (before != null) {
            cur = Math.max(cur, before.getKey() + before.getValue().length);
        }
        while (cur < end) {
            Map.Entry<Long, byte[]> nx = h.pending.ceilingEntry(cur);
            long stop = nx == null ? end : Math.min(end, nx.getKey());
            if (stop > cur) {
                int n = (int) (stop - cur);
                byte[] piece = new byte[n];
                System.arraycopy(buf, o + (int) (cur - off), piece, 0, n);
                h.pending.put(cur, piece);
                h.pendingBytes += n + CHUNK_OVERHEAD;
                pendingTotal += n + CHUNK_OVERHEAD;
            }
            if (nx == null || nx.getKey() >= end) {
                break;
            }
            cur = Math.max(stop, nx.getKey() + nx.getValue().length);
        }
    }

    /** The snapshot length cut [off, off + len) of a segment: delivered in its place, or kept until it is next. */
    private void cut(Half h, long frame, long time, long off, int len) {
        long end = off + len;
        if (end <= h.next) {
            return;
        }
        if (off <= h.next) {
            long from = h.next;
            h.next = end;
            h.handler.cut(frame, time, from, end - from);
            drain(h, frame, time);
            return;
        }
        if (h.cuts == null) {
            h.cuts = new TreeMap<>();
        }
        h.cuts.merge(off, end, Math::max);
        if (h.cuts.size() > MAX_CUTS) {
            h.cuts.pollFirstEntry();
        }
    }

    /** The start of the first buffered chunk or cut range, {@link Long#MAX_VALUE} when none. */
    private static long firstHeld(Half h) {
        long first = h.pending == null || h.pending.isEmpty() ? Long.MAX_VALUE : h.pending.firstKey();
        return h.cuts == null || h.cuts.isEmpty() ? first : Math.min(first, h.cuts.firstKey());
    }

    /** Delivers the buffered chunks and cut ranges that have become contiguous; captured octets first. */
    private void drain(Half h, long frame, long time) {
        TreeMap<Long, byte[]> p = h.pending;
        while (true) {
            if (p == null || p.isEmpty() || p.firstKey() > h.next) {
                if (h.cuts == null || h.cuts.isEmpty() || h.cuts.firstKey() > h.next) {
                    return;
                }
                long end = h.cuts.pollFirstEntry().getValue();
                if (end > h.next) {
                    long from = h.next;
                    h.next = end;
                    h.handler.cut(frame, time, from, end - from);
                }
                continue;
            }
            long start = p.firstKey();
            byte[] b = p.pollFirstEntry().getValue();
            h.pendingBytes -= b.length + CHUNK_OVERHEAD;
            pendingTotal -= b.length + CHUNK_OVERHEAD;
            long end = start + b.length;
            if (end > h.next) {
                int skip = (int) (h.next - start);
                long off = h.next;
                h.next = end;
                h.handler.data(frame, time, off, b, skip, b.length - skip);
            }
        }
    }

    /** Declares the hole before the first buffered chunk a gap and delivers what follows it. */
    private void gapToFirst(Half h, long frame, long time) {
        if (h.pending == null || h.pending.isEmpty()) {
            h.pendingBytes = 0;
            return;
        }
        long start = firstHeld(h);
        if (start > h.next) {
            long from = h.next;
            h.next = start;
            h.handler.gap(frame, time, from, start - from);
        }
        drain(h, frame, time);
    }

    /** Makes everything before {@code limit} delivered, declaring the holes before it gaps. */
    private void flushTo(Half h, long frame, long time, long limit) {
        if (h.handler == null) {
            h.next = Math.max(h.next, limit);
            return;
        }
        while (h.next < limit) {
            long first = firstHeld(h);
            if (first <= h.next) {
                drain(h, frame, time);
                continue;
            }
            long holeEnd = Math.min(limit, first);
            long from = h.next;
            h.next = holeEnd;
            h.handler.gap(frame, time, from, holeEnd - from);
            drain(h, frame, time);
        }
    }

    private void flushAll(Half h, long frame, long time) {
        if (h.handler == null) {
            return;
        }
        while (h.pending != null && !h.pending.isEmpty()) {
            gapToFirst(h, frame, time);
        }
    }

    private void end(Half h, long frame, long time, boolean reset) {
        if (h.ended) {
            return;
        }
        h.ended = true;
        release(h);
        if (h.handler != null) {
            h.handler.end(frame, time, reset);
        }
    }

    private void release(Half h) {
        pendingTotal -= h.pendingBytes;
        h.pendingBytes = 0;
        h.pending = null;
        h.cuts = null;
    }

    /** Tells both directions' handlers that the connection is over while the capture goes on. */
    private void retired(Conn c, long frame) {
        for (Half h : c.halves) {
            if (h.handler != null) {
                h.handler.retired(frame);
            }
        }
    }

    private void close(Conn c) {
        c.closed = true;
        c.closedAtNanos = lastTimeNanos;
        open.remove(c);
        if (idleNanos > 0) {
            closedOrder.addLast(c);
        }
        for (Half h : c.halves) {
            release(h);
            h.handler = null;
        }
    }

    /**
     * Retires the open connections silent for longer than the idle time, and forgets the closed
     * ones that closed longer than the idle time ago (a late segment of theirs then starts a
     * connection of its own, as after a retirement); next looks a quarter of it later.
     */
    private void retireIdle(long now) {
        if (nextSweepNanos != Long.MIN_VALUE) {
            java.util.List<Conn> idle = new java.util.ArrayList<>();
            for (Conn c : open) {
                if (now - c.lastTimeNanos > idleNanos) {
                    idle.add(c);
                }
            }
            for (Conn c : idle) {
                retire(c);
            }
            while (!closedOrder.isEmpty() && now - closedOrder.peekFirst().closedAtNanos > idleNanos) {
                forget(closedOrder.pollFirst());
            }
        }
        nextSweepNanos = now + Math.max(1, idleNanos / 4);
    }

    /** The connection's endpoints are reused by a new one: this one ends with the capture's knowledge. */
    private void retire(Conn c) {
        if (!c.closed) {
            endWithCapture(c);
            retired(c, lastFrame);
            close(c);
        }
        forget(c);
    }

    /** Removes a connection from the table, if it is still the one its endpoints name. */
    private void forget(Conn c) {
        last = null;
        connections.remove(probe.set(c.tcp.initiator(), c.tcp.responder()), c);
        connections.remove(probe.set(c.tcp.responder(), c.tcp.initiator()), c);
    }

    private void endWithCapture(Conn c) {
        for (Half h : c.halves) {
            if (!h.ended && h.handler != null) {
                flushAll(h, lastFrame, lastTimeNanos);
                h.ended = true;
                release(h);
                h.handler.captureEnd();
            }
        }
    }

    /** Flushes the largest buffers until the overall bound holds again. */
    private void shrink(long frame, long time) {
        while (pendingTotal > maxPendingTotal) {
            Half largest = null;
            for (Conn c : open) {
                for (Half h : c.halves) {
                    if (largest == null || h.pendingBytes > largest.pendingBytes) {
                        largest = h;
                    }
                }
            }
            if (largest == null || largest.pendingBytes == 0) {
                return;
            }
            flushAll(largest, frame, time);
            if (largest.handler == null) {
                release(largest);
            }
        }
    }

    /** The capture ended: flush what can be delivered and tell open streams. */
    public void finish() {
        List<Conn> still = new ArrayList<>(open);
        for (Conn c : still) {
            endWithCapture(c);
            close(c);
        }
        open.clear();
    }

    /** Number of connections seen so far. */
    public int connectionCount() {
        return nextIndex - 1;
    }

    /** Octets buffered beyond holes over all connections, for tests and diagnostics. */
    long pendingOctets() {
        return pendingTotal;
    }
}

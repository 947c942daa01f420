package io.rdmascope.report;

import io.rdmascope.capture.Packet;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds one {@link FrameRecord} per frame from the pipeline's events and hands the records to a
 * {@link FrameSink}, in frame order, if the display filter matches. Each event is filed under
 * the frame it names (a PDU under the frame that completes it), which is not always the frame
 * being processed: the MPA stage may hold a stream back while it decides its framing and deliver
 * its events later ({@link PduListener#watermark}). A frame's record is therefore written once
 * it is done and no event for it can come any more; the records of the frames in between are
 * kept, at most {@link #MAX_HELD} of them, so memory does not grow with the capture. An event
 * for a frame already written (held back longer than that, or flushed when the capture ended)
 * comes in an extra record for its frame, marked {@link FrameRecord#endOfCapture}. The optional
 * analysis is read beside the frames, in order, holding only the transactions whose frames are
 * still to come.
 *
 * <p>Write errors of the sink come out of the listener methods as {@link UncheckedIOException}.
 */
public final class FrameCollector implements FrameListener, PduListener {
    private final DisplayFilter filter;
    private final FrameSink sink;
    private final boolean trees;
    private Iterator<Violation> violations;
    private Violation nextViolation;
    private Iterator<Transaction> transactions;
    private Transaction nextTransaction;
    /** Frames to come of the transactions initiated so far, with the ids of those transactions. */
    private final TreeMap<Long, List<String>> transactionsByFrame = new TreeMap<>();
    /** The most frame records kept while waiting for events held back by the MPA stage. */
    public static final int MAX_HELD = FrameFiling.MAX_HELD;

    /** Files the events under their frames' records, and writes the records in frame order. */
    private final FrameFiling<FrameRecord> filing = new FrameFiling<>(new FrameFiling.Records<>() {
        @Override
        public FrameRecord create(long frame, long timestampNanos, boolean late) {
            return new FrameRecord(frame, timestampNanos, null, null, null, late);
        }

        @Override
        public long frameOf(FrameRecord r) {
            return r.frame;
        }

        @Override
        public boolean isEmpty(FrameRecord r) {
            return r.pdus.isEmpty() && r.issues.isEmpty();
        }

        @Override
        public void handOn(FrameRecord r) {
            emit(r);
        }
    });
    private boolean layers;
    private boolean bytes;
    private long written;
    /** The capture's first frame time, once a frame was seen. */
    private Long firstTimestampNanos;
    private long previousTimestampNanos;
    /** Each TCP connection, by its endpoints ({@code tcp.stream} counts them in order of first frame). */
    private final Map<StreamKey, TcpStream> streams = new HashMap<>();
    /** The TCP connections that carried an MPA handshake or FPDU so far. */
    private final Set<Long> mpaStreams = new HashSet<>();

    /** The two endpoints of a TCP connection, in either order. */
    private record StreamKey(Endpoint a, Endpoint b) {
        static StreamKey of(Endpoint x, Endpoint y) {
            return x.compareTo(y) <= 0 ? new StreamKey(x, y) : new StreamKey(y, x);
        }
    }

    /**
     * @param trees whether to build detail trees (text output)
     */
    public FrameCollector(DisplayFilter filter, FrameSink sink, boolean trees) {
        this.filter = filter == null ? DisplayFilter.all() : filter;
        this.sink = sink;
        this.trees = trees;
        this.layers = trees;
    }

    /**
     * Also builds each frame's link, IP and TCP nodes ({@link FrameRecord#layers}: the summary line
     * reads them) and keeps its octets ({@link FrameRecord#bytes}: the hex dump, {@code frame
     * contains}), when asked.
     */
    public FrameCollector keep(boolean layers, boolean bytes) {
        this.layers |= layers;
        this.bytes |= bytes;
        return this;
    }

    /**
     * Makes the violations and transactions of an earlier analysis of the same capture known per
     * frame. They are read as the frames go by, so they must come in order: violations by frame,
     * transactions by initiation frame (as a {@link io.rdmascope.pipeline.FileAnalysis} holds
     * them). A transaction is held from its initiation frame to its last frame only.
     */
    public FrameCollector withAnalysis(Iterable<Violation> violations, Iterable<Transaction> transactions) {
        this.violations = violations.iterator();
        this.nextViolation = this.violations.hasNext() ? this.violations.next() : null;
        this.transactions = transactions.iterator();
        this.nextTransaction = this.transactions.hasNext() ? this.transactions.next() : null;
        return this;
    }

    /** Adds to {@code r} the violations found in its frame and the transactions that touched it. */
    private void attach(FrameRecord r) {
        long frame = r.frame;
        if (violations != null) {
            while (nextViolation != null && nextViolation.frame() <= frame) {
                if (nextViolation.frame() == frame) {
                    r.violations.add(nextViolation);
                }
                nextViolation = violations.hasNext() ? violations.next() : null;
            }
        }
        if (transactions != null) {
            while (nextTransaction != null && nextTransaction.initiationFrame <= frame) {
                Transaction t = nextTransaction;
                for (long f : framesOf(t)) {
                    if (f >= frame) {
                        List<String> ids = transactionsByFrame.computeIfAbsent(f, k -> new ArrayList<>(1));
                        if (!ids.contains(t.id)) {
                            ids.add(t.id);
                        }
                    }
                }
                nextTransaction = transactions.hasNext() ? transactions.next() : null;
            }
            while (!transactionsByFrame.isEmpty() && transactionsByFrame.firstKey() < frame) {
                transactionsByFrame.pollFirstEntry();
            }
            List<String> ts = transactionsByFrame.remove(frame);
            if (ts != null) {
                r.transactions.addAll(ts);
            }
        }
    }

    /** The frames a transaction touched: initiation, data and completion. */
    public static List<Long> framesOf(Transaction t) {
        List<Long> out = new ArrayList<>(t.dataFrames.size() + 2);
        out.add(t.initiationFrame);
        out.addAll(t.dataFrames);
        if (t.completionFrame >= 0) {
            out.add(t.completionFrame);
        }
        return out;
    }

    /** Frames handed to the sink so far. */
    public long written() {
        return written;
    }

    @Override
    public void frame(Packet packet, long position, TcpSegment tcp) {
        // A frame without TCP is rare: its layers give its addresses.
        List<FieldNode> layers = this.layers || tcp == null ? NetFields.layers(packet) : null;
        FrameRecord current = new FrameRecord(packet.frame, packet.timestampNanos, tcp == null ? null : tcp.source,
                tcp == null ? null : tcp.destination, this.layers ? layers : null, false);
        if (firstTimestampNanos == null) {
            firstTimestampNanos = packet.timestampNanos;
            previousTimestampNanos = packet.timestampNanos;
        }
        current.length = packet.originalLength;
        current.firstTimestampNanos = firstTimestampNanos;
        current.timeDeltaNanos = packet.timestampNanos - previousTimestampNanos;
        previousTimestampNanos = packet.timestampNanos;
        if (bytes) {
            current.bytes = Arrays.copyOfRange(packet.data, packet.offset, packet.offset + packet.length);
        }
        if (tcp != null) {
            current.tcpFlags = tcp.flags;
            TcpStream stream = streams.computeIfAbsent(StreamKey.of(tcp.source, tcp.destination),
                    k -> new TcpStream(streams.size(), k.a()));
            current.tcpStream = stream.index;
            stream.segment(tcp, current);
        } else {
            addresses(layers, current);
        }
        if (current.layers != null) {
            FrameLayers.addTimeAndStream(current.layers, current);
        }
        filing.frame(current);
    }

    /** The IP addresses of a frame without TCP, from its layers. */
    private static void addresses(List<FieldNode> layers, FrameRecord r) {
        for (FieldNode layer : layers) {
            if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                for (FieldNode f : layer.children()) {
                    if (f.name().equals(layer.name() + ".src")) {
                        r.ipSource = (String) f.value();
                    } else if (f.name().equals(layer.name() + ".dst")) {
                        r.ipDestination = (String) f.value();
                    }
                }
            }
        }
    }

    /**
     * A TCP connection: its index and, for each direction, what Wireshark's default relative
     * numbers and window scaling need (the first sequence number, the window scale of its SYN).
     */
    private static final class TcpStream {
        final long index;
        final Endpoint first;
        /** Base sequence number of each direction (0: from {@link #first}), -1 until seen. */
        final long[] base = {-1, -1};
        /** Window scale shift of each direction's SYN, -1 when it had none or was not seen. */
        final int[] shift = {-1, -1};
        final boolean[] syn = new boolean[2];

        TcpStream(long index, Endpoint first) {
            this.index = index;
            this.first = first;
        }

        void segment(TcpSegment tcp, FrameRecord r) {
            int d = tcp.source.equals(first) ? 0 : 1;
            boolean isSyn = tcp.has(TcpSegment.SYN);
            if (base[d] < 0) {
                // as Wireshark: the SYN is sequence number 0, else the first octet seen is 1
                base[d] = isSyn ? tcp.seq : (tcp.seq - 1) & 0xffffffffL;
            }
            if (isSyn) {
                syn[d] = true;
                shift[d] = windowShift(tcp);
            }
            r.tcpSeq = (tcp.seq - base[d]) & 0xffffffffL;
            long otherBase = base[1 - d];
            if (tcp.has(TcpSegment.ACK) && otherBase < 0) {
                base[1 - d] = (tcp.ack - 1) & 0xffffffffL;
                otherBase = base[1 - d];
            }
            r.tcpAck = otherBase < 0 || !tcp.has(TcpSegment.ACK) ? tcp.ack : (tcp.ack - otherBase) & 0xffffffffL;
            r.tcpLen = tcp.wireLength;
            boolean scaled = !isSyn && syn[0] && syn[1] && shift[0] >= 0 && shift[1] >= 0;
            r.tcpWindow = scaled ? (long) tcp.window << shift[d] : tcp.window;
        }

        /** The shift count of the window scale option of a SYN, or -1. */
        private static int windowShift(TcpSegment tcp) {
            byte[] b = tcp.data;
            int o = tcp.offset - tcp.headerLength + 20;
            int end = tcp.offset;
            while (o < end) {
                int kind = b[o] & 0xff;
                if (kind == 0) {
                    break;
                }
                if (kind == 1) {
                    o++;
                    continue;
                }
                if (o + 1 >= end) {
                    break;
                }
                int len = b[o + 1] & 0xff;
                if (len < 2 || o + len > end) {
                    break;
                }
                if (kind == 3 && len == 3) {
                    return Math.min(14, b[o + 2] & 0xff);
                }
                o += len;
            }
            return -1;
        }
    }

    /** The record an event naming {@code frame}, captured at {@code timeNanos}, goes to. */
    private FrameRecord record(long frame, long timeNanos) {
        return filing.recordOf(frame, timeNanos);
    }

    @Override
    public void watermark(long frame) {
        filing.watermark(frame);
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake handshake) {
        List<FieldNode> tree = trees ? List.of(MpaFields.handshake(handshake)) : null;
        record(handshake.frame(), handshake.timeNanos()).pdus.add(PduRecord.of(connection, handshake, tree));
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
        List<FieldNode> tree = null;
        if (trees) {
            tree = new ArrayList<>(3);
            tree.add(MpaFields.fpdu(fpdu));
            if (segment != null) {
                tree.addAll(PduFields.segment(segment));
            }
        }
        record(fpdu.frame, fpdu.timeNanos).pdus.add(PduRecord.of(connection, fpdu, segment, tree));
    }

    @Override
    public void ibPacket(IbPacket p) {
        String direction = p.fromInitiator == null ? null : p.fromInitiator ? "initiator" : "responder";
        record(p.frame, p.timeNanos).pdus.add(PduRecord.of(p.connection, direction, p, trees));
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        record(issue.frame(), issue.timeNanos()).issues.add(new FrameRecord.Issue(connection.id(), issue));
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        filing.frameDone(frame, timestampNanos);
    }

    @Override
    public void end() {
        filing.end();
        try {
            sink.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void emit(FrameRecord r) {
        if (!r.endOfCapture) {
            attach(r);
        }
        if (r.tcpStream >= 0) {
            if (!r.pdus.isEmpty()) {
                mpaStreams.add(r.tcpStream);
            } else {
                r.reassembled = r.tcpLen > 0 && mpaStreams.contains(r.tcpStream);
            }
        }
        if (!filter.test(r)) {
            return;
        }
        try {
            sink.frame(r);
            written++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    long lastFrame() {
        return filing.lastFrame();
    }
}

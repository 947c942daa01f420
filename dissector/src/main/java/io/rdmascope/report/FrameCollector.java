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
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
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
    private long written;
    /** The capture's first frame time, once a frame was seen. */
    private Long firstTimestampNanos;
    /** The index of each TCP connection ({@code tcp.stream}), in order of first frame. */
    private final Map<StreamKey, Long> streams = new HashMap<>();

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
        List<FieldNode> layers = trees ? NetFields.layers(packet) : null;
        FrameRecord current = new FrameRecord(packet.frame, packet.timestampNanos, tcp == null ? null : tcp.source,
                tcp == null ? null : tcp.destination, layers, false);
        if (firstTimestampNanos == null) {
            firstTimestampNanos = packet.timestampNanos;
        }
        current.length = packet.originalLength;
        current.firstTimestampNanos = firstTimestampNanos;
        if (tcp != null) {
            current.tcpFlags = tcp.flags;
            current.tcpStream = streams.computeIfAbsent(StreamKey.of(tcp.source, tcp.destination),
                    k -> (long) streams.size());
        }
        if (layers != null) {
            FrameLayers.addTimeAndStream(layers, current);
        }
        filing.frame(current);
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

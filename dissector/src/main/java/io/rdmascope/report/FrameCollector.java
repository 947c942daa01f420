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
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

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
 * analysis index holds one entry per frame that has a violation or a transaction.
 *
 * <p>Write errors of the sink come out of the listener methods as {@link UncheckedIOException}.
 */
public final class FrameCollector implements FrameListener, PduListener {
    private final DisplayFilter filter;
    private final FrameSink sink;
    private final boolean trees;
    private final Map<Long, List<Violation>> violationsByFrame = new HashMap<>();
    private final Map<Long, List<String>> transactionsByFrame = new HashMap<>();
    /** The most frame records kept while waiting for events held back by the MPA stage. */
    public static final int MAX_HELD = 8192;

    private final ArrayDeque<FrameRecord> held = new ArrayDeque<>();
    /** The record of the frame being processed, between {@link #frame} and {@link #frameDone}. */
    private FrameRecord current;
    /** An extra record for events naming a frame already written. */
    private FrameRecord late;
    /** The watermark told for the frame being processed, or none. */
    private long heldFrom = Long.MAX_VALUE;
    private long lastFrame;
    private long written;

    /**
     * @param trees whether to build detail trees (text output)
     */
    public FrameCollector(DisplayFilter filter, FrameSink sink, boolean trees) {
        this.filter = filter == null ? DisplayFilter.all() : filter;
        this.sink = sink;
        this.trees = trees;
    }

    /** Makes the violations and transactions of an earlier analysis of the same capture known per frame. */
    public FrameCollector withAnalysis(Collection<Violation> violations, Collection<Transaction> transactions) {
        for (Violation v : violations) {
            violationsByFrame.computeIfAbsent(v.frame(), k -> new ArrayList<>(1)).add(v);
        }
        for (Transaction t : transactions) {
            for (long f : framesOf(t)) {
                List<String> ids = transactionsByFrame.computeIfAbsent(f, k -> new ArrayList<>(1));
                if (!ids.contains(t.id)) {
                    ids.add(t.id);
                }
            }
        }
        return this;
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
        current = new FrameRecord(packet.frame, packet.timestampNanos, tcp == null ? null : tcp.source,
                tcp == null ? null : tcp.destination, layers, false);
        lastFrame = packet.frame;
    }

    /** The record an event naming {@code frame} goes to. */
    private FrameRecord record(long frame) {
        if (current != null && current.frame == frame) {
            return current;
        }
        for (Iterator<FrameRecord> it = held.descendingIterator(); it.hasNext(); ) {
            FrameRecord r = it.next();
            if (r.frame == frame) {
                return r;
            }
            if (r.frame < frame) {
                break;
            }
        }
        if (current == null && frame > lastFrame) {
            // No frame listener: events arrive between frameDone calls, for the frame to come.
            current = new FrameRecord(frame, 0, null, null, null, false);
            return current;
        }
        if (late != null && late.frame != frame) {
            emitLate();
        }
        if (late == null) {
            late = new FrameRecord(frame, 0, null, null, null, true);
        }
        return late;
    }

    private void emitLate() {
        FrameRecord r = late;
        late = null;
        if (r != null) {
            emit(r);
        }
    }

    @Override
    public void watermark(long frame) {
        heldFrom = Math.min(heldFrom, frame);
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake handshake) {
        List<FieldNode> tree = trees ? List.of(MpaFields.handshake(handshake)) : null;
        record(handshake.frame()).pdus.add(PduRecord.of(connection, handshake, tree));
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
        record(fpdu.frame).pdus.add(PduRecord.of(connection, fpdu, segment, tree));
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        record(issue.frame()).issues.add(new FrameRecord.Issue(connection.id(), issue));
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        FrameRecord r = current != null && current.frame == frame ? current
                : new FrameRecord(frame, timestampNanos, null, null, null, false);
        current = null;
        lastFrame = frame;
        emitLate();
        held.addLast(r);
        long keepFrom = Math.min(heldFrom, frame + 1);
        heldFrom = Long.MAX_VALUE;
        while (!held.isEmpty() && (held.peekFirst().frame < keepFrom || held.size() > MAX_HELD)) {
            emit(held.pollFirst());
        }
    }

    @Override
    public void end() {
        current = null;
        while (!held.isEmpty()) {
            emit(held.pollFirst());
        }
        if (late != null && (!late.pdus.isEmpty() || !late.issues.isEmpty())) {
            emitLate();
        }
        late = null;
        try {
            sink.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void emit(FrameRecord r) {
        List<Violation> vs = violationsByFrame.get(r.frame);
        if (vs != null && !r.endOfCapture) {
            r.violations.addAll(vs);
        }
        List<String> ts = transactionsByFrame.get(r.frame);
        if (ts != null && !r.endOfCapture) {
            r.transactions.addAll(ts);
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
        return lastFrame;
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.FpduRecord;
import io.rdmascope.pipeline.FrameListener;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.report.FrameFiling;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.tcp.Direction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Receives frames, iWARP events, InfiniBand packets and the engine's findings on the loading thread
 * and fills the {@link FrameIndex}, the {@link RoceFrames} and the {@link Findings}. {@link
 * #beforeEngine} takes the events of the stages ahead of the engine, {@link #afterEngine} the ends
 * of frames and of the capture after it, so that what the engine found in a frame is known when the
 * frame is filed.
 */
final class IndexLoader implements FrameListener, EngineListener {
    private static final long BATCH_NANOS = 50_000_000L;
    private static final int BATCH = 4096;
    /**
     * An event of the MPA stage waiting to be filed under its frame; an FPDU as its {@link
     * FpduRecord} (its flags, then the record), since the stage reuses its FPDU object, with the
     * octets of its segment's headers, which the index decodes again.
     */
    private record Event(MpaConnection connection, MpaHandshake handshake, long[] fpdu, DdpSegment segment,
                         byte[] headers, StreamIssue issue) {}

    /** The FPDU of the event being filed, rebuilt from its record. */
    private final Fpdu filed = new Fpdu();

    /** A frame read whose units are not filed yet, with what filing them needs of its TCP segment. */
    private static final class Pending {
        final long frame;
        /** Events naming a frame already filed: they join the last frame filed. */
        final boolean late;
        final List<Event> events = new ArrayList<>(1);
        int payloadOffset = -1;
        long segmentFrame = -1;
        long segmentStream = -1;
        Endpoint source;
        Endpoint destination;
        int tcpLength;
        String baseInfo;

        Pending(long frame, boolean late) {
            this.frame = frame;
            this.late = late;
        }
    }

    private final FrameIndex index;
    private final RoceFrames roce;
    private final Findings findings;
    private final LoadListener listener;
    private long lastFlush = System.nanoTime();
    private long announced;
    private final Map<Endpoint, Map<Endpoint, Integer>> flowIndex = new HashMap<>();

    /** The TCP segment of the frame being read, between {@link #frame} and {@link #frameDone}. */
    private TcpSegment currentSegment;
    /**
     * Frames read whose units are not filed yet, as {@code dissect} files them ({@link
     * FrameFiling}): while the MPA stage holds a stream back ({@link PduListener#watermark}),
     * units of earlier frames may still come, and the PDU table lists each frame's units
     * together, in frame order.
     */
    private final FrameFiling<Pending> held = new FrameFiling<>(new FrameFiling.Records<>() {
        @Override
        public Pending create(long frame, long timestampNanos, boolean late) {
            return new Pending(frame, late);
        }

        @Override
        public long frameOf(Pending p) {
            return p.frame;
        }

        @Override
        public boolean isEmpty(Pending p) {
            return p.events.isEmpty();
        }

        @Override
        public void handOn(Pending p) {
            fileFrame(p);
        }
    });
    /** The frame and Info text being filed. */
    private long frame;
    private Pending filing;
    /** The frame's Info text when the index cannot rebuild it, else null. */
    private StringBuilder special;
    private int pduCount;

    IndexLoader(FrameIndex index, RoceFrames roce, Findings findings, LoadListener listener) {
        this.index = index;
        this.roce = roce;
        this.findings = findings;
        this.listener = listener;
    }

    /** The events of the MPA stage, to be told before the engine. */
    PduListener beforeEngine() {
        return new PduListener() {
            @Override
            public void connection(MpaConnection c) {
                IndexLoader.this.connection(c);
            }

            @Override
            public void handshake(MpaConnection c, MpaHandshake h) {
                IndexLoader.this.handshake(c, h);
            }

            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                IndexLoader.this.pdu(c, f, s);
            }

            @Override
            public void issue(MpaConnection c, StreamIssue i) {
                IndexLoader.this.issue(c, i);
            }

            @Override
            public void watermark(long f) {
                IndexLoader.this.watermark(f);
            }

            @Override
            public void rdmaConnection(RdmaConnection c) {
                if (roce.addConnection(c)) {
                    findings.connection(c);
                }
            }
        };
    }

    /** The ends of frames and of the capture, to be told after the engine. */
    PduListener afterEngine() {
        return new PduListener() {
            @Override
            public void frameDone(long f, long ts) {
                IndexLoader.this.frameDone(f, ts);
            }

            @Override
            public void end() {
                fileHeld();
            }
        };
    }

    @Override
    public void frame(Packet packet, long position, TcpSegment segment) {
        long f = packet.frame;
        int flow = segment == null ? -1 : flow(segment.source, segment.destination);
        Pending c = new Pending(f, false);
        byte kind = segment == null ? FrameIndex.KIND_OTHER : FrameIndex.KIND_TCP;
        if (segment != null) {
            c.payloadOffset = segment.data == packet.data ? segment.offset - packet.offset : -1;
            c.source = segment.source;
            c.destination = segment.destination;
            c.tcpLength = segment.length;
            int reverse = index.reverse(flow);
            if (segment.has(TcpSegment.SYN) || index.noBase(flow)) {
                index.setBase(flow, f, segment.seq);
            }
            if (c.payloadOffset < 0) {
                c.baseInfo = FrameSummary.tcpInfo(segment, index.baseAt(flow, f), index.baseAt(reverse, f));
            }
        }
        held.frame(c);
        currentSegment = segment;
        index.remember(f, position, packet.timestampNanos, flow, kind);
    }

    /** The queue-pair stage named the packet's connection before this is told (see {@link #beforeEngine}). */
    @Override
    public void ibPacket(IbPacket p) {
        roce.add(p);
        findings.ibPacket(p);
    }

    private int flow(Endpoint s, Endpoint d) {
        Map<Endpoint, Integer> m = flowIndex.computeIfAbsent(s, k -> new HashMap<>());
        Integer i = m.get(d);
        if (i == null) {
            i = index.addFlow(s, d);
            m.put(d, i);
            int r = flow(d, s);
            index.pair(i, r);
        }
        return i;
    }

    /** Where the payload of the frame being filed lies in the stream of {@code dir} on {@code c}, or -1. */
    private long segmentStream(MpaConnection c, Direction dir) {
        Pending t = filing;
        if (t == null || t.source == null || t.segmentFrame != frame || t.segmentStream < 0 || dir == null) {
            return -1;
        }
        Endpoint from = dir == Direction.FROM_INITIATOR ? c.tcp().initiator() : c.tcp().responder();
        Endpoint to = dir == Direction.FROM_INITIATOR ? c.tcp().responder() : c.tcp().initiator();
        return from.equals(t.source) && to.equals(t.destination) ? t.segmentStream : -1;
    }

    /** Switches the frame to a stored Info text, starting with what the PDUs so far say. */
    private StringBuilder special() {
        if (special == null) {
            special = new StringBuilder(96);
            int first = index.firstPdu(frame);
            for (int i = 0; i < pduCount && i < 4; i++) {
                separator(special);
                special.append(index.pduText(first + i));
            }
            if (pduCount > 4) {
                special.append("; \u2026");
            }
        }
        return special;
    }

    private static void separator(StringBuilder b) {
        if (b.length() > 0) {
            b.append("; ");
        }
    }

    void connection(MpaConnection c) {
        index.addConnection(c);
        findings.connection(c);
    }

    void handshake(MpaConnection c, MpaHandshake h) {
        held.recordOf(h.frame(), h.timeNanos()).events.add(new Event(c, h, null, null, null, null));
    }

    void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
        findings.pdu(c, s);
        long[] record = new long[FpduRecord.WORDS + 1];
        record[0] = FpduRecord.flags(f);
        FpduRecord.write(f, record, 1);
        held.recordOf(f.frame, f.timeNanos).events.add(new Event(c, null, record, s, headers(f, s), null));
    }

    /**
     * The octets of a segment's DDP and RDMAP headers as its FPDU holds them, valid only during the
     * call that delivers the FPDU; null when they are not all there.
     */
    private static byte[] headers(Fpdu f, DdpSegment s) {
        if (f.buf == null || s == null || s.malformed != null) {
            return null;
        }
        int n = s.headerLength;
        if (n <= 0 || n > f.ulpduAvailable || f.ulpduOffset < 0 || f.ulpduOffset > f.buf.length - n) {
            return null;
        }
        return Arrays.copyOfRange(f.buf, f.ulpduOffset, f.ulpduOffset + n);
    }

    void issue(MpaConnection c, StreamIssue i) {
        held.recordOf(i.frame(), i.timeNanos()).events.add(new Event(c, null, null, null, null, i));
    }

    private void fileHandshake(MpaConnection c, MpaHandshake h) {
        StringBuilder b = special();
        index.setKind(frame, FrameIndex.KIND_MPA);
        separator(b);
        b.append(FrameSummary.handshake(h));
        Pending t = filing;
        Unit u = new Unit(c, h, null, null, segmentStream(c, h.direction()), t == null ? -1 : t.payloadOffset,
                t == null ? 0 : t.tcpLength);
        index.addPdu(frame, u, null, null, null);
        pduCount++;
    }

    private void filePdu(MpaConnection c, Fpdu f, DdpSegment s, byte[] headers) {
        index.setKind(frame, FrameIndex.KIND_DDP);
        Pending t = filing;
        long segStream = segmentStream(c, f.direction);
        Unit u = new Unit(c, null, f, s, segStream, t == null ? -1 : t.payloadOffset, t == null ? 0 : t.tcpLength);
        int i = index.addPdu(frame, u, f, s, headers);
        if (special != null) {
            if (pduCount < 4) {
                separator(special);
                special.append(index.pduText(i));
            } else if (pduCount == 4) {
                special.append("; \u2026");
            }
        }
        pduCount++;
    }

    private void fileIssue(MpaConnection c, StreamIssue i) {
        if (i.kind() == StreamIssue.Kind.CLOSED_FIN || i.kind() == StreamIssue.Kind.CLOSED_RST) {
            // a FIN or RST reads as the TCP segment it is (ports, flags, Seq, Ack, Len), as in Wireshark
            return;
        }
        StringBuilder b = special();
        separator(b);
        b.append('[').append(i.kind()).append("] ").append(i.message() == null ? "" : i.message());
    }

    void watermark(long f) {
        held.watermark(f);
    }

    void frameDone(long f, long ts) {
        Pending c = held.current();
        TcpSegment t = currentSegment;
        if (t != null && c != null && c.frame == f) {
            // Where the segment lies in its stream is known once the reassembler has seen it.
            c.segmentFrame = t.frame;
            c.segmentStream = t.streamOffset;
        }
        currentSegment = null;
        held.frameDone(f, ts);
        if (f - announced >= BATCH || System.nanoTime() - lastFlush > BATCH_NANOS) {
            flush();
        }
    }

    void end() {
        fileHeld();
    }

    /** Files every frame still held: the capture ended, or loading stopped. */
    void fileHeld() {
        currentSegment = null;
        held.end();
    }

    /**
     * Files a frame's units into the PDU table and its Info text; the frame becomes visible. The
     * units of a late record join the last frame filed, as the PDU table can only grow at its end.
     */
    private void fileFrame(Pending c) {
        if (c.late) {
            special = null;
            for (Event e : c.events) {
                file(e);
            }
            if (special != null && special.length() > 0) {
                index.setInfoOverride(frame, special.toString());
            }
            special = null;
            return;
        }
        index.show(c.frame);
        frame = c.frame;
        filing = c;
        special = null;
        pduCount = 0;
        for (Event e : c.events) {
            file(e);
        }
        String text = special != null && special.length() > 0 ? special.toString()
                : pduCount == 0 ? c.baseInfo : null;
        if (text != null) {
            index.setInfoOverride(c.frame, text);
        }
        special = null;
    }

    private void file(Event e) {
        if (e.handshake() != null) {
            fileHandshake(e.connection(), e.handshake());
        } else if (e.fpdu() != null) {
            FpduRecord.read((int) e.fpdu()[0], e.fpdu(), 1, filed);
            filePdu(e.connection(), filed, e.segment(), e.headers());
        } else {
            fileIssue(e.connection(), e.issue());
        }
    }

    /** Tells the listener of the frames that can be shown now. */
    void flush() {
        lastFlush = System.nanoTime();
        long n = index.frameCount();
        if (n > announced) {
            announced = n;
            listener.frames(n);
        }
    }

    @Override
    public void violation(Violation v) {
        findings.violation(v);
        index.severity(v.frame(), v.severity());
    }

    @Override
    public void transaction(Transaction t) {
        int i = findings.transaction(t);
        index.file(t, i);
    }
}

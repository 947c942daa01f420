package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.Engine;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.model.NicStates;
import io.rdmascope.gui.model.RawFrame;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * A {@link CaptureModel} backed by the dissection pipeline and the engine. While loading it keeps,
 * per frame, only the file position of its record (to re-read the bytes on demand) and the decoded
 * PDUs it completed (to build the detail tree on demand); the packet list rows go to the listener.
 */
public final class PipelineCaptureModel implements CaptureModel {
    private static final int BATCH = 2000;
    private static final long BATCH_NANOS = 50_000_000L;

    private final Path file;
    private final NicSettings settings;
    private final CaptureReader randomAccess;

    private long[] positions = new long[1 << 12];
    /** Per frame: null, one {@link PduRecord}, or a PduRecord[] when the frame completed several. */
    private Object[] pdus = new Object[1 << 12];
    private long frames;

    private final List<ConnectionInfo> connections = Collections.synchronizedList(new ArrayList<>());
    private final List<Transaction> transactions = Collections.synchronizedList(new ArrayList<>());
    private final List<Violation> violations = Collections.synchronizedList(new ArrayList<>());
    private final Map<Long, List<Violation>> violationsByFrame = new HashMap<>();
    private final Map<Long, List<String>> transactionsByFrame = new HashMap<>();
    private final long[] opcodeCounts = new long[16];
    private final Map<String, Long> bytesByConnection = new TreeMap<>();

    public PipelineCaptureModel(Path file) throws IOException {
        this(file, NicSettings.DEFAULTS);
    }

    /** Opens the file for random access now, so that a file that is not a capture fails here. */
    public PipelineCaptureModel(Path file, NicSettings settings) throws IOException {
        this.file = file;
        this.settings = settings;
        this.randomAccess = Captures.open(file);
    }

    /** Where an FPDU or handshake of a frame starts in the frame's bytes, and what it decoded to. */
    private record PduRecord(int frameOffset, MpaHandshake handshake, Fpdu fpdu, DdpSegment segment) {}

    @Override
    public Path file() {
        return file;
    }

    @Override
    public void load(LoadListener listener, BooleanSupplier cancelled) throws IOException {
        Loader loader = new Loader(listener);
        long size = randomAccess.size();
        Engine engine = new Engine(settings, loader);
        PduListener fanout = new PduListener() {
            @Override
            public void connection(MpaConnection c) {
                loader.connection(c);
                engine.connection(c);
            }

            @Override
            public void handshake(MpaConnection c, MpaHandshake h) {
                loader.handshake(c, h);
                engine.handshake(c, h);
            }

            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                loader.pdu(c, f, s);
                engine.pdu(c, f, s);
            }

            @Override
            public void issue(MpaConnection c, StreamIssue i) {
                loader.issue(c, i);
                engine.issue(c, i);
            }

            @Override
            public void frameDone(long frame, long ts) {
                engine.frameDone(frame, ts);
                loader.frameDone(frame, ts);
            }

            @Override
            public void end() {
                engine.end();
                loader.end();
            }
        };
        try {
            Dissection.run(file, loader, fanout,
                    size > 0 ? read -> listener.progress(Math.min(1.0, (double) read / size)) : null, cancelled);
        } finally {
            loader.flush();
        }
    }

    /** Receives frames and PDUs on the loading thread and builds rows. */
    private final class Loader implements FrameListener, PduListener, EngineListener {
        private final LoadListener listener;
        private List<FrameRow> batch = new ArrayList<>(BATCH);
        private long lastFlush = System.nanoTime();
        private final Map<String, String> strings = new HashMap<>();
        private final Map<String, long[]> streamBase = new HashMap<>();

        private long frame;
        private int length;
        private String source = "", destination = "", protocol = "", tcpInfo = "";
        private int payloadOffsetInFrame = -1;
        private int payloadLength;
        private long segmentStreamOffset;
        private StringBuilder info = new StringBuilder(96);
        private int pduCount;

        Loader(LoadListener listener) {
            this.listener = listener;
        }

        @Override
        public void frame(Packet packet, long position, TcpSegment tcp) {
            frame = packet.frame;
            length = packet.length;
            remember(frame, position);
            info.setLength(0);
            pduCount = 0;
            payloadOffsetInFrame = -1;
            if (tcp == null) {
                source = "";
                destination = "";
                protocol = "Frame";
                tcpInfo = packet.length + " B, not TCP";
                return;
            }
            source = shared(tcp.source.toString());
            destination = shared(tcp.destination.toString());
            protocol = "TCP";
            String flow = source + '>' + destination;
            long[] base = streamBase.get(flow);
            if (base == null) {
                base = new long[] {tcp.has(TcpSegment.SYN) ? tcp.seq + 1 : tcp.seq};
                streamBase.put(flow, base);
            } else if (tcp.has(TcpSegment.SYN)) {
                base[0] = tcp.seq + 1;
            }
            segmentStreamOffset = (tcp.seq - base[0]) & 0xffffffffL;
            payloadLength = tcp.length;
            payloadOffsetInFrame = tcp.data == packet.data ? tcp.offset - packet.offset : -1;
            StringBuilder b = new StringBuilder(48);
            b.append(tcp.source.port()).append(" \u2192 ").append(tcp.destination.port()).append(" [");
            appendFlags(b, tcp.flags);
            b.append("] Seq=").append(tcp.seq).append(" Len=").append(tcp.length);
            tcpInfo = b.toString();
        }

        private String shared(String s) {
            String old = strings.putIfAbsent(s, s);
            return old != null ? old : s;
        }

        private int frameOffset(long streamOffset, int wireLength) {
            if (payloadOffsetInFrame < 0) {
                return -1;
            }
            long delta = streamOffset - segmentStreamOffset;
            if (delta < 0 || delta + wireLength > payloadLength) {
                return -1;
            }
            return payloadOffsetInFrame + (int) delta;
        }

        private void separator() {
            if (info.length() > 0) {
                info.append("; ");
            }
        }

        @Override
        public void connection(MpaConnection c) {
            connections.add(new ConnectionInfo(c.id(), c.tcp().initiator().toString(), c.tcp().responder().toString()));
        }

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            protocol = "MPA";
            separator();
            info.append(PduInfo.describe(h));
            add(new PduRecord(frameOffset(h.streamOffset(), h.length()), h, null, null));
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            protocol = "DDP/RDMAP";
            if (pduCount < 4) {
                separator();
                info.append(PduInfo.describe(s));
            } else if (pduCount == 4) {
                info.append("; \u2026");
            }
            pduCount++;
            if (s.opcode >= 0 && s.opcode < 16) {
                synchronized (opcodeCounts) {
                    opcodeCounts[s.opcode]++;
                }
            }
            synchronized (bytesByConnection) {
                bytesByConnection.merge(c.id(), (long) Math.max(0, s.payloadLength), Long::sum);
            }
            Fpdu copy = new Fpdu();
            copy.frame = f.frame;
            copy.firstFrame = f.firstFrame;
            copy.direction = f.direction;
            copy.streamOffset = f.streamOffset;
            copy.wireLength = f.wireLength;
            copy.ulpduLength = f.ulpduLength;
            copy.padLength = f.padLength;
            copy.crcField = f.crcField;
            copy.crcComputed = f.crcComputed;
            copy.crcOk = f.crcOk;
            copy.markers = f.markers;
            copy.badMarkers = f.badMarkers;
            copy.truncated = f.truncated;
            int offset = f.firstFrame == f.frame ? frameOffset(f.streamOffset, f.wireLength) : -1;
            add(new PduRecord(offset, null, copy, s));
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            separator();
            info.append('[').append(i.kind()).append("] ").append(i.message() == null ? "" : i.message());
        }

        @Override
        public void frameDone(long f, long ts) {
            String text = info.length() == 0 ? tcpInfo : info.toString();
            batch.add(new FrameRow(f, ts, source, destination, protocol, length, text));
            if (batch.size() >= BATCH || System.nanoTime() - lastFlush > BATCH_NANOS) {
                flush();
            }
        }

        void flush() {
            lastFlush = System.nanoTime();
            if (!batch.isEmpty()) {
                List<FrameRow> out = batch;
                batch = new ArrayList<>(BATCH);
                listener.rows(out);
            }
        }

        @Override
        public void violation(Violation v) {
            violations.add(v);
            synchronized (violationsByFrame) {
                violationsByFrame.computeIfAbsent(v.frame(), k -> new ArrayList<>(1)).add(v);
            }
        }

        @Override
        public void transaction(Transaction t) {
            transactions.add(t);
            synchronized (transactionsByFrame) {
                index(t.initiationFrame, t.id);
                for (Long d : t.dataFrames) {
                    index(d, t.id);
                }
                if (t.completionFrame >= 0) {
                    index(t.completionFrame, t.id);
                }
            }
        }

        private void index(long frame, String id) {
            List<String> ids = transactionsByFrame.computeIfAbsent(frame, k -> new ArrayList<>(1));
            if (!ids.contains(id)) {
                ids.add(id);
            }
        }
    }

    private static void appendFlags(StringBuilder b, int flags) {
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG"};
        boolean first = true;
        for (int i = 0; i < names.length; i++) {
            if ((flags & (1 << i)) != 0) {
                if (!first) {
                    b.append(", ");
                }
                b.append(names[i]);
                first = false;
            }
        }
    }

    private synchronized void remember(long frame, long position) {
        if (frame < 1 || frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int i = (int) frame - 1;
        if (i >= positions.length) {
            positions = Arrays.copyOf(positions, Math.max(positions.length * 2, i + 1));
            pdus = Arrays.copyOf(pdus, positions.length);
        }
        positions[i] = position;
        frames = Math.max(frames, frame);
    }

    private synchronized void add(PduRecord r) {
        if (frames < 1) {
            return;
        }
        int i = (int) frames - 1;
        Object old = pdus[i];
        if (old == null) {
            pdus[i] = r;
        } else if (old instanceof PduRecord) {
            pdus[i] = new PduRecord[] {(PduRecord) old, r};
        } else {
            PduRecord[] a = (PduRecord[]) old;
            PduRecord[] b = Arrays.copyOf(a, a.length + 1);
            b[a.length] = r;
            pdus[i] = b;
        }
    }

    @Override
    public synchronized long frameCount() {
        return frames;
    }

    private synchronized Packet read(long frame) {
        if (frame < 1 || frame > frames) {
            return null;
        }
        Packet p = new Packet();
        try {
            return randomAccess.readAt(positions[(int) frame - 1], frame, p) ? p : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public List<FieldNode> details(long frame) {
        List<FieldNode> out = new ArrayList<>();
        Packet p = read(frame);
        if (p != null) {
            try {
                out.addAll(NetFields.layers(p));
            } catch (RuntimeException e) {
                out.add(problem("frame", e));
            }
        }
        Object o;
        synchronized (this) {
            o = frame >= 1 && frame <= frames ? pdus[(int) frame - 1] : null;
        }
        PduRecord[] records = o == null ? new PduRecord[0]
                : o instanceof PduRecord ? new PduRecord[] {(PduRecord) o} : (PduRecord[]) o;
        for (PduRecord r : records) {
            try {
                if (r.handshake != null) {
                    out.add(FieldTrees.shift(MpaFields.handshake(r.handshake), r.frameOffset));
                } else {
                    out.add(FieldTrees.shift(MpaFields.fpdu(r.fpdu), r.frameOffset));
                    int ulpdu = r.frameOffset < 0 ? -1 : r.frameOffset + 2;
                    for (FieldNode n : PduFields.segment(r.segment)) {
                        out.add(FieldTrees.shift(n, ulpdu));
                    }
                }
            } catch (RuntimeException e) {
                out.add(problem("iwarp", e));
            }
        }
        return out;
    }

    private static FieldNode problem(String layer, RuntimeException e) {
        return FieldNode.field(layer + ".unavailable", "Not decoded", null, String.valueOf(e.getMessage()), -1, 0);
    }

    @Override
    public RawFrame raw(long frame) {
        Packet p = read(frame);
        return p == null ? null : new RawFrame(frame, p.timestampNanos, p.linkType, p.originalLength,
                Arrays.copyOfRange(p.data, p.offset, p.offset + p.length));
    }

    @Override
    public List<ConnectionInfo> connections() {
        synchronized (connections) {
            return List.copyOf(connections);
        }
    }

    @Override
    public List<Transaction> transactions() {
        synchronized (transactions) {
            return List.copyOf(transactions);
        }
    }

    @Override
    public List<Violation> violations() {
        synchronized (violations) {
            return List.copyOf(violations);
        }
    }

    @Override
    public List<Violation> violationsAt(long frame) {
        synchronized (violationsByFrame) {
            List<Violation> v = violationsByFrame.get(frame);
            return v == null ? List.of() : List.copyOf(v);
        }
    }

    @Override
    public Severity severityAt(long frame) {
        Severity worst = null;
        for (Violation v : violationsAt(frame)) {
            if (worst == null || v.severity().compareTo(worst) > 0) {
                worst = v.severity();
            }
        }
        return worst;
    }

    @Override
    public List<String> transactionsAt(long frame) {
        synchronized (transactionsByFrame) {
            List<String> ids = transactionsByFrame.get(frame);
            return ids == null ? List.of() : List.copyOf(ids);
        }
    }

    @Override
    public NicState nicState(long frame) {
        return NicStates.at(frame, transactions(), settings);
    }

    @Override
    public CaptureStatistics statistics() {
        Map<String, Long> byOpcode = new LinkedHashMap<>();
        synchronized (opcodeCounts) {
            for (int i = 0; i < 16; i++) {
                if (opcodeCounts[i] > 0) {
                    Opcode op = Opcode.of(i);
                    byOpcode.put(op != null ? op.displayName : "0x" + Integer.toHexString(i), opcodeCounts[i]);
                }
            }
        }
        Map<String, Long> bytes;
        synchronized (bytesByConnection) {
            bytes = new LinkedHashMap<>(bytesByConnection);
        }
        long[] latencies = transactions().stream().mapToLong(Transaction::latencyNanos).filter(l -> l >= 0).toArray();
        return new CaptureStatistics(byOpcode, bytes, latencies);
    }

    @Override
    public void close() throws IOException {
        randomAccess.close();
    }
}

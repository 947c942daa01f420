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
import io.rdmascope.filter.FilterContext;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.model.RawFrame;
import io.rdmascope.model.NicModel;
import io.rdmascope.model.PoolView;
import io.rdmascope.model.StagView;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pdu.PduSummary;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.FrameListener;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.PduRecord;
import io.rdmascope.tcp.Direction;
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
 * A {@link CaptureModel} backed by the dissection pipeline and the engine.
 *
 * <p>While loading it keeps an index, not copies: per frame the file position of its record (the
 * bytes are re-read on demand), its TCP flow (an index into a table of endpoint pairs), and the
 * decoded PDUs it completed with where their octets lie in the stream (detail trees, filter
 * values and byte highlighting are computed on demand from them); the packet list rows go to the
 * listener.
 *
 * <p>The NIC state at a frame is not recorded during the load: {@link #nicState} runs the capture
 * through a fresh engine again, up to that frame, and copies the engine's own model ({@link
 * NicModel#stagTable}, {@link NicModel#pools}). Analysing costs about a microsecond per frame, so
 * this is immediate for ordinary captures and about a second at frame one million, without any
 * memory held per frame; the last states asked for are cached. Callers run it off the
 * application thread.
 */
public final class PipelineCaptureModel implements CaptureModel {
    private static final int BATCH = 2000;
    private static final long BATCH_NANOS = 50_000_000L;
    private static final int NIC_CACHE = 16;

    private final Path file;
    private final NicSettings settings;
    private final CaptureReader randomAccess;

    private long[] positions = new long[1 << 12];
    /** Per frame: index into {@link #flowTable} of its TCP endpoints, or -1. */
    private int[] flows = new int[1 << 12];
    /** Per frame: null, one {@link Unit}, or a Unit[] when the frame completed several. */
    private Object[] units = new Object[1 << 12];
    private long frames;
    private final List<Endpoint[]> flowTable = new ArrayList<>();

    private final List<ConnectionInfo> connections = Collections.synchronizedList(new ArrayList<>());
    private final List<Transaction> transactions = Collections.synchronizedList(new ArrayList<>());
    private final List<Violation> violations = Collections.synchronizedList(new ArrayList<>());
    private final Map<Long, List<Violation>> violationsByFrame = new HashMap<>();
    private final Map<Long, List<String>> transactionsByFrame = new HashMap<>();
    private final long[] opcodeCounts = new long[16];
    private final Map<String, Long> bytesByConnection = new TreeMap<>();
    private final Map<Long, NicState> nicCache = new LinkedHashMap<>(NIC_CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, NicState> e) {
            return size() > NIC_CACHE;
        }
    };

    public PipelineCaptureModel(Path file) throws IOException {
        this(file, NicSettings.DEFAULTS);
    }

    /** Opens the file for random access now, so that a file that is not a capture fails here. */
    public PipelineCaptureModel(Path file, NicSettings settings) throws IOException {
        this.file = file;
        this.settings = settings;
        this.randomAccess = Captures.open(file);
    }

    /**
     * An MPA Request/Reply or FPDU completed by a frame, what it decoded to, and where its octets
     * lie: {@code segmentStream} is the stream offset of the frame's TCP payload when the frame
     * carries the unit's direction of its connection (else -1), {@code payloadOffset} where that
     * payload starts in the frame (-1 when the octets are not the frame's own, after IP
     * reassembly).
     */
    private record Unit(MpaConnection connection, MpaHandshake handshake, Fpdu fpdu, DdpSegment segment,
                        long segmentStream, int payloadOffset, int payloadLength) {
        FrameBytes bytes() {
            return handshake != null
                    ? new FrameBytes(handshake.streamOffset(), handshake.length(), -1, segmentStream, payloadOffset,
                            payloadLength)
                    : new FrameBytes(fpdu.streamOffset, fpdu.wireLength, fpdu.markerOrigin, segmentStream,
                            payloadOffset, payloadLength);
        }
    }

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
        private final Map<Endpoint, Map<Endpoint, Integer>> flowIndex = new HashMap<>();
        /** Per flow: the relative sequence number base (ISN, or first sequence number seen), or -1. */
        private long[] seqBase = new long[16];

        private long frame;
        private int length;
        private String source = "", destination = "", protocol = "", baseInfo = "";
        private TcpSegment tcp;
        private int payloadOffsetInFrame = -1;
        private final StringBuilder info = new StringBuilder(96);
        private int pduCount;

        Loader(LoadListener listener) {
            this.listener = listener;
        }

        @Override
        public void frame(Packet packet, long position, TcpSegment segment) {
            frame = packet.frame;
            length = packet.length;
            int flow = segment == null ? -1 : flow(segment.source, segment.destination);
            remember(frame, position, flow);
            info.setLength(0);
            pduCount = 0;
            tcp = segment;
            payloadOffsetInFrame = -1;
            if (segment == null) {
                FrameSummary.NonTcp d = FrameSummary.describe(packet);
                source = shared(d.source());
                destination = shared(d.destination());
                protocol = d.protocol();
                baseInfo = d.info();
                return;
            }
            source = shared(segment.source.toString());
            destination = shared(segment.destination.toString());
            protocol = "TCP";
            payloadOffsetInFrame = segment.data == packet.data ? segment.offset - packet.offset : -1;
            int reverse = flow(segment.destination, segment.source);
            long base = seqBase[flow];
            if (segment.has(TcpSegment.SYN) || base < 0) {
                base = segment.seq;
                seqBase[flow] = base;
            }
            long rbase = seqBase[reverse];
            baseInfo = FrameSummary.tcpInfo(segment, base, rbase);
        }

        private int flow(Endpoint s, Endpoint d) {
            Map<Endpoint, Integer> m = flowIndex.computeIfAbsent(s, k -> new HashMap<>());
            Integer i = m.get(d);
            if (i == null) {
                synchronized (flowTable) {
                    i = flowTable.size();
                    flowTable.add(new Endpoint[] {s, d});
                }
                m.put(d, i);
                if (i >= seqBase.length) {
                    int old = seqBase.length;
                    seqBase = Arrays.copyOf(seqBase, old * 2);
                    Arrays.fill(seqBase, old, seqBase.length, -1);
                }
                seqBase[i] = -1;
            }
            return i;
        }

        private String shared(String s) {
            String old = strings.putIfAbsent(s, s);
            return old != null ? old : s;
        }

        /** Where the frame's payload lies in the stream of {@code dir} on {@code c}, or -1. */
        private long segmentStream(MpaConnection c, Direction dir) {
            TcpSegment t = tcp;
            if (t == null || t.frame != frame || t.streamOffset < 0 || dir == null) {
                return -1;
            }
            Endpoint from = dir == Direction.FROM_INITIATOR ? c.tcp().initiator() : c.tcp().responder();
            Endpoint to = dir == Direction.FROM_INITIATOR ? c.tcp().responder() : c.tcp().initiator();
            return from.equals(t.source) && to.equals(t.destination) ? t.streamOffset : -1;
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
            info.append(FrameSummary.handshake(h));
            add(new Unit(c, h, null, null, segmentStream(c, h.direction()), payloadOffsetInFrame,
                    tcp == null ? 0 : tcp.length));
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            protocol = "DDP/RDMAP";
            if (pduCount < 4) {
                separator();
                info.append(s == null ? "FPDU" : PduSummary.describe(s));
            } else if (pduCount == 4) {
                info.append("; \u2026");
            }
            pduCount++;
            if (s != null && s.opcode >= 0 && s.opcode < 16) {
                synchronized (opcodeCounts) {
                    opcodeCounts[s.opcode]++;
                }
            }
            synchronized (bytesByConnection) {
                bytesByConnection.merge(c.id(), (long) Math.max(0, s == null ? 0 : s.payloadLength), Long::sum);
            }
            add(new Unit(c, null, copy(f), s, segmentStream(c, f.direction), payloadOffsetInFrame,
                    tcp == null ? 0 : tcp.length));
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            separator();
            info.append('[').append(i.kind()).append("] ").append(i.message() == null ? "" : i.message());
        }

        @Override
        public void frameDone(long f, long ts) {
            String text = info.length() == 0 ? baseInfo : info.toString();
            batch.add(new FrameRow(f, ts, source, destination, protocol, length, text));
            tcp = null;
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

    /** The FPDU's fields without its buffer, which the MPA stage reuses. */
    private static Fpdu copy(Fpdu f) {
        Fpdu c = new Fpdu();
        c.frame = f.frame;
        c.firstFrame = f.firstFrame;
        c.direction = f.direction;
        c.streamOffset = f.streamOffset;
        c.wireLength = f.wireLength;
        c.ulpduLength = f.ulpduLength;
        c.padLength = f.padLength;
        c.crcField = f.crcField;
        c.crcComputed = f.crcComputed;
        c.crcOk = f.crcOk;
        c.markers = f.markers;
        c.badMarkers = f.badMarkers;
        c.markerOrigin = f.markerOrigin;
        c.truncated = f.truncated;
        c.ulpduAvailable = f.ulpduAvailable;
        return c;
    }

    private synchronized void remember(long frame, long position, int flow) {
        if (frame < 1 || frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int i = (int) frame - 1;
        if (i >= positions.length) {
            int n = Math.max(positions.length * 2, i + 1);
            positions = Arrays.copyOf(positions, n);
            flows = Arrays.copyOf(flows, n);
            units = Arrays.copyOf(units, n);
        }
        positions[i] = position;
        flows[i] = flow;
        frames = Math.max(frames, frame);
    }

    /** Files a unit under the frame being read (the frame that completed it). */
    private synchronized void add(Unit r) {
        if (frames < 1) {
            return;
        }
        int i = (int) frames - 1;
        Object old = units[i];
        if (old == null) {
            units[i] = r;
        } else if (old instanceof Unit) {
            units[i] = new Unit[] {(Unit) old, r};
        } else {
            Unit[] a = (Unit[]) old;
            Unit[] b = Arrays.copyOf(a, a.length + 1);
            b[a.length] = r;
            units[i] = b;
        }
    }

    private synchronized Unit[] unitsOf(long frame) {
        Object o = frame >= 1 && frame <= frames ? units[(int) frame - 1] : null;
        return o == null ? new Unit[0] : o instanceof Unit ? new Unit[] {(Unit) o} : (Unit[]) o;
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

    /**
     * Frame, link, IP and TCP layers, then for each unit the frame completed its MPA, DDP and
     * RDMAP layers; offsets are frame offsets of the octets this frame carries (see {@link
     * FrameBytes}), and the MPA node lists the markers the frame carries as {@code mpa.marker}.
     */
    @Override
    public List<FieldNode> details(long frame) {
        List<FieldNode> out = new ArrayList<>();
        Packet p = read(frame);
        byte[] bytes = null;
        if (p != null) {
            bytes = Arrays.copyOfRange(p.data, p.offset, p.offset + p.length);
            try {
                out.addAll(NetFields.layers(p));
            } catch (RuntimeException e) {
                out.add(problem("frame", e));
            }
        }
        for (Unit u : unitsOf(frame)) {
            try {
                FrameBytes fb = u.bytes();
                if (u.handshake != null) {
                    out.add(fb.shift(MpaFields.handshake(u.handshake), 0));
                } else {
                    out.add(withMarkers(fb.shift(MpaFields.fpdu(u.fpdu), 0), fb, bytes));
                    if (u.segment != null) {
                        for (FieldNode n : PduFields.segment(u.segment)) {
                            out.add(fb.shift(n, 2));
                        }
                    }
                }
            } catch (RuntimeException e) {
                out.add(problem("iwarp", e));
            }
        }
        return out;
    }

    private static FieldNode withMarkers(FieldNode mpa, FrameBytes fb, byte[] bytes) {
        List<Integer> octets = fb.markerOctets();
        if (octets.isEmpty()) {
            return mpa;
        }
        List<FieldNode> children = new ArrayList<>(mpa.children());
        for (int i = 0; i < octets.size(); ) {
            int start = octets.get(i);
            int n = 1;
            while (i + n < octets.size() && octets.get(i + n) == start + n) {
                n++;
            }
            i += n;
            String display = "partial (" + n + " of 4 octets in this frame)";
            Long ptr = null;
            if (n == 4 && bytes != null && start + 4 <= bytes.length) {
                ptr = (long) (((bytes[start + 2] & 0xff) << 8) | (bytes[start + 3] & 0xff));
                display = "FPDUPTR " + ptr;
            }
            children.add(new FieldNode("mpa.marker", "Marker", ptr, display, start, n,
                    "MPA marker: 2 reserved octets and the distance back to the start of the FPDU (RFC 5044 section 5)",
                    List.of()));
        }
        return new FieldNode(mpa.name(), mpa.label(), mpa.value(), mpa.display(), mpa.offset(), mpa.length(),
                mpa.description(), children);
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

    /**
     * The frame as display filters see it: the same {@link FrameRecord} values as {@code dissect
     * -Y} (TCP endpoints, the PDUs the frame completes, its violations and transactions).
     */
    @Override
    public FilterContext filterContext(long frame, boolean withPdus) {
        Endpoint[] flow = null;
        synchronized (this) {
            if (frame >= 1 && frame <= frames && flows[(int) frame - 1] >= 0) {
                synchronized (flowTable) {
                    flow = flowTable.get(flows[(int) frame - 1]);
                }
            }
        }
        FrameRecord r = new FrameRecord(frame, 0, flow == null ? null : flow[0], flow == null ? null : flow[1], null,
                false);
        if (withPdus) {
            for (Unit u : unitsOf(frame)) {
                r.pdus.add(u.handshake != null ? PduRecord.of(u.connection, u.handshake, null)
                        : PduRecord.of(u.connection, u.fpdu, u.segment, null));
            }
        }
        r.violations.addAll(violationsAt(frame));
        r.transactions.addAll(transactionsAt(frame));
        return r;
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

    /**
     * Runs the capture through a fresh engine up to {@code frame} (its events included, nothing
     * after it: not even what the end of the capture would flush) and copies the engine's model.
     */
    @Override
    public NicState nicState(long frame) {
        synchronized (nicCache) {
            NicState cached = nicCache.get(frame);
            if (cached != null) {
                return cached;
            }
        }
        Engine engine = new Engine(settings, new EngineListener() {
            @Override
            public void violation(Violation v) {}

            @Override
            public void transaction(Transaction t) {}
        });
        boolean[] done = {frame < 1};
        PduListener upTo = new PduListener() {
            @Override
            public void connection(MpaConnection c) {
                if (!done[0]) {
                    engine.connection(c);
                }
            }

            @Override
            public void handshake(MpaConnection c, MpaHandshake h) {
                if (!done[0]) {
                    engine.handshake(c, h);
                }
            }

            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                if (!done[0]) {
                    engine.pdu(c, f, s);
                }
            }

            @Override
            public void issue(MpaConnection c, StreamIssue i) {
                if (!done[0]) {
                    engine.issue(c, i);
                }
            }

            @Override
            public void frameDone(long f, long ts) {
                if (!done[0]) {
                    engine.frameDone(f, ts);
                    done[0] = f >= frame;
                }
            }
        };
        try {
            if (!done[0]) {
                Dissection.run(file, null, upTo, null, () -> done[0]);
            }
        } catch (IOException | RuntimeException e) {
            // the state up to where reading stopped is still the state to show
        }
        NicState state = state(frame, engine.model());
        synchronized (nicCache) {
            nicCache.put(frame, state);
        }
        return state;
    }

    private static NicState state(long frame, NicModel model) {
        List<NicState.EndpointState> endpoints = new ArrayList<>();
        for (String address : model.endpoints()) {
            List<NicState.StagEntry> stags = new ArrayList<>();
            for (StagView v : model.stagTable(address)) {
                NicState.StagState st = v.rejected() ? NicState.StagState.REJECTED
                        : v.valid() ? NicState.StagState.VALID : NicState.StagState.INVALIDATED;
                stags.add(new NicState.StagEntry(address, v.stag(), v.to(), v.length(), v.access(), st, v.connection(),
                        v.advertisedFrame(), v.invalidatedFrame(), v.transaction()));
            }
            List<NicState.PoolEntry> pools = new ArrayList<>();
            for (PoolView p : model.pools(address)) {
                pools.add(new NicState.PoolEntry(address, p.connection(), p.allocated(), p.buffersPerQp(), p.write(),
                        p.read(), p.maxPerOperation()));
            }
            endpoints.add(new NicState.EndpointState(address, stags, pools));
        }
        return new NicState(frame, endpoints);
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

package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.ddp.MessageAssembly;
import io.rdmascope.engine.Engine;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
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
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.FrameOrder;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pdu.PduSummary;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.FrameListener;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.KindTable;
import io.rdmascope.report.PduRecord;
import io.rdmascope.tcp.Direction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * A {@link CaptureModel} backed by the dissection pipeline and the engine.
 *
 * <p>While loading it keeps an index, not copies. Per frame, in primitive {@link Columns}: the
 * file position of its record (the bytes are re-read on demand), its capture time, its TCP flow
 * (an index into a table of endpoint pairs), what it carries (no TCP, TCP, MPA, DDP/RDMAP), the
 * severity of its worst violation and the index of the first PDU it completed. Per PDU, in a
 * compact PDU table: connection, direction, opcode and DDP flags, STag (or Invalidate STag), TO
 * (or MSN), payload length, MPA CRC, the transaction its frame belongs to, and where the FPDU
 * starts in the frame's TCP payload (about 34 octets a PDU). File positions and capture times are
 * stored as differences within blocks of 256 frames. That is about 18 octets a frame plus 34 a
 * PDU, against the half kilobyte a frame that row objects and decoded segments would take.
 *
 * <p>The PDU table is exact for the ordinary PDU: a DDP segment whose RDMAP header holds nothing
 * but the common fields (version 1, no one-shot optional fields, no Read Request, Terminate,
 * atomic or immediate data), carried in one FPDU that a single frame holds entirely, without
 * markers and with a good (or unchecked) CRC. From those numbers the {@link Fpdu} and {@link
 * DdpSegment} are rebuilt field for field, so detail trees, Info texts and filter values are the
 * ones the decoder gave. Every other unit (MPA Requests and Replies, PDUs with optional fields or
 * errors, FPDUs spread over several frames) is kept whole in a sparse map; such units are a small
 * fraction of any capture. Frames whose Info text is not derivable from the table (stream issues,
 * handshakes, IP-reassembled segments) keep their text in a sparse map too.
 *
 * <p>Rows of the packet list are built on demand by {@link #row}: the TCP summary of a frame
 * without PDUs is formatted from its re-read bytes (relative sequence numbers from a per-flow
 * table of bases), a PDU frame's from the PDU table.
 *
 * <p>The NIC state at a frame is not recorded during the load: {@link #nicState} runs the capture
 * through a fresh engine again, up to that frame, and copies the engine's own model ({@link
 * NicModel#stagTable}, {@link NicModel#pools}). Analysing costs about a microsecond per frame, so
 * this is immediate for ordinary captures and about a second at frame one million, without any
 * memory held per frame; the last states asked for are cached. Callers run it off the
 * application thread.
 */
public final class PipelineCaptureModel implements CaptureModel {
    private static final long BATCH_NANOS = 50_000_000L;
    private static final int BATCH = 4096;
    private static final int NIC_CACHE = 16;

    /** Per frame, bits 0-1 of the kind column: what the frame carries. */
    static final byte KIND_OTHER = 0, KIND_TCP = 1, KIND_MPA = 2, KIND_DDP = 3;
    private static final int KIND_MASK = 3;
    /** Bits 2-7 of the kind column count the PDUs the frame completed, up to this value. */
    private static final int MAX_COUNTED = 63;
    private static final String[] KIND_NAMES = {"", "TCP", "MPA", "DDP/RDMAP"};

    private static final int CONN_MASK = 0xffff;
    private static final int DIR_INITIATOR = 1 << 16, TAGGED = 1 << 17, LAST = 1 << 18, SV = 1 << 19, AB = 1 << 20,
            CRC_OK = 1 << 21, WHOLE = 1 << 22, SEGMENT_KNOWN = 1 << 23;
    private static final int OPCODE_SHIFT = 24;
    private static final int TAGGED_HEADER = 14, UNTAGGED_HEADER = 18;

    private final Path file;
    private final NicSettings settings;
    private final CaptureReader randomAccess;

    // ---- per frame (index frame - 1)
    private final Columns.DeltaLongs positions = new Columns.DeltaLongs(-1);
    private final Columns.DeltaLongs times = new Columns.DeltaLongs(0);
    private final Columns.Ints flows = new Columns.Ints(-1);
    private final Columns.Ints firstPdu = new Columns.Ints(-1);
    private final Columns.Bytes kinds = new Columns.Bytes();
    private final Columns.Bytes severities = new Columns.Bytes();
    /** Frames whose units are filed: the frames the model shows. */
    private long frames;
    /** Frames read, some of which may wait for units held back by the MPA stage. */
    private long remembered;
    /** Info texts that the index cannot rebuild: issues, handshakes, reassembled IP. */
    private final Map<Integer, String> infoOverride = new HashMap<>();

    // ---- per PDU
    private final Columns.Ints pduMeta = new Columns.Ints(0);
    private final Columns.Ints pduStag = new Columns.Ints(0);
    private final Columns.Longs pduTo = new Columns.Longs(0);
    private final Columns.Ints pduLength = new Columns.Ints(0);
    private final Columns.Ints pduCrc = new Columns.Ints(0);
    private final Columns.Ints pduSegmentDelta = new Columns.Ints(0);
    private final Columns.Shorts pduPayloadOffset = new Columns.Shorts((short) -1);
    /** Per PDU: 1 + index in {@link #transactions} of a transaction its frame takes part in, or 0. */
    private final Columns.Ints pduTransaction = new Columns.Ints(0);
    private int pdus;
    /** Units the table does not describe exactly, by PDU index. */
    private final Map<Integer, Unit> whole = new HashMap<>();

    // ---- small tables
    private final List<Endpoint[]> flowTable = new ArrayList<>();
    private final List<String[]> flowText = new ArrayList<>();
    private int[] reverseFlow = new int[16];
    /** Per flow: frames where its relative sequence base was set, and the base from then on. */
    private final List<long[]> seqBases = new ArrayList<>();
    private final List<MpaConnection> mpaConnections = new ArrayList<>();
    private final Map<MpaConnection, Integer> connectionIndex = new java.util.IdentityHashMap<>();

    private final List<ConnectionInfo> connections = Collections.synchronizedList(new ArrayList<>());
    private final List<Transaction> transactions = Collections.synchronizedList(new ArrayList<>());
    private final List<Violation> violations = Collections.synchronizedList(new ArrayList<>());
    private final Map<Long, List<Violation>> violationsByFrame = new HashMap<>();
    /** Transactions of frames that the PDU table cannot file (no PDU, or a second transaction). */
    private final Map<Long, List<String>> transactionsExtra = new HashMap<>();
    private final long[] opcodeCounts = new long[16];
    private final Map<String, Long> bytesByConnection = new TreeMap<>();
    private final Map<Long, NicState> nicCache = new LinkedHashMap<>(NIC_CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, NicState> e) {
            return size() > NIC_CACHE;
        }
    };

    /** Decodes re-read frames for rows and details; guarded by this model's lock. */
    private final PacketDecoder decoder = new PacketDecoder();

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
        PduListener engine = new FrameOrder(new MessageAssembly(new Engine(settings, loader)));
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
            public void watermark(long frame) {
                loader.watermark(frame);
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
            loader.fileHeld();
            loader.flush();
        }
    }

    /** Frames kept at most while waiting for units that the MPA stage holds back. */
    static final int MAX_HELD = 8192;

    /** An event of the MPA stage waiting to be filed under its frame (the FPDU copied, without its octets). */
    private record Event(MpaConnection connection, MpaHandshake handshake, Fpdu fpdu, DdpSegment segment,
                         StreamIssue issue) {}

    /** A frame read whose units are not filed yet, with what filing them needs of its TCP segment. */
    private static final class Pending {
        final long frame;
        final List<Event> events = new ArrayList<>(1);
        int payloadOffset = -1;
        long segmentFrame = -1;
        long segmentStream = -1;
        Endpoint source;
        Endpoint destination;
        int tcpLength;
        String baseInfo;

        Pending(long frame) {
            this.frame = frame;
        }
    }

    /** Receives frames and PDUs on the loading thread and fills the index. */
    private final class Loader implements FrameListener, PduListener, EngineListener {
        private final LoadListener listener;
        private long lastFlush = System.nanoTime();
        private long announced;
        private final Map<Endpoint, Map<Endpoint, Integer>> flowIndex = new HashMap<>();

        /** The frame being read, between {@link #frame} and {@link #frameDone}, and its TCP segment. */
        private Pending current;
        private TcpSegment currentSegment;
        /**
         * Frames read whose units are not filed yet, oldest first: while the MPA stage holds a
         * stream back ({@link PduListener#watermark}), units of earlier frames may still come, and
         * the PDU table lists each frame's units together, in frame order.
         */
        private final ArrayDeque<Pending> held = new ArrayDeque<>();
        private long heldFrom = Long.MAX_VALUE;
        /** The frame and Info text being filed. */
        private long frame;
        private Pending filing;
        /** The frame's Info text when the index cannot rebuild it, else null. */
        private StringBuilder special;
        private int pduCount;

        Loader(LoadListener listener) {
            this.listener = listener;
        }

        @Override
        public void frame(Packet packet, long position, TcpSegment segment) {
            long f = packet.frame;
            int flow = segment == null ? -1 : flow(segment.source, segment.destination);
            Pending c = new Pending(f);
            byte kind = segment == null ? KIND_OTHER : KIND_TCP;
            if (segment != null) {
                c.payloadOffset = segment.data == packet.data ? segment.offset - packet.offset : -1;
                c.source = segment.source;
                c.destination = segment.destination;
                c.tcpLength = segment.length;
                int reverse = reverseFlow[flow];
                long[] bases = seqBases.get(flow);
                if (segment.has(TcpSegment.SYN) || bases.length == 0) {
                    synchronized (PipelineCaptureModel.this) {
                        long[] b = Arrays.copyOf(bases, bases.length + 2);
                        b[bases.length] = f;
                        b[bases.length + 1] = segment.seq;
                        seqBases.set(flow, b);
                    }
                }
                if (c.payloadOffset < 0) {
                    c.baseInfo = FrameSummary.tcpInfo(segment, baseAt(flow, f), baseAt(reverse, f));
                }
            }
            current = c;
            currentSegment = segment;
            remember(f, position, packet.timestampNanos, flow, kind);
        }

        private int flow(Endpoint s, Endpoint d) {
            Map<Endpoint, Integer> m = flowIndex.computeIfAbsent(s, k -> new HashMap<>());
            Integer i = m.get(d);
            if (i == null) {
                synchronized (PipelineCaptureModel.this) {
                    i = flowTable.size();
                    flowTable.add(new Endpoint[] {s, d});
                    flowText.add(new String[] {s.toString(), d.toString()});
                    seqBases.add(new long[0]);
                    if (i >= reverseFlow.length) {
                        reverseFlow = Arrays.copyOf(reverseFlow, reverseFlow.length * 2);
                    }
                    reverseFlow[i] = -1;
                }
                m.put(d, i);
                int r = flow(d, s);
                reverseFlow[i] = r;
                reverseFlow[r] = i;
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
                int first = firstPdu.get((int) frame - 1);
                for (int i = 0; i < pduCount && i < 4; i++) {
                    separator(special);
                    special.append(pduText(first + i));
                }
                if (pduCount > 4) {
                    special.append("; \u2026");
                }
            }
            return special;
        }

        private void separator(StringBuilder b) {
            if (b.length() > 0) {
                b.append("; ");
            }
        }

        @Override
        public void connection(MpaConnection c) {
            synchronized (PipelineCaptureModel.this) {
                connectionIndex.put(c, mpaConnections.size());
                mpaConnections.add(c);
            }
            connections.add(new ConnectionInfo(c.id(), c.tcp().initiator().toString(), c.tcp().responder().toString()));
        }

        /**
         * The frame whose units an event naming {@code f} joins: the frame being read or one held;
         * after the frame was filed (what the stages flush at the end of the capture), the last
         * frame filed, as the PDU table can only grow at its end.
         */
        private Pending pendingOf(long f) {
            if (current != null && current.frame == f) {
                return current;
            }
            for (Iterator<Pending> it = held.descendingIterator(); it.hasNext(); ) {
                Pending c = it.next();
                if (c.frame == f) {
                    return c;
                }
                if (c.frame < f) {
                    break;
                }
            }
            if (current != null && f > current.frame) {
                return current;
            }
            if (current == null && held.isEmpty()) {
                return null;
            }
            return held.isEmpty() ? current : held.peekFirst();
        }

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            Pending p = pendingOf(h.frame());
            if (p == null) {
                fileHandshake(c, h);
            } else {
                p.events.add(new Event(c, h, null, null, null));
            }
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            if (s != null && s.opcode >= 0 && s.opcode < 16) {
                synchronized (opcodeCounts) {
                    opcodeCounts[s.opcode]++;
                }
            }
            synchronized (bytesByConnection) {
                bytesByConnection.merge(c.id(), (long) Math.max(0, s == null ? 0 : s.payloadLength), Long::sum);
            }
            Pending p = pendingOf(f.frame);
            if (p == null) {
                filePdu(c, f, s);
            } else {
                p.events.add(new Event(c, null, f.copy(false), s, null));
            }
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            Pending p = pendingOf(i.frame());
            if (p == null) {
                fileIssue(c, i);
            } else {
                p.events.add(new Event(c, null, null, null, i));
            }
        }

        private void fileHandshake(MpaConnection c, MpaHandshake h) {
            StringBuilder b = special();
            setKind(KIND_MPA);
            separator(b);
            b.append(FrameSummary.handshake(h));
            Pending t = filing;
            Unit u = new Unit(c, h, null, null, segmentStream(c, h.direction()), t == null ? -1 : t.payloadOffset,
                    t == null ? 0 : t.tcpLength);
            addPdu(frame, u, null, null);
            pduCount++;
        }

        private void filePdu(MpaConnection c, Fpdu f, DdpSegment s) {
            setKind(KIND_DDP);
            Pending t = filing;
            long segStream = segmentStream(c, f.direction);
            Unit u = new Unit(c, null, f, s, segStream, t == null ? -1 : t.payloadOffset, t == null ? 0 : t.tcpLength);
            int index = addPdu(frame, u, f, s);
            if (special != null) {
                if (pduCount < 4) {
                    separator(special);
                    special.append(pduText(index));
                } else if (pduCount == 4) {
                    special.append("; \u2026");
                }
            }
            pduCount++;
        }

        private void fileIssue(MpaConnection c, StreamIssue i) {
            StringBuilder b = special();
            separator(b);
            b.append('[').append(i.kind()).append("] ").append(i.message() == null ? "" : i.message());
        }

        private void setKind(byte k) {
            synchronized (PipelineCaptureModel.this) {
                if (frame >= 1 && frame <= frames) {
                    int i = (int) frame - 1;
                kinds.set(i, (byte) ((kinds.get(i) & ~KIND_MASK) | k));
                }
            }
        }

        @Override
        public void watermark(long f) {
            heldFrom = Math.min(heldFrom, f);
        }

        @Override
        public void frameDone(long f, long ts) {
            Pending c = current != null && current.frame == f ? current : new Pending(f);
            TcpSegment t = currentSegment;
            if (t != null && c == current) {
                // Where the segment lies in its stream is known once the reassembler has seen it.
                c.segmentFrame = t.frame;
                c.segmentStream = t.streamOffset;
            }
            current = null;
            currentSegment = null;
            held.addLast(c);
            long keepFrom = Math.min(heldFrom, f + 1);
            heldFrom = Long.MAX_VALUE;
            while (!held.isEmpty() && (held.peekFirst().frame < keepFrom || held.size() > MAX_HELD)) {
                fileFrame(held.pollFirst());
            }
            if (f - announced >= BATCH || System.nanoTime() - lastFlush > BATCH_NANOS) {
                flush();
            }
        }

        @Override
        public void end() {
            fileHeld();
        }

        /** Files every frame still held: the capture ended, or loading stopped. */
        void fileHeld() {
            current = null;
            while (!held.isEmpty()) {
                fileFrame(held.pollFirst());
            }
        }

        /** Files a frame's units into the PDU table and its Info text; the frame becomes visible. */
        private void fileFrame(Pending c) {
            synchronized (PipelineCaptureModel.this) {
                frames = Math.max(frames, Math.min(c.frame, remembered));
            }
            frame = c.frame;
            filing = c;
            special = null;
            pduCount = 0;
            for (Event e : c.events) {
                if (e.handshake() != null) {
                    fileHandshake(e.connection(), e.handshake());
                } else if (e.fpdu() != null) {
                    filePdu(e.connection(), e.fpdu(), e.segment());
                } else {
                    fileIssue(e.connection(), e.issue());
                }
            }
            String text = special != null && special.length() > 0 ? special.toString()
                    : pduCount == 0 ? c.baseInfo : null;
            if (text != null && c.frame >= 1 && c.frame <= Integer.MAX_VALUE) {
                synchronized (PipelineCaptureModel.this) {
                    infoOverride.put((int) c.frame - 1, text);
                }
            }
            special = null;
        }

        void flush() {
            lastFlush = System.nanoTime();
            long n = frameCount();
            if (n > announced) {
                announced = n;
                listener.frames(n);
            }
        }

        @Override
        public void violation(Violation v) {
            violations.add(v);
            synchronized (violationsByFrame) {
                violationsByFrame.computeIfAbsent(v.frame(), k -> new ArrayList<>(1)).add(v);
            }
            synchronized (PipelineCaptureModel.this) {
                if (v.frame() >= 1 && v.frame() <= remembered) {
                    int i = (int) v.frame() - 1;
                    byte rank = (byte) (v.severity().ordinal() + 1);
                    if (rank > severities.get(i)) {
                        severities.set(i, rank);
                    }
                }
            }
        }

        @Override
        public void transaction(Transaction t) {
            int index;
            synchronized (transactions) {
                index = transactions.size();
                transactions.add(t);
            }
            file(t.initiationFrame, t, index);
            for (Long d : t.dataFrames) {
                file(d, t, index);
            }
            if (t.completionFrame >= 0) {
                file(t.completionFrame, t, index);
            }
        }

        private void file(long frame, Transaction t, int index) {
            synchronized (PipelineCaptureModel.this) {
                int p = frame >= 1 && frame <= frames ? firstPdu.get((int) frame - 1) : -1;
                if (p >= 0) {
                    int old = pduTransaction.get(p);
                    if (old == 0 || old == index + 1) {
                        pduTransaction.set(p, index + 1);
                        return;
                    }
                    if (transactions.get(old - 1).id.equals(t.id)) {
                        return;
                    }
                }
                List<String> ids = transactionsExtra.computeIfAbsent(frame, k -> new ArrayList<>(1));
                if (!ids.contains(t.id)) {
                    ids.add(t.id);
                }
            }
        }
    }

    private synchronized void remember(long frame, long position, long time, int flow, byte kind) {
        if (frame < 1 || frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int i = (int) frame - 1;
        positions.set(i, position);
        times.set(i, time);
        flows.set(i, flow);
        kinds.set(i, kind);
        remembered = Math.max(remembered, frame);
    }

    /** The relative sequence base of {@code flow} as of {@code frame}, or -1. */
    private synchronized long baseAt(int flow, long frame) {
        if (flow < 0 || flow >= seqBases.size()) {
            return -1;
        }
        long[] b = seqBases.get(flow);
        long base = -1;
        for (int i = 0; i < b.length && b[i] <= frame; i += 2) {
            base = b[i + 1];
        }
        return base;
    }

    /**
     * Files a unit under {@code frame}, the frame that completed it and the last frame filed (the
     * table lists each frame's units together, in frame order): its numbers into the PDU table,
     * the whole unit too when the table does not describe it exactly. Returns its index.
     */
    private synchronized int addPdu(long frame, Unit u, Fpdu f, DdpSegment s) {
        int index = pdus++;
        if (frame >= 1 && frame <= frames) {
            int fi = (int) frame - 1;
            if (firstPdu.get(fi) < 0) {
                firstPdu.set(fi, index);
            }
            int k = kinds.get(fi) & 0xff;
            if ((k >>> 2) < MAX_COUNTED) {
                kinds.set(fi, (byte) (k + (1 << 2)));
            }
        }
        Integer conn = connectionIndex.get(u.connection);
        int meta = conn == null || conn >= CONN_MASK ? CONN_MASK : conn;
        Direction dir = u.handshake != null ? u.handshake.direction() : f.direction;
        if (dir == Direction.FROM_INITIATOR) {
            meta |= DIR_INITIATOR;
        }
        if (s != null) {
            meta |= (s.tagged ? TAGGED : 0) | (s.last ? LAST : 0) | (s.sv ? SV : 0) | (s.ab ? AB : 0)
                    | ((s.opcode & 0xf) << OPCODE_SHIFT);
            pduStag.set(index, (int) (s.tagged ? s.stag : s.invalidateStag));
            pduTo.set(index, s.tagged ? s.to : s.msn);
            pduLength.set(index, s.payloadLength);
        }
        if (f != null) {
            if (Boolean.TRUE.equals(f.crcOk)) {
                meta |= CRC_OK;
            }
            pduCrc.set(index, (int) f.crcField);
        }
        long delta = f == null || u.segmentStream < 0 ? -1 : f.streamOffset - u.segmentStream;
        if (delta >= 0 && delta <= Integer.MAX_VALUE) {
            meta |= SEGMENT_KNOWN;
            pduSegmentDelta.set(index, (int) delta);
        }
        pduPayloadOffset.set(index, (short) Math.max(-1, Math.min(Short.MAX_VALUE, u.payloadOffset)));
        if (exact(u, f, s, meta, delta)) {
            meta |= WHOLE;
        } else {
            whole.put(index, u.handshake != null ? u : new Unit(u.connection, null, f.copy(false), s, u.segmentStream,
                    u.payloadOffset, u.payloadLength));
        }
        pduMeta.set(index, meta);
        return index;
    }

    /** Whether {@link #rebuild} gives back exactly this FPDU and segment from the table's numbers. */
    private static boolean exact(Unit u, Fpdu f, DdpSegment s, int meta, long delta) {
        if (u.handshake != null || f == null || s == null || (meta & CONN_MASK) == CONN_MASK) {
            return false;
        }
        int header = s.tagged ? TAGGED_HEADER : UNTAGGED_HEADER;
        int ulpdu = header + s.payloadLength;
        int pad = (4 - ((ulpdu + 2) & 3)) & 3;
        boolean mpa = (meta & SEGMENT_KNOWN) != 0 && f.frame == f.firstFrame && f.markerOrigin < 0 && f.markers == 0 && f.badMarkers == 0
                && !f.truncated && f.ulpduLength == ulpdu && f.padLength == pad && f.wireLength == 6 + ulpdu + pad
                && f.ulpduAvailable == ulpdu && (f.crcField >>> 32) == 0
                && (Boolean.TRUE.equals(f.crcOk) ? f.crcComputed == f.crcField : f.crcOk == null && f.crcComputed == 0);
        boolean ddp = s.malformed == null && s.reserved == 0 && s.dv == 1 && s.rdmapVersion == 1 && s.rdmapReserved == 0
                && s.optionalStag == null && s.advertised == null && s.readRequest == null && s.terminate == null
                && s.atomicRequest == null && s.atomicResponse == null && s.immediateData == null
                && s.ddpHeaderLength == header && s.optionalFieldsLength == 0 && s.headerLength == header
                && s.payloadOffset == header && s.opcode >= 0 && s.opcode < 16
                && (s.tagged ? s.qn == 0 && s.msn == 0 && s.mo == 0 && s.invalidateStag == 0 && (s.stag >>> 32) == 0
                        : s.qn == 0 && s.mo == 0 && s.stag == 0 && s.to == 0 && (s.msn >>> 32) == 0
                        && (s.invalidateStag >>> 32) == 0);
        return mpa && ddp && delta >= 0 && u.payloadOffset >= 0 && u.payloadOffset <= Short.MAX_VALUE;
    }

    /** The unit of PDU {@code index}, completed by {@code frame}; {@code tcpLength} from the re-read frame. */
    private synchronized Unit unit(int index, long frame, int tcpLength) {
        Unit u = whole.get(index);
        if (u != null) {
            return u;
        }
        int meta = pduMeta.get(index);
        MpaConnection c = mpaConnections.get(meta & CONN_MASK);
        Fpdu f = new Fpdu();
        DdpSegment s = new DdpSegment();
        boolean tagged = (meta & TAGGED) != 0;
        int header = tagged ? TAGGED_HEADER : UNTAGGED_HEADER;
        s.tagged = tagged;
        s.last = (meta & LAST) != 0;
        s.sv = (meta & SV) != 0;
        s.ab = (meta & AB) != 0;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = (meta >>> OPCODE_SHIFT) & 0xf;
        long stag = pduStag.get(index) & 0xffffffffL;
        if (tagged) {
            s.stag = stag;
            s.to = pduTo.get(index);
        } else {
            s.invalidateStag = stag;
            s.msn = pduTo.get(index);
        }
        s.ddpHeaderLength = header;
        s.headerLength = header;
        s.payloadOffset = header;
        s.payloadLength = pduLength.get(index);
        int ulpdu = header + s.payloadLength;
        f.frame = frame;
        f.firstFrame = frame;
        f.direction = (meta & DIR_INITIATOR) != 0 ? Direction.FROM_INITIATOR : Direction.FROM_RESPONDER;
        // Only differences of stream offsets matter to the octet mapping of an FPDU without markers:
        // count them from the first octet of the frame's TCP payload.
        long delta = pduSegmentDelta.get(index);
        f.streamOffset = delta;
        f.ulpduLength = ulpdu;
        f.padLength = (4 - ((ulpdu + 2) & 3)) & 3;
        f.wireLength = 6 + ulpdu + f.padLength;
        f.ulpduAvailable = ulpdu;
        f.crcField = pduCrc.get(index) & 0xffffffffL;
        f.crcOk = (meta & CRC_OK) != 0 ? Boolean.TRUE : null;
        f.crcComputed = (meta & CRC_OK) != 0 ? f.crcField : 0;
        long segStream = (meta & SEGMENT_KNOWN) != 0 ? 0 : -1;
        return new Unit(c, null, f, s, segStream, pduPayloadOffset.get(index), tcpLength);
    }

    /** Info text of one PDU from the table, as {@link PduSummary#describe} gives it. */
    private synchronized String pduText(int index) {
        Unit u = whole.get(index);
        if (u != null) {
            return u.handshake != null ? FrameSummary.handshake(u.handshake)
                    : u.segment == null ? "FPDU" : PduSummary.describe(u.segment);
        }
        return PduSummary.describe(unit(index, 0, 0).segment);
    }

    /** PDU indexes {first, end} that {@code frame} completed. */
    private synchronized int[] pduRange(long frame) {
        if (frame < 1 || frame > frames) {
            return new int[] {0, 0};
        }
        int first = firstPdu.get((int) frame - 1);
        if (first < 0) {
            return new int[] {0, 0};
        }
        int count = (kinds.get((int) frame - 1) & 0xff) >>> 2;
        int end = first + count;
        if (count == MAX_COUNTED) {
            end = pdus;
            for (long g = frame + 1; g <= frames; g++) {
                int n = firstPdu.get((int) g - 1);
                if (n >= 0) {
                    end = n;
                    break;
                }
            }
        }
        return new int[] {first, end};
    }


    @Override
    public synchronized long frameCount() {
        return frames;
    }

    @Override
    public synchronized long timeNanos(long frame) {
        return frame >= 1 && frame <= frames ? times.get((int) frame - 1) : 0;
    }

    private synchronized Packet read(long frame) {
        if (frame < 1 || frame > frames) {
            return null;
        }
        Packet p = new Packet();
        try {
            return randomAccess.readAt(positions.get((int) frame - 1), frame, p) ? p : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The TCP segment of a re-read frame, decoded into a fresh object, or null. */
    private synchronized TcpSegment tcpOf(Packet p) {
        if (p == null) {
            return null;
        }
        try {
            TcpSegment t = new TcpSegment();
            return decoder.decode(p, t) ? t : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * The packet list's row of a frame, built from the index: Source and Destination from the flow
     * table, Protocol from the frame's kind, Info from the PDU table or, for frames that carry no
     * PDU, from the frame re-read and decoded again.
     */
    @Override
    public FrameRow row(long frame) {
        int i;
        int flow;
        byte kind;
        long time;
        String override;
        String[] text;
        synchronized (this) {
            if (frame < 1 || frame > frames) {
                return null;
            }
            i = (int) frame - 1;
            flow = flows.get(i);
            kind = (byte) (kinds.get(i) & KIND_MASK);
            time = times.get(i);
            override = infoOverride.get(i);
            text = flow >= 0 ? flowText.get(flow) : null;
        }
        Packet p = read(frame);
        int length = p == null ? 0 : p.length;
        if (kind == KIND_OTHER || text == null) {
            FrameSummary.NonTcp d = p == null ? new FrameSummary.NonTcp("", "", "Frame", "frame not readable")
                    : FrameSummary.describe(p);
            return new FrameRow(frame, time, d.source(), d.destination(), d.protocol(), length,
                    override != null ? override : d.info());
        }
        String info = override;
        if (info == null && kind == KIND_DDP) {
            int[] r = pduRange(frame);
            StringBuilder b = new StringBuilder(96);
            for (int k = r[0]; k < r[1] && k < r[0] + 4; k++) {
                if (b.length() > 0) {
                    b.append("; ");
                }
                b.append(pduText(k));
            }
            if (r[1] - r[0] > 4) {
                b.append("; \u2026");
            }
            info = b.toString();
        }
        if (info == null) {
            TcpSegment t = tcpOf(p);
            int reverse;
            synchronized (this) {
                reverse = reverseFlow[flow];
            }
            info = t == null ? "TCP" : FrameSummary.tcpInfo(t, baseAt(flow, frame), baseAt(reverse, frame));
        }
        return new FrameRow(frame, time, text[0], text[1], KIND_NAMES[kind], length, info);
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
        int[] range = pduRange(frame);
        TcpSegment t = range[1] > range[0] ? tcpOf(read(frame)) : null;
        for (int k = range[0]; k < range[1]; k++) {
            try {
                Unit u = unit(k, frame, t == null ? 0 : t.length);
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
     * -Y} (TCP endpoints, the PDUs the frame completes, its violations and transactions), all taken
     * from the index: no frame is read again.
     */
    @Override
    public FilterContext filterContext(long frame, boolean withPdus) {
        Endpoint[] flow = null;
        synchronized (this) {
            if (frame >= 1 && frame <= frames && flows.get((int) frame - 1) >= 0) {
                flow = flowTable.get(flows.get((int) frame - 1));
            }
        }
        FrameRecord r = new FrameRecord(frame, 0, flow == null ? null : flow[0], flow == null ? null : flow[1], null,
                false);
        if (withPdus) {
            int[] range = pduRange(frame);
            for (int k = range[0]; k < range[1]; k++) {
                Unit u = unit(k, frame, 0);
                r.pdus.add(u.handshake != null ? PduRecord.of(u.connection, u.handshake, null)
                        : PduRecord.of(u.connection, u.fpdu, u.segment, null));
            }
        }
        if (severityAt(frame) != null) {
            r.violations.addAll(violationsAt(frame));
        }
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
    public synchronized Severity severityAt(long frame) {
        int rank = frame >= 1 && frame <= frames ? severities.get((int) frame - 1) : 0;
        return rank == 0 ? null : Severity.values()[rank - 1];
    }

    @Override
    public synchronized List<String> transactionsAt(long frame) {
        List<String> out = new ArrayList<>(1);
        int p = frame >= 1 && frame <= frames ? firstPdu.get((int) frame - 1) : -1;
        if (p >= 0 && pduTransaction.get(p) > 0) {
            int t = pduTransaction.get(p) - 1;
            synchronized (transactions) {
                out.add(transactions.get(t).id);
            }
        }
        List<String> extra = transactionsExtra.get(frame);
        if (extra != null) {
            for (String id : extra) {
                if (!out.contains(id)) {
                    out.add(id);
                }
            }
        }
        return out;
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
        Engine judge = new Engine(settings, new EngineListener() {
            @Override
            public void violation(Violation v) {}

            @Override
            public void transaction(Transaction t) {}
        });
        PduListener engine = new FrameOrder(new MessageAssembly(judge));
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
        NicState state = state(frame, judge.model());
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
        List<Transaction> all = transactions();
        long[] latencies = all.stream().mapToLong(Transaction::latencyNanos).filter(l -> l >= 0).toArray();
        Map<TransactionKind, long[]> byKind = new EnumMap<>(TransactionKind.class);
        for (TransactionKind k : TransactionKind.values()) {
            long[] l = all.stream().filter(t -> t.kind == k).mapToLong(Transaction::latencyNanos).filter(v -> v >= 0)
                    .toArray();
            if (l.length > 0) {
                byKind.put(k, l);
            }
        }
        return new CaptureStatistics(byOpcode, bytes, latencies, KindTable.of(all), byKind);
    }

    @Override
    public void close() throws IOException {
        randomAccess.close();
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.Conversation;
import io.rdmascope.gui.model.FlowMessage;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.model.RawFrame;
import io.rdmascope.gui.model.ReassembledFpdu;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.PduListeners;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A {@link CaptureModel} backed by the dissection pipeline and the engine.
 *
 * <p>While loading it keeps an index, not copies ({@link FrameIndex}): a few octets per frame and
 * per PDU (and per InfiniBand packet, {@link RoceFrames}), filled by an {@link IndexLoader} that
 * listens beside the engine, with what the engine found kept in {@link Findings}. Rows of the
 * packet list ({@link FrameRows}) and detail trees ({@link FrameDetails}) are built on demand from
 * the index and the frame re-read from the file ({@link FrameReader}); the NIC state at a frame is
 * computed again by a fresh engine ({@link NicReplay}).
 */
public final class PipelineCaptureModel implements CaptureModel {
    private final Path file;
    private final NicSettings settings;
    private final Findings findings = new Findings();
    private final FrameIndex index = new FrameIndex(findings.transactionStore());
    private final RoceFrames roce = new RoceFrames();
    private final FrameReader reader;
    private final FrameRows rows;
    private final FrameDetails details;
    private final NicReplay nic;
    private final ConnectionTables connectionTables = new ConnectionTables(index, roce);
    private final Reassembly reassembly;
    private final StreamFollower follower;
    /** The frames of a capture under way, or null when the file is read. */
    private final LiveSource live;
    /** A load begun by {@link #startLoading}, that {@link #load} joins. */
    private volatile EarlyLoad early;

    public PipelineCaptureModel(Path file) throws IOException {
        this(file, NicSettings.DEFAULTS);
    }

    /**
     * The window through which frames are read again: rows, details and bytes ask for one frame or
     * a screenful of neighbours, and a record larger than the window widens it. 64 KiB rather than
     * the command line's 1 MiB, which the application would hold for as long as the file is open
     * (1 MB of the bulk capture's heap); scrolling the packet list reads about 60 frames per refill.
     */
    static final int RANDOM_ACCESS_WINDOW = 1 << 16;

    /** Opens the file for random access now, so that a file that is not a capture fails here. */
    public PipelineCaptureModel(Path file, NicSettings settings) throws IOException {
        this(file, settings, null, Captures.open(file, RANDOM_ACCESS_WINDOW));
    }

    /**
     * A capture under way: loading reads the frames of {@code live} as they are captured (see {@link
     * LiveLoading}); {@code live} also writes them to {@code file}, from where {@code randomAccess}
     * reads them again for rows, details and bytes.
     */
    public static PipelineCaptureModel live(LiveSource live, Path file, CaptureReader randomAccess,
                                            NicSettings settings) {
        return new PipelineCaptureModel(file, settings, live, randomAccess);
    }

    @Override
    public io.rdmascope.capture.CaptureStatistics captureCounts() {
        return live != null ? live.counts() : null;
    }

    private PipelineCaptureModel(Path file, NicSettings settings, LiveSource live, CaptureReader randomAccess) {
        this.file = file;
        this.settings = settings;
        this.live = live;
        this.reader = new FrameReader(index, randomAccess);
        this.rows = new FrameRows(index, reader, roce);
        this.details = new FrameDetails(index, reader, findings, roce);
        this.nic = new NicReplay(file, settings);
        this.reassembly = new Reassembly(index, reader);
        this.follower = new StreamFollower(index, reader, roce);
    }

    @Override
    public Path file() {
        return file;
    }

    /**
     * Runs the capture through the stages with the index loader on either side of the engine: the
     * stages' events reach the loader first, the ends of frames reach it after the engine. The
     * engine is fed as {@code analyze} feeds it (the MPA stage's watermark included), so the
     * transactions and violations are the command line's.
     */
    @Override
    public void load(LoadListener listener, BooleanSupplier cancelled) throws IOException {
        EarlyLoad e = early;
        if (e != null) {
            early = null;
            e.join(LoadTiming.watch(listener), cancelled);
            return;
        }
        loadNow(LoadTiming.watch(listener), cancelled);
    }

    /**
     * Starts loading now, on a thread of its own, up to the first rows (while the window is
     * built); {@link #load} then joins that load instead of starting one.
     */
    public void startLoading() {
        early = EarlyLoad.start(this::loadNow);
    }

    private void loadNow(LoadListener listener, BooleanSupplier cancelled) throws IOException {
        IndexLoader loader = new IndexLoader(index, roce, findings, listener);
        long size = reader.size();
        PduListener engine = Analyzer.EngineFactory.ENGINE.create(settings, loader);
        PduListener pdus = PduListeners.tee(loader.beforeEngine(), engine, loader.afterEngine());
        try {
            if (live != null) {
                LiveLoading.run(live, loader, pdus, cancelled);
            } else {
                Dissection.run(file, loader, pdus,
                        size > 0 ? read -> listener.progress(Math.min(1.0, (double) read / size)) : null, cancelled);
            }
        } finally {
            loader.fileHeld();
            loader.flush();
        }
        LoadTiming.loaded();
    }

    /** The index the model keeps (for the tests of this package). */
    FrameIndex index() {
        return index;
    }

    @Override
    public long frameCount() {
        return index.frameCount();
    }

    @Override
    public long timeNanos(long frame) {
        return index.timeNanos(frame);
    }

    @Override
    public FrameRow row(long frame) {
        return rows.row(frame);
    }

    /**
     * Frame, link, IP and TCP layers, then for each unit the frame completed its MPA, DDP and
     * RDMAP layers (see {@link FrameDetails}).
     */
    @Override
    public List<FieldNode> details(long frame) {
        return details.details(frame);
    }

    @Override
    public RawFrame raw(long frame) {
        Packet p = reader.read(frame);
        return p == null ? null : new RawFrame(frame, p.timestampNanos, p.linkType, p.originalLength,
                Arrays.copyOfRange(p.data, p.offset, p.offset + p.length));
    }

    /**
     * The frame as display filters see it: the same values as {@code dissect -Y}, all taken from
     * the index: no frame is read again.
     */
    @Override
    public FilterContext filterContext(long frame, boolean withPdus) {
        FilterContext c = details.filterContext(frame, withPdus);
        // As tcp.stream does, "connection" names the frames of the connection's TCP flow that carry no
        // PDU too: its SYN, its ACKs, its FIN (told as an issue of the connection without a kind).
        if (withPdus && c instanceof io.rdmascope.report.FrameRecord r && r.values("connection").isEmpty()) {
            String id = reassembly.connectionAt(frame);
            if (id != null) {
                r.issues.add(new io.rdmascope.report.FrameRecord.Issue(id, null));
            }
        }
        return c;
    }

    @Override
    public List<ConnectionInfo> connections() {
        return findings.connections();
    }

    @Override
    public List<Transaction> transactions() {
        return findings.transactions();
    }

    @Override
    public List<Violation> violations() {
        return findings.violations();
    }

    @Override
    public List<Violation> violationsAt(long frame) {
        return findings.violationsAt(frame);
    }

    @Override
    public Severity severityAt(long frame) {
        return index.severityAt(frame);
    }

    @Override
    public List<String> transactionsAt(long frame) {
        return index.transactionsAt(frame);
    }

    /** The NIC state after {@code frame}, from a fresh engine run up to it ({@link NicReplay}). */
    @Override
    public NicState nicState(long frame) {
        return nic.at(frame);
    }

    @Override
    public CaptureStatistics statistics() {
        return findings.statistics();
    }

    @Override
    public List<Conversation> conversations() {
        return connectionTables.conversations();
    }

    @Override
    public List<FlowMessage> messages(String id, int limit) {
        return connectionTables.messages(id, limit);
    }

    @Override
    public List<ReassembledFpdu> reassembled(long frame) {
        return reassembly.reassembled(frame);
    }

    @Override
    public String connectionAt(long frame) {
        String id = reassembly.connectionAt(frame);
        return id != null ? id : roce.connectionOf(frame);
    }

    @Override
    public boolean queuePair(String id) {
        return follower.queuePair(id);
    }

    @Override
    public FollowedStream follow(String id, FollowedStream.Layer layer, int limit) {
        return follower.follow(id, layer, limit);
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}

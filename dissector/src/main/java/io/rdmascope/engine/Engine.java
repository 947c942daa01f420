package io.rdmascope.engine;

import io.rdmascope.ddp.DdpMessage;
import io.rdmascope.ddp.DdpStream;
import io.rdmascope.ddp.MessageListener;
import io.rdmascope.model.NicModel;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.tcp.Direction;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.Ulps;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges dissected traffic against the NIC/driver model; reports to an {@link EngineListener}.
 *
 * <p>The engine judges two transports with one core. Each transport's stage makes transport-neutral
 * events of its traffic ({@link RdmaEvent}): iWARP's DDP stage one per segment placed in its
 * message ({@link io.rdmascope.ddp.DdpEvents}, delivered with the segment: {@link MessageListener}),
 * the RoCE and InfiniBand stage one per packet ({@link #rdma}). The events go to the rule sets that
 * every transport shares; what only one wire has stays with that transport's own rules:
 * <ul>
 *   <li>iWARP's wire: {@link MpaRules} (the MPA handshake, the framing of the stream and of each
 *       FPDU), {@link RdmapRules} (the DDP and RDMAP headers: versions, reserved bits, opcodes,
 *       queue numbers, MSN and MO order; the ready-to-receive message, Terminate) and
 *       {@link OneShotRules} (the one-shot extension's bits, initiations and completions); RoCE's
 *       wire is judged in its stage, which reports its findings as events;</li>
 *   <li>{@link OperationRules}: the operations as transactions (Sends and Writes, Reads paired with
 *       their responses, atomics with theirs, the depth of outstanding Reads), by {@link Operations}
 *       for iWARP and {@link Verbs} for RoCE and InfiniBand, which differ in what ends an
 *       operation and how a response names its request;</li>
 *   <li>{@link StagRules}: every access to a remote key against the STag table, the completions
 *       that invalidate an STag, the regions a closing connection still holds;</li>
 *   <li>{@link Messages}: what whole messages do (a Send's invalidation, the Sends and Writes handed
 *       to the upper-layer protocols, the advertised region an operation names);</li>
 *   <li>{@link UpperLayer}: the upper-layer protocols, their calls and the regions they advertise.</li>
 * </ul>
 * The rule sets raise violations through one {@link Reporter}, keep transactions in one
 * {@link Ledger}, and publish what they decided on one stream of {@link Decisions}, to which the
 * engine subscribes the {@link Narrator} when the listener {@linkplain EngineListener#wantsSteps()
 * wants steps} (no rule words a step of its own). Per MPA connection
 * they keep their state on one {@link Conn}; per endpoint (IP address) a model of its NIC and driver
 * ({@link NicModel}): the STag table, the buffer pool of each queue pair and the driver's command
 * table. Every violation is reported at the frame where a real NIC would have noticed it: the frame
 * that completes the FPDU, the handshake or the stream event concerned. The capture times of
 * transactions are those the events carry (see {@link Ledger}), never looked up by frame.
 *
 * <h2>Bounds</h2>
 * State grows with live STags, open messages and outstanding reads, never with the number of
 * frames: DDP assembly keeps a few open messages per queue; the STag table of each NIC at most
 * {@link NicModel#DEFAULT_MAX_STAGS} entries (older invalid ones are forgotten first); at most
 * {@link #MAX_OUTSTANDING_READS} outstanding Read Requests per direction (more exceed any IRD
 * RFC 6581 can express, and are reported as RDMAP_ORD_EXCEEDED); STAG_UNADVERTISED is reported
 * for at most {@link #MAX_UNADVERTISED_PER_CONNECTION} distinct STags per connection.
 *
 * <h2>Out of scope</h2>
 * Atomic operations (RFC 7306) are checked for their headers (opcode, queue) but their remote
 * STag is not judged against the model.
 */
public final class Engine implements MessageListener {
    public static final int MAX_OUTSTANDING_READS = 16384;
    public static final int MAX_UNADVERTISED_PER_CONNECTION = 1 << 16;

    private final EngineListener listener;
    private final NicModel model;
    private final Connections conns;
    private final Ledger ledger;
    private final Reporter reporter;
    private final MpaRules mpa;
    private final RdmapRules rdmap;
    private final OneShotRules oneShots;
    private final StagRules stags;
    private final Operations ops;
    private final UpperLayer ulps;
    private final Messages messages;
    private final Verbs verbs;
    private final Decisions decisions;
    private boolean finished;

    public Engine(NicSettings settings, EngineListener listener) {
        this(settings, listener, Ulps.all());
    }

    /** An engine that decodes these upper-layer protocols. */
    public Engine(NicSettings settings, EngineListener listener, List<Ulp> protocols) {
        this(settings, listener, protocols, List.of());
    }

    /**
     * An engine whose decisions are also told to {@code subscribers}, after the {@link Narrator}
     * (subscribed when the listener {@linkplain EngineListener#wantsSteps() wants steps}).
     */
    Engine(NicSettings settings, EngineListener listener, List<Ulp> protocols, List<Decisions> subscribers) {
        this.listener = listener;
        NicSettings nic = settings == null ? NicSettings.DEFAULTS : settings;
        this.model = new NicModel(nic.buffersPerQp(), nic.maxPerOperation());
        this.conns = new Connections(model);
        this.ledger = new Ledger(listener);
        this.reporter = new Reporter(listener, ledger);
        List<Decisions> all = new ArrayList<>();
        if (listener.wantsSteps()) {
            all.add(new Narrator(listener, nic));
        }
        all.addAll(subscribers);
        this.decisions = Decisions.of(all);
        this.mpa = new MpaRules(reporter, decisions);
        this.rdmap = new RdmapRules(reporter);
        this.oneShots = new OneShotRules(nic, ledger, reporter, decisions);
        this.stags = new StagRules(nic, model, conns, ledger, reporter, decisions);
        this.ulps = new UpperLayer(protocols, ledger, reporter, decisions);
        this.messages = new Messages(stags, ulps);
        this.ops = new Operations(ledger, reporter, decisions, stags, messages);
        this.verbs = new Verbs(ledger, reporter, stags, messages, decisions);
    }

    /**
     * Keeps the frame of the event that gave each transaction its id, from now on: what puts the
     * ids of analyses of parts of a capture back in the order of the whole capture's analysis.
     */
    public void keepCreationFrames() {
        ledger.keepCreationFrames();
    }

    /**
     * The frame of the event judged when each id of a kind was given ({@link Long#MAX_VALUE} at
     * the end of the capture), by number: index 0 for "w1". Empty unless {@link #keepCreationFrames}.
     */
    public long[] creationFrames(TransactionKind kind) {
        return ledger.creationFrames(kind);
    }

    /** The NIC/driver model as of the last event: STag tables and pool occupancy per endpoint. */
    public NicModel model() {
        return model;
    }

    /** One-shot transactions initiated and not yet ended, in order of initiation (a read-only copy). */
    public List<Transaction> openTransactions() {
        return ledger.openOneShots();
    }

    /** Transactions of every kind begun and not yet ended, in order of beginning (a read-only copy). */
    public List<Transaction> openTransactionsOfEveryKind() {
        return ledger.openOfEveryKind();
    }

    // ------------------------------------------------------------------ MPA events

    @Override
    public void connection(MpaConnection connection) {
        if (connection != null) {
            conns.of(connection);
        }
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake h) {
        if (connection == null || h == null) {
            return;
        }
        Conn c = conns.of(connection);
        ledger.at(h.frame());
        ledger.event(h.timeNanos());
        mpa.handshake(c, h);
        ulps.handshake(c, h);
        mpa.rejected(c, h);
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        if (connection == null || issue == null || issue.kind() == null) {
            return;
        }
        Conn c = conns.of(connection);
        ledger.at(issue.frame());
        ledger.event(issue.timeNanos());
        switch (issue.kind()) {
            case CLOSED_FIN:
                close(c, issue.frame(), "TCP FIN from " + c.endpoint[Conn.dir(issue.direction())]);
                break;
            case CLOSED_RST:
                close(c, issue.frame(), "TCP RST from " + c.endpoint[Conn.dir(issue.direction())]);
                break;
            case SNAPPED:
                c.snapped = true;
                break;
            default:
                mpa.issue(c, issue);
                break;
        }
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment s) {
        if (connection == null || fpdu == null) {
            return;
        }
        Conn c = conns.of(connection);
        int d = Conn.dir(fpdu.direction);
        long f = fpdu.frame;
        ledger.seen(f);
        ledger.at(f);
        ledger.event(fpdu.timeNanos);
        c.snapped |= fpdu.snapped;
        if (!mpa.fpdu(c, d, fpdu)) {
            return;
        }
        if (s != null && s.malformed != null) {
            if (!fpdu.snapped) {
                oneShots.malformed(c, d, f, s);
            } else if (!s.tagged && s.opcode == Opcode.RDMA_READ_REQUEST.code && s.rdmapVersion == 1) {
                // what the snapshot length cut from a segment's headers is missing from the capture only
                ops.blindReadRequest(c, d, f);
            }
        }
    }

    // ------------------------------------------------------------------ DDP / RDMAP segments

    /**
     * A segment placed in its message by the DDP stage: its headers judged by iWARP's own rules
     * ({@link RdmapRules}, {@link OneShotRules}), then the transport-neutral event the stage made of
     * it ({@link DdpStream#event}) judged by iWARP's {@link OperationRules}, as {@link #rdma} judges
     * RoCE's events by theirs.
     */
    @Override
    public void segment(MpaConnection connection, Fpdu fpdu, DdpSegment s, DdpStream stream, int gaps) {
        if (connection == null || fpdu == null || s == null) {
            return;
        }
        Conn c = conns.of(connection);
        int d = Conn.dir(fpdu.direction);
        long f = fpdu.frame;
        ledger.at(f);
        ledger.event(fpdu.timeNanos);
        Opcode op = Opcode.of(s.opcode);
        boolean opOk = rdmap.headers(c, d, f, s, op);
        boolean oneShot = oneShots.bits(c, d, f, s, op, opOk);
        if ((gaps & DdpStream.DROPPED) != 0) {
            ops.dropped(stream.dropped, f);
        }
        // a tagged message dropped unfinished is not an error of its own: tagged placement has no
        // sequence to break
        if (!s.tagged && (gaps & (DdpStream.MSN_GAP | DdpStream.MO_GAP | DdpStream.DROPPED)) != 0) {
            rdmap.untaggedGaps(c, d, f, s, op, stream, gaps);
        }
        boolean rtr = rdmap.readyToReceive(c, d, s, op);
        if (!opOk) {
            return;
        }
        if (op == Opcode.TERMINATE) {
            if (stream.first) {
                close(c, f, rdmap.terminate(c, d, f, s.terminate));
            }
            return;
        }
        RdmaEvent e = stream.event;
        if (e == null) {
            return;
        }
        if (rtr) {
            ops.readyToReceive(c, e);
            return;
        }
        if (e.kind == RdmaEvent.Kind.SEND && oneShot && !e.invalidates && (s.ab ? e.first : e.last)) {
            oneShotSend(c, e, s);
            return;
        }
        ops.event(c, e);
    }

    /**
     * A Send of the one-shot extension that is not a plain Send: an initiation (its first segment,
     * the AB bit set) or a completion naming the STag it ends (its last segment, the SV bit set).
     * It is a Send transaction of its own too.
     */
    private void oneShotSend(Conn c, RdmaEvent e, DdpSegment s) {
        ops.message(c, e);
        if (s.ab) {
            oneShots.initiation(c, e.direction, e.frame, s);
        } else {
            stags.completion(c, e.direction, e.frame, s.optionalStag, CompletionKind.SEND_SV, Opcode.of(e.opcode));
        }
    }

    // ------------------------------------------------------------------ transport-neutral connections

    @Override
    public void rdmaConnection(RdmaConnection connection) {
        if (connection == null) {
            return;
        }
        listener.transportConnection(connection);
        Conn c = conns.of(connection);
        for (Direction d : Direction.values()) {
            byte[] pd = connection.privateData(d);
            if (pd != null && connection.setupFrame(d) >= 0) {
                ulps.privateData(c, d.ordinal(), connection.setupFrame(d), pd, 0, d == Direction.FROM_INITIATOR,
                        d == Direction.FROM_INITIATOR, false);
            }
        }
    }

    /** An event of a RoCE or InfiniBand connection: judged by their {@link OperationRules}, {@link Verbs}. */
    @Override
    public void rdma(RdmaConnection connection, RdmaEvent e) {
        if (connection == null || e == null) {
            return;
        }
        Conn c = conns.of(connection);
        ledger.at(e.frame);
        if (e.timeNanos != 0) {
            ledger.event(e.timeNanos);
        }
        ledger.seen(e.frame);
        c.snapped |= e.snapped;
        if (e.kind == RdmaEvent.Kind.CLOSE) {
            close(c, e.frame, e.text);
        } else if (e.kind == RdmaEvent.Kind.RETIRED) {
            over(c, e.frame);
        } else {
            verbs.event(c, e);
        }
    }

    /** The connection closed (FIN, RST or Terminate): the NICs deallocate what it still held. */
    private void close(Conn c, long f, String reason) {
        if (c.closed) {
            return;
        }
        c.closed = true;
        decisions.teardown(c, f, reason);
        rules(c).closed(c);
        ulps.close(c, f);
        ledger.abortOperations(c.id);
        stags.release(c, f, reason);
    }

    /**
     * The connection is over while the capture goes on (closed both ways, or let go for its
     * silence): nothing can complete its transactions still open any more, so they end now as the
     * end of the capture would end them (incomplete; a one-shot transaction with
     * TRANSACTION_INCOMPLETE, at this frame), and its state is forgotten, so that a run that never
     * ends keeps state for the connections alive rather than for every one it has seen. (The
     * operations of a connection that closed were aborted at the close.) A RoCE connection is over
     * the same way when its stage retires it ({@link RdmaEvent.Kind#RETIRED}).
     */
    @Override
    public void retired(MpaConnection connection, long frame) {
        Conn c = connection == null ? null : conns.find(connection);
        if (c == null) {
            return;
        }
        over(c, frame);
    }

    /** The operation rules of a connection's transport. */
    private OperationRules rules(Conn c) {
        return c.mpa != null ? ops : verbs;
    }

    /** Ends what a connection that is over left open, then forgets it (see {@link #retired}). */
    private void over(Conn c, long frame) {
        ledger.at(frame);
        for (Transaction t : ledger.openOfEveryKind()) {
            if (!t.connection.equals(c.id)) {
                continue;
            }
            if (t.oneShot()) {
                oneShots.connectionOver(c, t, frame);
            } else {
                ledger.ended(t, TransactionStatus.INCOMPLETE);
            }
        }
        conns.retire(c);
    }

    /** Connections the engine keeps state for: those not yet over. */
    public int connectionsKept() {
        return conns.size();
    }

    // ------------------------------------------------------------------ frames and the end

    @Override
    public void frameDone(long frame, long timestampNanos) {
        ledger.at(frame);
        ledger.frameDone(frame);
    }

    /**
     * The capture ended: the transactions still open end incomplete, each one-shot transaction
     * with TRANSACTION_INCOMPLETE at the last frame.
     */
    @Override
    public void end() {
        if (finished) {
            return;
        }
        finished = true;
        ledger.at(Long.MAX_VALUE);
        ledger.flush();
        for (Transaction t : ledger.openOfEveryKind()) {
            if (t.oneShot()) {
                oneShots.incomplete(conns.byId(t.connection), t, ledger.lastFrame());
            } else {
                ledger.ended(t, TransactionStatus.INCOMPLETE);
            }
        }
        ledger.flush();
    }
}

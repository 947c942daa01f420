package io.rdmascope.engine;

import io.rdmascope.ddp.DdpMessage;
import io.rdmascope.ddp.DdpStream;
import io.rdmascope.ddp.MessageAssembly;
import io.rdmascope.ddp.MessageListener;
import io.rdmascope.model.Driver;
import io.rdmascope.model.LongMap;
import io.rdmascope.model.Nic;
import io.rdmascope.model.NicModel;
import io.rdmascope.model.OutstandingReads;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.Ulps;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Judges dissected traffic against the NIC/driver model; reports to an {@link EngineListener}.
 *
 * <p>The engine listens to the decoded iWARP events of a capture ({@link PduListener}) and keeps,
 * per MPA connection and direction, the DDP message assembly ({@link DdpStream}) and the
 * outstanding RDMA Read Requests, and per endpoint (IP address) a model of its NIC and driver
 * ({@link NicModel}): the STag table, the buffer pool of each queue pair and the driver's command
 * table. Every violation is reported at the frame where a real NIC would have noticed it: the
 * frame that completes the FPDU, the handshake or the stream event concerned.
 *
 * <h2>One-shot transactions</h2>
 * An untagged Send or Send with SE with SV and AB is an initiation: it gets the next transaction
 * id ("t1", "t2", ... in order of initiation), owned by its sender (the advertiser), and binds the
 * STag to the region in the sender's NIC, on that connection only. Writes and Read Requests of
 * the peer into the STag, and the Read Responses that answer such Read Requests, are its data
 * ({@link Transaction#dataFrames}, {@link Transaction#bytes}). A Send with (SE and) Invalidate
 * naming the STag, or an untagged Send with SV (AB clear) naming it, sent by the peer on that
 * connection, completes it: the NIC de-associates the STag and frees its buffer. An initiation the
 * NIC refuses (STag still valid: ONESHOT_STAG_IN_USE; pool full: BUFFER_POOL_EXHAUSTED) still gets
 * a transaction id; it ends at once with status {@code violated}, and the STag (if it was not in
 * use) is remembered as invalid, so that later accesses report STAG_INVALIDATED.
 *
 * <h2>Status of a transaction</h2>
 * {@code complete} when completed without any violation naming it; {@code violated} as soon as a
 * violation names it while it is open, whatever its end; otherwise {@code aborted} when its
 * connection closed first (FIN, RST or Terminate: QP_CLOSED_WITH_OPEN_BUFFERS) and
 * {@code incomplete} when the capture ended first (TRANSACTION_INCOMPLETE). These two end-of-life
 * warnings name the transaction but do not make it violated: they already say how it ended.
 * A violation found after a transaction ended (a Write after the completion, say) names no
 * transaction; its message says which transaction the STag belonged to. A transaction is handed
 * to the listener when it ends, after the frame that ended it (so that its times are known), and
 * at {@link #end()} for those still open, in order of initiation.
 *
 * <h2>TRANSACTION_INCOMPLETE</h2>
 * Reported at the last frame of the capture (the capture ended there with the initiation still
 * open), naming the transaction; the message gives the initiation frame.
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
    /** The reserved bit of the MPA flags octet that Linux's siw driver sets for its GSO extension. */
    static final int SIW_GSO_FLAG = 0x08;
    /** RFC 6581 section 8: the peer-to-peer bit, the top bit of the IRD word (of the two flag bits, the upper). */
    static final int IRD_PEER_TO_PEER = 0x2;
    /** RFC 6581: an IRD/ORD value of 0x3FFF means none given. */
    private static final int IRD_NONE = 0x3FFF;

    // bits of DdpMessage.reported
    private static final int R_ACCESS = 1, R_BOUNDS = 2, R_INVALIDATED = 4, R_WRONG = 8, R_UNSOLICITED = 16,
            R_UNADVERTISED = 32;

    private final NicSettings settings;
    private final EngineListener listener;
    final boolean steps;
    private final NicModel model;
    private final IdentityHashMap<MpaConnection, Conn> conns = new IdentityHashMap<>();
    private MpaConnection lastKey;
    private Conn lastConn;
    /** The connection of the event being judged, named by the narration. */
    private Conn current;
    /** Transactions begun and not ended, in order of beginning (identity: a Transaction has no equals of its own). */
    private final java.util.LinkedHashSet<Transaction> open = new java.util.LinkedHashSet<>();
    private final ArrayList<Transaction> needInitiationTime = new ArrayList<>();
    private final ArrayList<Transaction> needCompletionTime = new ArrayList<>();
    private final ArrayList<Transaction> ended = new ArrayList<>();
    private final int[] idCounts = new int[TransactionKind.values().length];
    final Operations ops = new Operations(this);
    private final UpperLayer ulps;
    private final java.util.HashMap<String, Conn> byId = new java.util.HashMap<>();
    static final int ACCESS_WRITE = 0x01, ACCESS_READ = 0x02;
    /** Why a zero-length first message is not judged against the STag table. */
    static final String READY_TO_RECEIVE = "MPA ready-to-receive message (RFC 6581 section 8)";
    private long lastFrame;
    private long lastTimestamp;
    /**
     * Capture times of the most recent frames, by frame number modulo their count: the MPA stage
     * may deliver a PDU of a handshake-less connection after later frames are done, and its
     * transaction must still carry its own frame's time.
     */
    private static final int RECENT_FRAMES = 1 << 14;
    private final long[] recentFrame = new long[RECENT_FRAMES];
    private final long[] recentTime = new long[RECENT_FRAMES];
    private boolean finished;

    public Engine(NicSettings settings, EngineListener listener) {
        this(settings, listener, Ulps.all());
    }

    /** An engine that decodes these upper-layer protocols. */
    public Engine(NicSettings settings, EngineListener listener, List<Ulp> protocols) {
        this.ulps = new UpperLayer(this, protocols);
        this.settings = settings == null ? NicSettings.DEFAULTS : settings;
        this.listener = listener;
        this.steps = listener.wantsSteps();
        this.model = new NicModel(this.settings.buffersPerQp(), this.settings.maxPerOperation());
    }

    /** The NIC/driver model as of the last event: STag tables and pool occupancy per endpoint. */
    public NicModel model() {
        return model;
    }

    /** One-shot transactions initiated and not yet ended, in order of initiation (a read-only copy). */
    public List<Transaction> openTransactions() {
        List<Transaction> out = new ArrayList<>();
        for (Transaction t : open) {
            if (t.oneShot()) {
                out.add(t);
            }
        }
        return out;
    }

    /** Transactions of every kind begun and not yet ended, in order of beginning (a read-only copy). */
    public List<Transaction> openTransactionsOfEveryKind() {
        return new ArrayList<>(open);
    }

    // ------------------------------------------------------------------ per-connection state

    static final class Conn {
        final MpaConnection mpa;
        final String id;
        final String[] endpoint = new String[2];
        final String[] address = new String[2];
        /** Whether each direction has sent an FPDU yet (the MPA ready-to-receive message comes first). */
        final boolean[] sentFpdu = new boolean[2];
        /** Atomic Requests awaiting their Response, by the direction the requests travel in. */
        @SuppressWarnings("unchecked")
        final ArrayDeque<Transaction>[] atomics = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>()};
        /** The upper-layer protocol spoken on the connection, once looked at. */
        UpperLayer.Session ulp;
        /** Index: the direction the requests travel in (the requester is its source). */
        final OutstandingReads[] reads = {new OutstandingReads(MAX_OUTSTANDING_READS),
                new OutstandingReads(MAX_OUTSTANDING_READS)};
        final LongMap<Boolean> unadvertised = new LongMap<>();
        /** The NIC of the source of each direction, looked up once. */
        final Nic[] nic = new Nic[2];
        boolean requestSeen;
        boolean replySeen;
        /** An MPA revision 2 Request or Reply asked for peer-to-peer mode (RFC 6581 section 8). */
        boolean peerToPeer;
        boolean closed;
        final boolean[] markerIssuePending = new boolean[2];
        final long[] markerIssueOffset = {-1, -1};
        final long[] markerFpduStart = {-1, -1};
        final long[] markerFpduEnd = {-1, -1};

        Conn(MpaConnection mpa) {
            this.mpa = mpa;
            this.id = mpa.id();
            TcpConnection tcp = mpa.tcp();
            for (Direction d : Direction.values()) {
                Endpoint e = tcp == null ? null : tcp.source(d);
                endpoint[d.ordinal()] = e == null ? "?" : e.toString();
                address[d.ordinal()] = e == null ? "?" + d.ordinal() : e.address();
            }
        }
    }

    /** The NIC of the source of direction d. */
    Nic nic(Conn c, int d) {
        Nic n = c.nic[d];
        if (n == null) {
            n = model.nic(c.address[d]);
            c.nic[d] = n;
        }
        return n;
    }

    private Conn conn(MpaConnection c) {
        if (c == lastKey) {
            current = lastConn;
            return lastConn;
        }
        Conn s = conns.get(c);
        if (s == null) {
            s = new Conn(c);
            conns.put(c, s);
            byId.put(s.id, s);
        }
        lastKey = c;
        lastConn = s;
        current = s;
        return s;
    }

    // ------------------------------------------------------------------ reporting

    void report(ViolationCode code, Severity severity, long frame, Conn c, Long stag, Transaction t,
                String message, String reference) {
        String txn = null;
        if (t != null && open.contains(t)) {
            txn = t.id;
            if (code.severity != Severity.INFO && code != ViolationCode.TRANSACTION_INCOMPLETE
                    && code != ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS) {
                t.status = TransactionStatus.VIOLATED;
                if (t.parent != null && open.contains(t.parent)) {
                    t.parent.status = TransactionStatus.VIOLATED;
                }
            }
        }
        listener.violation(new Violation(code, severity, frame, c == null ? null : c.id, stag, txn, message,
                reference == null ? code.reference : reference));
    }

    void report(ViolationCode code, long frame, Conn c, Long stag, Transaction t, String message) {
        report(code, code.severity, frame, c, stag, t, message, null);
    }

    void step(long frame, String endpoint, String actor, String text) {
        listener.step(frame, current == null ? null : current.id, endpoint, actor, text);
    }

    private Severity unadvertisedSeverity() {
        return settings.strict() ? Severity.ERROR : ViolationCode.STAG_UNADVERTISED.severity;
    }

    /** Whether STAG_UNADVERTISED is still to be reported for this STag on this connection. */
    private static boolean unadvertisedPending(Conn c, long stag) {
        return c.unadvertised.get(stag) == null && c.unadvertised.size() < MAX_UNADVERTISED_PER_CONNECTION;
    }

    private void unadvertised(Conn c, long frame, long stag, String what) {
        if (!unadvertisedPending(c, stag)) {
            return;
        }
        c.unadvertised.put(stag, Boolean.TRUE);
        report(ViolationCode.STAG_UNADVERTISED, unadvertisedSeverity(), frame, c, stag, null,
                what + " names STag " + stagHex(stag) + ", which nothing in the capture advertised (no one-shot"
                + " initiation, no upper-layer message that rdmascope decodes)", null);
    }

    // ------------------------------------------------------------------ formatting

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** "0x" and 8 hex digits. */
    static String stagHex(long stag) {
        char[] c = new char[10];
        c[0] = '0';
        c[1] = 'x';
        for (int i = 0; i < 8; i++) {
            c[9 - i] = HEX[(int) (stag >>> (4 * i)) & 0xF];
        }
        return new String(c);
    }

    /** "0x" and the shortest hex digits. */
    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** "[0x10000+8192, +512)": an access relative to the region it should fall in. */
    static String range(long regionTo, long to, long length) {
        StringBuilder b = new StringBuilder(40).append('[').append(hex(regionTo));
        if (Long.compareUnsigned(to, regionTo) >= 0) {
            b.append('+').append(Long.toUnsignedString(to - regionTo));
        } else {
            b.append('-').append(Long.toUnsignedString(regionTo - to));
        }
        return b.append(", +").append(Long.toUnsignedString(length)).append(')').toString();
    }

    static String accessWords(int access) {
        boolean w = (access & 0x01) != 0, r = (access & 0x02) != 0;
        return w && r ? "remote write and remote read" : w ? "remote write" : r ? "remote read" : "no remote access";
    }

    // ------------------------------------------------------------------ PduListener

    @Override
    public void connection(MpaConnection connection) {
        if (connection != null) {
            conn(connection);
        }
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake h) {
        if (connection == null || h == null) {
            return;
        }
        Conn c = conn(connection);
        String what = h.request() ? "MPA Request" : "MPA Reply";
        StringBuilder problems = new StringBuilder();
        if (h.revision() != 1 && h.revision() != 2) {
            append(problems, "revision " + h.revision() + " (RFC 5044 defines 1, RFC 6581 defines 2)");
        }
        int unknownFlags = h.reservedFlags() & ~SIW_GSO_FLAG;
        if (unknownFlags != 0) {
            append(problems, "reserved flag bits " + hex(unknownFlags) + " set");
        }
        if (h.privateDataLength() > 512) {
            append(problems, "private data of " + h.privateDataLength() + " octets (at most 512)");
        }
        if (h.request()) {
            if (c.requestSeen) {
                append(problems, "a second Request on the connection");
            }
            if (h.rejectFlag()) {
                append(problems, "the Reject bit, which only a Reply may set");
            }
            c.requestSeen = true;
        } else {
            if (!c.requestSeen) {
                append(problems, "no Request before it");
            } else if (c.replySeen) {
                append(problems, "a second Reply on the connection");
            }
            c.replySeen = true;
        }
        if (steps) {
            handshakeStep(c, h, what);
        }
        if (problems.length() > 0) {
            report(ViolationCode.MPA_HANDSHAKE, h.frame(), c, null, null,
                    what + " from " + c.endpoint[dir(h.direction())] + ": " + problems);
        }
        if ((h.reservedFlags() & SIW_GSO_FLAG) != 0) {
            report(ViolationCode.MPA_VENDOR_FLAG, h.frame(), c, null, null, what + " from "
                    + c.endpoint[dir(h.direction())] + " sets reserved flag bit 0x08, Linux siw's GSO bit: the sender"
                    + " can take FPDUs larger than one TCP segment, built for segmentation offload (not in RFC 5044)");
        }
        if (h.revision() == 2 && (h.irdFlags() & IRD_PEER_TO_PEER) != 0) {
            c.peerToPeer = true;
        }
        ulps.handshake(c, h);
        if (!h.request() && h.rejectFlag()) {
            report(ViolationCode.MPA_REJECTED, h.frame(), c, null, null,
                    "MPA Reply from " + c.endpoint[dir(h.direction())] + " rejects the connection");
        }
    }

    /** Narrates an MPA Request or Reply: what its sender's NIC asks for or agrees to. */
    private void handshakeStep(Conn c, MpaHandshake h, String what) {
        StringBuilder b = new StringBuilder(96).append("sends the ").append(what).append(" of ").append(c.id)
                .append(": revision ").append(h.revision())
                .append(h.crcFlag() ? ", CRC" : ", no CRC")
                .append(h.markerFlag() ? ", asks for markers" : ", no markers");
        if (h.ird() != null || h.ord() != null) {
            b.append(", IRD ").append(irdWord(h.ird())).append(", ORD ").append(irdWord(h.ord()));
        }
        if (!h.request()) {
            b.append(h.rejectFlag() ? "; rejects the connection" : "; accepts the connection");
        }
        step(h.frame(), c.endpoint[dir(h.direction())], "NIC", "NIC " + b);
    }

    private static String irdWord(Integer v) {
        return v == null ? "absent" : v >= IRD_NONE ? "none" : String.valueOf(v);
    }

    private static void append(StringBuilder b, String s) {
        if (b.length() > 0) {
            b.append("; ");
        }
        b.append(s);
    }

    private static int dir(Direction d) {
        return d == null ? 0 : d.ordinal();
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        if (connection == null || issue == null || issue.kind() == null) {
            return;
        }
        Conn c = conn(connection);
        int d = dir(issue.direction());
        long f = issue.frame();
        String from = c.endpoint[d];
        switch (issue.kind()) {
            case GAP:
                report(ViolationCode.TCP_GAP, f, c, null, null, issue.message() != null ? issue.message()
                        : issue.length() + " octets of the stream from " + from + " are missing at offset "
                          + issue.streamOffset());
                break;
            case FRAMING:
                report(ViolationCode.MPA_FRAMING, f, c, null, null, issue.message() != null ? issue.message()
                        : "the stream from " + from + " lost FPDU framing at offset " + issue.streamOffset());
                break;
            case TRUNCATED:
                report(ViolationCode.MPA_TRUNCATED, f, c, null, null, issue.message() != null ? issue.message()
                        : "an FPDU from " + from + " at offset " + issue.streamOffset() + " is cut short");
                break;
            case MARKER_INVALID:
                if (c.markerIssuePending[d]
                        || (issue.streamOffset() >= c.markerFpduStart[d] && issue.streamOffset() < c.markerFpduEnd[d])) {
                    break;
                }
                c.markerIssuePending[d] = true;
                c.markerIssueOffset[d] = issue.streamOffset();
                report(ViolationCode.MPA_MARKER_INVALID, f, c, null, null, issue.message() != null ? issue.message()
                        : "a marker from " + from + " at offset " + issue.streamOffset()
                          + " does not point back to the start of its FPDU");
                break;
            case CLOSED_FIN:
                close(c, f, "TCP FIN from " + from);
                break;
            case CLOSED_RST:
                close(c, f, "TCP RST from " + from);
                break;
            default:
                break;
        }
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment s) {
        if (connection == null || fpdu == null) {
            return;
        }
        Conn c = conn(connection);
        int d = dir(fpdu.direction);
        long f = fpdu.frame;
        if (f > lastFrame) {
            lastFrame = f;
        }
        markers(c, d, fpdu);
        if (fpdu.crcOk != null && !fpdu.crcOk) {
            // a NIC discards the FPDU (and would terminate the stream): nothing in it is placed
            crcMismatch(c, d, f, fpdu);
            return;
        }
        if (fpdu.padNonZero) {
            padNonZero(c, d, f, fpdu);
        }
        if (s != null && s.malformed != null) {
            if (s.ab && !s.sv) {
                abWithoutSv(c, d, f);
            } else if (s.sv || s.ab) {
                oneShotShort(c, d, f, s, ": " + s.malformed);
            }
        }
    }

    /** A segment placed in its message by the DDP stage: judged, and its operation accounted. */
    @Override
    public void segment(MpaConnection connection, Fpdu fpdu, DdpSegment s, DdpStream stream, int gaps) {
        if (connection == null || fpdu == null || s == null) {
            return;
        }
        Conn c = conn(connection);
        segment(c, dir(fpdu.direction), fpdu.frame, s, stream, gaps);
    }

    private void padNonZero(Conn c, int d, long f, Fpdu fpdu) {
        report(ViolationCode.MPA_PAD_NONZERO, f, c, null, null, "the " + fpdu.padLength + " pad octet"
                + (fpdu.padLength == 1 ? "" : "s") + " of the FPDU from " + c.endpoint[d] + " at stream offset "
                + fpdu.streamOffset + (fpdu.padLength == 1 ? " is" : " are") + " not zero; the framing is intact");
    }

    // The violations and the narration are worded in methods of their own, apart from the judging
    // methods that call them: a judging method runs for every segment, and the client compiler
    // compiles all of a method, the words of a violation that never happens included.

    private void crcMismatch(Conn c, int d, long f, Fpdu fpdu) {
        report(ViolationCode.MPA_CRC_MISMATCH, f, c, null, null, "FPDU from " + c.endpoint[d]
                + " carries CRC " + stagHex(fpdu.crcField) + " where " + stagHex(fpdu.crcComputed) + " was computed");
    }

    private void abWithoutSv(Conn c, int d, long f) {
        report(ViolationCode.ONESHOT_MALFORMED, f, c, null, null, "DDP segment from " + c.endpoint[d]
                + " has AB set without SV");
    }

    /** A segment too short for its one-shot fields; {@code detail} ends the message. */
    private void oneShotShort(Conn c, int d, long f, DdpSegment s, String detail) {
        report(ViolationCode.ONESHOT_MALFORMED, f, c, null, null, "DDP segment from " + c.endpoint[d]
                + " is too short for the fields " + (s.ab ? "SV and AB announce" : "SV announces") + detail);
    }

    private void markersInvalid(Conn c, int d, Fpdu fpdu, long start) {
        report(ViolationCode.MPA_MARKER_INVALID, fpdu.frame, c, null, null, fpdu.badMarkers + " of the "
                + fpdu.markers + " markers in the FPDU from " + c.endpoint[d] + " at stream offset " + start
                + " do not point back to its start");
    }

    private void markers(Conn c, int d, Fpdu fpdu) {
        long start = fpdu.streamOffset, end = fpdu.streamOffset + fpdu.wireLength;
        boolean issueHere = c.markerIssuePending[d] && c.markerIssueOffset[d] < end;
        if (fpdu.badMarkers > 0 && !issueHere) {
            c.markerFpduStart[d] = start;
            c.markerFpduEnd[d] = end;
            markersInvalid(c, d, fpdu, start);
        }
        if (issueHere) {
            c.markerIssuePending[d] = false;
            c.markerFpduStart[d] = start;
            c.markerFpduEnd[d] = end;
        }
    }

    // ------------------------------------------------------------------ DDP / RDMAP segment

    private void segment(Conn c, int d, long f, DdpSegment s, DdpStream stream, int gaps) {
        if (s.dv != 1 || s.reserved != 0 || s.rdmapVersion != 1 || s.rdmapReserved != 0) {
            headerBits(c, d, f, s);
        }
        Opcode op = Opcode.of(s.opcode);
        boolean opOk = op != null && op.tagged == s.tagged;
        if (!opOk) {
            opcodeInvalid(c, d, f, s, op);
        } else if (!s.tagged && ((op.queue() >= 0 && s.qn != op.queue()) || (!op.invalidates() && s.invalidateStag != 0))) {
            untaggedFields(c, d, f, s, op);
        }
        boolean oneShot = oneShotBits(c, d, f, s, op, opOk);

        DdpMessage m = stream.message;
        boolean first = stream.first;
        if ((gaps & DdpStream.DROPPED) != 0) {
            ops.dropped(stream.dropped, f);
        }
        // a tagged message dropped unfinished is not an error of its own: tagged placement has no
        // sequence to break
        if (!s.tagged && (gaps & (DdpStream.MSN_GAP | DdpStream.MO_GAP | DdpStream.DROPPED)) != 0) {
            untaggedGaps(c, d, f, s, op, stream, gaps);
        }
        boolean rtr = !c.sentFpdu[d] && readyToReceive(c, s, op);
        c.sentFpdu[d] = true;
        if (!opOk) {
            return;
        }
        if (rtr) {
            readyToReceive(c, d, f, s, m, op, first);
            return;
        }
        Transaction operation = ops.segment(c, d, f, s, m, op, first);
        switch (op) {
            case SEND:
            case SEND_WITH_SE:
                if (oneShot && s.ab && first) {
                    initiation(c, d, f, s);
                } else if (oneShot && !s.ab && s.last) {
                    completion(c, d, f, s.optionalStag, CompletionKind.SEND_SV, op);
                } else {
                    if (s.last) {
                        ulps.send(c, d, f, m, operation, op.code, 0);
                    }
                    if (steps) {
                        stepSendPlaced(c, d, f, s, op);
                    }
                }
                break;
            case SEND_WITH_INVALIDATE:
                if (s.last) {
                    completion(c, d, f, s.invalidateStag, CompletionKind.SEND_WITH_INVALIDATE, op);
                    ulps.send(c, d, f, m, operation, op.code, s.invalidateStag);
                }
                break;
            case SEND_WITH_SE_AND_INVALIDATE:
                if (s.last) {
                    completion(c, d, f, s.invalidateStag, CompletionKind.SEND_SE_WITH_INVALIDATE, op);
                    ulps.send(c, d, f, m, operation, op.code, s.invalidateStag);
                }
                break;
            case RDMA_WRITE:
                write(c, d, f, s, m, op, operation, first);
                if (s.last) {
                    ulps.write(c, d, f, m, operation, s.stag, m == null ? s.to : m.startOffset);
                }
                break;
            case RDMA_READ_REQUEST:
                if (s.readRequest != null && first) {
                    readRequest(c, d, f, s.readRequest, false);
                }
                break;
            case RDMA_READ_RESPONSE:
                readResponse(c, d, f, s, m);
                break;
            case ATOMIC_REQUEST:
                if (s.atomicRequest != null && first) {
                    ops.atomicRequest(c, d, f, s.atomicRequest);
                }
                break;
            case ATOMIC_RESPONSE:
                if (s.atomicResponse != null && first) {
                    ops.atomicResponse(c, d, f, s);
                }
                break;
            case TERMINATE:
                if (first) {
                    terminate(c, d, f, s.terminate);
                }
                break;
            default:
                break;
        }
    }

    /**
     * Whether the first FPDU of a direction is the ready-to-receive message of MPA revision 2's
     * peer-to-peer mode (RFC 6581 section 8): a zero-length RDMA Write, RDMA Read Request or Send.
     */
    private static boolean readyToReceive(Conn c, DdpSegment s, Opcode op) {
        if (op == null || s.sv || s.ab) {
            return false;
        }
        boolean handshakeless = !c.requestSeen && !c.replySeen;
        if (!c.peerToPeer && !handshakeless) {
            return false;
        }
        if (op == Opcode.RDMA_WRITE || (op.isSend() && c.peerToPeer)) {
            return s.payloadLength == 0 && s.last && (s.tagged || s.mo == 0);
        }
        return op == Opcode.RDMA_READ_REQUEST && s.readRequest != null && s.readRequest.readSize() == 0;
    }

    /** The ready-to-receive message: an operation of its own, not judged against the STag table. */
    private void readyToReceive(Conn c, int d, long f, DdpSegment s, DdpMessage m, Opcode op, boolean first) {
        Transaction t = op == Opcode.RDMA_READ_REQUEST ? readRequest(c, d, f, s.readRequest, true)
                : ops.segment(c, d, f, s, m, op, first);
        if (t != null) {
            t.note = READY_TO_RECEIVE;
        }
        if (steps) {
            step(f, c.endpoint[d], "NIC", "NIC sends the " + READY_TO_RECEIVE + " of " + c.id + ": a zero-length "
                    + op.displayName);
        }
    }

    private void headerBits(Conn c, int d, long f, DdpSegment s) {
        String from = c.endpoint[d];
        if (s.dv != 1) {
            report(ViolationCode.DDP_VERSION, f, c, null, null, "DDP segment from " + from + " has version "
                    + s.dv + " (1 expected)");
        }
        if (s.reserved != 0) {
            report(ViolationCode.DDP_RESERVED, f, c, null, null, "DDP segment from " + from
                    + " has reserved control bits " + hex(s.reserved << 2) + " set");
        }
        if (s.rdmapVersion != 1) {
            report(ViolationCode.RDMAP_VERSION, f, c, null, null, "RDMAP header from " + from + " has version "
                    + s.rdmapVersion + " (1 expected)");
        }
        if (s.rdmapReserved != 0) {
            report(ViolationCode.RDMAP_RESERVED, f, c, null, null, "RDMAP header from " + from
                    + " has reserved bits " + hex(s.rdmapReserved) + " set");
        }
    }

    /** An opcode that RDMAP does not define, or defines for the other kind of DDP header. */
    private void opcodeInvalid(Conn c, int d, long f, DdpSegment s, Opcode op) {
        String from = c.endpoint[d];
        if (op == null) {
            report(ViolationCode.RDMAP_OPCODE_INVALID, f, c, null, null, "RDMAP opcode " + hex(s.opcode)
                    + " from " + from + " is not defined");
        } else {
            report(ViolationCode.RDMAP_OPCODE_INVALID, f, c, null, null, op.displayName + " from " + from
                    + " on " + (s.tagged ? "a tagged" : "an untagged") + " DDP header");
        }
    }

    /** The queue number and Invalidate STag of an untagged segment with a valid opcode. */
    private void untaggedFields(Conn c, int d, long f, DdpSegment s, Opcode op) {
        String from = c.endpoint[d];
        if (op.queue() >= 0 && s.qn != op.queue()) {
            report(ViolationCode.DDP_QN_INVALID, f, c, null, null, op.displayName + " from " + from + " on queue "
                    + s.qn + " (RFC 5040 puts it on queue " + op.queue() + ")");
        }
        if (!op.invalidates() && s.invalidateStag != 0) {
            report(ViolationCode.RDMAP_RESERVED, f, c, null, null, op.displayName + " from " + from
                    + " carries Invalidate STag " + stagHex(s.invalidateStag) + " but invalidates nothing");
        }
    }

    /** What {@link DdpStream#untagged} found out of sequence ({@code r}: its result bits). */
    private void untaggedGaps(Conn c, int d, long f, DdpSegment s, Opcode op, DdpStream stream, int r) {
        String from = c.endpoint[d];
        String name = op == null ? "segment" : op.displayName;
        if ((r & DdpStream.MSN_GAP) != 0) {
            report(ViolationCode.DDP_MSN_GAP, f, c, null, null, name + " from " + from + " on queue " + s.qn
                    + " has MSN " + s.msn + " where MSN " + stream.expectedMsn + " was expected");
        }
        if ((r & DdpStream.MO_GAP) != 0) {
            report(ViolationCode.DDP_MO_GAP, f, c, null, null, name + " from " + from + " (queue " + s.qn
                    + ", MSN " + s.msn + ") has MO " + s.mo + " where the message continues at MO "
                    + stream.expectedOffset);
        }
        if ((r & DdpStream.DROPPED) != 0) {
            DdpMessage dm = stream.dropped;
            report(ViolationCode.DDP_MO_GAP, f, c, null, null, "message MSN " + dm.msn + " on queue " + dm.qn
                    + " from " + from + " never received its last segment (" + dm.bytes
                    + " octets from MO " + dm.startOffset + "); more than " + DdpStream.MAX_OPEN_PER_QUEUE
                    + " messages were open on the queue");
        }
    }

    private void stepSendPlaced(Conn c, int d, long f, DdpSegment s, Opcode op) {
        step(f, c.endpoint[1 - d], "NIC", "NIC places " + s.payloadLength + " B of a " + op.displayName
                + " (queue " + s.qn + ", MSN " + s.msn + ") in a posted receive buffer");
    }

    /** Checks the one-shot bits; true when the segment carries well-formed one-shot fields for its opcode. */
    private boolean oneShotBits(Conn c, int d, long f, DdpSegment s, Opcode op, boolean opOk) {
        if (!s.sv && !s.ab) {
            return false;
        }
        if (s.ab && !s.sv) {
            abWithoutSv(c, d, f);
            return false;
        }
        if (s.optionalStag == null || (s.ab && s.advertised == null)) {
            oneShotShort(c, d, f, s, "");
            return false;
        }
        if (!opOk || (op != Opcode.SEND && op != Opcode.SEND_WITH_SE)) {
            oneShotOpcode(c, d, f, s, op);
            return false;
        }
        if (s.ab && (s.advertised.reserved() != 0 || (s.advertised.access() & ~0x03) != 0)) {
            advertisedReserved(c, d, f, s);
        }
        return true;
    }

    private void oneShotOpcode(Conn c, int d, long f, DdpSegment s, Opcode op) {
        report(ViolationCode.ONESHOT_MALFORMED, f, c, s.optionalStag, null, (op == null ? "a segment with an unknown opcode"
                : op.displayName) + " from " + c.endpoint[d] + " carries " + (s.ab ? "SV and AB" : "SV")
                + ", which only an untagged Send or Send with SE may carry");
    }

    private void advertisedReserved(Conn c, int d, long f, DdpSegment s) {
        DdpSegment.Advertised a = s.advertised;
        report(ViolationCode.ONESHOT_MALFORMED, Severity.WARNING, f, c, s.optionalStag, null,
                "advertised buffer from " + c.endpoint[d] + " has " + (a.reserved() != 0 ? "reserved octets "
                + hex(a.reserved()) : "unknown access bits " + hex(a.access() & ~0x03)) + " set", null);
    }

    // ------------------------------------------------------------------ one-shot

    private void initiation(Conn c, int d, long f, DdpSegment s) {
        long stag = s.optionalStag;
        DdpSegment.Advertised a = s.advertised;
        int access = a.access() & 0x03;
        String advertiser = c.endpoint[d];
        Nic nic = nic(c, d);
        Transaction t = new Transaction(nextId(TransactionKind.ONESHOT), c.id, advertiser, stag, a.to(), a.length(),
                access, f, 0);
        needInitiationTime.add(t);
        if (steps) {
            stepAdvertise(f, advertiser, t);
        }
        Nic.Admission admission = nic.admit(c.id, d, stag, access);
        if (admission == Nic.Admission.OK) {
            nic.bind(c.id, d, advertiser, stag, a.to(), a.length(), access, f, t.id, t);
            open.add(t);
            if (steps) {
                stepBind(c, d, f, nic, t);
            }
            return;
        }
        refused(c, d, f, nic, t, admission);
    }

    private void stepAdvertise(long f, String advertiser, Transaction t) {
        step(f, advertiser, "driver", "driver posts one command: advertise STag " + stagHex(t.stag) + " ["
                + hex(t.to) + ", +" + t.length + ") for " + accessWords(t.access) + " (" + t.id + ")");
    }

    private void stepBind(Conn c, int d, long f, Nic nic, Transaction t) {
        step(f, c.endpoint[d], "NIC", "NIC binds STag " + stagHex(t.stag) + " to the region [" + hex(t.to)
                + ", +" + t.length + ") on " + c.id + " (" + nic.pool(c.id, d).allocated() + " of "
                + settings.buffersPerQp() + " buffers of the queue pair in use)");
    }

    /** An initiation the NIC refused: the transaction is open only for the violation that names it, then ends. */
    private void refused(Conn c, int d, long f, Nic nic, Transaction t, Nic.Admission admission) {
        long stag = t.stag;
        String advertiser = t.advertiser;
        open.add(t);
        if (admission == Nic.Admission.IN_USE) {
            StagEntry held = nic.find(stag);
            report(ViolationCode.ONESHOT_STAG_IN_USE, f, c, stag, t, "initiation " + t.id + " from " + advertiser
                    + " advertises STag " + stagHex(stag) + ", still valid since frame " + held.advertisedFrame()
                    + (held.transaction() != null ? " (" + held.transaction() + " on " + held.connection() + ")" : ""));
            if (steps) {
                step(f, advertiser, "NIC", "NIC refuses to bind STag " + stagHex(stag) + ": it is still valid");
            }
            end(t);
            return;
        }
        nic.reject(c.id, d, advertiser, stag, t.to, t.length, t.access, f, t.id, t);
        String why;
        switch (admission) {
            case QP_FULL:
                why = "the queue pair already holds " + settings.buffersPerQp() + " regions (buffersPerQp)";
                break;
            case WRITE_FULL:
                why = "the queue pair already holds " + settings.maxPerOperation()
                      + " regions for remote write (maxPerOperation)";
                break;
            case READ_FULL:
                why = "the queue pair already holds " + settings.maxPerOperation()
                      + " regions for remote read (maxPerOperation)";
                break;
            default:
                why = "the NIC's STag table is full";
                break;
        }
        report(ViolationCode.BUFFER_POOL_EXHAUSTED, f, c, stag, t, "initiation " + t.id + " from " + advertiser
                + " of STag " + stagHex(stag) + " for " + accessWords(t.access) + " is beyond the buffer pool: " + why);
        if (steps) {
            step(f, advertiser, "NIC", "NIC has no buffer left for STag " + stagHex(stag) + ": the region is not allocated");
        }
        end(t);
    }

    private void completion(Conn c, int d, long f, long stag, CompletionKind kind, Opcode op) {
        int a = 1 - d; // the advertiser receives the completion
        Nic nic = nic(c, a);
        StagEntry e = nic.find(stag);
        if (steps) {
            step(f, c.endpoint[a], "NIC", "NIC receives the completion: a " + op.displayName + " naming STag "
                    + stagHex(stag));
        }
        if (e == null) {
            completionUnknown(c, d, f, stag, kind, op);
            return;
        }
        Transaction t = oneShot(e);
        if (!e.valid()) {
            completionInvalid(c, d, f, e, stag, op);
            return;
        }
        if (e.owner() instanceof UpperLayer.Advert advert) {
            remoteInvalidate(c, d, f, nic, e, advert, op);
            return;
        }
        Driver.Compare cmp = nic.driver().compare(c.id, a, stag);
        if (!e.connection().equals(c.id) || e.direction() != a || cmp != Driver.Compare.EQUAL) {
            completionElsewhere(c, d, f, e, stag, op);
            return;
        }
        nic.invalidate(e, f);
        if (steps) {
            stepInvalidate(c, d, f, nic, stag, t);
        }
        if (t != null && open.contains(t)) {
            t.completion = kind;
            t.completionFrame = f;
            if (t.status != TransactionStatus.VIOLATED) {
                t.status = TransactionStatus.COMPLETE;
            }
            needCompletionTime.add(t);
            end(t);
        }
    }

    /**
     * A Send with Invalidate naming a region an upper-layer message advertised (RFC 8167, and the
     * NVMe/RDMA, iSER and SMB Direct targets): the receiver's NIC invalidates it.
     */
    private void remoteInvalidate(Conn c, int d, long f, Nic nic, StagEntry e, UpperLayer.Advert advert, Opcode op) {
        if (!e.connection().equals(c.id) || e.direction() != 1 - d) {
            completionElsewhere(c, d, f, e, e.stag(), op);
            return;
        }
        nic.invalidate(e, f);
        if (steps) {
            step(f, c.endpoint[1 - d], "NIC", "NIC invalidates STag " + stagHex(e.stag()) + " (" + advert.what
                    + ") as the " + op.displayName + " from " + c.endpoint[d] + " on " + c.id + " asks");
        }
    }

    /** A completion naming an STag that its receiver never advertised. */
    private void completionUnknown(Conn c, int d, long f, long stag, CompletionKind kind, Opcode op) {
        String what = op.displayName + " from " + c.endpoint[d];
        if (kind == CompletionKind.SEND_SV) {
            report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, null, what + " names STag " + stagHex(stag)
                    + ", which no open initiation of " + c.endpoint[1 - d] + " advertised");
        } else {
            unadvertised(c, f, stag, what);
        }
    }

    /** A completion naming an STag no longer valid. */
    private void completionInvalid(Conn c, int d, long f, StagEntry e, long stag, Opcode op) {
        report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, null, op.displayName + " from " + c.endpoint[d]
                + " names STag " + stagHex(stag) + ", which is no longer valid: " + invalidSince(e));
        if (steps) {
            step(f, c.endpoint[1 - d], "driver", "driver compares the STag received with the one it sent: no open "
                    + "command sent " + stagHex(stag));
        }
    }

    /** A completion naming an STag advertised on another connection, or by the other side. */
    private void completionElsewhere(Conn c, int d, long f, StagEntry e, long stag, Opcode op) {
        report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, oneShot(e), op.displayName + " from "
                + c.endpoint[d] + " on " + c.id + " names STag " + stagHex(stag) + ", advertised by "
                + e.advertiser() + " on " + e.connection() + " in frame " + e.advertisedFrame());
        if (steps) {
            step(f, c.endpoint[1 - d], "driver", "driver compares the STag received with the one it sent on " + c.id
                    + ": different");
        }
    }

    private void stepInvalidate(Conn c, int d, long f, Nic nic, long stag, Transaction t) {
        int a = 1 - d;
        step(f, c.endpoint[a], "NIC", "NIC de-associates STag " + stagHex(stag) + " and frees its buffer ("
                + nic.pool(c.id, a).allocated() + " of " + settings.buffersPerQp()
                + " buffers of the queue pair in use)");
        step(f, c.endpoint[a], "driver", "driver compares the STag received with the one it sent: equal ("
                + stagHex(stag) + ")" + (t != null && open.contains(t) ? ", " + t.id + " done" : ""));
    }

    private static String invalidSince(StagEntry e) {
        if (e.rejected()) {
            return "its initiation in frame " + e.advertisedFrame() + (e.transaction() != null ? " (" + e.transaction() + ")" : "")
                   + " was refused and the region never allocated";
        }
        return "invalidated in frame " + e.invalidatedFrame() + (e.transaction() != null ? ", ending " + e.transaction() : "");
    }

    /**
     * Judges a tagged access to the peer's STag (RDMA Write, or the source of an RDMA Read
     * Request); returns the entry when the access is allowed.
     */
    private StagEntry access(Conn c, int d, long f, DdpMessage m, long stag, long to, long length, int need,
                             String opName, Transaction operation) {
        Nic nic = nic(c, 1 - d);
        StagEntry e = nic.find(stag);
        if (e == null) {
            StagEntry elsewhere = advertisedToOnOtherConnection(c, d, stag);
            if (elsewhere != null) {
                if (m == null || m.firstReport(R_WRONG)) {
                    wrongConnection(c, d, f, elsewhere, stag, opName, named(elsewhere, operation));
                }
                if (operation != null) {
                    operation.advertisedFrame = elsewhere.advertisedFrame();
                }
                return null;
            }
            if ((m == null || m.firstReport(R_UNADVERTISED)) && unadvertisedPending(c, stag)) {
                unadvertised(c, f, stag, opName + " from " + c.endpoint[d]);
            }
            return null;
        }
        if (e.valid() && boundHere(c, d, e) && (e.access() & need) != 0 && e.contains(to, length)) {
            return e;
        }
        return denied(c, d, f, m, e, stag, to, length, need, opName, operation);
    }

    /**
     * Whether an access on connection c from direction d may use the entry: a one-shot region is
     * bound to its connection; a region an upper-layer message advertised belongs to the
     * advertiser's memory registration, which the host it was advertised to may use on any of its
     * connections to the advertiser (perftest, for one, exchanges its STags on a connection of its own).
     */
    private boolean boundHere(Conn c, int d, StagEntry e) {
        if (e.connection().equals(c.id)) {
            return true;
        }
        if (!(e.owner() instanceof UpperLayer.Advert)) {
            return false;
        }
        Conn where = byId.get(e.connection());
        return where != null && where.address[1 - e.direction()].equals(c.address[d])
                && where.address[e.direction()].equals(c.address[1 - d]);
    }

    /**
     * A valid region of this STag that was advertised to the accessor (direction d's source) on
     * another connection, by a host other than the one it now addresses; or null.
     */
    private StagEntry advertisedToOnOtherConnection(Conn c, int d, long stag) {
        String accessor = c.address[d];
        for (Nic n : model.nics()) {
            StagEntry e = n.find(stag);
            if (e == null || !e.valid() || e.connection().equals(c.id)) {
                continue;
            }
            Conn other = byId.get(e.connection());
            if (other != null && other.address[1 - e.direction()].equals(accessor)) {
                return e;
            }
        }
        return null;
    }

    private void wrongConnection(Conn c, int d, long f, StagEntry e, long stag, String opName, Transaction t) {
        report(ViolationCode.STAG_WRONG_CONNECTION, f, c, stag, t, opName + " from " + c.endpoint[d] + " on " + c.id
                + " names STag " + stagHex(stag) + ", which " + e.advertiser() + " advertised to it on "
                + e.connection() + " in frame " + e.advertisedFrame());
    }

    /** Judges an access to an advertised STag that is not plainly allowed; returns the entry if it still is. */
    private StagEntry denied(Conn c, int d, long f, DdpMessage m, StagEntry e, long stag, long to, long length,
                             int need, String opName, Transaction operation) {
        String what = opName + " from " + c.endpoint[d];
        Transaction t = named(e, operation);
        if (!e.valid()) {
            if (m == null || m.firstReport(R_INVALIDATED)) {
                report(ViolationCode.STAG_INVALIDATED, f, c, stag, null, what + " names STag " + stagHex(stag) + ", "
                        + invalidSince(e));
            }
            return null;
        }
        if (!boundHere(c, d, e)) {
            if (m == null || m.firstReport(R_WRONG)) {
                report(ViolationCode.STAG_WRONG_CONNECTION, f, c, stag, t, what + " on " + c.id + " names STag "
                        + stagHex(stag) + (e.owner() instanceof UpperLayer.Advert a
                        ? ", advertised to another host on " + e.connection() + " (" + a.what + ") in frame "
                        : ", bound to " + e.connection() + " by the initiation in frame ") + e.advertisedFrame());
            }
            return null;
        }
        boolean ok = true;
        if ((e.access() & need) == 0) {
            ok = false;
            if (m == null || m.firstReport(R_ACCESS)) {
                report(ViolationCode.STAG_ACCESS, f, c, stag, t, what + " needs " + accessWords(need) + " on STag "
                        + stagHex(stag) + ", advertised in frame " + e.advertisedFrame() + " for "
                        + accessWords(e.access()));
            }
        }
        if (!e.contains(to, length)) {
            ok = false;
            if (m == null || m.firstReport(R_BOUNDS)) {
                report(ViolationCode.STAG_BOUNDS, f, c, stag, t, opName + " " + range(e.to(), to, length)
                        + " leaves the region advertised in frame " + e.advertisedFrame());
            }
        }
        return ok ? e : null;
    }

    private void write(Conn c, int d, long f, DdpSegment s, DdpMessage m, Opcode op, Transaction operation,
                       boolean first) {
        if (steps) {
            stepWrite(c, d, f, s, op);
        }
        if (first && operation != null) {
            link(c, d, operation, s.stag);
        }
        StagEntry e = access(c, d, f, m, s.stag, s.to, s.payloadLength, 0x01, op.displayName, operation);
        if (operation != null && operation.parent != null && isOpen(operation.parent)) {
            operation.parent.addDataFrame(f);
            operation.parent.bytes += s.payloadLength;
        }
        if (e == null) {
            return;
        }
        Transaction t = oneShot(e);
        if (t != null && open.contains(t)) {
            t.bytes += s.payloadLength;
            t.addDataFrame(f);
        }
        if (steps) {
            stepWritePlaced(c, d, f, s);
        }
    }

    private void stepWrite(Conn c, int d, long f, DdpSegment s, Opcode op) {
        step(f, c.endpoint[d], "NIC", "NIC sends an " + op.displayName + " of " + s.payloadLength + " B to STag "
                + stagHex(s.stag) + " at TO " + hex(s.to));
    }

    private void stepWritePlaced(Conn c, int d, long f, DdpSegment s) {
        step(f, c.endpoint[1 - d], "NIC", "NIC places " + s.payloadLength + " B at TO " + hex(s.to) + " of STag "
                + stagHex(s.stag));
    }

    /**
     * Gives an operation the frame that advertised the region it names, and makes it part of the
     * upper-layer call that advertised it.
     */
    private void link(Conn c, int d, Transaction operation, long stag) {
        StagEntry e = nic(c, 1 - d).find(stag);
        if (e != null) {
            operation.advertisedFrame = e.advertisedFrame();
            ulps.used(e, operation);
        }
    }

    /**
     * An RDMA Read Request: its transaction, judged against the table unless it is the
     * ready-to-receive message ({@code rtr}), and queued for its responses.
     */
    private Transaction readRequest(Conn c, int d, long f, DdpSegment.ReadRequest rr, boolean rtr) {
        Transaction operation = ops.readRequest(c, d, f, rr);
        if (rtr) {
            OutstandingReads.Read read = new OutstandingReads.Read(rr.sinkStag(), rr.sinkTo(), rr.readSize(),
                    rr.sourceStag(), rr.sourceTo(), f, null);
            read.operation = operation;
            c.reads[d].add(read);
            return operation;
        }
        link(c, d, operation, rr.sourceStag());
        if (operation.parent != null && isOpen(operation.parent)) {
            operation.parent.addDataFrame(f);
        }
        if (steps) {
            step(f, c.endpoint[d], "NIC", "NIC asks for " + rr.readSize() + " B of STag " + stagHex(rr.sourceStag())
                    + " at TO " + hex(rr.sourceTo()) + ", to be placed in its STag " + stagHex(rr.sinkStag()) + " at TO "
                    + hex(rr.sinkTo()) + " (RDMA Read Request)");
        }
        StagEntry e = access(c, d, f, null, rr.sourceStag(), rr.sourceTo(), rr.readSize(), 0x02, "RDMA Read Request",
                operation);
        Transaction t = null;
        if (e != null) {
            t = oneShot(e);
            if (t != null && open.contains(t)) {
                t.addDataFrame(f);
            } else {
                t = null;
            }
            if (steps) {
                step(f, c.endpoint[1 - d], "NIC", "NIC reads " + rr.readSize() + " B at TO " + hex(rr.sourceTo())
                        + " of STag " + stagHex(rr.sourceStag()) + " to answer the Read Request");
            }
        }
        OutstandingReads q = c.reads[d];
        OutstandingReads.Read read = new OutstandingReads.Read(rr.sinkStag(), rr.sinkTo(), rr.readSize(),
                rr.sourceStag(), rr.sourceTo(), f, t);
        read.operation = operation;
        OutstandingReads.Read dropped = q.add(read);
        if (dropped != null && dropped.operation instanceof Transaction lost) {
            ended(lost, TransactionStatus.INCOMPLETE);
        }
        Integer ird = peerIrd(c, d);
        if (dropped != null) {
            report(ViolationCode.RDMAP_ORD_EXCEEDED, f, c, null, null, "RDMA Read Request from " + c.endpoint[d]
                    + ": more than " + MAX_OUTSTANDING_READS + " Read Requests outstanding, more than any IRD;"
                    + " the oldest, of frame " + dropped.frame + ", is forgotten");
        } else if (ird != null && q.size() > ird) {
            report(ViolationCode.RDMAP_ORD_EXCEEDED, f, c, null, t != null ? t : operation, "RDMA Read Request from "
                    + c.endpoint[d] + " makes " + q.size() + " Read Requests outstanding; " + c.endpoint[1 - d]
                    + " announced an IRD of " + ird + " in its MPA " + (d == 0 ? "Reply" : "Request"));
        }
        return operation;
    }

    /** The IRD announced by the peer of the requester of direction d (RFC 6581), or null. */
    private static Integer peerIrd(Conn c, int d) {
        MpaConnection m = c.mpa;
        if (m.revision != 2) {
            return null;
        }
        Integer ird = d == Direction.FROM_INITIATOR.ordinal() ? m.responderIrd : m.initiatorIrd;
        return ird == null || ird >= IRD_NONE ? null : ird;
    }

    private void readResponse(Conn c, int d, long f, DdpSegment s, DdpMessage m) {
        OutstandingReads q = c.reads[1 - d];
        OutstandingReads.Read r = q.head();
        if (r == null || r.sinkStag != s.stag || r.nextTo() != s.to) {
            String what = "RDMA Read Response from " + c.endpoint[d];
            OutstandingReads.Read later = q.findLater(s.stag, s.to);
            if (later != null) {
                Transaction named = later.owner != null ? (Transaction) later.owner : (Transaction) later.operation;
                report(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, f, c, s.stag, named, what
                        + " answers the Read Request of frame " + later.frame + " while the one of frame " + r.frame
                        + " is still outstanding (responses complete requests in order)");
                while (q.head() != later) {
                    OutstandingReads.Read skipped = q.removeHead();
                    if (skipped.operation instanceof Transaction lost) {
                        ended(lost, TransactionStatus.INCOMPLETE);
                    }
                }
                r = later;
            } else {
                if (m == null || m.firstReport(R_UNSOLICITED)) {
                    report(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, f, c, s.stag, null, what + " to STag "
                            + stagHex(s.stag) + " at TO " + hex(s.to) + " answers no outstanding Read Request"
                            + (r == null ? " (none is outstanding)" : " (the next one expected: STag "
                            + stagHex(r.sinkStag) + " at TO " + hex(r.nextTo()) + ", frame " + r.frame + ")"));
                }
                return;
            }
        }
        r.answered += s.payloadLength;
        Transaction t = (Transaction) r.owner;
        if (t != null && open.contains(t)) {
            t.bytes += s.payloadLength;
            t.addDataFrame(f);
            if (steps) {
                step(f, c.endpoint[d], "NIC", "NIC returns " + s.payloadLength + " B of STag " + stagHex(t.stag)
                        + " in a Read Response");
            }
        }
        if (steps) {
            step(f, c.endpoint[1 - d], "NIC", "NIC places " + s.payloadLength + " B of the Read Response at TO "
                    + hex(s.to) + " of its STag " + stagHex(s.stag));
        }
        boolean done = s.last || Long.compareUnsigned(r.answered, r.readSize) >= 0;
        if (r.operation instanceof Transaction op) {
            if (op.parent != null && isOpen(op.parent)) {
                op.parent.addDataFrame(f);
                op.parent.bytes += s.payloadLength;
            }
            ops.response(op, f, s, done);
        }
        if (done) {
            q.removeHead();
        }
    }

    private void terminate(Conn c, int d, long f, DdpSegment.Terminate term) {
        String from = "Terminate from " + c.endpoint[d];
        if (term == null) {
            report(ViolationCode.RDMAP_TERMINATE, f, c, null, null, from + " (no Terminate header)");
        } else {
            report(ViolationCode.RDMAP_TERMINATE, ViolationCode.RDMAP_TERMINATE.severity, f, c, null, null,
                    from + ": " + TerminateCodes.describe(term.layer(), term.errorType(), term.errorCode()),
                    TerminateCodes.reference(term.layer()));
        }
        close(c, f, from);
    }

    /** The connection closed (FIN, RST or Terminate): the NICs deallocate what it still held. */
    private void close(Conn c, long f, String reason) {
        if (c.closed) {
            return;
        }
        c.closed = true;
        if (steps) {
            for (int a = 0; a < 2; a++) {
                step(f, c.endpoint[a], "NIC", "NIC tears down its queue pair of " + c.id + " (" + reason + ")");
            }
        }
        c.reads[0].clear();
        c.reads[1].clear();
        c.atomics[0].clear();
        c.atomics[1].clear();
        ulps.close(c, f);
        for (Transaction t : new ArrayList<>(open)) {
            if (!t.oneShot() && t.connection.equals(c.id)) {
                ended(t, TransactionStatus.ABORTED);
            }
        }
        for (int a = 0; a < 2; a++) {
            Nic nic = model.find(c.address[a]);
            if (nic == null || (a == 1 && c.address[1].equals(c.address[0]))) {
                continue;
            }
            List<StagEntry> freed = nic.release(c.id, f);
            for (StagEntry e : freed) {
                Transaction t = oneShot(e);
                report(ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS, f, c, e.stag(), t, c.id + " closed (" + reason
                        + ") with the region of STag " + stagHex(e.stag()) + " advertised by " + e.advertiser()
                        + " in frame " + e.advertisedFrame() + " still allocated");
                if (steps) {
                    step(f, e.advertiser(), "NIC", "NIC deallocates the region of STag " + stagHex(e.stag())
                            + " as " + c.id + " closes");
                }
                if (t != null && open.contains(t)) {
                    if (t.status != TransactionStatus.VIOLATED) {
                        t.status = TransactionStatus.ABORTED;
                    }
                    end(t);
                }
            }
        }
    }

    private void end(Transaction t) {
        open.remove(t);
        ended.add(t);
    }

    // ------------------------------------------------------------------ the transaction ledger

    /** The next id of a kind: "t1", "r1", "w1", ... in order of beginning. */
    String nextId(TransactionKind kind) {
        return kind.idPrefix + (++idCounts[kind.ordinal()]);
    }

    /** A transaction began: open until it completes, its connection closes or the capture ends. */
    void opened(Transaction t) {
        open.add(t);
        needInitiationTime.add(t);
    }

    boolean isOpen(Transaction t) {
        return t != null && open.contains(t);
    }

    /** An open transaction completed with frame f (violated if a violation named it while open). */
    void completed(Transaction t, long f) {
        if (!isOpen(t)) {
            return;
        }
        t.completionFrame = f;
        if (f > t.lastFrame) {
            t.lastFrame = f;
        }
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = TransactionStatus.COMPLETE;
        }
        needCompletionTime.add(t);
        end(t);
    }

    /** An open transaction ended without completing ({@code status}: aborted or incomplete). */
    void ended(Transaction t, TransactionStatus status) {
        if (!isOpen(t)) {
            return;
        }
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = status;
        }
        end(t);
    }

    /** The entry's one-shot transaction, when a one-shot initiation advertised it. */
    static Transaction oneShot(StagEntry e) {
        return e != null && e.owner() instanceof Transaction t ? t : null;
    }

    /** The transaction a violation about this entry names: its one-shot transaction, else the operation. */
    static Transaction named(StagEntry e, Transaction operation) {
        Transaction t = oneShot(e);
        return t != null ? t : operation;
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        if (frame > lastFrame) {
            lastFrame = frame;
        }
        lastTimestamp = timestampNanos;
        int slot = (int) (frame & (RECENT_FRAMES - 1));
        recentFrame[slot] = frame;
        recentTime[slot] = timestampNanos;
        flush(timestampNanos);
    }

    /** The time of {@code frame} if it is among the recent frames, else {@code fallback}. */
    private long timeOf(long frame, long fallback) {
        int slot = (int) (frame & (RECENT_FRAMES - 1));
        return frame > 0 && recentFrame[slot] == frame ? recentTime[slot] : fallback;
    }

    private void flush(long ts) {
        if (!needInitiationTime.isEmpty()) {
            for (Transaction t : needInitiationTime) {
                t.initiationTimeNanos = timeOf(t.initiationFrame, ts);
            }
            needInitiationTime.clear();
        }
        if (!needCompletionTime.isEmpty()) {
            for (Transaction t : needCompletionTime) {
                t.completionTimeNanos = timeOf(t.completionFrame, ts);
            }
            needCompletionTime.clear();
        }
        if (!ended.isEmpty()) {
            List<Transaction> done = new ArrayList<>(ended);
            ended.clear();
            for (Transaction t : done) {
                listener.transaction(t);
            }
        }
    }

    @Override
    public void end() {
        if (finished) {
            return;
        }
        finished = true;
        flush(lastTimestamp);
        for (Transaction t : new ArrayList<>(open)) {
            if (!t.oneShot()) {
                ended(t, TransactionStatus.INCOMPLETE);
                continue;
            }
            report(ViolationCode.TRANSACTION_INCOMPLETE, lastFrame, conn(t), t.stag, t, "the capture ends with "
                    + t.id + " (STag " + stagHex(t.stag) + ", initiated in frame " + t.initiationFrame
                    + ") not completed");
            if (t.status != TransactionStatus.VIOLATED) {
                t.status = TransactionStatus.INCOMPLETE;
            }
            end(t);
        }
        flush(lastTimestamp);
    }

    private Conn conn(Transaction t) {
        return byId.get(t.connection);
    }
}

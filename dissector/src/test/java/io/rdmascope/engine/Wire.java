package io.rdmascope.engine;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the events the decoding stages would produce (connections, handshakes, FPDUs with their
 * DDP segments, stream issues) and drives an {@link Engine} with them, recording what it reports.
 */
final class Wire implements EngineListener {
    static final Endpoint A = new Endpoint("10.0.0.1", 40000);
    static final Endpoint B = new Endpoint("10.0.0.2", 9999);
    static final Endpoint C = new Endpoint("10.0.0.3", 7000);
    static final Direction AB = Direction.FROM_INITIATOR;
    static final Direction BA = Direction.FROM_RESPONDER;

    final List<Violation> violations = new ArrayList<>();
    /** The one-shot transactions told, in order. */
    final List<Transaction> transactions = new ArrayList<>();
    /** Every transaction told, of every kind, in order. */
    final List<Transaction> all = new ArrayList<>();
    final List<String> steps = new ArrayList<>();
    final boolean narrate;
    final Engine judge;
    final io.rdmascope.pdu.PduListener engine;
    private long lastFrame;
    private long streamOffset;

    Wire() {
        this(NicSettings.DEFAULTS, false);
    }

    Wire(NicSettings settings) {
        this(settings, false);
    }

    Wire(NicSettings settings, boolean narrate) {
        this(settings, narrate, io.rdmascope.ulp.Ulps.all());
    }

    /** A wire whose engine decodes these upper-layer protocols. */
    Wire(NicSettings settings, boolean narrate, List<io.rdmascope.ulp.Ulp> protocols) {
        this.narrate = narrate;
        Judge chain = Judge.of(settings, this, protocols);
        this.judge = chain.engine();
        this.engine = chain.input();
    }

    @Override
    public void violation(Violation v) {
        violations.add(v);
    }

    @Override
    public void transaction(Transaction t) {
        all.add(t);
        if (t.oneShot()) {
            transactions.add(t);
        }
    }

    @Override
    public boolean wantsSteps() {
        return narrate;
    }

    @Override
    public void step(long frame, String endpoint, String actor, String text) {
        steps.add(frame + " " + endpoint + " " + actor + ": " + text);
    }

    // ------------------------------------------------------------------ connections

    /** A connection from A to B (revision 1, CRC, no markers), announced to the engine. */
    MpaConnection connection(String id) {
        return connection(id, A, B, 1);
    }

    MpaConnection connection(String id, Endpoint initiator, Endpoint responder, int tcpIndex) {
        MpaConnection c = new MpaConnection(id, new TcpConnection(tcpIndex, initiator, responder, 1, true));
        c.revision = 1;
        c.crc = true;
        engine.connection(c);
        return c;
    }

    static MpaHandshake request(long frame, int revision) {
        return new MpaHandshake(frame, frame * 1_000_000L, AB, true, false, true, false, false, 0, revision, 0, new byte[0],
                null, null, 0, 0, 0, 20);
    }

    static MpaHandshake reply(long frame, int revision, boolean reject) {
        return new MpaHandshake(frame, frame * 1_000_000L, BA, false, false, true, reject, false, 0, revision, 0, new byte[0],
                null, null, 0, 0, 0, 20);
    }

    // ------------------------------------------------------------------ driving

    /** Delivers one FPDU carrying the segment in the frame, then finishes the frame. */
    Fpdu pdu(long frame, MpaConnection c, Direction d, DdpSegment s) {
        Fpdu f = fpdu(frame, d, s);
        engine.pdu(c, f, s);
        done(frame);
        return f;
    }

    /** Delivers an FPDU without finishing the frame (several PDUs in one frame). */
    void pduOnly(long frame, MpaConnection c, Direction d, DdpSegment s) {
        engine.pdu(c, fpdu(frame, d, s), s);
    }

    Fpdu fpdu(long frame, Direction d, DdpSegment s) {
        Fpdu f = new Fpdu();
        f.frame = frame;
        f.firstFrame = frame;
        f.timeNanos = frame * 1_000_000L;
        f.firstTimeNanos = f.timeNanos;
        f.direction = d;
        f.streamOffset = streamOffset;
        int len = s == null ? 0 : s.headerLength + s.payloadLength;
        f.ulpduLength = len;
        f.wireLength = 2 + len + ((4 - (2 + len) % 4) % 4) + 4;
        streamOffset += f.wireLength;
        f.crcOk = Boolean.TRUE;
        f.buf = new byte[0];
        f.ulpduAvailable = len;
        return f;
    }

    void handshake(MpaConnection c, MpaHandshake h) {
        engine.handshake(c, h);
        done(h.frame());
    }

    void issue(MpaConnection c, StreamIssue.Kind kind, long frame, Direction d, long offset, long length) {
        engine.issue(c, new StreamIssue(kind, frame, frame * 1_000_000L, d, offset, length, null));
        done(frame);
    }

    void done(long frame) {
        if (frame > lastFrame) {
            lastFrame = frame;
        }
        engine.frameDone(frame, frame * 1_000_000L);
    }

    void end() {
        engine.end();
    }

    // ------------------------------------------------------------------ segments

    static DdpSegment untagged(Opcode op, long qn, long msn, long mo, boolean last, int payload) {
        DdpSegment s = new DdpSegment();
        s.tagged = false;
        s.last = last;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = op.code;
        s.qn = qn;
        s.msn = msn;
        s.mo = mo;
        s.headerLength = 18;
        s.payloadOffset = 18;
        s.payloadLength = payload;
        return s;
    }

    static DdpSegment tagged(Opcode op, long stag, long to, boolean last, int payload) {
        DdpSegment s = new DdpSegment();
        s.tagged = true;
        s.last = last;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = op.code;
        s.stag = stag;
        s.to = to;
        s.headerLength = 14;
        s.payloadOffset = 14;
        s.payloadLength = payload;
        return s;
    }

    static DdpSegment send(long msn, int payload) {
        return untagged(Opcode.SEND, 0, msn, 0, true, payload);
    }

    /** A one-shot initiation: Send with SV and AB advertising [to, to + length). */
    static DdpSegment initiation(long msn, long stag, long to, long length, int access) {
        DdpSegment s = send(msn, 64);
        s.sv = true;
        s.ab = true;
        s.optionalStag = stag;
        s.advertised = new DdpSegment.Advertised(to, length, access, 0);
        s.headerLength += 20;
        return s;
    }

    static DdpSegment sendWithInvalidate(long msn, long stag) {
        DdpSegment s = untagged(Opcode.SEND_WITH_INVALIDATE, 0, msn, 0, true, 16);
        s.invalidateStag = stag;
        return s;
    }

    static DdpSegment sendSv(long msn, long stag) {
        DdpSegment s = send(msn, 16);
        s.sv = true;
        s.optionalStag = stag;
        s.headerLength += 4;
        return s;
    }

    static DdpSegment write(long stag, long to, int payload, boolean last) {
        return tagged(Opcode.RDMA_WRITE, stag, to, last, payload);
    }

    static DdpSegment readRequest(long msn, long sinkStag, long sinkTo, long size, long sourceStag, long sourceTo) {
        DdpSegment s = untagged(Opcode.RDMA_READ_REQUEST, 1, msn, 0, true, 0);
        s.readRequest = new DdpSegment.ReadRequest(sinkStag, sinkTo, size, sourceStag, sourceTo);
        s.headerLength += 28;
        return s;
    }

    static DdpSegment readResponse(long stag, long to, int payload, boolean last) {
        return tagged(Opcode.RDMA_READ_RESPONSE, stag, to, last, payload);
    }

    static DdpSegment terminate(long msn, int layer, int type, int code) {
        DdpSegment s = untagged(Opcode.TERMINATE, 2, msn, 0, true, 0);
        s.terminate = new DdpSegment.Terminate(layer, type, code, false, false, false, 0, null, null, null);
        s.headerLength += 4;
        return s;
    }

    // ------------------------------------------------------------------ queries

    List<Violation> of(ViolationCode code) {
        List<Violation> out = new ArrayList<>();
        for (Violation v : violations) {
            if (v.code() == code) {
                out.add(v);
            }
        }
        return out;
    }

    Violation only(ViolationCode code) {
        List<Violation> l = of(code);
        if (l.size() != 1) {
            throw new AssertionError("expected one " + code + " but got " + l + "; all: " + violations);
        }
        return l.get(0);
    }

    /** Violations above info. */
    List<Violation> aboveInfo() {
        List<Violation> out = new ArrayList<>();
        for (Violation v : violations) {
            if (v.severity() != Severity.INFO) {
                out.add(v);
            }
        }
        return out;
    }

    Transaction transaction(String id) {
        for (Transaction t : all) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new AssertionError("no transaction " + id + " in " + transactions);
    }
}

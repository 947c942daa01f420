package io.rdmascope.engine;

import io.rdmascope.ddp.DdpMessage;
import io.rdmascope.model.Nic;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.Endpoint;
import io.rdmascope.tcp.Direction;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The upper-layer protocols of a capture as the NIC/driver model sees them: which protocol speaks
 * on each connection (its registered port, else the shape of its first messages or of its MPA
 * private data), the regions its messages advertise (bound in the advertiser's NIC, so that every
 * RDMA Read and Write is judged against them), and its call/reply exchanges as transactions made
 * of the operations that carried them.
 *
 * <p>A reply ends its call: the regions the call advertised and that no Send with Invalidate
 * invalidated are then invalidated by the requester's driver (an RPC-over-RDMA requester fences the
 * responder off its chunks before it completes the call, RFC 8166; NVMe/RDMA, iSER and SMB Direct
 * do the same), so a later access to them is STAG_INVALIDATED. A connection that closes takes its
 * advertised regions with it, without a warning: an upper-layer protocol's memory is the
 * protocol's to deregister.
 */
final class UpperLayer {
    /** Sends with a payload looked at on a connection before deciding that no protocol speaks on it. */
    static final int RECOGNITION_TRIES = 8;
    /** Bound on calls awaiting their reply, and on advertised regions remembered, per connection. */
    static final int MAX_OPEN_CALLS = 4096;
    static final int MAX_ADVERTISED = 65536;

    /** The owner of a table entry that an upper-layer message advertised. */
    static final class Advert {
        final String protocol;
        final String what;
        /** The call whose message advertised it, or null. */
        final Transaction call;

        Advert(String protocol, String what, Transaction call) {
            this.protocol = protocol;
            this.what = what;
            this.call = call;
        }
    }

    /** What the model knows of one connection's upper-layer protocol. */
    static final class Session {
        Ulp protocol;
        Ulp.Decoder decoder;
        int tries;
        /**
         * The direction whose messages are the calls (the NVMe host, the iSCSI initiator, the RPC
         * client): the TCP initiator, unless the capture missed the connection's SYN and its MPA
         * handshake and the protocol's registered port says the first sender was the server.
         */
        int requester;
        /** Calls awaiting their reply, by {@link #callKey}: each side numbers its own calls (NFSv4.1 callbacks). */
        final LinkedHashMap<Long, Transaction> calls = new LinkedHashMap<>();
        /** Calls awaiting more than one reply (a compound answered in parts): how many they await. */
        final IdentityHashMap<Transaction, Integer> unanswered = new IdentityHashMap<>();
        /** The entries this connection's messages bound, oldest first (bounded). */
        final ArrayList<StagEntry> advertised = new ArrayList<>();
    }

    private final List<Ulp> protocols;
    private final Ledger ledger;
    private final Reporter reporter;
    private final Decisions decisions;

    UpperLayer(List<Ulp> protocols, Ledger ledger, Reporter reporter, Decisions decisions) {
        this.protocols = protocols;
        this.ledger = ledger;
        this.reporter = reporter;
        this.decisions = decisions;
    }

    private Session session(Conn c) {
        Session s = c.ulp;
        if (s == null) {
            s = new Session();
            c.ulp = s;
            if (c.source(Direction.FROM_RESPONDER) != null) {
                s.protocol = byPort(c.source(Direction.FROM_RESPONDER));
                if (s.protocol == null) {
                    s.protocol = byPort(c.source(Direction.FROM_INITIATOR));
                    if (s.protocol != null && !c.setupSeen()) {
                        // the first sender seen holds the server's port: the other side connected
                        s.requester = Direction.FROM_RESPONDER.ordinal();
                    }
                }
            }
            if (s.protocol != null) {
                s.decoder = s.protocol.decoder();
            }
        }
        return s;
    }

    /** The protocol that a connection to {@code e} speaks by its port alone, or null. */
    private Ulp byPort(Endpoint e) {
        for (Ulp u : protocols) {
            if (u.portIsEnough() && onPort(u, e)) {
                return u;
            }
        }
        return null;
    }

    private static boolean onPort(Ulp u, Endpoint e) {
        if (e != null) {
            for (int p : u.ports()) {
                if (p == e.port()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a message of {@code c} shows that it speaks {@code u}: by its shape, or by a shape of {@code u}'s on its port. */
    private static boolean recognises(Ulp u, Conn c, UlpInput in) {
        try {
            if (u.recognizes(in)) {
                return true;
            }
            return !u.portIsEnough() && (onPort(u, c.source(Direction.FROM_RESPONDER))
                    || onPort(u, c.source(Direction.FROM_INITIATOR))) && u.recognizesOnItsPort(in);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void claim(Conn c, Session s, Ulp u, long f) {
        s.protocol = u;
        s.decoder = u.decoder();
        decisions.ulpRecognised(c, f, u);
    }

    /** The private data of an MPA Request or Reply, after RFC 6581's IRD and ORD. */
    void handshake(Conn c, MpaHandshake h) {
        if (protocols.isEmpty() || h.privateData() == null) {
            return;
        }
        byte[] pd = h.privateData();
        // RFC 6581 section 9: IRD and ORD lead the private data only when the Enhanced flag is set
        int skip = h.revision() >= 2 && h.enhancedFlag() && pd.length >= 4 ? 4 : 0;
        int d = h.direction() == null ? 0 : h.direction().ordinal();
        // a frame the capture cut (a snapshot length) keeps fewer octets than it announces and than are kept
        boolean cut = pd.length < h.privateDataLength() && pd.length < MpaHandshake.PRIVATE_DATA_KEPT;
        privateData(c, d, h.frame(), pd, skip, h.request(), h.request() && h.direction() != null, cut);
    }

    /**
     * The private data a connection's set-up carried from direction {@code d} (an MPA Request or
     * Reply, a CM ConnectRequest or ConnectReply), from {@code skip} on: the protocol it names, and
     * what it advertises.
     *
     * @param request the data of the request (the initiator's)
     * @param requester whether its sender is the side that makes the calls
     * @param cut the capture kept only the first octets of the data: what a decoder misses is not reported
     */
    void privateData(Conn c, int d, long frame, byte[] pd, int skip, boolean request, boolean requester, boolean cut) {
        int len = pd.length - skip;
        if (protocols.isEmpty() || len <= 0) {
            return;
        }
        Session s = session(c);
        if (requester) {
            s.requester = d;
        }
        if (s.protocol == null) {
            for (Ulp u : protocols) {
                if (u.recognizesPrivateData(pd, skip, len, request)) {
                    claim(c, s, u, frame);
                    break;
                }
            }
        }
        if (s.decoder == null) {
            return;
        }
        apply(c, d, frame, s, s.decoder.privateData(pd, skip, len, d == s.requester), null, cut);
    }

    /** A Send message that ended with this frame. */
    void send(Conn c, int d, long f, DdpMessage m, Transaction op, int opcode, long invalidateStag) {
        if (m != null) {
            send(c, d, f, m.head, m.headLength, m.bytes, op, opcode, invalidateStag);
        }
    }

    /**
     * A whole Send message of any transport: its first {@code headLength} payload octets in
     * {@code head} (null when none were kept) of {@code bytes} in all, and its RDMAP opcode.
     */
    void send(Conn c, int d, long f, byte[] head, int headLength, long bytes, Transaction op, int opcode,
              long invalidateStag) {
        if (protocols.isEmpty()) {
            return;
        }
        Session s = session(c);
        if (s.protocol == null && (bytes == 0 || s.tries >= RECOGNITION_TRIES)) {
            return; // an empty message tells no protocol apart, and is not counted as a try
        }
        UlpInput in = UlpInput.send(head == null ? EMPTY : head, 0, head == null ? 0 : headLength, bytes,
                d == s.requester, opcode, invalidateStag);
        if (s.protocol == null) {
            s.tries++;
            for (Ulp u : protocols) {
                if (recognises(u, c, in)) {
                    claim(c, s, u, f);
                    break;
                }
            }
            if (s.protocol == null) {
                return;
            }
        }
        apply(c, d, f, s, decode(s, in), op, in.cut());
    }

    /** An RDMA Write message that ended with this frame, for protocols that advertise through Writes. */
    void write(Conn c, int d, long f, DdpMessage m, Transaction op, long stag, long to) {
        if (m != null) {
            write(c, d, f, m.head, m.headLength, m.bytes, op, stag, to);
        }
    }

    /** A whole RDMA Write message of any transport, as {@link #send(Conn, int, long, byte[], int, long, Transaction, int, long)}. */
    void write(Conn c, int d, long f, byte[] head, int headLength, long bytes, Transaction op, long stag, long to) {
        Session s = c.ulp;
        if (s == null || s.decoder == null || head == null) {
            return;
        }
        UlpInput in = new UlpInput(head, 0, headLength, bytes, d == s.requester, 0, 0, stag, to);
        UlpMessage msg;
        try {
            msg = s.decoder.write(in);
        } catch (RuntimeException e) {
            msg = new UlpMessage().problem(s.protocol.name() + " decoder failed on an RDMA Write: " + e);
        }
        apply(c, d, f, s, msg, op, in.cut());
    }

    private static UlpMessage decode(Session s, UlpInput in) {
        try {
            return s.decoder.send(in);
        } catch (RuntimeException e) {
            return new UlpMessage().problem(s.protocol.name() + " decoder failed: " + e);
        }
    }

    /**
     * What a decoded message does: its problems reported (unless the capture {@code cut} the
     * message, when what the decoder missed may be missing from the capture only), its call begun
     * or answered, its regions advertised.
     */
    private void apply(Conn c, int d, long f, Session s, UlpMessage msg, Transaction op, boolean cut) {
        if (msg == null) {
            return;
        }
        String protocol = s.protocol.name();
        if (!cut) {
            for (String p : msg.problems) {
                reporter.report(ViolationCode.ULP_MALFORMED, ViolationCode.ULP_MALFORMED.severity, f, c, null, op,
                        protocol + " message from " + c.endpoint[d] + ": " + p, reference(s.protocol));
            }
        }
        Transaction call = null;
        TransactionKind kind = TransactionKind.of(protocol);
        if (msg.role == UlpMessage.Role.CALL && kind != null && kind.upperLayer()) {
            call = beginCall(c, d, f, s, msg, kind, op);
        }
        for (Advertisement a : msg.advertisements) {
            advertise(c, d, f, s, protocol, a, call, msg);
        }
        if (call != null) {
            decisions.ulpCall(c, d, f, protocol, msg, call);
        }
        if (msg.role == UlpMessage.Role.REPLY) {
            reply(c, d, f, s, msg, op);
        }
    }

    private Transaction beginCall(Conn c, int d, long f, Session s, UlpMessage msg, TransactionKind kind,
                                  Transaction op) {
        long start = op != null ? op.startFrame() : f;
        Transaction t = new Transaction(ledger.nextId(kind), kind, c.id, c.endpoint[d], 0, 0, 0, 0, start, 0);
        t.ulp = new LinkedHashMap<>(msg.fields);
        t.summary = msg.summary;
        t.operations = new ArrayList<>(4);
        include(t, op);
        if (op != null) {
            ledger.opened(t, op.initiationTimeNanos);
        } else {
            ledger.opened(t);
        }
        await(s, msg.correlation, d, t);
        int keys = 1;
        if (msg.moreCorrelations != null) {
            for (long more : msg.moreCorrelations) {
                if (more != msg.correlation && s.calls.get(callKey(more, d)) != t) {
                    await(s, more, d, t);
                    keys++;
                }
            }
        }
        if (keys > 1) {
            s.unanswered.put(t, keys);
        }
        return t;
    }

    /** The call awaits a reply under this correlation; a call that held it before loses it. */
    private void await(Session s, long correlation, int d, Transaction t) {
        Transaction before = s.calls.put(callKey(correlation, d), t);
        if (before != null && before != t) {
            lost(s, before);
        }
        if (s.calls.size() > MAX_OPEN_CALLS) {
            Iterator<Transaction> it = s.calls.values().iterator();
            Transaction oldest = it.next();
            it.remove();
            s.unanswered.remove(oldest);
            if (ledger.isOpen(oldest)) {
                ledger.ended(oldest, TransactionStatus.INCOMPLETE);
            }
        }
    }

    /** A call's correlation was taken by a newer call: without another one left, it ends unanswered. */
    private void lost(Session s, Transaction call) {
        if (countOff(s, call) && ledger.isOpen(call)) {
            ledger.ended(call, TransactionStatus.INCOMPLETE);
        }
    }

    /** Counts one of the call's correlations off; whether it was the last one the call awaited. */
    private static boolean countOff(Session s, Transaction call) {
        Integer n = s.unanswered.remove(call);
        if (n != null && n > 1) {
            s.unanswered.put(call, n - 1);
            return false;
        }
        return true;
    }

    /** A call's key: its correlation (XID, command identifier, ITT, MessageId) and the direction that sent it. */
    private static long callKey(long correlation, int requester) {
        return correlation << 1 | requester;
    }

    private void reply(Conn c, int d, long f, Session s, UlpMessage msg, Transaction op) {
        answered(c, d, f, s, msg, op, msg.correlation);
        if (msg.moreCorrelations != null) {
            for (long more : msg.moreCorrelations) {
                answered(c, d, f, s, msg, op, more);
            }
        }
    }

    /** One correlation of a reply: the call ends when it was the last one the call awaited. */
    private void answered(Conn c, int d, long f, Session s, UlpMessage msg, Transaction op, long correlation) {
        Transaction t = s.calls.remove(callKey(correlation, 1 - d));
        if (t == null || !ledger.isOpen(t)) {
            return;
        }
        include(t, op);
        if (!countOff(s, t)) {
            return;
        }
        decisions.ulpReply(c, d, f, t, msg);
        retire(c, 1 - d, f, t);
        ledger.completed(t, f);
    }

    /** Invalidates what the call advertised and nothing invalidated yet: the requester's driver does it as the reply arrives. */
    private void retire(Conn c, int requester, long f, Transaction call) {
        Session s = c.ulp;
        Nic nic = c.nic(requester);
        for (StagEntry e : s.advertised) {
            if (e.valid() && e.owner() instanceof Advert a && a.call == call) {
                nic.invalidate(e, f);
                StagEntry head = nic.find(e.stag());
                decisions.ulpInvalidated(c, requester, f, e, a, call, head != null && head.newestValid() != null);
            }
        }
        s.advertised.removeIf(e -> !e.valid());
    }

    private void advertise(Conn c, int d, long f, Session s, String protocol, Advertisement a, Transaction call,
                           UlpMessage msg) {
        Nic nic = c.nic(d);
        int access = a.access() & (StagRules.ACCESS_READ | StagRules.ACCESS_WRITE);
        long to = a.to();
        long length = a.lengthKnown() ? a.length() : -1L;
        StagEntry before = nic.find(a.stag());
        StagEntry e;
        if (before != null && before.valid() && before.owner() instanceof Advert b && b.call != null && call != null
                && b.call != call && ledger.isOpen(b.call) && before.connection().equals(c.id)
                && before.direction() == d && nic.canShare()) {
            // one registration advertised for another call while the first is still open (an
            // NVMe/RDMA host that gives every command one key): both regions stay usable
            e = nic.advertiseBeside(before, c.id, d, c.endpoint[d], to, length, access, f, call.id,
                    new Advert(protocol, a.what(), call));
        } else {
            e = advertiseOver(c, d, f, nic, before, protocol, a, call, access, to, length);
        }
        if (e == null) {
            return;
        }
        if (s.advertised.size() >= MAX_ADVERTISED) {
            s.advertised.removeIf(x -> !x.valid() || x.stag() == a.stag());
            if (s.advertised.size() >= MAX_ADVERTISED) {
                s.advertised.remove(0);
            }
        }
        s.advertised.add(e);
        decisions.ulpAdvertised(c, d, f, a, access);
    }

    /** Advertises the region in place of the STag's entry, or as another part of it. */
    private static StagEntry advertiseOver(Conn c, int d, long f, Nic nic, StagEntry before, String protocol,
                                           Advertisement a, Transaction call, int access, long to, long length) {
        if (before != null && before.valid() && before.owner() instanceof Advert b && b.protocol.equals(protocol)
                && before.connection().equals(c.id) && before.direction() == d && before.length() >= 0 && length >= 0
                && before.to() >= 0 && to >= 0 && before.to() + before.length() >= 0 && to + length >= 0) {
            // another part of one registration (rsockets advertises its receive buffer in halves):
            // the STag covers both
            long end = Math.max(before.to() + before.length(), to + length);
            to = Math.min(before.to(), to);
            length = end - to;
            access |= before.access();
        }
        return nic.advertise(c.id, d, c.endpoint[d], a.stag(), to, length, access, f,
                call != null ? call.id : null, new Advert(protocol, a.what(), call));
    }

    /** Adds an operation to the call it belongs to. */
    static void include(Transaction call, Transaction op) {
        if (call == null || op == null || call.operations == null) {
            return;
        }
        if (!listed(call, op)) {
            return; // included already (a reply that answers several of the call's correlations)
        }
        FrameList frames = op.dataFrames;
        for (int i = 0; i < frames.size(); i++) {
            call.addDataFrame(frames.getLong(i));
        }
        call.bytes += op.bytes;
    }

    /** Lists the operation in the call unless it is the last one listed; whether it was listed now. */
    private static boolean listed(Transaction call, Transaction op) {
        List<String> ops = call.operations;
        if (!ops.isEmpty() && ops.get(ops.size() - 1).equals(op.id)) {
            return false;
        }
        ops.add(op.id);
        return true;
    }

    /** An RDMA Read or Write that used a region an upper-layer message advertised: it becomes part of that call. */
    void used(StagEntry e, Transaction op) {
        if (e != null && e.owner() instanceof Advert a && a.call != null && ledger.isOpen(a.call) && op != null) {
            op.parent = a.call;
            listed(a.call, op);
        }
    }

    /** The connection closed: its calls end aborted, its advertised regions go with it. */
    void close(Conn c, long f) {
        Session s = c.ulp;
        if (s == null) {
            return;
        }
        for (Transaction t : s.calls.values()) {
            if (ledger.isOpen(t)) {
                ledger.ended(t, TransactionStatus.ABORTED);
            }
        }
        s.calls.clear();
        s.unanswered.clear();
        for (StagEntry e : s.advertised) {
            if (e.valid()) {
                c.nic(e.direction()).invalidate(e, f);
            }
        }
        s.advertised.clear();
    }

    private static final byte[] EMPTY = new byte[0];

    /** Where a protocol's message layout is specified, for ULP_MALFORMED: as the protocol declares it. */
    static String reference(Ulp protocol) {
        String r = protocol.reference();
        return r != null ? r : ViolationCode.ULP_MALFORMED.reference;
    }
}

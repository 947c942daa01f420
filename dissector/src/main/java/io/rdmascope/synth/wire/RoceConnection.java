package io.rdmascope.synth.wire;

import io.rdmascope.roce.Opcodes;
import java.util.ArrayList;
import java.util.List;

/**
 * One reliable-connection queue pair pair over RoCE or InfiniBand: set up by the CM MADs on QP1
 * (REQ, an MRA when asked, REP or REJ, RTU), closed by DREQ and DREP, and in between the RC
 * packets of each message with the responder's answers (IBA volume 1 chapter 9). Side 0 is the
 * active side (the initiator), side 1 the passive side. Each side's requests have their own PSNs
 * (from the starting PSNs the CM exchanged), each responder counts the messages it completed (the
 * AETH's MSN). Messages are split by the path MTU; the last packet asks for an acknowledgment.
 *
 * <p>Faults change what happens to one request packet of a message: lost before the capture point
 * (the responder asks for it again with a PSN sequence error NAK, or the requester times out, and
 * it is sent again Go-Back-N), answered by an RNR NAK or a NAK, sent with a wrong ICRC (the
 * responder drops it, as a lost one), marked ECN CE, answered by a CNP, missing from the capture
 * only, sent as a Middle where a First was due, or cut short.
 */
public final class RoceConnection {
    /** What can happen to one request packet. */
    public enum FaultKind { DROP, DUPLICATE, RNR_NAK, NAK, BAD_ICRC, ECN_CE, CNP, CAPTURE_LOSS, MIDDLE_WITHOUT_FIRST, TRUNCATE }

    /** A fault on request packet {@code packet} of a message; {@code value}: NAK syndrome, RNR timer or octets kept. */
    public record Fault(FaultKind kind, int packet, int value) {}

    /** The connection's parameters. */
    public static final class Settings {
        public int mtu = 1024;
        public long[] qpn = new long[2];
        /** The first PSN of each side's requests. */
        public long[] startingPsn = new long[2];
        public long[] commId = new long[2];
        public long[] caGuid = new long[2];
        public long[] transactionId = new long[2];
        public int responderResources = 16;
        public int initiatorDepth = 16;
        public int activePort;
        public int passivePort;
        public boolean reject;
        public boolean mra;
        /** The consumers' private data of the REQ and the REP, or null. */
        public byte[] privateData;
        /** An Unreliable Connection (UC): Sends and Writes with the UC opcodes, nothing answering them. */
        public boolean unreliable;
        /**
         * Datagram queue pairs (UD): resolved by a SIDR_REQ and SIDR_REP, then Send Only datagrams
         * with their DETH, nothing answering them, nothing to close.
         */
        public boolean datagram;
        /** The datagrams' Q_Key (UD). */
        public long qKey = 0x11111111L;
    }

    /** What a message asks for. */
    public enum Kind { SEND, WRITE, READ, COMPARE_SWAP, FETCH_ADD }

    /** One message: its kind, the remote buffer, the payload and what goes with it. */
    public static final class Message {
        public Kind kind;
        public byte[] payload = new byte[0];
        public boolean solicited;
        public Long immediate;
        public Long invalidate;
        public long rkey;
        public long va;
        /** Read: octets asked for. */
        public long length;
        /** Send, Write: payload octets per packet, when not the path MTU (a sender that breaks the length rule). */
        public int segment;
        public long swapAdd;
        public long compare;
        public long original;
    }

    private static final long QP1 = 1;
    private static final int ECN_CE = 3;
    private static final int SYNDROME_ACK = 0x1f, NAK_PSN_SEQUENCE = 0x60, NAK_INVALID_REQUEST = 0x61, RNR = 0x20;
    private static final int MRA_SERVICE_TIMEOUT = 18;
    /** The requester's wait for an acknowledgment that does not come: 4.096 us * 2^14. */
    private static final long ACK_TIMEOUT_NANOS = 4096L << 14;
    /** How long after its first copy a duplicated packet follows (a switch copying it). */
    private static final long DUPLICATE_AFTER_NANOS = 1_000;
    private static final int PSN_MASK = 0xffffff;

    private final Emitter em;
    private final RocePath path;
    private final RocePath.Port[] port;
    private final Settings s;
    private final long[] psn = new long[2];
    private final long[] msn = new long[2];
    private final long[] gsiPsn = new long[2];
    private final boolean lids;
    private boolean connected;
    private boolean rejected;
    private boolean closed;

    public RoceConnection(Emitter em, RocePath path, RocePath.Port active, RocePath.Port passive, Settings s) {
        this.em = em;
        this.path = path;
        this.port = new RocePath.Port[] {active, passive};
        this.s = s;
        this.psn[0] = s.startingPsn[0];
        this.psn[1] = s.startingPsn[1];
        this.lids = path.encapsulation() == RocePath.Encapsulation.INFINIBAND;
    }

    public boolean connected() {
        return connected;
    }

    /** Whether messages may flow: connected, not rejected, not closed. */
    public boolean open() {
        return connected && !rejected && !closed;
    }

    /** The CM exchange: REQ, an MRA when asked, then REP and RTU, or REJ. */
    public void connect() {
        connected = true;
        if (s.datagram) {
            // rdma_cm's UDP port space: the passive side's datagram queue pair, resolved by Service ID
            long tid = s.transactionId[0];
            mad(0, CmMads.sidrReq(tid, s.commId[0], port[0], port[1], s.activePort, s.passivePort));
            mad(1, CmMads.sidrRep(tid, s.commId[0], 0, s.qpn[1], s.qKey, s.passivePort));
            return;
        }
        CmMads.Request r = new CmMads.Request();
        r.commId = s.commId[0];
        r.qpn = s.qpn[0];
        r.startingPsn = s.startingPsn[1];
        r.responderResources = s.responderResources;
        r.initiatorDepth = s.initiatorDepth;
        r.pathMtu = Integer.numberOfTrailingZeros(s.mtu) - 7;
        r.caGuid = s.caGuid[0];
        r.active = port[0];
        r.passive = port[1];
        r.activePort = s.activePort;
        r.passivePort = s.passivePort;
        r.lids = lids;
        r.privateData = s.privateData;
        r.serviceType = s.unreliable ? 1 : 0;
        long tid = s.transactionId[0];
        mad(0, CmMads.req(tid, r));
        if (s.mra) {
            mad(1, CmMads.mra(tid, s.commId[1], s.commId[0], MRA_SERVICE_TIMEOUT));
            em.advance(4096L << MRA_SERVICE_TIMEOUT >> 4);
        }
        if (s.reject) {
            mad(1, CmMads.rej(tid, s.commId[1], s.commId[0], CmMads.CONSUMER_REJECT));
            rejected = true;
            return;
        }
        mad(1, CmMads.rep(tid, s.commId[1], s.commId[0], s.qpn[1], s.startingPsn[0], s.responderResources,
                s.initiatorDepth, s.caGuid[1], s.privateData));
        mad(0, CmMads.rtu(tid, s.commId[0], s.commId[1]));
    }

    /** DREQ from {@code side}, DREP from the other. */
    public void close(int side) {
        if (closed || rejected) {
            return;
        }
        closed = true;
        if (s.datagram) {
            // datagram queue pairs have no connection to end
            return;
        }
        long tid = s.transactionId[1];
        mad(side, CmMads.dreq(tid, s.commId[side], s.commId[1 - side], s.qpn[1 - side]));
        mad(1 - side, CmMads.drep(tid, s.commId[1 - side], s.commId[side]));
    }

    /** A MAD from {@code side}'s QP1 to the other's, as a UD Send Only. */
    private void mad(int side, byte[] mad) {
        TransportPacket p = new TransportPacket(Opcodes.UD << 5 | Opcodes.SEND_ONLY, QP1, gsiPsn[side]);
        gsiPsn[side] = (gsiPsn[side] + 1) & PSN_MASK;
        p.ackRequest = true;
        p.qKey = TransportPacket.GSI_QKEY;
        p.srcQp = QP1;
        p.payload = mad;
        emit(side, QP1, p, 0, false);
    }

    private byte[] emit(int side, long srcQp, TransportPacket p, int ecn, boolean badIcrc) {
        byte[] f = path.frame(port[side], port[1 - side], 0xc000 | (int) (srcQp & 0x3fff), p.encode(), ecn, badIcrc);
        em.emit(f);
        return f;
    }

    // ------------------------------------------------------------------ messages

    /** Sends message {@code m} from {@code side} and the peer's answers, with {@code faults}. */
    public void message(int side, Message m, List<Fault> faults) {
        if (s.datagram) {
            datagram(side, m, faults);
            return;
        }
        if (s.unreliable) {
            unreliable(side, m, faults);
            return;
        }
        List<TransportPacket> req = requests(side, m);
        int n = req.size();
        long span = m.kind == Kind.READ ? readPackets(m.length) : 1;
        long firstPsn = req.get(0).psn;
        long lastPsn = (req.get(n - 1).psn + span - 1) & PSN_MASK;
        psn[side] = (lastPsn + 1) & PSN_MASK;
        // the packet the responder misses first (lost, damaged or cut), and what it answers
        int lost = -1;
        Fault answer = null;
        for (int i = 0; i < n; i++) {
            TransportPacket p = req.get(i);
            Fault f = fault(faults, i, FaultKind.MIDDLE_WITHOUT_FIRST);
            if (f != null && i == 0) {
                p.opcode = m.kind == Kind.SEND ? Opcodes.SEND_MIDDLE : Opcodes.WRITE_MIDDLE;
                p.rethVa = null;
                p.ackRequest = false;
                if (answer == null) {
                    answer = new Fault(FaultKind.NAK, i, NAK_INVALID_REQUEST);
                }
            }
            Fault cut = fault(faults, i, FaultKind.TRUNCATE);
            if (cut != null) {
                p.truncateAfterBth = cut.value();
            }
            boolean missed = fault(faults, i, FaultKind.DROP) != null || fault(faults, i, FaultKind.BAD_ICRC) != null
                    || cut != null;
            if (missed && lost < 0) {
                lost = i;
            }
            for (FaultKind k : new FaultKind[] {FaultKind.RNR_NAK, FaultKind.NAK}) {
                Fault a = fault(faults, i, k);
                if (a != null && answer == null) {
                    answer = a;
                }
            }
            if (fault(faults, i, FaultKind.DROP) == null && fault(faults, i, FaultKind.CAPTURE_LOSS) == null) {
                byte[] frame = emit(side, s.qpn[side], p, fault(faults, i, FaultKind.ECN_CE) != null ? ECN_CE : 0,
                        fault(faults, i, FaultKind.BAD_ICRC) != null);
                if (fault(faults, i, FaultKind.DUPLICATE) != null) {
                    em.emitCopy(frame, DUPLICATE_AFTER_NANOS);
                }
            }
            if (fault(faults, i, FaultKind.CNP) != null) {
                cnp(1 - side);
            }
        }
        if (answer != null && (lost < 0 || answer.packet() < lost)) {
            long at = req.get(answer.packet()).psn;
            int syndrome = answer.kind() == FaultKind.RNR_NAK ? RNR | (answer.value() & 0x1f) : answer.value();
            acknowledge(1 - side, at, syndrome);
            if (answer.kind() == FaultKind.RNR_NAK) {
                em.advance(RNR_TIMER_MICROS[answer.value() & 0x1f] * 1000);
                resend(side, req, answer.packet());
                complete(side, m, req, firstPsn, lastPsn);
            }
            return;
        }
        if (lost >= 0) {
            if (lost < n - 1) {
                // a later packet shows the responder the hole: it asks for everything from the lost PSN
                acknowledge(1 - side, req.get(lost).psn, NAK_PSN_SEQUENCE);
            } else {
                em.advance(ACK_TIMEOUT_NANOS);
            }
            resend(side, req, lost);
        }
        complete(side, m, req, firstPsn, lastPsn);
    }

    /**
     * A message of an Unreliable Connection: its packets with the UC opcodes, asking for no
     * acknowledgment; nothing answers them, and a packet lost is not sent again (IBA volume 1
     * section 9.8).
     */
    private void unreliable(int side, Message m, List<Fault> faults) {
        List<TransportPacket> req = requests(side, m);
        psn[side] = (req.get(req.size() - 1).psn + 1) & PSN_MASK;
        for (int i = 0; i < req.size(); i++) {
            TransportPacket p = req.get(i);
            p.opcode |= Opcodes.UC << 5;
            p.ackRequest = false;
            if (fault(faults, i, FaultKind.DROP) == null && fault(faults, i, FaultKind.CAPTURE_LOSS) == null) {
                emit(side, s.qpn[side], p, fault(faults, i, FaultKind.ECN_CE) != null ? ECN_CE : 0, false);
            }
        }
    }

    /** A Send as a datagram: one UD Send Only with its DETH (the sender's Q_Key and QP), nothing answering it. */
    private void datagram(int side, Message m, List<Fault> faults) {
        TransportPacket p = new TransportPacket(Opcodes.UD << 5 | (m.immediate != null ? Opcodes.SEND_ONLY_IMM
                : Opcodes.SEND_ONLY), s.qpn[1 - side], psn[side]);
        psn[side] = (psn[side] + 1) & PSN_MASK;
        p.qKey = s.qKey;
        p.srcQp = s.qpn[side];
        p.solicitedEvent = m.solicited;
        p.immediate = m.immediate;
        p.payload = m.payload;
        if (fault(faults, 0, FaultKind.DROP) == null && fault(faults, 0, FaultKind.CAPTURE_LOSS) == null) {
            emit(side, s.qpn[side], p, fault(faults, 0, FaultKind.ECN_CE) != null ? ECN_CE : 0, false);
        }
    }

    /** The requester sends the packets from {@code from} on again, Go-Back-N, without faults. */
    private void resend(int side, List<TransportPacket> req, int from) {
        for (int i = from; i < req.size(); i++) {
            TransportPacket p = req.get(i);
            p.truncateAfterBth = -1;
            emit(side, s.qpn[side], p, 0, false);
        }
    }

    /** The responder completes the message: an ACK, the Read Response or the Atomic Acknowledge. */
    private void complete(int side, Message m, List<TransportPacket> req, long firstPsn, long lastPsn) {
        int peer = 1 - side;
        msn[side] = (msn[side] + 1) & PSN_MASK;
        switch (m.kind) {
            case SEND, WRITE -> acknowledge(peer, lastPsn, SYNDROME_ACK);
            case READ -> readResponse(side, m, firstPsn);
            case COMPARE_SWAP, FETCH_ADD -> {
                TransportPacket a = new TransportPacket(Opcodes.ATOMIC_ACKNOWLEDGE, s.qpn[side], firstPsn);
                a.syndrome = SYNDROME_ACK;
                a.msn = msn[side];
                a.originalData = m.original;
                emit(peer, s.qpn[peer], a, 0, false);
            }
        }
    }

    private void readResponse(int side, Message m, long firstPsn) {
        int peer = 1 - side;
        int count = readPackets(m.length);
        byte[] data = m.payload;
        for (int i = 0; i < count; i++) {
            int op = count == 1 ? Opcodes.READ_RESPONSE_ONLY : i == 0 ? Opcodes.READ_RESPONSE_FIRST
                    : i == count - 1 ? Opcodes.READ_RESPONSE_LAST : Opcodes.READ_RESPONSE_MIDDLE;
            TransportPacket p = new TransportPacket(op, s.qpn[side], (firstPsn + i) & PSN_MASK);
            if (op != Opcodes.READ_RESPONSE_MIDDLE) {
                p.syndrome = SYNDROME_ACK;
                p.msn = msn[side];
            }
            int from = i * s.mtu;
            p.payload = java.util.Arrays.copyOfRange(data, from, Math.min(data.length, from + s.mtu));
            emit(peer, s.qpn[peer], p, 0, false);
        }
    }

    /** An Acknowledge from {@code side} (the responder) for PSN {@code at}: an ACK or a NAK. */
    private void acknowledge(int side, long at, int syndrome) {
        TransportPacket a = new TransportPacket(Opcodes.ACKNOWLEDGE, s.qpn[1 - side], at);
        a.syndrome = syndrome;
        a.msn = msn[1 - side];
        emit(side, s.qpn[side], a, 0, false);
    }

    /** A Congestion Notification Packet from {@code side} to the other side's QP (Annex A17). */
    private void cnp(int side) {
        TransportPacket c = new TransportPacket(Opcodes.CNP, s.qpn[1 - side], 0);
        c.becn = true;
        emit(side, s.qpn[side], c, 0, false);
    }

    private int readPackets(long length) {
        return (int) Math.max(1, (length + s.mtu - 1) / s.mtu);
    }

    private static Fault fault(List<Fault> faults, int packet, FaultKind kind) {
        for (Fault f : faults) {
            if (f.kind() == kind && f.packet() == packet) {
                return f;
            }
        }
        return null;
    }

    /** The request packets of a message from {@code side}, numbered from its next PSN. */
    private List<TransportPacket> requests(int side, Message m) {
        List<TransportPacket> out = new ArrayList<>();
        long dest = s.qpn[1 - side];
        long next = psn[side];
        switch (m.kind) {
            case READ -> {
                TransportPacket p = new TransportPacket(Opcodes.READ_REQUEST, dest, next);
                p.rethVa = m.va;
                p.rethKey = m.rkey;
                p.dmaLength = m.length;
                p.ackRequest = true;
                out.add(p);
            }
            case COMPARE_SWAP, FETCH_ADD -> {
                TransportPacket p = new TransportPacket(m.kind == Kind.COMPARE_SWAP ? Opcodes.COMPARE_SWAP
                        : Opcodes.FETCH_ADD, dest, next);
                p.atomicVa = m.va;
                p.atomicKey = m.rkey;
                p.swapAdd = m.swapAdd;
                p.compare = m.kind == Kind.COMPARE_SWAP ? m.compare : 0;
                p.ackRequest = true;
                out.add(p);
            }
            case SEND, WRITE -> {
                boolean send = m.kind == Kind.SEND;
                int size = m.segment > 0 ? m.segment : s.mtu;
                int count = Math.max(1, (m.payload.length + size - 1) / size);
                for (int i = 0; i < count; i++) {
                    boolean first = i == 0, last = i == count - 1;
                    TransportPacket p = new TransportPacket(opcode(send, first, last, m), dest, (next + i) & PSN_MASK);
                    int from = i * size;
                    p.payload = java.util.Arrays.copyOfRange(m.payload, from, Math.min(m.payload.length, from + size));
                    if (!send && first) {
                        p.rethVa = m.va;
                        p.rethKey = m.rkey;
                        p.dmaLength = m.payload.length;
                    }
                    if (last) {
                        p.ackRequest = true;
                        p.solicitedEvent = m.solicited;
                        p.immediate = m.immediate;
                        p.invalidateKey = send ? m.invalidate : null;
                    }
                    out.add(p);
                }
            }
        }
        return out;
    }

    private static int opcode(boolean send, boolean first, boolean last, Message m) {
        boolean imm = m.immediate != null, inv = send && m.invalidate != null;
        if (send) {
            if (first && last) {
                return inv ? Opcodes.SEND_ONLY_INVALIDATE : imm ? Opcodes.SEND_ONLY_IMM : Opcodes.SEND_ONLY;
            }
            if (last) {
                return inv ? Opcodes.SEND_LAST_INVALIDATE : imm ? Opcodes.SEND_LAST_IMM : Opcodes.SEND_LAST;
            }
            return first ? Opcodes.SEND_FIRST : Opcodes.SEND_MIDDLE;
        }
        if (first && last) {
            return imm ? Opcodes.WRITE_ONLY_IMM : Opcodes.WRITE_ONLY;
        }
        if (last) {
            return imm ? Opcodes.WRITE_LAST_IMM : Opcodes.WRITE_LAST;
        }
        return first ? Opcodes.WRITE_FIRST : Opcodes.WRITE_MIDDLE;
    }

    /** The RNR NAK timer values (IBA volume 1 section 9.7), in microseconds. */
    private static final long[] RNR_TIMER_MICROS = {655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640,
            960, 1280, 1920, 2560, 3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880, 163840,
            245760, 327680, 491520};
}

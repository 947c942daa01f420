package io.rdmascope.synth.scenario;

import io.rdmascope.ksy.FixedLayout.DdpControl;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.synth.wire.DdpHeader;
import io.rdmascope.synth.wire.DdpMessages;
import io.rdmascope.synth.wire.Emitter;
import io.rdmascope.synth.wire.FpduEncoder;
import io.rdmascope.synth.wire.IwarpConnection;
import io.rdmascope.synth.wire.PcapWriter;
import io.rdmascope.synth.wire.RdmapBodies;
import io.rdmascope.synth.wire.TcpFlow;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Turns a checked {@link Scenario} into a pcap (iWARP connections here, RoCE ones through
 * {@link RoceSteps}). Everything not given by the scenario (ISNs, IP identifiers, payload octets)
 * derives from the scenario's seed, so the same scenario always gives the same bytes.
 *
 * <p>Raw overrides and step faults apply to the first message a step sends (the Read Request of a
 * read, the request of an atomic, the Write of an immediate with a write part); connection faults
 * apply to every message of the connection. DDP segment indices count the segments of that message,
 * TCP segment indices the TCP data segments that carry it.
 */
public final class Synthesizer {
    private static final int OP_WRITE = Opcode.RDMA_WRITE.code, OP_READ_REQ = Opcode.RDMA_READ_REQUEST.code,
            OP_READ_RESP = Opcode.RDMA_READ_RESPONSE.code, OP_SEND = Opcode.SEND.code,
            OP_SEND_INV = Opcode.SEND_WITH_INVALIDATE.code, OP_SEND_SE = Opcode.SEND_WITH_SE.code,
            OP_SEND_SE_INV = Opcode.SEND_WITH_SE_AND_INVALIDATE.code, OP_TERMINATE = Opcode.TERMINATE.code,
            OP_IMM = Opcode.IMMEDIATE_DATA.code, OP_IMM_SE = Opcode.IMMEDIATE_DATA_WITH_SE.code,
            OP_ATOMIC_REQ = Opcode.ATOMIC_REQUEST.code, OP_ATOMIC_RESP = Opcode.ATOMIC_RESPONSE.code;

    private final Scenario scenario;
    private final Map<String, Runtime> conns = new HashMap<>();
    private final Map<String, RoceSteps> roce = new HashMap<>();
    private final Map<String, Scenario.Host> hosts = new HashMap<>();
    private Emitter em;

    private static final class Runtime {
        Scenario.Connection spec;
        IwarpConnection iw;
        byte[] lastFromInitiator;
        byte[] lastFromResponder;
    }

    public Synthesizer(Scenario scenario) {
        this.scenario = scenario;
    }

    /** Writes the scenario's capture to {@code out} (the stream is flushed, not closed). */
    public static void write(Scenario s, OutputStream out) throws IOException {
        new Synthesizer(s).run(out);
    }

    /** True for the initiator, false for the responder, null when {@code from} names neither. */
    static Boolean side(Scenario.Connection c, String from) {
        if (from == null || from.equals("initiator")) {
            return Boolean.TRUE;
        }
        if (from.equals("responder")) {
            return Boolean.FALSE;
        }
        String ih = ScenarioChecker.hostOf(c.from), rh = ScenarioChecker.hostOf(c.to);
        if (from.equals(ih)) {
            return Boolean.TRUE;
        }
        if (from.equals(rh)) {
            return Boolean.FALSE;
        }
        return null;
    }

    public void run(OutputStream out) throws IOException {
        boolean infiniband = scenario.connections.stream().anyMatch(c -> c.roce() && c.encapsulation.equals("infiniband"));
        PcapWriter pcap = new PcapWriter(out, scenario.nanos, 262144,
                infiniband ? PcapWriter.LINKTYPE_INFINIBAND : PcapWriter.LINKTYPE_ETHERNET);
        Instant start = Instant.parse(scenario.start);
        em = new Emitter(pcap, start.getEpochSecond() * 1_000_000_000L + start.getNano(), scenario.tickMicros * 1000);
        for (Scenario.Host h : scenario.hosts) {
            hosts.put(h.name, h);
        }
        SplittableRandom rnd = new SplittableRandom(scenario.seed);
        for (Scenario.Connection c : scenario.connections) {
            if (c.roce()) {
                roce.put(c.name, new RoceSteps(c, hosts.get(ScenarioChecker.hostOf(c.from)),
                        hosts.get(ScenarioChecker.hostOf(c.to)), em, rnd.split()));
            } else {
                conns.put(c.name, build(c, rnd.split()));
            }
        }
        int index = 0;
        for (Step st : scenario.steps) {
            if (em.stopped()) {
                break;
            }
            run(st, index++);
        }
        pcap.flush();
    }

    private Runtime build(Scenario.Connection c, SplittableRandom rnd) {
        Scenario.Host ih = hosts.get(ScenarioChecker.hostOf(c.from));
        Scenario.Host rh = hosts.get(ScenarioChecker.hostOf(c.to));
        int isnI = (int) (c.isn != null ? c.isn : rnd.nextInt());
        int isnR = (int) (c.responderIsn != null ? c.responderIsn : rnd.nextInt());
        TcpFlow.End i = new TcpFlow.End(mac(ih), ip(ih), ScenarioChecker.portOf(c.from), isnI, rnd.nextInt(0x10000));
        TcpFlow.End r = new TcpFlow.End(mac(rh), ip(rh), ScenarioChecker.portOf(c.to), isnR, rnd.nextInt(0x10000));
        TcpFlow tcp = new TcpFlow(i, r, em, c.mss, c.acks.equals("delayed") ? TcpFlow.AckMode.DELAYED : TcpFlow.AckMode.PER_SEGMENT);
        IwarpConnection.Mpa mpa = new IwarpConnection.Mpa();
        mpa.revision = c.revision;
        mpa.crcRequest = c.crc;
        mpa.crcReply = c.crc;
        String ihName = ih.name, rhName = rh.name;
        mpa.initiatorMarkers = c.markers.equals("both") || c.markers.equals("initiator") || c.markers.equals(ihName);
        mpa.responderMarkers = c.markers.equals("both") || c.markers.equals("responder")
                || (c.markers.equals(rhName) && !rhName.equals(ihName));
        mpa.reject = c.reject;
        if (c.ird != null) {
            mpa.initiatorIrd = c.ird;
            mpa.responderIrd = c.ird;
        }
        if (c.ord != null) {
            mpa.initiatorOrd = c.ord;
            mpa.responderOrd = c.ord;
        }
        if (c.privateData != null) {
            mpa.privateData = c.privateData.getBytes(StandardCharsets.UTF_8);
        }
        if (c.privateDataHex != null) {
            mpa.privateData = ScenarioChecker.parseHex(c.privateDataHex);
        }
        if (c.reservedFlags != null) {
            mpa.reservedFlags = c.reservedFlags;
        }
        if (c.peerToPeer) {
            mpa.irdFlags |= 0x2;
        }
        Runtime rt = new Runtime();
        rt.spec = c;
        rt.iw = new IwarpConnection(tcp, mpa);
        return rt;
    }

    static byte[] mac(Scenario.Host h) {
        if (h.mac != null) {
            return ScenarioChecker.parseMac(h.mac);
        }
        byte[] ip = ScenarioChecker.parseIp(h.ip);
        int n = ip.length;
        return new byte[] {0x02, 0x00, ip[n - 4], ip[n - 3], ip[n - 2], ip[n - 1]};
    }

    private static int ip(Scenario.Host h) {
        byte[] b = ScenarioChecker.parseIpv4(h.ip);
        return ((b[0] & 0xFF) << 24) | ((b[1] & 0xFF) << 16) | ((b[2] & 0xFF) << 8) | (b[3] & 0xFF);
    }

    static byte[] pattern(int length, int salt) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 7 + salt);
        }
        return b;
    }

    private void run(Step st, int index) {
        if (st instanceof Step.Wait) {
            em.advance(((Step.Wait) st).micros * 1000);
            return;
        }
        RoceSteps rs = roce.get(st.conn);
        if (rs != null) {
            rs.run(st, index, side(rs.spec(), st.from));
            return;
        }
        Runtime rt = conns.get(st.conn);
        IwarpConnection iw = rt.iw;
        if (!iw.connected()) {
            iw.connect();
        }
        boolean fromInitiator = side(rt.spec, st.from);
        TcpFlow.End me = fromInitiator ? iw.tcp.initiator : iw.tcp.responder;
        TcpFlow.End peer = iw.tcp.peer(me);
        if (st instanceof Step.Connect) {
            return;
        }
        if (st instanceof Step.Close) {
            iw.close(me, ((Step.Close) st).how.equals("rst"));
            return;
        }
        if (st instanceof Step.Advertise) {
            Step.Advertise a = (Step.Advertise) st;
            DdpHeader h = untagged(a.se ? OP_SEND_SE : OP_SEND, 0);
            h.sv = true;
            h.ab = true;
            h.optionalStag = a.stag;
            h.advertisedTo = a.to;
            h.advertisedLength = a.length;
            h.access = a.access.equals("write") ? 1 : a.access.equals("read") ? 2 : 3;
            message(rt, me, st, true, h, null, pattern(a.payload, index), null);
        } else if (st instanceof Step.Write) {
            Step.Write w = (Step.Write) st;
            message(rt, me, st, true, tagged(OP_WRITE, w.stag, w.to), null, pattern((int) (long) w.length, index), w.segment);
        } else if (st instanceof Step.Read) {
            Step.Read r = (Step.Read) st;
            if (r.request) {
                byte[] body = RdmapBodies.readRequest(r.sinkStag, r.sinkTo, r.size, r.sourceStag, r.sourceTo);
                message(rt, me, st, true, untagged(OP_READ_REQ, 1), body, new byte[0], null);
            }
            if (r.respond) {
                message(rt, peer, st, !r.request, tagged(OP_READ_RESP, r.sinkStag, r.sinkTo), null,
                        pattern((int) (long) r.size, index), r.segment);
            }
        } else if (st instanceof Step.Send) {
            Step.Send sd = (Step.Send) st;
            byte[] payload = sd.text != null ? sd.text.getBytes(StandardCharsets.UTF_8)
                    : sd.hex != null ? ScenarioChecker.parseHex(sd.hex)
                    : pattern(sd.length == null ? 64 : sd.length, index);
            DdpHeader h;
            if (sd.invalidate != null) {
                h = untagged(sd.se ? OP_SEND_SE_INV : OP_SEND_INV, 0);
                h.invalidateStag = sd.invalidate;
            } else {
                h = untagged(sd.se ? OP_SEND_SE : OP_SEND, 0);
            }
            message(rt, me, st, true, h, null, payload, sd.segment);
        } else if (st instanceof Step.Complete) {
            Step.Complete c = (Step.Complete) st;
            DdpHeader h;
            if (c.how.equals("sv")) {
                h = untagged(OP_SEND, 0);
                h.sv = true;
                h.optionalStag = c.stag;
            } else {
                h = untagged(c.how.equals("invalidate") ? OP_SEND_INV : OP_SEND_SE_INV, 0);
                h.invalidateStag = c.stag;
            }
            message(rt, me, st, true, h, null, pattern(c.payload, index), null);
        } else if (st instanceof Step.Terminate) {
            Step.Terminate t = (Step.Terminate) st;
            byte[] last = fromInitiator ? rt.lastFromResponder : rt.lastFromInitiator;
            int hdrct = (t.m ? RdmapBodies.TERM_M : 0) | (t.d ? RdmapBodies.TERM_D : 0) | (t.r ? RdmapBodies.TERM_R : 0);
            byte[] ddpHdr = new byte[DdpHeader.UNTAGGED_LENGTH];
            byte[] rdmaHdr = new byte[28];
            int segLen = 0;
            if (last != null) {
                int hl = DdpControl.tagged(last, 0) ? DdpHeader.TAGGED_LENGTH : DdpHeader.UNTAGGED_LENGTH;
                ddpHdr = java.util.Arrays.copyOf(last, hl);
                System.arraycopy(last, Math.min(hl, last.length), rdmaHdr, 0, Math.max(0, Math.min(28, last.length - hl)));
                segLen = last.length;
            }
            byte[] body = RdmapBodies.terminate(t.layer, t.type, t.code, hdrct, segLen, ddpHdr, rdmaHdr);
            message(rt, me, st, true, untagged(OP_TERMINATE, 2), body, new byte[0], null);
            if (!t.close.equals("none")) {
                iw.close(me, t.close.equals("rst"));
            }
        } else if (st instanceof Step.Immediate) {
            Step.Immediate im = (Step.Immediate) st;
            boolean first = true;
            if (im.stag != null) {
                message(rt, me, st, true, tagged(OP_WRITE, im.stag, im.to), null,
                        pattern((int) (long) im.length, index), im.segment);
                first = false;
            }
            message(rt, me, st, first, untagged(im.se ? OP_IMM_SE : OP_IMM, 0), null, RdmapBodies.immediate(im.value), null);
        } else if (st instanceof Step.Atomic) {
            Step.Atomic a = (Step.Atomic) st;
            DdpHeader h = untagged(OP_ATOMIC_REQ, 1);
            long reqId = a.requestId != null ? a.requestId : index + 1;
            byte[] body = RdmapBodies.atomicRequest(a.op.equals("cmp-swap") ? 1 : 0, reqId, a.stag, a.to,
                    a.data, a.mask, a.compare, a.compareMask);
            message(rt, me, st, true, h, body, new byte[0], null);
            if (a.respond) {
                int q = Opcode.ATOMIC_RESPONSE.queue();
                message(rt, peer, st, false, untagged(OP_ATOMIC_RESP, q), RdmapBodies.atomicResponse(reqId, a.original),
                        new byte[0], null);
            }
        }
    }

    private static DdpHeader untagged(int opcode, int queue) {
        DdpHeader h = new DdpHeader();
        h.opcode = opcode;
        h.qn = queue;
        return h;
    }

    private static DdpHeader tagged(int opcode, long stag, long to) {
        DdpHeader h = new DdpHeader();
        h.tagged = true;
        h.opcode = opcode;
        h.stag = stag;
        h.to = to;
        return h;
    }

    /** Numbers, segments, overrides, frames and sends one message from {@code me}. */
    private void message(Runtime rt, TcpFlow.End me, Step st, boolean primary, DdpHeader h, byte[] body, byte[] payload,
                         Integer segment) {
        IwarpConnection iw = rt.iw;
        List<Scenario.Fault> faults = new ArrayList<>(rt.spec.faults);
        if (primary) {
            faults.addAll(st.faults);
        }
        if (!h.tagged) {
            for (Scenario.Fault f : faults) {
                if (f.kind == Scenario.Fault.Kind.MSN_SKIP) {
                    iw.skipMsn(me, (int) h.qn, f.by == null ? 1 : f.by);
                }
            }
            h.msn = iw.nextMsn(me, (int) h.qn);
        }
        int maxUlpdu = iw.maxUlpdu(me);
        int room = maxUlpdu - h.length() - (body == null ? 0 : body.length);
        int seg = segment != null ? segment : Math.max(1, room);
        List<DdpMessages.Segment> segs = DdpMessages.segment(h, body, payload, seg);
        int n = segs.size();
        int[] truncate = null;
        Scenario.Raw raw = primary ? st.raw : null;
        if (raw != null) {
            for (int i = 0; i < n; i++) {
                if (raw.segment != null && raw.segment != i) {
                    continue;
                }
                DdpHeader x = segs.get(i).header;
                if (raw.dv != null) x.dv = raw.dv;
                if (raw.rsvd != null) x.rsvd = raw.rsvd;
                if (raw.rv != null) x.rv = raw.rv;
                if (raw.opcode != null) x.opcode = raw.opcode;
                if (raw.qn != null) x.qn = raw.qn;
                if (raw.msn != null) x.msn = raw.msn;
                if (raw.mo != null) x.mo = raw.mo;
                if (raw.stag != null) x.stag = raw.stag;
                if (raw.to != null) x.to = raw.to;
                if (raw.invalidateStag != null) x.invalidateStag = raw.invalidateStag;
                if (raw.sv != null) x.sv = raw.sv;
                if (raw.ab != null) x.ab = raw.ab;
                if (raw.last != null) x.last = raw.last;
                if (raw.optionalStag != null) x.optionalStag = raw.optionalStag;
                if (raw.truncate != null) {
                    if (truncate == null) {
                        truncate = new int[n];
                        java.util.Arrays.fill(truncate, -1);
                    }
                    truncate[i] = raw.truncate;
                }
            }
        }
        int[] fpduFaults = new int[n];
        TcpFlow.Faults tcpFaults = new TcpFlow.Faults();
        for (Scenario.Fault f : faults) {
            int mask;
            switch (f.kind) {
                case BAD_CRC: mask = FpduEncoder.BAD_CRC; break;
                case BAD_MARKER: mask = FpduEncoder.BAD_MARKER; break;
                case BAD_PAD: mask = FpduEncoder.BAD_PAD; break;
                case MISSING_CRC: mask = FpduEncoder.MISSING_CRC; break;
                case DROP: tcpFaults.drop.add(f.segment == null ? 0 : f.segment); continue;
                case DUPLICATE: tcpFaults.duplicate.add(f.segment == null ? 0 : f.segment); continue;
                case SWAP: tcpFaults.swap.add(f.segment == null ? 0 : f.segment); continue;
                case CUT:
                    tcpFaults.cutIndex = f.segment == null ? 0 : f.segment;
                    tcpFaults.cutBytes = f.bytes == null ? 60 : f.bytes;
                    continue;
                default: continue;
            }
            for (int i = 0; i < n; i++) {
                if (f.segment == null || f.segment == i) {
                    fpduFaults[i] |= mask;
                }
            }
        }
        iw.send(me, segs, fpduFaults, truncate, tcpFaults, primary ? st.cuts : null);
        byte[] last = segs.get(n - 1).encode();
        if (me == iw.tcp.initiator) {
            rt.lastFromInitiator = last;
        } else {
            rt.lastFromResponder = last;
        }
    }
}

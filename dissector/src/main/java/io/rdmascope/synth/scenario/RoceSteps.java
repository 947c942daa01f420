package io.rdmascope.synth.scenario;

import io.rdmascope.synth.wire.Emitter;
import io.rdmascope.synth.wire.RoceConnection;
import io.rdmascope.synth.wire.RocePath;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The steps of one RoCE connection, as RC messages: a send is a Send (with Invalidate, with SE), a
 * write an RDMA Write, a read an RDMA Read Request and its response, an immediate an RDMA Write
 * with Immediate (or, without a buffer, a Send with Immediate), an atomic a Compare &amp; Swap or
 * Fetch &amp; Add; connect and close are the CM exchanges. The step's faults, and the connection's,
 * hit the request packets they name.
 */
final class RoceSteps {
    private final Scenario.Connection spec;
    private final RoceConnection qp;

    RoceSteps(Scenario.Connection c, Scenario.Host active, Scenario.Host passive, Emitter em, SplittableRandom rnd) {
        this.spec = c;
        RoceConnection.Settings s = new RoceConnection.Settings();
        s.mtu = c.mtu;
        s.unreliable = c.service.equals("uc");
        s.datagram = c.service.equals("ud");
        s.qpn[0] = c.qpn != null ? c.qpn : 0x11 + rnd.nextInt(0x1000);
        s.qpn[1] = c.responderQpn != null ? c.responderQpn : 0x11 + rnd.nextInt(0x1000);
        s.startingPsn[0] = c.psn != null ? c.psn : rnd.nextInt(0x1000000);
        s.startingPsn[1] = c.responderPsn != null ? c.responderPsn : rnd.nextInt(0x1000000);
        for (int i = 0; i < 2; i++) {
            s.commId[i] = rnd.nextInt() & 0xffffffffL;
            s.transactionId[i] = rnd.nextLong() & 0xffffffffffL;
        }
        s.responderResources = c.responderResources;
        s.initiatorDepth = c.initiatorDepth;
        s.activePort = ScenarioChecker.portOf(c.from);
        s.passivePort = ScenarioChecker.portOf(c.to);
        if (c.privateData != null) {
            s.privateData = c.privateData.getBytes(StandardCharsets.UTF_8);
        } else if (c.privateDataHex != null) {
            s.privateData = ScenarioChecker.parseHex(c.privateDataHex);
        }
        for (Scenario.Fault f : c.faults) {
            s.reject |= f.kind == Scenario.Fault.Kind.CM_REJECT;
            s.mra |= f.kind == Scenario.Fault.Kind.MRA;
        }
        RocePath.Port a = port(active, rnd), p = port(passive, rnd);
        s.caGuid[0] = guid(a.mac);
        s.caGuid[1] = guid(p.mac);
        RocePath path = new RocePath(RocePath.Encapsulation.valueOf(c.encapsulation.toUpperCase()), c.grh);
        this.qp = new RoceConnection(em, path, a, p, s);
    }

    private static RocePath.Port port(Scenario.Host h, SplittableRandom rnd) {
        byte[] ip = ScenarioChecker.parseIp(h.ip);
        return new RocePath.Port(Synthesizer.mac(h), ip, h.lid == null ? 0 : h.lid, rnd.nextInt(0x10000));
    }

    /** The EUI-64 of a MAC address, as a channel adapter's GUID. */
    private static long guid(byte[] mac) {
        long g = 0;
        byte[] e = {(byte) (mac[0] ^ 2), mac[1], mac[2], (byte) 0xff, (byte) 0xfe, mac[3], mac[4], mac[5]};
        for (byte b : e) {
            g = g << 8 | (b & 0xff);
        }
        return g;
    }

    Scenario.Connection spec() {
        return spec;
    }

    void run(Step st, int index, boolean fromInitiator) {
        if (!qp.connected()) {
            qp.connect();
        }
        int side = fromInitiator ? 0 : 1;
        if (st instanceof Step.Close) {
            qp.close(side);
            return;
        }
        if (!qp.open()) {
            return;
        }
        List<RoceConnection.Fault> faults = faults(st);
        if (st instanceof Step.Send sd) {
            RoceConnection.Message m = message(RoceConnection.Kind.SEND);
            m.payload = sd.text != null ? sd.text.getBytes(StandardCharsets.UTF_8)
                    : sd.hex != null ? ScenarioChecker.parseHex(sd.hex)
                    : Synthesizer.pattern(sd.length == null ? 64 : sd.length, index);
            m.solicited = sd.se;
            m.invalidate = sd.invalidate;
            m.segment = sd.segment == null ? 0 : sd.segment;
            qp.message(side, m, faults);
        } else if (st instanceof Step.Write w) {
            RoceConnection.Message m = message(RoceConnection.Kind.WRITE);
            m.rkey = w.stag;
            m.va = w.to;
            m.payload = Synthesizer.pattern((int) (long) w.length, index);
            m.segment = w.segment == null ? 0 : w.segment;
            qp.message(side, m, faults);
        } else if (st instanceof Step.Read r) {
            RoceConnection.Message m = message(RoceConnection.Kind.READ);
            m.rkey = r.sourceStag;
            m.va = r.sourceTo;
            m.length = r.size;
            m.payload = Synthesizer.pattern((int) (long) r.size, index);
            qp.message(side, m, faults);
        } else if (st instanceof Step.Immediate im) {
            RoceConnection.Message m = message(im.stag != null ? RoceConnection.Kind.WRITE : RoceConnection.Kind.SEND);
            m.immediate = im.value & 0xffffffffL;
            m.solicited = im.se;
            if (im.stag != null) {
                m.rkey = im.stag;
                m.va = im.to;
                m.payload = Synthesizer.pattern((int) (long) im.length, index);
            }
            qp.message(side, m, faults);
        } else if (st instanceof Step.Atomic a) {
            boolean cmpSwap = a.op.equals("cmp-swap");
            RoceConnection.Message m = message(cmpSwap ? RoceConnection.Kind.COMPARE_SWAP : RoceConnection.Kind.FETCH_ADD);
            m.rkey = a.rkey != null ? a.rkey : a.stag;
            m.va = a.va != null ? a.va : a.to;
            m.swapAdd = a.swap != null ? a.swap : a.data;
            m.compare = a.compare;
            m.original = a.original;
            qp.message(side, m, faults);
        }
    }

    private static RoceConnection.Message message(RoceConnection.Kind kind) {
        RoceConnection.Message m = new RoceConnection.Message();
        m.kind = kind;
        return m;
    }

    /** The faults of the connection and of the step on the step's message, and a raw cut as a truncation. */
    private List<RoceConnection.Fault> faults(Step st) {
        List<RoceConnection.Fault> out = new ArrayList<>();
        List<Scenario.Fault> all = new ArrayList<>(spec.faults);
        all.addAll(st.faults);
        for (Scenario.Fault f : all) {
            if (f.kind.cm()) {
                continue;
            }
            int packet = f.packet == null ? 0 : f.packet;
            RoceConnection.FaultKind kind = RoceConnection.FaultKind.valueOf(f.kind.name());
            int value = f.kind == Scenario.Fault.Kind.NAK ? f.code : f.timer == null ? 14 : f.timer;
            out.add(new RoceConnection.Fault(kind, packet, value));
        }
        if (st.raw != null && st.raw.truncate != null) {
            out.add(new RoceConnection.Fault(RoceConnection.FaultKind.TRUNCATE,
                    st.raw.segment == null ? 0 : st.raw.segment, st.raw.truncate));
        }
        return out;
    }
}

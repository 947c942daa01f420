package io.rdmascope.synth.scenario;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks references and values of a bound scenario, reporting the first problem with its line. */
final class ScenarioChecker {
    private final String source;

    ScenarioChecker(String source) {
        this.source = source;
    }

    void check(Scenario s) throws ScenarioException {
        if (s.hosts == null || s.hosts.isEmpty()) {
            throw new ScenarioException(source, s.line, "no hosts: add a 'hosts:' list");
        }
        Map<String, Scenario.Host> hosts = new HashMap<>();
        for (Scenario.Host h : s.hosts) {
            if (h == null) {
                throw new ScenarioException(source, s.line, "empty host entry");
            }
            need(h.name, h.line, "host", "name");
            if (hosts.put(h.name, h) != null) {
                fail(h.line, "host '" + h.name + "' is defined twice");
            }
            need(h.ip, h.line, "host '" + h.name + "'", "ip");
            if (parseIp(h.ip) == null) {
                fail(h.line, "host '" + h.name + "': '" + h.ip + "' is not an IPv4 or IPv6 address (like 10.0.0.1)");
            }
            range(h.lid, 1, 0xbfff, h.line, "host '" + h.name + "': lid");
            if (h.mac != null && parseMac(h.mac) == null) {
                fail(h.line, "host '" + h.name + "': '" + h.mac + "' is not a MAC address (like 02:00:0a:00:00:01)");
            }
        }
        try {
            java.time.Instant.parse(s.start);
        } catch (RuntimeException e) {
            fail(s.line, "start '" + s.start + "' is not a time like 2024-01-01T00:00:00Z");
        }
        if (s.tickMicros < 0) {
            fail(s.line, "tick must not be negative");
        }
        Map<String, Scenario.Connection> conns = new HashMap<>();
        for (Scenario.Connection c : s.connections) {
            if (c == null) {
                throw new ScenarioException(source, s.line, "empty connection entry");
            }
            need(c.name, c.line, "connection", "name");
            String what = "connection '" + c.name + "'";
            if (conns.put(c.name, c) != null) {
                fail(c.line, what + " is defined twice");
            }
            need(c.from, c.line, what, "from");
            need(c.to, c.line, what, "to");
            endpoint(c.from, hosts, c.line, what + ": from");
            endpoint(c.to, hosts, c.line, what + ": to");
            if (c.revision < 0 || c.revision > 255) {
                fail(c.line, what + ": revision must be 0..255 (1 is RFC 5044, 2 is RFC 6581)");
            }
            if (c.privateDataHex != null && (c.privateData != null || !isHex(c.privateDataHex))) {
                fail(c.line, what + ": privateDataHex must be pairs of hex digits, and not given with privateData");
            }
            if (c.reservedFlags != null && (c.reservedFlags < 0 || c.reservedFlags > 0x0F)) {
                fail(c.line, what + ": reservedFlags must be 0..15 (the low four bits of the MPA flags octet)");
            }
            String ih = hostOf(c.from), rh = hostOf(c.to);
            if (!Set.of("none", "both", "initiator", "responder").contains(c.markers)
                    && !c.markers.equals(ih) && !c.markers.equals(rh)) {
                fail(c.line, what + ": markers must be none, both, initiator, responder, '" + ih + "' or '" + rh + "'");
            }
            if (!Set.of("per-segment", "delayed").contains(c.acks)) {
                fail(c.line, what + ": acks must be per-segment or delayed");
            }
            if (c.mss < 64 || c.mss > 9000) {
                fail(c.line, what + ": mss must be 64..9000");
            }
            range(c.ird, 0, 0x3FFF, c.line, what + ": ird");
            range(c.ord, 0, 0x3FFF, c.line, what + ": ord");
            range(c.isn, 0, 0xFFFFFFFFL, c.line, what + ": isn");
            range(c.responderIsn, 0, 0xFFFFFFFFL, c.line, what + ": responderIsn");
            faults(c.faults, what, c.roce());
            if (c.roce()) {
                roce(c, hosts, what);
            } else if (!c.transport.equals("iwarp")) {
                fail(c.line, what + ": transport must be iwarp or roce");
            } else if (parseIpv4(hosts.get(hostOf(c.from)).ip) == null || parseIpv4(hosts.get(hostOf(c.to)).ip) == null) {
                fail(c.line, what + ": iWARP connections run between IPv4 hosts");
            }
        }
        long infiniband = s.connections.stream().filter(c -> c.roce() && c.encapsulation.equals("infiniband")).count();
        if (infiniband > 0 && infiniband < s.connections.size()) {
            fail(s.line, "a capture of native InfiniBand (link type 247) holds no Ethernet connections:"
                    + " give every connection transport roce and encapsulation infiniband");
        }
        for (Step st : s.steps) {
            if (st == null) {
                throw new ScenarioException(source, s.line, "empty step");
            }
            String what = "step '" + st.kind() + "'";
            if (st instanceof Step.Wait) {
                if (((Step.Wait) st).micros < 0) {
                    fail(st.line, what + ": micros must not be negative");
                }
                continue;
            }
            need(st.conn, st.line, what, "conn");
            Scenario.Connection c = conns.get(st.conn);
            if (c == null) {
                fail(st.line, what + ": connection '" + st.conn + "' is not defined");
            }
            if (st.from != null && Synthesizer.side(c, st.from) == null) {
                fail(st.line, what + ": from '" + st.from + "' is not an end of connection '" + c.name
                        + "' (use " + hostOf(c.from) + ", " + hostOf(c.to) + ", initiator or responder)");
            }
            faults(st.faults, what, c.roce());
            for (Scenario.Fault f : st.faults) {
                if (f.kind.cm()) {
                    fail(f.line, what + ": " + f.kind.name().toLowerCase().replace('_', '-')
                            + " changes the connection's set-up: give it in the connection's faults");
                }
            }
            if (c.roce() && !ROCE_STEPS.contains(st.kind())) {
                fail(st.line, what + ": not a step of a RoCE connection (those are " + String.join(", ", ROCE_STEPS) + ")");
            }
            if (c.roce() && st.raw != null && (st.raw.truncate == null || st.raw.dv != null || st.raw.opcode != null
                    || st.raw.qn != null || st.raw.msn != null || st.raw.mo != null || st.raw.stag != null)) {
                fail(st.raw.line, what + ": on RoCE, raw takes truncate (and segment, the packet) only");
            }
            if (c.roce() && !c.service.equals("rc")) {
                unreliable(st, what, c);
            }
            checkStep(st, what, c.roce());
        }
    }

    /**
     * What an unreliable service cannot carry: Reads, atomics, Send with Invalidate, faults its
     * responder would answer; datagrams are Sends of one packet.
     */
    private void unreliable(Step st, String what, Scenario.Connection c) throws ScenarioException {
        if (c.service.equals("ud")) {
            if (!Set.of("connect", "send", "close").contains(st.kind())) {
                fail(st.line, what + ": datagram queue pairs carry Sends only (connect, send, close)");
            }
            if (st instanceof Step.Send s && s.length != null && s.length > c.mtu) {
                fail(st.line, what + ": a datagram is one packet: at most the path MTU of " + c.mtu + " octets");
            }
        } else if (!Set.of("connect", "send", "write", "immediate", "close").contains(st.kind())) {
            fail(st.line, what + ": an Unreliable Connection carries Sends and RDMA Writes only (connect, send, write,"
                    + " immediate, close)");
        }
        if (st instanceof Step.Send s && s.invalidate != null) {
            fail(st.line, what + ": an Unreliable Connection has no Send with Invalidate");
        }
        for (Scenario.Fault f : st.faults) {
            if (f.kind != Scenario.Fault.Kind.DROP && f.kind != Scenario.Fault.Kind.CAPTURE_LOSS
                    && f.kind != Scenario.Fault.Kind.ECN_CE) {
                fail(f.line, what + ": on an Unreliable Connection a packet may be dropped, missing from the capture"
                        + " or marked ecn-ce; nothing answers it");
            }
        }
    }

    /** The steps a RoCE connection knows. */
    static final List<String> ROCE_STEPS = List.of("connect", "send", "write", "read", "immediate", "atomic", "close");

    private void roce(Scenario.Connection c, Map<String, Scenario.Host> hosts, String what) throws ScenarioException {
        if (!Set.of("rocev2", "rocev1", "infiniband").contains(c.encapsulation)) {
            fail(c.line, what + ": encapsulation must be rocev2, rocev1 or infiniband");
        }
        if (!Set.of("rc", "uc", "ud").contains(c.service)) {
            fail(c.line, what + ": service must be rc, uc or ud");
        }
        if (!Set.of(256, 512, 1024, 2048, 4096).contains(c.mtu)) {
            fail(c.line, what + ": mtu must be 256, 512, 1024, 2048 or 4096");
        }
        Scenario.Host a = hosts.get(hostOf(c.from)), p = hosts.get(hostOf(c.to));
        if (parseIp(a.ip).length != parseIp(p.ip).length) {
            fail(c.line, what + ": both ends need IPv4 addresses, or both IPv6");
        }
        if (c.encapsulation.equals("infiniband") && (a.lid == null || p.lid == null)) {
            fail(c.line, what + ": native InfiniBand needs a lid on both hosts");
        }
        range(c.qpn, 2, 0xFFFFFF, c.line, what + ": qpn");
        range(c.responderQpn, 2, 0xFFFFFF, c.line, what + ": responderQpn");
        range(c.psn, 0, 0xFFFFFF, c.line, what + ": psn");
        range(c.responderPsn, 0, 0xFFFFFF, c.line, what + ": responderPsn");
        range((long) c.responderResources, 0, 255, c.line, what + ": responderResources");
        range((long) c.initiatorDepth, 0, 255, c.line, what + ": initiatorDepth");
    }

    private void checkStep(Step st, String what, boolean roce) throws ScenarioException {
        if (st instanceof Step.Advertise) {
            Step.Advertise a = (Step.Advertise) st;
            need(a.stag, a.line, what, "stag");
            need(a.to, a.line, what, "to");
            need(a.length, a.line, what, "length");
            range(a.stag, 0, 0xFFFFFFFFL, a.line, what + ": stag");
            range(a.length, 0, 0xFFFFFFFFL, a.line, what + ": length");
            if (!Set.of("write", "read", "both").contains(a.access)) {
                fail(a.line, what + ": access must be write, read or both");
            }
            range((long) a.payload, 0, 1 << 20, a.line, what + ": payload");
        } else if (st instanceof Step.Write) {
            Step.Write w = (Step.Write) st;
            need(w.stag, w.line, what, "stag");
            need(w.length, w.line, what, "length");
            range(w.length, 0, 1L << 30, w.line, what + ": length");
            range(w.segment, 1, 65000, w.line, what + ": segment");
        } else if (st instanceof Step.Read) {
            Step.Read r = (Step.Read) st;
            if (!roce) {
                need(r.sinkStag, r.line, what, "sinkStag");
            }
            if (r.request) {
                need(r.sourceStag, r.line, what, "sourceStag");
            } else if (!r.respond) {
                fail(r.line, what + ": request: false and respond: false send nothing");
            }
            need(r.size, r.line, what, "size");
            range(r.size, 0, 1L << 30, r.line, what + ": size");
            range(r.segment, 1, 65000, r.line, what + ": segment");
        } else if (st instanceof Step.Send) {
            Step.Send sd = (Step.Send) st;
            range(sd.length, 0, 1 << 30, sd.line, what + ": length");
            if ((sd.length != null ? 1 : 0) + (sd.text != null ? 1 : 0) + (sd.hex != null ? 1 : 0) > 1) {
                fail(sd.line, what + ": give one of length, text and hex");
            }
            if (sd.hex != null && !isHex(sd.hex)) {
                fail(sd.line, what + ": hex holds something other than pairs of hex digits");
            }
            range(sd.segment, 1, 65000, sd.line, what + ": segment");
        } else if (st instanceof Step.Complete) {
            Step.Complete c = (Step.Complete) st;
            need(c.stag, c.line, what, "stag");
            if (!Set.of("invalidate", "se-invalidate", "sv").contains(c.how)) {
                fail(c.line, what + ": how must be invalidate, se-invalidate or sv");
            }
        } else if (st instanceof Step.Terminate) {
            Step.Terminate t = (Step.Terminate) st;
            need(t.layer, t.line, what, "layer");
            need(t.type, t.line, what, "type");
            need(t.code, t.line, what, "code");
            range(t.layer, 0, 15, t.line, what + ": layer");
            range(t.type, 0, 15, t.line, what + ": type");
            range(t.code, 0, 255, t.line, what + ": code");
            if (!Set.of("none", "fin", "rst").contains(t.close)) {
                fail(t.line, what + ": close must be none, fin or rst");
            }
        } else if (st instanceof Step.Close) {
            if (!Set.of("fin", "rst").contains(((Step.Close) st).how)) {
                fail(st.line, what + ": how must be fin or rst");
            }
        } else if (st instanceof Step.Immediate) {
            Step.Immediate i = (Step.Immediate) st;
            if ((i.stag == null) != (i.length == null)) {
                fail(i.line, what + ": give both stag and length (RDMA Write with Immediate Data) or neither");
            }
        } else if (st instanceof Step.Atomic) {
            Step.Atomic a = (Step.Atomic) st;
            if (!roce || a.rkey == null) {
                need(a.stag, a.line, what, roce ? "rkey" : "stag");
            }
            if (!Set.of("fetch-add", "cmp-swap").contains(a.op)) {
                fail(a.line, what + ": op must be fetch-add or cmp-swap");
            }
        }
        if (st.raw != null) {
            range(st.raw.truncate, 0, 65535, st.raw.line, what + ": raw truncate");
            range(st.raw.opcode, 0, 15, st.raw.line, what + ": raw opcode");
            range(st.raw.dv, 0, 3, st.raw.line, what + ": raw dv");
            range(st.raw.rv, 0, 3, st.raw.line, what + ": raw rv");
            range(st.raw.rsvd, 0, 3, st.raw.line, what + ": raw rsvd");
        }
    }

    private void faults(List<Scenario.Fault> faults, String what, boolean roce) throws ScenarioException {
        if (faults == null) {
            return;
        }
        for (Scenario.Fault f : faults) {
            if (f == null || f.kind == null) {
                fail(f == null ? 0 : f.line, what + ": a fault needs a kind (bad-crc, bad-marker, bad-pad, missing-crc, msn-skip, swap, "
                        + "duplicate, drop, cut)");
            }
            range(f.segment, 0, 1 << 20, f.line, what + ": fault segment");
            range(f.by, 1, 1 << 20, f.line, what + ": fault by");
            range(f.bytes, 0, 65535, f.line, what + ": fault bytes");
            if (roce != f.kind.roce() && f.kind != Scenario.Fault.Kind.DROP && f.kind != Scenario.Fault.Kind.DUPLICATE) {
                fail(f.line, what + ": fault " + f.kind.name().toLowerCase().replace('_', '-') + " is not a fault of "
                        + (roce ? "a RoCE" : "an iWARP") + " connection");
            }
            range(f.packet, 0, 1 << 20, f.line, what + ": fault packet");
            range(f.timer, 0, 31, f.line, what + ": fault timer");
            if (f.kind == Scenario.Fault.Kind.NAK && (f.code == null || f.code < 0x61 || f.code > 0x63)) {
                fail(f.line, what + ": a nak needs a code: 0x61 invalid request, 0x62 remote access error,"
                        + " 0x63 remote operational error");
            }
        }
    }

    private void endpoint(String hp, Map<String, Scenario.Host> hosts, int line, String what) throws ScenarioException {
        int colon = hp.lastIndexOf(':');
        if (colon <= 0) {
            fail(line, what + " '" + hp + "' must be host:port");
        }
        String host = hp.substring(0, colon);
        if (!hosts.containsKey(host)) {
            fail(line, what + ": host '" + host + "' is not defined");
        }
        int port;
        try {
            port = Integer.parseInt(hp.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            fail(line, what + " '" + hp + "': port must be 1..65535");
        }
    }

    static String hostOf(String hp) {
        int colon = hp.lastIndexOf(':');
        return colon < 0 ? hp : hp.substring(0, colon);
    }

    static int portOf(String hp) {
        return Integer.parseInt(hp.substring(hp.lastIndexOf(':') + 1));
    }

    private void need(Object v, int line, String what, String field) throws ScenarioException {
        if (v == null) {
            fail(line, what + ": missing field '" + field + "'");
        }
    }

    private void range(Number v, long lo, long hi, int line, String what) throws ScenarioException {
        if (v != null && (v.longValue() < lo || v.longValue() > hi)) {
            fail(line, what + " must be " + lo + ".." + hi);
        }
    }

    private void fail(int line, String what) throws ScenarioException {
        throw new ScenarioException(source, line, what);
    }

    /** Whether {@code s} is pairs of hex digits, white space between them allowed. */
    static boolean isHex(String s) {
        String t = s.replaceAll("\\s+", "");
        return t.length() % 2 == 0 && t.matches("[0-9a-fA-F]*");
    }

    /** The octets of a hex string (white space ignored; check with {@link #isHex} first). */
    static byte[] parseHex(String s) {
        String t = s.replaceAll("\\s+", "");
        byte[] b = new byte[t.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(t.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    /** An IPv4 (4 octets) or IPv6 (16 octets) address, or null. */
    static byte[] parseIp(String s) {
        byte[] v4 = parseIpv4(s);
        if (v4 != null || s == null || !s.contains(":") || !s.matches("[0-9a-fA-F:.]+")) {
            return v4;
        }
        try {
            return java.net.InetAddress.getByName(s).getAddress();
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    static byte[] parseIpv4(String s) {
        String[] p = s.trim().split("\\.");
        if (p.length != 4) {
            return null;
        }
        byte[] b = new byte[4];
        for (int i = 0; i < 4; i++) {
            try {
                int v = Integer.parseInt(p[i]);
                if (v < 0 || v > 255) {
                    return null;
                }
                b[i] = (byte) v;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return b;
    }

    static byte[] parseMac(String s) {
        String[] p = s.trim().split("[:-]");
        if (p.length != 6) {
            return null;
        }
        byte[] b = new byte[6];
        for (int i = 0; i < 6; i++) {
            try {
                int v = Integer.parseInt(p[i], 16);
                if (v < 0 || v > 255 || p[i].length() > 2) {
                    return null;
                }
                b[i] = (byte) v;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return b;
    }
}

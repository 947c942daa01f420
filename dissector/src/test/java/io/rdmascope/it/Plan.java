package io.rdmascope.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario written step by step together with what it means: for every DDP segment the scenario
 * intends, the header fields it must carry. Host a (10.0.0.1) and host b (10.0.0.2); connection c1
 * goes from a:40000 to b:4791, c2 from b:40001 to a:4792.
 */
final class Plan {
    static final int UNTAGGED = 18, TAGGED = 14, READ_REQUEST = 28;

    /** One DDP segment as the scenario intends it. */
    static final class Exp {
        String conn;
        /** "initiator" or "responder": who sends it. */
        String direction;
        boolean tagged, last, sv, ab;
        long stag, to, qn, msn, mo;
        int opcode;
        Long optionalStag, advTo, advLength;
        Integer access;
        long invalidateStag;
        long[] readRequest;   // sink stag, sink to, size, source stag, source to
        int payload;

        int ulpduLength() {
            return (tagged ? TAGGED : UNTAGGED) + (sv ? 4 : 0) + (ab ? 16 : 0)
                    + (readRequest != null ? READ_REQUEST : 0) + payload;
        }

        @Override
        public String toString() {
            return conn + "/" + direction + " op " + opcode + (tagged ? " stag " + stag + " to " + to
                    : " qn " + qn + " msn " + msn + " mo " + mo) + " payload " + payload;
        }
    }

    /** Connection settings, as YAML flow mapping entries. */
    static final class Conn {
        final String name;
        final String from;
        final String to;
        String options = "";
        boolean initiatorMarkers, responderMarkers;
        boolean crc = true;
        final Map<String, long[]> msn = new LinkedHashMap<>();

        Conn(String name, String from, String to) {
            this.name = name;
            this.from = from;
            this.to = to;
        }

        int initiatorPort() { return Integer.parseInt(from.substring(from.indexOf(':') + 1)); }

        int responderPort() { return Integer.parseInt(to.substring(to.indexOf(':') + 1)); }

        String initiatorHost() { return from.substring(0, from.indexOf(':')); }

        long nextMsn(String direction, int queue) {
            return msn.computeIfAbsent(direction, d -> new long[] {1, 1, 1, 1, 1, 1, 1, 1})[queue]++;
        }
    }

    final Map<String, Conn> conns = new LinkedHashMap<>();
    final List<String> steps = new ArrayList<>();
    final List<Exp> expected = new ArrayList<>();
    long seed = 7;

    /**
     * Adds a connection. {@code markers}: none, both, initiator or responder; {@code more}: further YAML
     * entries (mss, revision, ird, ord, isn, privateData...).
     */
    Plan conn(String name, boolean crc, String markers, String more) {
        boolean c1 = conns.isEmpty();
        Conn c = new Conn(name, c1 ? "a:40000" : "b:" + (40000 + conns.size()), c1 ? "b:4791" : "a:" + (4791 + conns.size()));
        c.crc = crc;
        c.initiatorMarkers = markers.equals("both") || markers.equals("initiator");
        c.responderMarkers = markers.equals("both") || markers.equals("responder");
        c.options = "crc: " + crc + ", markers: " + markers + (more.isEmpty() ? "" : ", " + more);
        conns.put(name, c);
        return this;
    }

    private String dir(String conn, String host) {
        return conns.get(conn).initiatorHost().equals(host) ? "initiator" : "responder";
    }

    private static String other(String host) {
        return host.equals("a") ? "b" : "a";
    }

    private Exp exp(String conn, String from, int opcode) {
        Exp e = new Exp();
        e.conn = conn;
        e.direction = dir(conn, from);
        e.opcode = opcode;
        expected.add(e);
        return e;
    }

    private Exp untagged(String conn, String from, int opcode, int queue) {
        Exp e = exp(conn, from, opcode);
        e.qn = queue;
        e.msn = conns.get(conn).nextMsn(e.direction, queue);
        e.last = true;
        return e;
    }

    private void segmented(String conn, String from, int opcode, int queue, boolean tagged, long stag, long to,
                           int length, int seg) {
        long msn = tagged ? 0 : conns.get(conn).nextMsn(dir(conn, from), queue);
        int off = 0;
        do {
            int n = Math.min(seg, length - off);
            Exp e = exp(conn, from, opcode);
            e.tagged = tagged;
            if (tagged) {
                e.stag = stag;
                e.to = to + off;
            } else {
                e.qn = queue;
                e.msn = msn;
                e.mo = off;
            }
            e.payload = n;
            off += n;
            e.last = off >= length;
        } while (off < length);
    }

    /** Adds a raw YAML step (nothing expected from it). */
    Plan step(String yaml) {
        steps.add(yaml);
        return this;
    }

    Plan advertise(String conn, String from, long stag, long to, long length, String access, String extra) {
        steps.add(String.format("advertise: {conn: %s, from: %s, stag: %d, to: %d, length: %d, access: %s%s}",
                conn, from, stag, to, length, access, extra));
        Exp e = untagged(conn, from, 3, 0);
        e.sv = true;
        e.ab = true;
        e.optionalStag = stag;
        e.advTo = to;
        e.advLength = length;
        e.access = access.equals("write") ? 1 : access.equals("read") ? 2 : 3;
        return this;
    }

    Plan write(String conn, String from, long stag, long to, int length, int seg, String extra) {
        steps.add(String.format("write: {conn: %s, from: %s, stag: %d, to: %d, length: %d, segment: %d%s}",
                conn, from, stag, to, length, seg, extra));
        segmented(conn, from, 0, 0, true, stag, to, length, seg);
        return this;
    }

    Plan send(String conn, String from, int length, int seg, boolean se, String extra) {
        steps.add(String.format("send: {conn: %s, from: %s, length: %d, segment: %d, se: %s%s}",
                conn, from, length, seg, se, extra));
        segmented(conn, from, se ? 5 : 3, 0, false, 0, 0, length, seg);
        return this;
    }

    Plan read(String conn, String from, long sinkStag, long sinkTo, long sourceStag, long sourceTo, int size, int seg,
              String extra) {
        steps.add(String.format("read: {conn: %s, from: %s, sinkStag: %d, sinkTo: %d, sourceStag: %d, sourceTo: %d,"
                + " size: %d, segment: %d%s}", conn, from, sinkStag, sinkTo, sourceStag, sourceTo, size, seg, extra));
        Exp e = untagged(conn, from, 1, 1);
        e.readRequest = new long[] {sinkStag, sinkTo, size, sourceStag, sourceTo};
        segmented(conn, other(from), 2, 0, true, sinkStag, sinkTo, size, seg);
        return this;
    }

    /** how: invalidate, se-invalidate or sv. */
    Plan complete(String conn, String from, long stag, String how) {
        steps.add(String.format("complete: {conn: %s, from: %s, stag: %d, how: %s}", conn, from, stag, how));
        Exp e = untagged(conn, from, how.equals("invalidate") ? 4 : how.equals("se-invalidate") ? 6 : 3, 0);
        if (how.equals("sv")) {
            e.sv = true;
            e.optionalStag = stag;
        } else {
            e.invalidateStag = stag;
        }
        return this;
    }

    Plan close(String conn, String from, String how) {
        steps.add(String.format("close: {conn: %s, from: %s, how: %s}", conn, from, how));
        return this;
    }

    String yaml() {
        StringBuilder b = new StringBuilder("name: plan\nseed: " + seed + "\nhosts:\n  - {name: a, ip: 10.0.0.1}\n"
                + "  - {name: b, ip: 10.0.0.2}\nconnections:\n");
        for (Conn c : conns.values()) {
            b.append("  - {name: ").append(c.name).append(", from: ").append(c.from).append(", to: ").append(c.to)
                    .append(", ").append(c.options).append("}\n");
        }
        b.append("steps:\n");
        for (String s : steps) {
            b.append("  - ").append(s).append('\n');
        }
        return b.toString();
    }

    /** The intended segments sent on {@code conn} in {@code direction}, in order. */
    List<Exp> expected(String conn, String direction) {
        List<Exp> out = new ArrayList<>();
        for (Exp e : expected) {
            if (e.conn.equals(conn) && e.direction.equals(direction)) {
                out.add(e);
            }
        }
        return out;
    }
}

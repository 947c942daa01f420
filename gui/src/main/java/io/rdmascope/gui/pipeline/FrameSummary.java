package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.Digits;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import java.util.List;
import java.util.Set;

/**
 * Info-column texts that {@link io.rdmascope.pdu.PduSummary} does not cover: TCP segments without
 * an iWARP PDU (as Wireshark writes them: {@code 58936 → 9999 [ACK] Seq=1 Ack=1 Win=512 Len=0},
 * sequence numbers relative to the flow's first), MPA Requests and Replies, and frames that hold
 * no TCP segment, named from the link and IP layers the dissector decodes. Nothing here reads
 * octets of a frame.
 */
public final class FrameSummary {
    private FrameSummary() {}

    /** IPv6 extension headers as {@link NetFields} names them; each names the header after it. */
    private static final Set<String> EXTENSION_HEADERS = Set.of("ipv6.hopopts", "ipv6.routing", "ipv6.dstopts", "ah",
            "ipv6.fraghdr");

    /** Columns of a frame without TCP. */
    public record NonTcp(String source, String destination, String protocol, String info) {}

    /**
     * @param base the flow's relative sequence base (its ISN), or -1
     * @param reverseBase the reverse flow's base, or -1 (then Ack is the raw number)
     */
    public static String tcpInfo(TcpSegment t, long base, long reverseBase) {
        StringBuilder b = new StringBuilder(72);
        b.append(t.source.port()).append(" \u2192 ").append(t.destination.port()).append(" [");
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG"};
        boolean first = true;
        for (int i = 0; i < names.length; i++) {
            if ((t.flags & (1 << i)) != 0) {
                if (!first) {
                    b.append(", ");
                }
                b.append(names[i]);
                first = false;
            }
        }
        if (first) {
            b.append("<None>");
        }
        b.append("] Seq=").append(base < 0 ? t.seq : (t.seq - base) & 0xffffffffL);
        if (t.has(TcpSegment.ACK)) {
            b.append(" Ack=").append(reverseBase < 0 ? t.ack : (t.ack - reverseBase) & 0xffffffffL);
        }
        b.append(" Win=").append(t.window).append(" Len=").append(t.length);
        return b.toString();
    }

    /** e.g. {@code MPA Request rev 1 M C IRD 16 ORD 16 pd 12 B}. */
    public static String handshake(MpaHandshake h) {
        StringBuilder b = new StringBuilder(48);
        b.append(h.request() ? "MPA Request" : "MPA Reply").append(" rev ").append(h.revision());
        if (h.markerFlag()) {
            b.append(" M");
        }
        if (h.crcFlag()) {
            b.append(" C");
        }
        if (h.rejectFlag()) {
            b.append(" R (rejected)");
        }
        if (h.ird() != null) {
            b.append(" IRD ").append(h.ird()).append(" ORD ").append(h.ord());
        }
        if (h.privateDataLength() > 0) {
            b.append(" pd ").append(h.privateDataLength()).append(" B");
        }
        return b.toString();
    }

    /**
     * Columns of a frame that holds no TCP segment the decoder took, from the layers the
     * dissector's {@link NetFields} decodes (link, VLAN, IP). Never throws.
     */
    public static NonTcp describe(Packet p) {
        try {
            return describe(p, NetFields.layers(p));
        } catch (RuntimeException e) {
            return new NonTcp("", "", "Frame", p.length + " B");
        }
    }

    private static NonTcp describe(Packet p, List<FieldNode> layers) {
        FieldNode link = null, ip = null, above = null;
        boolean tcp = false;
        for (FieldNode n : layers) {
            switch (n.name()) {
                case "eth", "sll", "null", "vlan" -> link = n;
                case "ip", "ipv6" -> ip = n;
                case "tcp" -> tcp = true;
                case "arp", "udp", "icmp", "icmpv6" -> above = n;
                default -> { }
            }
        }
        if (above != null && above.name().equals("arp")) {
            return new NonTcp("", "", "ARP", arpInfo(above, p));
        }
        if (ip == null) {
            return link == null ? new NonTcp("", "", "Frame", "Link type " + p.linkType + ", " + p.length + " B")
                    : linkOnly(p, link);
        }
        boolean v6 = ip.name().equals("ipv6");
        String version = v6 ? "IPv6" : "IPv4";
        String src = display(ip, v6 ? "ipv6.src" : "ip.src"), dst = display(ip, v6 ? "ipv6.dst" : "ip.dst");
        int proto = (int) number(ip, v6 ? "ipv6.nxt" : "ip.proto");
        for (FieldNode c : ip.children()) {
            if (EXTENSION_HEADERS.contains(c.name())) {
                proto = (int) number(c, c.name() + ".nxt");
            }
        }
        if (fragment(ip)) {
            return new NonTcp(src, dst, version, "Fragmented IP protocol (proto=" + protoName(proto) + " " + proto + ")");
        }
        if (tcp || proto == 6) {
            return new NonTcp(src, dst, "TCP", "TCP segment not decoded (truncated or malformed header)");
        }
        String name = protoName(proto);
        if (above != null) {
            return new NonTcp(src, dst, name, above.name().equals("udp") ? udpInfo(above) : icmpInfo(above));
        }
        return new NonTcp(src, dst, proto == 17 || proto == 1 || proto == 58 ? name : version,
                version + " protocol " + name + " (" + proto + "), " + p.length + " B");
    }

    /** A frame whose link layer carries no IP: named by its EtherType. */
    private static NonTcp linkOnly(Packet p, FieldNode link) {
        long type = -1;
        for (String f : new String[] {"eth.type", "vlan.etype", "sll.etype"}) {
            long v = number(link, f);
            if (v >= 0) {
                type = v;
            }
        }
        if (type == 0x0806) {
            return new NonTcp("", "", "ARP", "ARP, " + p.length + " B");
        }
        return new NonTcp("", "", link.name().equals("eth") || link.name().equals("vlan") ? "Ethernet" : link.label(),
                (type < 0 ? "Frame" : "EtherType 0x" + hex4((int) type)) + ", " + p.length + " B");
    }

    /** As Wireshark: {@code Who has 10.0.0.1? Tell 10.0.0.2}, {@code 10.0.0.1 is at 02:00:00:00:00:01}. */
    private static String arpInfo(FieldNode arp, Packet p) {
        long op = number(arp, "arp.opcode");
        String spa = display(arp, "arp.src.proto_ipv4"), tpa = display(arp, "arp.dst.proto_ipv4");
        if (spa.isEmpty()) {
            return "ARP opcode " + op + ", " + p.length + " B";
        }
        return op == 1 ? "Who has " + tpa + "? Tell " + spa
                : op == 2 ? spa + " is at " + display(arp, "arp.src.hw_mac") : "ARP opcode " + op;
    }

    /** As Wireshark: {@code 5353 → 5353 Len=42}. */
    private static String udpInfo(FieldNode udp) {
        return number(udp, "udp.srcport") + " \u2192 " + number(udp, "udp.dstport") + " Len="
                + Math.max(0, number(udp, "udp.length") - 8);
    }

    /** The ICMP or ICMPv6 message type by its name, with the target of neighbour discovery. */
    private static String icmpInfo(FieldNode icmp) {
        boolean v6 = icmp.name().equals("icmpv6");
        int type = (int) number(icmp, icmp.name() + ".type");
        String name = v6 ? switch (type) {
            case 1 -> "Destination Unreachable";
            case 2 -> "Packet Too Big";
            case 3 -> "Time Exceeded";
            case 128 -> "Echo (ping) request";
            case 129 -> "Echo (ping) reply";
            case 133 -> "Router Solicitation";
            case 134 -> "Router Advertisement";
            case 135 -> "Neighbor Solicitation for " + display(icmp, "icmpv6.nd.target");
            case 136 -> "Neighbor Advertisement " + display(icmp, "icmpv6.nd.target");
            case 143 -> "Multicast Listener Report Message v2";
            default -> "Type " + type;
        } : switch (type) {
            case 0 -> "Echo (ping) reply id=" + number(icmp, "icmp.ident") + ", seq=" + number(icmp, "icmp.seq");
            case 3 -> "Destination unreachable";
            case 8 -> "Echo (ping) request id=" + number(icmp, "icmp.ident") + ", seq=" + number(icmp, "icmp.seq");
            case 11 -> "Time-to-live exceeded";
            default -> "Type " + type;
        };
        return name + " (code " + number(icmp, icmp.name() + ".code") + ")";
    }

    /** Whether the IP layer is a fragment of a datagram (IPv4 offset or MF flag, IPv6 fragment header). */
    private static boolean fragment(FieldNode ip) {
        if (ip.name().equals("ip")) {
            return number(ip, "ip.frag_offset") > 0 || Boolean.TRUE.equals(value(ip, "ip.flags.mf"));
        }
        return number(ip, "ipv6.fraghdr.offset") > 0 || Boolean.TRUE.equals(value(ip, "ipv6.fraghdr.more"));
    }

    private static FieldNode find(FieldNode n, String name) {
        if (name.equals(n.name())) {
            return n;
        }
        for (FieldNode c : n.children()) {
            FieldNode f = find(c, name);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static Object value(FieldNode n, String name) {
        FieldNode f = find(n, name);
        return f == null ? null : f.value();
    }

    /** A numeric field's value, or -1. */
    private static long number(FieldNode n, String name) {
        return value(n, name) instanceof Number v ? v.longValue() : -1;
    }

    private static String display(FieldNode n, String name) {
        FieldNode f = find(n, name);
        return f == null ? "" : f.display();
    }

    private static String protoName(int p) {
        switch (p) {
            case 1: return "ICMP";
            case 6: return "TCP";
            case 17: return "UDP";
            case 58: return "ICMPv6";
            case 132: return "SCTP";
            default: return "unknown";
        }
    }

    private static String hex4(int v) {
        return Digits.zeroPadded(Integer.toHexString(v), 4);
    }
}

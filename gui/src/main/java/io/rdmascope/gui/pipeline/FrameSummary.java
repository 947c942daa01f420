package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.TcpSegment;

/**
 * Info-column texts that {@link io.rdmascope.pdu.PduSummary} does not cover: TCP segments without
 * an iWARP PDU (as Wireshark writes them: {@code 58936 → 9999 [ACK] Seq=1 Ack=1 Win=512 Len=0},
 * sequence numbers relative to the flow's first), MPA Requests and Replies, and frames that hold
 * no TCP segment, read from their link and IP headers.
 */
public final class FrameSummary {
    private FrameSummary() {}

    private static final int LINKTYPE_NULL = 0, LINKTYPE_ETHERNET = 1, LINKTYPE_RAW = 101, LINKTYPE_LINUX_SLL = 113,
            LINKTYPE_IPV4 = 228, LINKTYPE_IPV6 = 229;

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

    /** Columns of a frame that holds no TCP segment the decoder took. Never throws. */
    public static NonTcp describe(Packet p) {
        try {
            return decode(p);
        } catch (RuntimeException e) {
            return new NonTcp("", "", "Frame", p.length + " B");
        }
    }

    private static NonTcp decode(Packet p) {
        byte[] d = p.data;
        int o = p.offset, end = p.offset + p.length;
        int type;
        switch (p.linkType) {
            case LINKTYPE_ETHERNET: {
                if (end - o < 14) {
                    return new NonTcp("", "", "Ethernet", "Truncated Ethernet frame, " + p.length + " B");
                }
                type = u16(d, o + 12);
                o += 14;
                while ((type == 0x8100 || type == 0x88a8) && end - o >= 4) {
                    type = u16(d, o + 2);
                    o += 4;
                }
                break;
            }
            case LINKTYPE_LINUX_SLL:
                if (end - o < 16) {
                    return new NonTcp("", "", "SLL", "Truncated frame, " + p.length + " B");
                }
                type = u16(d, o + 14);
                o += 16;
                break;
            case LINKTYPE_NULL:
                if (end - o < 4) {
                    return new NonTcp("", "", "Null", "Truncated frame, " + p.length + " B");
                }
                int family = (d[o] & 0xff) | (d[o + 3] & 0xff);
                type = family == 2 ? 0x0800 : family == 24 || family == 28 || family == 30 ? 0x86dd : -1;
                o += 4;
                break;
            case LINKTYPE_RAW: case LINKTYPE_IPV4: case LINKTYPE_IPV6:
                type = end > o && (d[o] & 0xf0) == 0x60 ? 0x86dd : 0x0800;
                break;
            default:
                return new NonTcp("", "", "Frame", "Link type " + p.linkType + ", " + p.length + " B");
        }
        switch (type) {
            case 0x0800: return ipv4(d, o, end);
            case 0x86dd: return ipv6(d, o, end);
            case 0x0806: return new NonTcp("", "", "ARP", arp(d, o, end));
            default:
                return new NonTcp("", "", "Ethernet", "EtherType 0x" + hex4(type) + ", " + p.length + " B");
        }
    }

    private static NonTcp ipv4(byte[] d, int o, int end) {
        if (end - o < 20) {
            return new NonTcp("", "", "IPv4", "Truncated IPv4 header");
        }
        int ihl = (d[o] & 0x0f) * 4;
        int proto = d[o + 9] & 0xff;
        String src = (d[o + 12] & 0xff) + "." + (d[o + 13] & 0xff) + "." + (d[o + 14] & 0xff) + "." + (d[o + 15] & 0xff);
        String dst = (d[o + 16] & 0xff) + "." + (d[o + 17] & 0xff) + "." + (d[o + 18] & 0xff) + "." + (d[o + 19] & 0xff);
        int frag = u16(d, o + 6);
        if ((frag & 0x3fff) != 0) {
            return new NonTcp(src, dst, "IPv4", "Fragmented IP protocol (proto=" + protoName(proto) + " " + proto
                    + ", off=" + (frag & 0x1fff) * 8 + (((frag & 0x2000) != 0) ? ", MF" : "") + ")");
        }
        return transport(src, dst, proto, d, o + ihl, end, "IPv4");
    }

    private static NonTcp ipv6(byte[] d, int o, int end) {
        if (end - o < 40) {
            return new NonTcp("", "", "IPv6", "Truncated IPv6 header");
        }
        return transport(v6(d, o + 8), v6(d, o + 24), d[o + 6] & 0xff, d, o + 40, end, "IPv6");
    }

    private static NonTcp transport(String src, String dst, int proto, byte[] d, int o, int end, String ip) {
        switch (proto) {
            case 17:
                if (end - o >= 8) {
                    int sp = u16(d, o), dp = u16(d, o + 2);
                    return new NonTcp(src, dst, "UDP", sp + " \u2192 " + dp + " Len=" + Math.max(0, u16(d, o + 4) - 8));
                }
                return new NonTcp(src, dst, "UDP", "Truncated UDP header");
            case 1: case 58: {
                String name = proto == 1 ? "ICMP" : "ICMPv6";
                return new NonTcp(src, dst, name, end > o ? name + " type " + (d[o] & 0xff)
                        + (end > o + 1 ? " code " + (d[o + 1] & 0xff) : "") : name);
            }
            case 6:
                return new NonTcp(src, dst, "TCP", "TCP segment not decoded (truncated or malformed header)");
            default:
                return new NonTcp(src, dst, ip, ip + " protocol " + protoName(proto) + " (" + proto + ")");
        }
    }

    private static String arp(byte[] d, int o, int end) {
        if (end - o < 28) {
            return "ARP (truncated)";
        }
        int op = u16(d, o + 6);
        String sender = (d[o + 14] & 0xff) + "." + (d[o + 15] & 0xff) + "." + (d[o + 16] & 0xff) + "." + (d[o + 17] & 0xff);
        String target = (d[o + 24] & 0xff) + "." + (d[o + 25] & 0xff) + "." + (d[o + 26] & 0xff) + "." + (d[o + 27] & 0xff);
        return op == 1 ? "Who has " + target + "? Tell " + sender : op == 2 ? sender + " is at (reply)" : "ARP opcode " + op;
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

    private static String v6(byte[] d, int o) {
        StringBuilder b = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i > 0) {
                b.append(':');
            }
            b.append(Integer.toHexString(u16(d, o + 2 * i)));
        }
        return b.toString();
    }

    private static int u16(byte[] d, int o) {
        return ((d[o] & 0xff) << 8) | (d[o + 1] & 0xff);
    }

    private static String hex4(int v) {
        String h = Integer.toHexString(v);
        return "0000".substring(Math.min(4, h.length())) + h;
    }
}

package io.rdmascope.net;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.Digits;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Hex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Detail-tree nodes of a frame's link, IP and TCP headers, with offsets into the frame, through the
 * tunnels {@link PacketDecoder} follows (GRE, ERSPAN, VXLAN, Geneve: their layers, then the frame
 * inside). Field names are Wireshark's ({@code eth.src}, {@code ip.src}, {@code tcp.srcport}, {@code tcp.flags.syn}
 * ...). Sequence and acknowledgement numbers are the raw values carried in the header (this view
 * has no connection context for Wireshark's relative numbers). Building the tree allocates freely:
 * it is meant for one frame at a time, not for the decoding pass.
 */
public final class NetFields {
    private NetFields() {}

    private static final int ETH_ARP = 0x0806;

    /** One node per layer (frame, eth / sll, vlan, arp, ip / ipv6, tcp / udp / icmp / icmpv6); never throws on bad bytes. */
    public static List<FieldNode> layers(Packet packet) {
        List<FieldNode> out = new ArrayList<>();
        try {
            new Builder(packet, out).build();
        } catch (RuntimeException e) {
            // the layers decoded before the damage are kept
        }
        return out;
    }

    private static final class Builder {
        final Packet p;
        final byte[] d;
        final int base;
        final int end;
        final List<FieldNode> out;
        int tunnels;

        Builder(Packet p, List<FieldNode> out) {
            this.p = p;
            this.d = p.data;
            this.base = p.offset;
            this.end = p.offset + Math.max(0, p.length);
            this.out = out;
        }

        int u8(int o) {
            return d[o] & 0xff;
        }

        int u16(int o) {
            return PacketDecoder.u16(d, o);
        }

        long u32(int o) {
            return Addresses.int32(d, o) & 0xffffffffL;
        }

        FieldNode f(String name, String label, Object value, String display, int o, int len) {
            return FieldNode.field(name, label, value, display, o < 0 ? -1 : o - base, len);
        }

        FieldNode num(String name, String label, long v, int o, int len) {
            return f(name, label, v, Long.toString(v), o, len);
        }

        FieldNode hex(String name, String label, long v, int digits, int o, int len) {
            return f(name, label, v, Hex.atLeast(v, digits), o, len);
        }

        FieldNode flag(String name, String label, boolean v, int o, int len) {
            return f(name, label, v, v ? "Set" : "Not set", o, len);
        }

        void layer(String name, String label, int o, int len, List<FieldNode> children) {
            out.add(FieldNode.layer(name, label, o - base, len, children));
        }

        void build() {
            List<FieldNode> frame = new ArrayList<>();
            frame.add(FieldNode.field("frame.number", "Frame Number", p.frame, Long.toString(p.frame), -1, 0));
            long seconds = Math.floorDiv(p.timestampNanos, 1_000_000_000L);
            long nanos = Math.floorMod(p.timestampNanos, 1_000_000_000L);
            Instant t = Instant.ofEpochSecond(seconds, nanos);
            frame.add(FieldNode.field("frame.time", "Arrival Time", t.toString(), t.toString(), -1, 0));
            frame.add(FieldNode.field("frame.time_epoch", "Epoch Time", p.timestampNanos,
                    seconds + "." + Digits.zeroPadded(Long.toString(nanos), 9), -1, 0));
            frame.add(FieldNode.field("frame.len", "Frame Length", (long) p.originalLength, p.originalLength + " bytes", -1, 0));
            frame.add(FieldNode.field("frame.cap_len", "Capture Length", (long) p.length, p.length + " bytes", -1, 0));
            frame.add(FieldNode.field("frame.linktype", "Link Type", (long) p.linkType, Integer.toString(p.linkType), -1, 0));
            out.add(FieldNode.layer("frame", "Frame " + p.frame + ": " + p.originalLength + " bytes on wire, " + p.length
                    + " bytes captured", 0, p.length, frame));
            if (d == null || base < 0 || end > d.length) {
                return;
            }
            int o = base;
            int type;
            switch (p.linkType) {
                case 1 -> {
                    ethernet(o);
                    return;
                }
                case 113 -> {
                    if (end - o < 16) {
                        return;
                    }
                    List<FieldNode> c = new ArrayList<>();
                    c.add(num("sll.pkttype", "Packet type", u16(o), o, 2));
                    c.add(num("sll.hatype", "Link-layer address type", u16(o + 2), o + 2, 2));
                    int halen = u16(o + 4);
                    c.add(num("sll.halen", "Link-layer address length", halen, o + 4, 2));
                    int n = Math.min(8, halen);
                    c.add(f("sll.src.eth", "Source", Addresses.hex(d, o + 6, n, ':'), Addresses.hex(d, o + 6, n, ':'), o + 6, n));
                    type = u16(o + 14);
                    c.add(hex("sll.etype", "Protocol", type, 4, o + 14, 2));
                    layer("sll", "Linux cooked capture v1", o, 16, c);
                    o += 16;
                }
                case 276 -> {
                    if (end - o < 20) {
                        return;
                    }
                    List<FieldNode> c = new ArrayList<>();
                    type = u16(o);
                    c.add(hex("sll.etype", "Protocol", type, 4, o, 2));
                    c.add(num("sll.ifindex", "Interface index", u32(o + 4), o + 4, 4));
                    c.add(num("sll.hatype", "Link-layer address type", u16(o + 8), o + 8, 2));
                    c.add(num("sll.pkttype", "Packet type", u8(o + 10), o + 10, 1));
                    int halen = u8(o + 11);
                    c.add(num("sll.halen", "Link-layer address length", halen, o + 11, 1));
                    int n = Math.min(8, halen);
                    c.add(f("sll.src.eth", "Source", Addresses.hex(d, o + 12, n, ':'), Addresses.hex(d, o + 12, n, ':'), o + 12, n));
                    layer("sll", "Linux cooked capture v2", o, 20, c);
                    o += 20;
                }
                case 0, 108 -> {
                    if (end - o < 4) {
                        return;
                    }
                    long family = u32(o);
                    if (p.linkType == 0 && (family & 0xffff0000L) != 0) {
                        family = Integer.reverseBytes((int) family) & 0xffffffffL;
                    }
                    layer("null", "Null/Loopback", o, 4, List.of(num("null.family", "Family", family, o, 4)));
                    ip(o + 4);
                    return;
                }
                case 101, 12, 14 -> {
                    ip(o);
                    return;
                }
                case 228 -> {
                    ipv4(o);
                    return;
                }
                case Erf.LINK_TYPE -> {
                    erf(o);
                    return;
                }
                case 229 -> {
                    ipv6(o);
                    return;
                }
                default -> {
                    return;
                }
            }
            etherType(type, o);
        }

        /** An ERF record header at {@code o} ({@link Erf}) and the Ethernet or IP packet it carries. */
        void erf(int o) {
            int payload = Erf.payload(d, o, end);
            if (payload < 0) {
                return;
            }
            int type = u8(o + 8);
            List<FieldNode> c = new ArrayList<>();
            c.add(num("erf.types.type", "Type", type & 0x7f, o + 8, 1));
            c.add(num("erf.types.ext_header", "Extension header present", type >>> 7, o + 8, 1));
            c.add(hex("erf.flags", "Flags", u8(o + 9), 2, o + 9, 1));
            c.add(num("erf.rlen", "Record length", u16(o + 10), o + 10, 2));
            c.add(num("erf.lctr", "Loss counter", u16(o + 12), o + 12, 2));
            c.add(num("erf.wlen", "Wire length", u16(o + 14), o + 14, 2));
            layer("erf", "Extensible Record Format", o, payload - o, c);
            switch (type & 0x7f) {
                case Erf.ETHERNET -> {
                    if (end - payload >= 2) {
                        ethernet(payload + 2);
                    }
                }
                case Erf.IPV4 -> ipv4(payload);
                case Erf.IPV6 -> ipv6(payload);
                default -> { }
            }
        }

        /** An Ethernet II header at {@code o} and what it carries. */
        void ethernet(int o) {
            if (end - o < 14) {
                return;
            }
            List<FieldNode> c = new ArrayList<>();
            c.add(f("eth.dst", "Destination", Addresses.hex(d, o, 6, ':'), Addresses.hex(d, o, 6, ':'), o, 6));
            c.add(f("eth.src", "Source", Addresses.hex(d, o + 6, 6, ':'), Addresses.hex(d, o + 6, 6, ':'), o + 6, 6));
            int type = u16(o + 12);
            c.add(hex("eth.type", "Type", type, 4, o + 12, 2));
            layer("eth", "Ethernet II, Src: " + Addresses.hex(d, o + 6, 6, ':') + ", Dst: " + Addresses.hex(d, o, 6, ':'), o, 14, c);
            etherType(type, o + 14);
        }

        /** What follows a link header of EtherType {@code type} at {@code o}: VLAN tags, then IP or ARP. */
        void etherType(int type, int o) {
            while (PacketDecoder.isTag(type) && end - o >= 4) {
                int tci = u16(o);
                int inner = u16(o + 2);
                List<FieldNode> c = new ArrayList<>();
                c.add(num("vlan.priority", "Priority", tci >> 13, o, 2));
                c.add(num("vlan.dei", "DEI", (tci >> 12) & 1, o, 2));
                c.add(num("vlan.id", "ID", tci & 0xfff, o, 2));
                c.add(hex("vlan.etype", "Type", inner, 4, o + 2, 2));
                layer("vlan", "802.1Q Virtual LAN, PRI: " + (tci >> 13) + ", DEI: " + ((tci >> 12) & 1) + ", ID: " + (tci & 0xfff), o, 4, c);
                type = inner;
                o += 4;
            }
            if (type == PacketDecoder.ETH_IPV4) {
                ipv4(o);
            } else if (type == PacketDecoder.ETH_IPV6) {
                ipv6(o);
            } else if (type == ETH_ARP) {
                arp(o);
            }
        }

        /** ARP for IPv4 over Ethernet (RFC 826); other hardware or protocol types keep only the opcode. */
        void arp(int o) {
            if (end - o < 8) {
                return;
            }
            List<FieldNode> c = new ArrayList<>();
            int hlen = u8(o + 4), plen = u8(o + 5), op = u16(o + 6);
            c.add(num("arp.hw.type", "Hardware type", u16(o), o, 2));
            c.add(hex("arp.proto.type", "Protocol type", u16(o + 2), 4, o + 2, 2));
            c.add(num("arp.hw.size", "Hardware size", hlen, o + 4, 1));
            c.add(num("arp.proto.size", "Protocol size", plen, o + 5, 1));
            c.add(num("arp.opcode", "Opcode", op, o + 6, 2));
            int len = 8;
            if (hlen == 6 && plen == 4 && end - o >= 28) {
                String sha = Addresses.hex(d, o + 8, 6, ':'), tha = Addresses.hex(d, o + 18, 6, ':');
                String spa = Addresses.ipv4(Addresses.int32(d, o + 14)), tpa = Addresses.ipv4(Addresses.int32(d, o + 24));
                c.add(f("arp.src.hw_mac", "Sender MAC address", sha, sha, o + 8, 6));
                c.add(f("arp.src.proto_ipv4", "Sender IP address", spa, spa, o + 14, 4));
                c.add(f("arp.dst.hw_mac", "Target MAC address", tha, tha, o + 18, 6));
                c.add(f("arp.dst.proto_ipv4", "Target IP address", tpa, tpa, o + 24, 4));
                len = 28;
            }
            layer("arp", "Address Resolution Protocol (" + (op == 1 ? "request" : op == 2 ? "reply" : "opcode " + op) + ")",
                    o, len, c);
        }

        /** UDP (RFC 768). */
        void udp(int o) {
            if (end - o < 8) {
                return;
            }
            int sport = u16(o), dport = u16(o + 2), length = u16(o + 4);
            List<FieldNode> c = new ArrayList<>();
            c.add(num("udp.srcport", "Source Port", sport, o, 2));
            c.add(num("udp.dstport", "Destination Port", dport, o + 2, 2));
            c.add(num("udp.length", "Length", length, o + 4, 2));
            c.add(hex("udp.checksum", "Checksum", u16(o + 6), 4, o + 6, 2));
            layer("udp", "User Datagram Protocol, Src Port: " + sport + ", Dst Port: " + dport, o, 8, c);
            int inner = PacketDecoder.overlay(d, o, end);
            if (inner < 0 || ++tunnels > PacketDecoder.MAX_TUNNELS) {
                return;
            }
            int h = o + 8;
            List<FieldNode> t = new ArrayList<>();
            if (dport == PacketDecoder.VXLAN_PORT) {
                t.add(hex("vxlan.flags", "Flags", u8(h), 2, h, 1));
                t.add(num("vxlan.vni", "VXLAN Network Identifier (VNI)", u32(h + 4) >>> 8, h + 4, 3));
                layer("vxlan", "Virtual eXtensible Local Area Network", h, 8, t);
            } else {
                t.add(num("geneve.version", "Version", u8(h) >> 6, h, 1));
                t.add(hex("geneve.proto_type", "Protocol Type", u16(h + 2), 4, h + 2, 2));
                t.add(num("geneve.vni", "Virtual Network Identifier (VNI)", u32(h + 4) >>> 8, h + 4, 3));
                layer("geneve", "Generic Network Virtualization Encapsulation", h, Math.min(inner, end) - h, t);
            }
            ethernet(inner);
        }

        /** GRE (RFC 2784, RFC 2890) and what it carries: Ethernet, IP, or an ERSPAN header and a mirrored frame. */
        void gre(int o, int stop) {
            if (++tunnels > PacketDecoder.MAX_TUNNELS || stop - o < 4) {
                return;
            }
            int flags = u16(o), protocol = u16(o + 2);
            List<FieldNode> c = new ArrayList<>();
            c.add(hex("gre.flags_and_version", "Flags and Version", flags, 4, o, 2));
            c.add(hex("gre.proto", "Protocol Type", protocol, 4, o + 2, 2));
            int h = o + 4;
            if ((flags & 0x8000) != 0 && stop - h >= 4) {
                c.add(hex("gre.checksum", "Checksum", u16(h), 4, h, 2));
                h += 4;
            }
            if ((flags & 0x2000) != 0 && stop - h >= 4) {
                c.add(num("gre.key", "Key", u32(h), h, 4));
                h += 4;
            }
            boolean sequence = (flags & 0x1000) != 0;
            if (sequence && stop - h >= 4) {
                c.add(num("gre.sequence_number", "Sequence Number", u32(h), h, 4));
                h += 4;
            }
            layer("gre", "Generic Routing Encapsulation (" + Hex.atLeast(protocol, 4) + ")", o, Math.min(h, stop) - o, c);
            if ((flags & 7) != 0 || h > stop) {
                return;
            }
            switch (protocol) {
                case PacketDecoder.GRE_ETHERNET -> ethernet(h);
                case PacketDecoder.ETH_IPV4 -> ipv4(h);
                case PacketDecoder.ETH_IPV6 -> ipv6(h);
                case PacketDecoder.GRE_ERSPAN_2 -> {
                    if (sequence) {
                        erspan(h, 8, stop);
                    } else {
                        ethernet(h);
                    }
                }
                case PacketDecoder.GRE_ERSPAN_3 -> erspan(h, 12, stop);
                default -> { }
            }
        }

        /** An ERSPAN type II (8 octets) or type III (12, and a subheader of 8 when its O bit is set) header, then the frame. */
        void erspan(int o, int header, int stop) {
            if (stop - o < header) {
                return;
            }
            List<FieldNode> c = new ArrayList<>();
            c.add(num("erspan.version", "Version", u8(o) >> 4, o, 1));
            c.add(num("erspan.vlan", "Vlan", u16(o) & 0xfff, o, 2));
            c.add(num("erspan.cos", "COS", u8(o + 2) >> 5, o + 2, 1));
            c.add(num("erspan.spanid", "SpanID", u16(o + 2) & 0x3ff, o + 2, 2));
            int length = header;
            if (header == 8) {
                c.add(num("erspan.index", "Index", u32(o + 4) & 0xfffff, o + 5, 3));
            } else {
                c.add(num("erspan.timestamp", "Timestamp", u32(o + 4), o + 4, 4));
                c.add(num("erspan.sgt", "Security Group Tag", u16(o + 8), o + 8, 2));
                boolean subheader = (u8(o + 11) & 1) != 0;
                c.add(flag("erspan.o", "Optional Sub headers", subheader, o + 11, 1));
                length += subheader ? 8 : 0;
            }
            layer("erspan", "Encapsulated Remote Switch Packet ANalysis Type " + (header == 8 ? "II" : "III"), o,
                    Math.min(length, stop - o), c);
            ethernet(o + length);
        }

        /** ICMP (RFC 792) or ICMPv6 (RFC 4443): type and code, and the target of IPv6 neighbour discovery. */
        void icmp(int o, boolean v6) {
            if (end - o < 4) {
                return;
            }
            String p = v6 ? "icmpv6" : "icmp";
            int type = u8(o), code = u8(o + 1);
            List<FieldNode> c = new ArrayList<>();
            c.add(num(p + ".type", "Type", type, o, 1));
            c.add(num(p + ".code", "Code", code, o + 1, 1));
            c.add(hex(p + ".checksum", "Checksum", u16(o + 2), 4, o + 2, 2));
            if (!v6 && (type == 0 || type == 8) && end - o >= 8) {
                c.add(num("icmp.ident", "Identifier", u16(o + 4), o + 4, 2));
                c.add(num("icmp.seq", "Sequence Number", u16(o + 6), o + 6, 2));
            }
            if (v6 && (type == 135 || type == 136) && end - o >= 24) {
                String target = Addresses.ipv6(d, o + 8);
                c.add(f("icmpv6.nd.target", "Target Address", target, target, o + 8, 16));
            }
            layer(p, v6 ? "Internet Control Message Protocol v6" : "Internet Control Message Protocol", o,
                    Math.min(8, end - o), c);
        }

        void ip(int o) {
            if (end - o >= 1) {
                int v = u8(o) >> 4;
                if (v == 4) {
                    ipv4(o);
                } else if (v == 6) {
                    ipv6(o);
                }
            }
        }

        void ipv4(int o) {
            if (end - o < 20) {
                return;
            }
            int ihl = (u8(o) & 0xf) * 4;
            int total = u16(o + 2);
            List<FieldNode> c = new ArrayList<>();
            c.add(num("ip.version", "Version", u8(o) >> 4, o, 1));
            c.add(num("ip.hdr_len", "Header Length", ihl, o, 1));
            c.add(hex("ip.dsfield", "Differentiated Services Field", u8(o + 1), 2, o + 1, 1));
            c.add(num("ip.len", "Total Length", total, o + 2, 2));
            c.add(hex("ip.id", "Identification", u16(o + 4), 4, o + 4, 2));
            int frag = u16(o + 6);
            List<FieldNode> flags = List.of(flag("ip.flags.rb", "Reserved bit", (frag & 0x8000) != 0, o + 6, 1),
                    flag("ip.flags.df", "Don't fragment", (frag & 0x4000) != 0, o + 6, 1),
                    flag("ip.flags.mf", "More fragments", (frag & 0x2000) != 0, o + 6, 1));
            c.add(new FieldNode("ip.flags", "Flags", (long) (frag >> 13), Hex.atLeast(frag >> 13, 1), o + 6 - base, 1, null, flags));
            c.add(num("ip.frag_offset", "Fragment Offset", (frag & 0x1fff) * 8L, o + 6, 2));
            c.add(num("ip.ttl", "Time to Live", u8(o + 8), o + 8, 1));
            c.add(num("ip.proto", "Protocol", u8(o + 9), o + 9, 1));
            c.add(hex("ip.checksum", "Header Checksum", u16(o + 10), 4, o + 10, 2));
            String src = Addresses.ipv4(Addresses.int32(d, o + 12));
            String dst = Addresses.ipv4(Addresses.int32(d, o + 16));
            c.add(f("ip.src", "Source Address", src, src, o + 12, 4));
            c.add(f("ip.dst", "Destination Address", dst, dst, o + 16, 4));
            if (ihl > 20 && end - o >= ihl) {
                c.add(f("ip.options", "Options", null, (ihl - 20) + " bytes", o + 20, ihl - 20));
            }
            int ipEnd = total == 0 ? end : o + total;
            layer("ip", "Internet Protocol Version 4, Src: " + src + ", Dst: " + dst, o, Math.max(0, Math.min(ihl, end - o)), c);
            if (ihl >= 20 && total >= ihl && (frag & 0x3fff) == 0) {
                transport(u8(o + 9), o + ihl, ipEnd);
            }
        }

        void ipv6(int o) {
            if (end - o < 40) {
                return;
            }
            List<FieldNode> c = new ArrayList<>();
            long first = u32(o);
            c.add(num("ipv6.version", "Version", first >>> 28, o, 1));
            c.add(hex("ipv6.tclass", "Traffic Class", (first >>> 20) & 0xff, 2, o, 2));
            c.add(hex("ipv6.flow", "Flow Label", first & 0xfffff, 5, o + 1, 3));
            int plen = u16(o + 4);
            c.add(num("ipv6.plen", "Payload Length", plen, o + 4, 2));
            int next = u8(o + 6);
            c.add(num("ipv6.nxt", "Next Header", next, o + 6, 1));
            c.add(num("ipv6.hlim", "Hop Limit", u8(o + 7), o + 7, 1));
            String src = Addresses.ipv6(d, o + 8);
            String dst = Addresses.ipv6(d, o + 24);
            c.add(f("ipv6.src", "Source Address", src, src, o + 8, 16));
            c.add(f("ipv6.dst", "Destination Address", dst, dst, o + 24, 16));
            int ipEnd = plen == 0 ? end : o + 40 + plen;
            int h = o + 40;
            boolean fragment = false;
            while (end - h >= 8 && (next == 0 || next == 43 || next == 60 || next == 51 || next == 44)) {
                int len = next == 51 ? (u8(h + 1) + 2) * 4 : next == 44 ? 8 : (u8(h + 1) + 1) * 8;
                String name = switch (next) {
                    case 0 -> "ipv6.hopopts";
                    case 43 -> "ipv6.routing";
                    case 60 -> "ipv6.dstopts";
                    case 51 -> "ah";
                    default -> "ipv6.fraghdr";
                };
                List<FieldNode> ext = new ArrayList<>();
                ext.add(num(name + ".nxt", "Next Header", u8(h), h, 1));
                if (next == 44) {
                    int field = u16(h + 2);
                    ext.add(num("ipv6.fraghdr.offset", "Offset", field >> 3, h + 2, 2));
                    ext.add(flag("ipv6.fraghdr.more", "More Fragments", (field & 1) != 0, h + 3, 1));
                    ext.add(hex("ipv6.fraghdr.ident", "Identification", u32(h + 4), 8, h + 4, 4));
                    fragment = (field & 0xfff9) != 0;
                } else {
                    ext.add(num(name + ".len", "Length", u8(h + 1), h + 1, 1));
                }
                c.add(new FieldNode(name, name, null, "", h - base, Math.min(len, end - h), null, ext));
                next = u8(h);
                h += len;
            }
            layer("ipv6", "Internet Protocol Version 6, Src: " + src + ", Dst: " + dst, o, Math.min(h, end) - o, c);
            if (!fragment) {
                transport(next, h, ipEnd);
            }
        }

        void transport(int protocol, int o, int ipEnd) {
            switch (protocol) {
                case 6 -> tcp(o, ipEnd);
                case 17 -> udp(o);
                case 47 -> gre(o, Math.min(end, ipEnd));
                case 1 -> icmp(o, false);
                case 58 -> icmp(o, true);
                default -> { }
            }
        }

        void tcp(int o, int ipEnd) {
            if (end - o < 20) {
                return;
            }
            int capEnd = Math.min(end, ipEnd);
            int hl = (u8(o + 12) >> 4) * 4;
            List<FieldNode> c = new ArrayList<>();
            int sport = u16(o), dport = u16(o + 2);
            c.add(num("tcp.srcport", "Source Port", sport, o, 2));
            c.add(num("tcp.dstport", "Destination Port", dport, o + 2, 2));
            int payloadLen = Math.max(0, ipEnd - o - hl);
            c.add(num("tcp.len", "TCP Segment Len", payloadLen, -1, 0));
            c.add(num("tcp.seq", "Sequence Number (raw)", u32(o + 4), o + 4, 4));
            c.add(num("tcp.ack", "Acknowledgment Number (raw)", u32(o + 8), o + 8, 4));
            c.add(num("tcp.hdr_len", "Header Length", hl, o + 12, 1));
            int flags = ((u8(o + 12) & 0xf) << 8) | u8(o + 13);
            List<FieldNode> fl = new ArrayList<>();
            fl.add(flag("tcp.flags.ae", "Accurate ECN", (flags & 0x100) != 0, o + 12, 1));
            fl.add(flag("tcp.flags.cwr", "Congestion Window Reduced", (flags & 0x80) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.ece", "ECN-Echo", (flags & 0x40) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.urg", "Urgent", (flags & 0x20) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.ack", "Acknowledgment", (flags & 0x10) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.push", "Push", (flags & 0x08) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.reset", "Reset", (flags & 0x04) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.syn", "Syn", (flags & 0x02) != 0, o + 13, 1));
            fl.add(flag("tcp.flags.fin", "Fin", (flags & 0x01) != 0, o + 13, 1));
            String names = flagNames(flags);
            c.add(new FieldNode("tcp.flags", "Flags", (long) flags, Hex.atLeast(flags, 3) + " (" + names + ")", o + 12 - base, 2, null, fl));
            c.add(num("tcp.window_size_value", "Window", u16(o + 14), o + 14, 2));
            c.add(hex("tcp.checksum", "Checksum", u16(o + 16), 4, o + 16, 2));
            c.add(num("tcp.urgent_pointer", "Urgent Pointer", u16(o + 18), o + 18, 2));
            if (hl > 20 && end - o >= hl) {
                c.add(new FieldNode("tcp.options", "Options", (long) (hl - 20), (hl - 20) + " bytes", o + 20 - base, hl - 20, null,
                        options(o + 20, o + hl)));
            }
            if (hl >= 20 && capEnd - o > hl) {
                c.add(f("tcp.payload", "TCP payload", null, (capEnd - o - hl) + " bytes", o + hl, capEnd - o - hl));
            }
            layer("tcp", "Transmission Control Protocol, Src Port: " + sport + ", Dst Port: " + dport + ", Seq: " + u32(o + 4)
                    + ", Ack: " + u32(o + 8) + ", Len: " + payloadLen, o, Math.max(20, Math.min(hl, end - o)), c);
        }

        List<FieldNode> options(int o, int stop) {
            List<FieldNode> c = new ArrayList<>();
            while (o < stop) {
                int kind = u8(o);
                if (kind == 0) {
                    c.add(f("tcp.option_kind", "End of Option List", 0L, "EOL", o, 1));
                    break;
                }
                if (kind == 1) {
                    c.add(f("tcp.option_kind", "No-Operation", 1L, "NOP", o, 1));
                    o++;
                    continue;
                }
                if (o + 2 > stop) {
                    break;
                }
                int len = u8(o + 1);
                if (len < 2 || o + len > stop) {
                    break;
                }
                switch (kind) {
                    case 2 -> c.add(len == 4 ? num("tcp.options.mss_val", "Maximum segment size", u16(o + 2), o, len)
                            : f("tcp.option_kind", "MSS (bad length)", 2L, "MSS", o, len));
                    case 3 -> c.add(len == 3 ? num("tcp.options.wscale.shift", "Window scale shift count", u8(o + 2), o, len)
                            : f("tcp.option_kind", "Window scale (bad length)", 3L, "WS", o, len));
                    case 4 -> c.add(flag("tcp.options.sack_perm", "SACK permitted", true, o, len));
                    case 5 -> {
                        for (int i = o + 2; i + 8 <= o + len; i += 8) {
                            c.add(num("tcp.options.sack_le", "SACK left edge (raw)", u32(i), i, 4));
                            c.add(num("tcp.options.sack_re", "SACK right edge (raw)", u32(i + 4), i + 4, 4));
                        }
                    }
                    case 8 -> {
                        if (len == 10) {
                            c.add(num("tcp.options.timestamp.tsval", "Timestamp value", u32(o + 2), o + 2, 4));
                            c.add(num("tcp.options.timestamp.tsecr", "Timestamp echo reply", u32(o + 6), o + 6, 4));
                        }
                    }
                    default -> c.add(num("tcp.option_kind", "Kind", kind, o, len));
                }
                o += len;
            }
            return c;
        }

    }

    /** The names of the TCP flags set, lowest bit first ("SYN, ACK"), or "none". */
    public static String flagNames(int flags) {
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR", "AE"};
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            if ((flags & (1 << i)) != 0) {
                if (s.length() > 0) {
                    s.append(", ");
                }
                s.append(names[i]);
            }
        }
        return s.length() == 0 ? "none" : s.toString();
    }
}

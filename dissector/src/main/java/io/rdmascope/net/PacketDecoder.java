package io.rdmascope.net;

import io.rdmascope.capture.Packet;

/**
 * Decodes link, IP and TCP headers of captured packets into TCP segments.
 *
 * <p>Link types (tcpdump.org LINKTYPE values): Ethernet (1) with any depth of 802.1Q, 802.1ad and
 * legacy 0x9100/0x9200/0x9300 tags; Linux cooked capture v1 (113) and v2 (276); raw IP (101, and
 * the DLT values 12 and 14 that some writers put in files); IPv4 (228); IPv6 (229); BSD loopback
 * (0, address family in the capturing host's byte order, and 108, in network order).
 *
 * <p>Tunnels are followed to the frame or datagram inside, as a port mirror or an overlay network
 * delivers it: GRE (RFC 2784, RFC 2890) carrying Ethernet (0x6558), IPv4 or IPv6, ERSPAN types I,
 * II and III (GRE protocols 0x88BE and 0x22EB, the type III platform-specific subheader
 * included), VXLAN (RFC 7348, UDP port 4789) and Geneve (RFC 8926, UDP port 6081) carrying
 * Ethernet; at most {@link #MAX_TUNNELS} within one frame.
 *
 * <p>IPv4 options are skipped by the header length; IPv6 hop-by-hop, routing, destination options
 * and authentication headers are followed. Fragmented datagrams of both versions are reassembled
 * (see {@link Fragments}); the segment is returned with the frame that completes its datagram.
 * The TCP payload length comes from the IP total (or payload) length, not from the frame, so
 * Ethernet padding never counts; when the snapshot length cut the payload,
 * {@link TcpSegment#payloadTruncated} is set and the length is what was captured.
 *
 * <p>One decoder is used per capture: it interns endpoints, so decoding a packet of a known flow
 * allocates nothing, and it holds the fragments of incomplete datagrams.
 */
public final class PacketDecoder {
    /** Bound on incomplete fragmented datagrams kept at once. */
    public static final int MAX_PENDING_DATAGRAMS = 1024;

    static final int ETH_IPV4 = 0x0800, ETH_IPV6 = 0x86dd;

    /** The UDP port of RoCEv2 (IBA Annex A17). */
    public static final int ROCE_V2_PORT = 4791;
    /** The EtherType of RoCEv1 (IBA Annex A16). */
    static final int ETH_ROCE_V1 = 0x8915;
    /** The pcap link type of native InfiniBand captures (LINKTYPE_INFINIBAND). */
    static final int LINK_INFINIBAND = 247;

    /** Tunnels followed within one frame (an ERSPAN mirror of VXLAN overlay traffic takes two). */
    static final int MAX_TUNNELS = 4;
    static final int VXLAN_PORT = 4789, GENEVE_PORT = 6081;
    static final int GRE_ETHERNET = 0x6558, GRE_ERSPAN_2 = 0x88be, GRE_ERSPAN_3 = 0x22eb;

    /** What {@link #decode(Packet, TcpSegment, IbFrame)} found. */
    public static final int NONE = 0, TCP = 1, IB = 2;

    private final EndpointCache endpoints = new EndpointCache();
    /** Where an InfiniBand packet is described, or null when the caller reads TCP only. */
    private IbFrame ib;
    private boolean foundIb;
    /** Tunnels entered in the frame being decoded. */
    private int tunnels;
    private final Fragments fragments = new Fragments(MAX_PENDING_DATAGRAMS);

    // the IP header of the frame last decoded, whatever it carries (ipSource): the outermost, or
    // the first inside the innermost tunnel that holds one, as Wireshark's address columns show
    private boolean ipFound, ip6, tunnelEntered;
    private byte[] ipData;
    private int ipOffset;

    /**
     * The source address of the IPv4 or IPv6 header of the frame last decoded, whatever the
     * datagram carries (a fragment, UDP, ICMP), or null when the frame holds no IP header. In a
     * tunnel, the header inside it (the innermost that has one).
     */
    public String ipSource() {
        return ipAddress(0);
    }

    /** The destination address likewise. */
    public String ipDestination() {
        return ipAddress(1);
    }

    private String ipAddress(int which) {
        if (!ipFound) {
            return null;
        }
        return ip6 ? endpoints.ipv6(ipData, ipOffset + 8 + 16 * which, 0).address()
                : endpoints.ipv4(Addresses.int32(ipData, ipOffset + 12 + 4 * which), 0).address();
    }

    /** Notes the first IP header of the frame. */
    private void ipHeader(byte[] d, int o, boolean v6) {
        if (!ipFound || tunnelEntered) {
            ipFound = true;
            tunnelEntered = false;
            ip6 = v6;
            ipData = d;
            ipOffset = o;
        }
    }

    // addresses of the datagram being decoded, used when the TCP header is reached
    private boolean v6;
    private int src4, dst4;
    private byte[] addr6;
    private int src6, dst6;

    /**
     * @return true when {@code packet} holds a TCP segment (then {@code out} is filled); false for
     *     anything else, including IPv4 fragments held until their datagram is complete
     */
    public boolean decode(Packet packet, TcpSegment out) {
        return decode(packet, out, null) == TCP;
    }

    /**
     * As {@link #decode(Packet, TcpSegment)}, and also finds InfiniBand transport packets (RoCEv2,
     * RoCEv1, native InfiniBand), described in {@code ib}.
     *
     * @return {@link #TCP} when {@code out} was filled, {@link #IB} when {@code ib} was, else {@link #NONE}
     */
    public int decode(Packet packet, TcpSegment out, IbFrame ib) {
        this.ib = ib;
        this.foundIb = false;
        this.ipFound = false;
        this.tunnels = 0;
        this.tunnelEntered = false;
        try {
            boolean tcp = decodeLink(packet, out);
            return tcp ? TCP : foundIb ? IB : NONE;
        } catch (RuntimeException e) {
            // bounds are checked before every access; this only guards against a missed case
            return foundIb ? IB : NONE;
        }
    }

    static boolean isTag(int etherType) {
        return etherType == 0x8100 || etherType == 0x88a8 || etherType == 0x9100 || etherType == 0x9200 || etherType == 0x9300;
    }

    static int u16(byte[] d, int o) {
        return ((d[o] & 0xff) << 8) | (d[o + 1] & 0xff);
    }

    private boolean decodeLink(Packet p, TcpSegment out) {
        byte[] d = p.data;
        int b = p.offset;
        int end = p.offset + p.length;
        if (d == null || b < 0 || p.length < 0 || end > d.length) {
            return false;
        }
        int type;
        int o;
        switch (p.linkType) {
            case 1 -> {
                if (end - b < 14) {
                    return false;
                }
                type = u16(d, b + 12);
                o = b + 14;
            }
            case 113 -> {
                if (end - b < 16) {
                    return false;
                }
                type = u16(d, b + 14);
                o = b + 16;
            }
            case 276 -> {
                if (end - b < 20) {
                    return false;
                }
                type = u16(d, b);
                o = b + 20;
            }
            case 101, 12, 14 -> {
                return ipByVersion(d, b, end, p, out);
            }
            case 228 -> {
                return ipv4(d, b, end, p, out);
            }
            case 229 -> {
                return ipv6(d, b, end, p, out);
            }
            case LINK_INFINIBAND -> {
                return infiniband(d, b, end, p);
            }
            case Erf.LINK_TYPE -> {
                return erf(d, b, end, p, out);
            }
            case 0, 108 -> {
                if (end - b < 4) {
                    return false;
                }
                return ipByVersion(d, b + 4, end, p, out);
            }
            default -> {
                return false;
            }
        }
        return etherType(d, type, o, end, p, out);
    }

    /**
     * An ERF record ({@link Erf}): by its type an InfiniBand packet from its LRH (as {@code ibdump}
     * writes the captures of InfiniBand ports), an Ethernet frame after two octets of offset and pad,
     * an IPv4 or an IPv6 packet.
     */
    private boolean erf(byte[] d, int b, int end, Packet p, TcpSegment out) {
        int o = Erf.payload(d, b, end);
        if (o < 0) {
            return false;
        }
        return switch (Erf.type(d, b)) {
            case Erf.INFINIBAND -> infiniband(d, o, end, p);
            case Erf.ETHERNET -> end - o >= 16 && etherType(d, u16(d, o + 14), o + 16, end, p, out);
            case Erf.IPV4 -> ipv4(d, o, end, p, out);
            case Erf.IPV6 -> ipv6(d, o, end, p, out);
            default -> false;
        };
    }

    /** An Ethernet frame at {@code o} (inside a tunnel). */
    private boolean ethernet(byte[] d, int o, int end, Packet p, TcpSegment out) {
        tunnelEntered = true;
        if (end - o < 14) {
            return false;
        }
        return etherType(d, u16(d, o + 12), o + 14, end, p, out);
    }

    /** What follows an Ethernet header of EtherType {@code type}, VLAN tags first, at {@code o}. */
    private boolean etherType(byte[] d, int type, int o, int end, Packet p, TcpSegment out) {
        while (isTag(type)) {
            if (end - o < 4) {
                return false;
            }
            type = u16(d, o + 2);
            o += 4;
        }
        if (type == ETH_IPV4) {
            return ipv4(d, o, end, p, out);
        }
        if (type == ETH_IPV6) {
            return ipv6(d, o, end, p, out);
        }
        if (type == ETH_ROCE_V1) {
            return roceV1(d, o, end, p);
        }
        return false;
    }

    private boolean ipByVersion(byte[] d, int o, int end, Packet p, TcpSegment out) {
        if (end - o < 1) {
            return false;
        }
        int version = (d[o] & 0xff) >> 4;
        return version == 4 ? ipv4(d, o, end, p, out) : version == 6 && ipv6(d, o, end, p, out);
    }

    private boolean ipv4(byte[] d, int o, int end, Packet p, TcpSegment out) {
        if (end - o < 20) {
            return false;
        }
        int vihl = d[o] & 0xff;
        int ihl = (vihl & 0xf) * 4;
        if ((vihl >> 4) != 4 || ihl < 20 || end - o < ihl) {
            return false;
        }
        ipHeader(d, o, false);
        int total = u16(d, o + 2);
        int ipEnd;
        if (total == 0) {
            ipEnd = end; // segmentation offload: the length is left for the NIC to fill in
        } else if (total < ihl) {
            return false;
        } else {
            ipEnd = o + total;
        }
        int protocol = d[o + 9] & 0xff;
        if (protocol != 6) {
            boolean whole = (u16(d, o + 6) & 0x3fff) == 0;
            if (protocol == 47 && whole) {
                return gre(d, o + ihl, Math.min(ipEnd, end), p, out);
            }
            if (protocol == 17 && whole) {
                int inner = overlay(d, o + ihl, Math.min(ipEnd, end));
                if (inner >= 0) {
                    return ++tunnels <= MAX_TUNNELS && ethernet(d, inner, Math.min(ipEnd, end), p, out);
                }
            }
            if (protocol == 17 && ib != null && whole) {
                udp(d, o, o + ihl, Math.min(ipEnd, end), ipEnd, p, IbFrame.Encapsulation.ROCE_V2_IPV4,
                        (d[o + 1] & 3), endpoints.ipv4(Addresses.int32(d, o + 12), 0).address(),
                        endpoints.ipv4(Addresses.int32(d, o + 16), 0).address());
            }
            return false;
        }
        v6 = false;
        src4 = Addresses.int32(d, o + 12);
        dst4 = Addresses.int32(d, o + 16);
        int frag = u16(d, o + 6);
        int fragOffset = (frag & 0x1fff) * 8;
        boolean more = (frag & 0x2000) != 0;
        if (more || fragOffset != 0) {
            if (ipEnd > end) {
                return false;
            }
            Fragments.Key key = new Fragments.Key(4, src4, dst4, 6, 0, u16(d, o + 4));
            Fragments.Datagram g = fragments.add(key, fragOffset, d, o + ihl, ipEnd - o - ihl, !more, -1);
            return g != null && tcp(g.buffer, 0, g.total, g.total, p, out);
        }
        return tcp(d, o + ihl, Math.min(ipEnd, end), ipEnd, p, out);
    }

    private boolean ipv6(byte[] d, int o, int end, Packet p, TcpSegment out) {
        if (end - o < 40 || (d[o] & 0xf0) != 0x60) {
            return false;
        }
        ipHeader(d, o, true);
        int payloadLength = u16(d, o + 4);
        int ipEnd = payloadLength == 0 ? end : o + 40 + payloadLength;
        int capEnd = Math.min(ipEnd, end);
        v6 = true;
        addr6 = d;
        src6 = o + 8;
        dst6 = o + 24;
        int next = d[o + 6] & 0xff;
        int h = o + 40;
        // each header advances h by at least 8 octets, so the loop ends
        while (true) {
            switch (next) {
                case 6:
                    return tcp(d, h, capEnd, ipEnd, p, out);
                case 47:
                    return d == addr6 && gre(d, h, capEnd, p, out);
                case 17: {
                    int inner = d == addr6 ? overlay(d, h, capEnd) : -1;
                    if (inner >= 0) {
                        return ++tunnels <= MAX_TUNNELS && ethernet(d, inner, capEnd, p, out);
                    }
                    if (ib != null && d == addr6 && h == o + 40) {
                        udp(d, o, h, capEnd, ipEnd, p, IbFrame.Encapsulation.ROCE_V2_IPV6,
                                ((d[o + 1] & 0xff) >> 4) & 3, endpoints.ipv6(d, o + 8, 0).address(),
                                endpoints.ipv6(d, o + 24, 0).address());
                    }
                    return false;
                }
                case 0, 43, 60, 51: {
                    if (capEnd - h < 8) {
                        return false;
                    }
                    int len = next == 51 ? ((d[h + 1] & 0xff) + 2) * 4 : ((d[h + 1] & 0xff) + 1) * 8;
                    next = d[h] & 0xff;
                    h += len;
                    if (h > capEnd) {
                        return false;
                    }
                    break;
                }
                case 44: {
                    if (capEnd - h < 8) {
                        return false;
                    }
                    int inner = d[h] & 0xff;
                    int field = u16(d, h + 2);
                    int offset = field & 0xfff8;
                    boolean more = (field & 1) != 0;
                    long id = Addresses.int32(d, h + 4) & 0xffffffffL;
                    h += 8;
                    if (offset == 0 && !more) {
                        next = inner; // atomic fragment (RFC 6946)
                        break;
                    }
                    if (ipEnd > end || ipEnd < h) {
                        return false;
                    }
                    Fragments.Key key = new Fragments.Key(6, Addresses.int64(d, src6), Addresses.int64(d, src6 + 8),
                            Addresses.int64(d, dst6), Addresses.int64(d, dst6 + 8), id);
                    Fragments.Datagram g = fragments.add(key, offset, d, h, ipEnd - h, !more, offset == 0 ? inner : -1);
                    if (g == null || g.nextHeader < 0) {
                        return false;
                    }
                    d = g.buffer;
                    h = 0;
                    capEnd = ipEnd = g.total;
                    next = g.nextHeader;
                    break;
                }
                default:
                    return false;
            }
        }
    }

    private boolean tcp(byte[] d, int o, int capEnd, int ipEnd, Packet p, TcpSegment out) {
        if (capEnd - o < 20) {
            return false;
        }
        int headerLength = ((d[o + 12] & 0xff) >> 4) * 4;
        if (headerLength < 20 || ipEnd - o < headerLength || capEnd - o < headerLength) {
            return false;
        }
        int sport = u16(d, o);
        int dport = u16(d, o + 2);
        if (v6) {
            out.source = endpoints.ipv6(addr6, src6, sport);
            out.destination = endpoints.ipv6(addr6, dst6, dport);
        } else {
            out.source = endpoints.ipv4(src4, sport);
            out.destination = endpoints.ipv4(dst4, dport);
        }
        out.frame = p.frame;
        out.timestampNanos = p.timestampNanos;
        out.seq = Addresses.int32(d, o + 4) & 0xffffffffL;
        out.ack = Addresses.int32(d, o + 8) & 0xffffffffL;
        out.flags = ((d[o + 12] & 1) << 8) | (d[o + 13] & 0xff);
        out.window = u16(d, o + 14);
        out.data = d;
        out.offset = o + headerLength;
        out.headerLength = headerLength;
        out.length = capEnd - out.offset;
        out.wireLength = ipEnd - out.offset;
        out.payloadTruncated = ipEnd > capEnd;
        return true;
    }

    /**
     * A GRE packet at {@code o} (RFC 2784, with RFC 2890's key and sequence number): the frame or
     * datagram it carries. ERSPAN type I is Ethernet right after GRE, type II has an 8-octet header
     * (GRE then carries a sequence number), type III a 12-octet one and, when its O bit is set, an
     * 8-octet platform-specific subheader.
     */
    private boolean gre(byte[] d, int o, int end, Packet p, TcpSegment out) {
        if (++tunnels > MAX_TUNNELS || end - o < 4) {
            return false;
        }
        int flags = u16(d, o);
        if ((flags & 7) != 0) {
            return false; // version 1 is PPTP's enhanced GRE
        }
        boolean sequence = (flags & 0x1000) != 0;
        int h = o + 4 + ((flags & 0x8000) != 0 ? 4 : 0) + ((flags & 0x2000) != 0 ? 4 : 0) + (sequence ? 4 : 0);
        if (h > end) {
            return false;
        }
        tunnelEntered = true;
        switch (u16(d, o + 2)) {
            case GRE_ETHERNET:
                return ethernet(d, h, end, p, out);
            case ETH_IPV4:
                return ipv4(d, h, end, p, out);
            case ETH_IPV6:
                return ipv6(d, h, end, p, out);
            case GRE_ERSPAN_2:
                return ethernet(d, sequence ? h + 8 : h, end, p, out);
            case GRE_ERSPAN_3:
                return end - h >= 12 && ethernet(d, h + 12 + ((d[h + 11] & 1) != 0 ? 8 : 0), end, p, out);
            default:
                return false;
        }
    }

    /**
     * The offset of the Ethernet frame that the UDP datagram at {@code u} carries for an overlay
     * network (VXLAN with its I flag, Geneve with protocol type 0x6558), or -1.
     */
    static int overlay(byte[] d, int u, int capEnd) {
        if (capEnd - u < 16) {
            return -1;
        }
        int port = u16(d, u + 2);
        int h = u + 8;
        if (port == VXLAN_PORT && (d[h] & 0x08) != 0) {
            return h + 8;
        }
        if (port == GENEVE_PORT && (d[h] & 0xc0) == 0 && u16(d, h + 2) == GRE_ETHERNET) {
            return h + 8 + (d[h] & 0x3f) * 4;
        }
        return -1;
    }

    /**
     * A UDP datagram after an IP header at {@code ip}: a RoCEv2 packet when it goes to port 4791.
     * (Only a datagram right after its IP header: the ICRC covers that header as sent.)
     */
    private void udp(byte[] d, int ip, int o, int capEnd, int ipEnd, Packet p, IbFrame.Encapsulation e, int ecn,
                     String source, String destination) {
        if (capEnd - o < 8 || u16(d, o + 2) != ROCE_V2_PORT) {
            return;
        }
        int udpLength = u16(d, o + 4);
        int end = udpLength >= 8 && o + udpLength <= ipEnd ? o + udpLength : ipEnd;
        found(e, d, ip, o + 8, end, capEnd, p, ecn, source, destination);
        ib.sourcePort = u16(d, o);
        ib.destinationPort = ROCE_V2_PORT;
    }

    /** A RoCEv1 packet: a GRH, then the BTH. */
    private boolean roceV1(byte[] d, int o, int end, Packet p) {
        if (ib == null || end - o < 40) {
            return false;
        }
        int payload = u16(d, o + 4);
        found(IbFrame.Encapsulation.ROCE_V1, d, o, o + 40, o + 40 + payload, end, p,
                ((d[o + 1] & 0xff) >> 4) & 3, endpoints.ipv6(d, o + 8, 0).address(),
                endpoints.ipv6(d, o + 24, 0).address());
        return false;
    }

    /** A native InfiniBand packet: the LRH, a GRH when its LNH says so, then the BTH; the VCRC after the ICRC. */
    private boolean infiniband(byte[] d, int o, int end, Packet p) {
        if (ib == null || end - o < 8) {
            return false;
        }
        int lnh = d[o + 1] & 3;
        if (lnh != 2 && lnh != 3) {
            return false;
        }
        int words = u16(d, o + 4) & 0x7ff;
        int packetEnd = o + words * 4;
        int transport = o + 8 + (lnh == 3 ? 40 : 0);
        String source = "LID " + u16(d, o + 6);
        String destination = "LID " + u16(d, o + 2);
        int ecn = 0;
        if (lnh == 3 && end - o >= 48) {
            source = endpoints.ipv6(d, o + 16, 0).address();
            destination = endpoints.ipv6(d, o + 32, 0).address();
        }
        found(IbFrame.Encapsulation.INFINIBAND, d, o, transport, Math.max(transport, packetEnd), end, p, ecn, source,
                destination);
        return false;
    }

    private void found(IbFrame.Encapsulation e, byte[] d, int network, int transport, int packetEnd, int capEnd,
                       Packet p, int ecn, String source, String destination) {
        IbFrame f = ib;
        f.encapsulation = e;
        f.frame = p.frame;
        f.timestampNanos = p.timestampNanos;
        f.data = d;
        f.networkOffset = network;
        f.transportOffset = transport;
        f.end = packetEnd;
        f.captured = capEnd;
        f.snapped = p.truncated();
        f.source = source;
        f.destination = destination;
        f.sourcePort = 0;
        f.destinationPort = 0;
        f.ecn = ecn;
        foundIb = true;
    }
}

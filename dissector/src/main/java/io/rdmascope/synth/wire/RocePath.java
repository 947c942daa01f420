package io.rdmascope.synth.wire;

import io.rdmascope.ksy.FixedLayout.InfinibandBth;
import io.rdmascope.ksy.FixedLayout.InfinibandGrh;
import io.rdmascope.ksy.FixedLayout.InfinibandLrh;
import java.util.zip.CRC32;

/**
 * The headers in front of an InfiniBand transport packet between two ports, and the CRCs behind it:
 * RoCEv2 (Ethernet, IPv4 or IPv6, UDP to port 4791 with checksum 0 as rdma_rxe sends it; Annex
 * A17), RoCEv1 (Ethernet type 0x8915 and a GRH; Annex A16) or native InfiniBand (an LRH, a GRH when
 * asked, and the VCRC after the ICRC; IBA volume 1 chapter 7). The ICRC is CRC-32 over the packet
 * with the fields routers may change set to ones (IBA volume 1 section 7.8.1, Annex A17 section
 * Annex A17), sent least significant octet first. The GRH and the IPv6 header share one layout and
 * are written, and masked, through the generated {@code FixedLayout} writers.
 */
public final class RocePath {
    /** How packets travel. */
    public enum Encapsulation { ROCEV2, ROCEV1, INFINIBAND }

    public static final int ROCEV2_PORT = 4791;
    private static final int ETH_LEN = 14, IPV4_LEN = 20, UDP_LEN = 8, LRH_LEN = 8, ICRC_LEN = 4, VCRC_LEN = 2;
    private static final int GRH_NEXT_HEADER_IBA = 0x1b, HOP_LIMIT = 64;
    /** LRH Link Next Header: BTH follows (local), GRH follows (global). */
    private static final int LNH_LOCAL = 2, LNH_GLOBAL = 3;
    private static final byte[] ONES = {-1, -1, -1, -1, -1, -1, -1, -1};

    /** One end: its Ethernet address, IP address (4 or 16 octets), GID and LID. */
    public static final class Port {
        public final byte[] mac;
        public final byte[] ip;
        public final byte[] gid;
        public final int lid;
        private int ipId;

        public Port(byte[] mac, byte[] ip, int lid, int firstIpId) {
            this.mac = mac;
            this.ip = ip;
            this.lid = lid;
            this.ipId = firstIpId;
            this.gid = gid(ip);
        }

        /** The GID of an address: the IPv6 address, or the IPv4-mapped one. */
        static byte[] gid(byte[] ip) {
            if (ip.length == 16) {
                return ip.clone();
            }
            byte[] g = new byte[16];
            g[10] = g[11] = -1;
            System.arraycopy(ip, 0, g, 12, 4);
            return g;
        }
    }

    private final Encapsulation encapsulation;
    /** InfiniBand: a GRH after the LRH. */
    private final boolean grh;
    private final CRC32 crc = new CRC32();

    public RocePath(Encapsulation encapsulation, boolean grh) {
        this.encapsulation = encapsulation;
        this.grh = grh;
    }

    public Encapsulation encapsulation() {
        return encapsulation;
    }

    /**
     * The frame carrying {@code packet} (BTH to pad) from {@code src} to {@code dst}, with its ICRC
     * (wrong when {@code badIcrc}); {@code ecn} is the IP (or GRH traffic class) ECN field.
     */
    public byte[] frame(Port src, Port dst, int udpSourcePort, byte[] packet, int ecn, boolean badIcrc) {
        int transportLength = packet.length + ICRC_LEN;
        byte[] head = switch (encapsulation) {
            case ROCEV2 -> src.ip.length == 4 ? ipv4(src, dst, udpSourcePort, transportLength, ecn)
                    : ipv6(src, dst, udpSourcePort, transportLength, ecn);
            case ROCEV1 -> ethernet(src, dst, 0x8915, grhHeader(src, dst, transportLength, ecn, GRH_NEXT_HEADER_IBA));
            case INFINIBAND -> lrh(src, dst, transportLength, ecn);
        };
        int network = encapsulation == Encapsulation.INFINIBAND ? 0 : ETH_LEN;
        int tail = encapsulation == Encapsulation.INFINIBAND ? VCRC_LEN : 0;
        byte[] f = new byte[head.length + transportLength + tail];
        System.arraycopy(head, 0, f, 0, head.length);
        System.arraycopy(packet, 0, f, head.length, packet.length);
        int icrc = icrc(f, network, head.length, packet.length);
        if (badIcrc) {
            icrc ^= 0x5a5a5a5a;
        }
        int at = head.length + packet.length;
        // least significant octet first: read in wire order the field is the CRC with its octets reversed
        FrameBuilder.put32(f, at, Integer.reverseBytes(icrc));
        if (tail > 0) {
            int vcrc = vcrc(f, 0, at + ICRC_LEN);
            f[at + ICRC_LEN] = (byte) vcrc;
            f[at + ICRC_LEN + 1] = (byte) (vcrc >>> 8);
        }
        return f;
    }

    private static byte[] ethernet(Port src, Port dst, int type, byte[] payload) {
        byte[] b = new byte[ETH_LEN + payload.length];
        System.arraycopy(dst.mac, 0, b, 0, 6);
        System.arraycopy(src.mac, 0, b, 6, 6);
        FrameBuilder.put16(b, 12, type);
        System.arraycopy(payload, 0, b, ETH_LEN, payload.length);
        return b;
    }

    private static byte[] ipv4(Port src, Port dst, int sport, int transportLength, int ecn) {
        byte[] ip = new byte[IPV4_LEN + UDP_LEN];
        ip[0] = 0x45;
        ip[1] = (byte) (ecn & 3);
        FrameBuilder.put16(ip, 2, IPV4_LEN + UDP_LEN + transportLength);
        FrameBuilder.put16(ip, 4, src.ipId++);
        FrameBuilder.put16(ip, 6, 0x4000);
        ip[8] = HOP_LIMIT;
        ip[9] = 17;
        System.arraycopy(src.ip, 0, ip, 12, 4);
        System.arraycopy(dst.ip, 0, ip, 16, 4);
        FrameBuilder.put16(ip, 10, ~FrameBuilder.fold(FrameBuilder.sum(ip, 0, IPV4_LEN, 0)) & 0xffff);
        udp(ip, IPV4_LEN, sport, transportLength);
        return ethernet(src, dst, 0x0800, ip);
    }

    private static byte[] ipv6(Port src, Port dst, int sport, int transportLength, int ecn) {
        byte[] g = grhHeader(src, dst, UDP_LEN + transportLength, ecn, 17);
        byte[] ip = java.util.Arrays.copyOf(g, g.length + UDP_LEN);
        udp(ip, g.length, sport, transportLength);
        return ethernet(src, dst, 0x86dd, ip);
    }

    private static void udp(byte[] b, int at, int sport, int transportLength) {
        FrameBuilder.put16(b, at, sport);
        FrameBuilder.put16(b, at + 2, ROCEV2_PORT);
        FrameBuilder.put16(b, at + 4, UDP_LEN + transportLength);
        // checksum 0: rdma_rxe leaves it out, the ICRC guards the packet
    }

    /** A GRH, or an IPv6 header (the same layout): version 6, the ECN in the traffic class. */
    private static byte[] grhHeader(Port src, Port dst, int payloadLength, int ecn, int nextHeader) {
        byte[] g = new byte[InfinibandGrh.SIZE];
        InfinibandGrh.putIpVersion(g, 0, 6);
        InfinibandGrh.putTrafficClass(g, 0, ecn & 3);
        InfinibandGrh.putPayloadLength(g, 0, payloadLength);
        InfinibandGrh.putNextHeader(g, 0, nextHeader);
        InfinibandGrh.putHopLimit(g, 0, HOP_LIMIT);
        System.arraycopy(src.gid, 0, g, InfinibandGrh.SGID_OFFSET, 16);
        System.arraycopy(dst.gid, 0, g, InfinibandGrh.DGID_OFFSET, 16);
        return g;
    }

    private byte[] lrh(Port src, Port dst, int transportLength, int ecn) {
        byte[] g = grh ? grhHeader(src, dst, transportLength, ecn, GRH_NEXT_HEADER_IBA) : new byte[0];
        byte[] b = new byte[LRH_LEN + g.length];
        InfinibandLrh.putLinkNextHeader(b, 0, grh ? LNH_GLOBAL : LNH_LOCAL);
        InfinibandLrh.putDlid(b, 0, dst.lid);
        InfinibandLrh.putPacketLength(b, 0, (b.length + transportLength) / 4);
        InfinibandLrh.putSlid(b, 0, src.lid);
        System.arraycopy(g, 0, b, LRH_LEN, g.length);
        return b;
    }

    /** The ICRC of the packet whose network header starts at {@code network} and whose BTH at {@code bth}. */
    private int icrc(byte[] f, int network, int bth, int packetLength) {
        crc.reset();
        byte[] m = java.util.Arrays.copyOfRange(f, network, bth + InfinibandBth.SIZE);
        int t = bth - network;
        switch (encapsulation) {
            case ROCEV2 -> {
                crc.update(ONES, 0, 8);
                int udp;
                if (f[network] >> 4 == 4) {
                    m[1] = -1;          // type of service
                    m[8] = -1;          // time to live
                    m[10] = m[11] = -1; // header checksum
                    udp = IPV4_LEN;
                } else {
                    maskGrh(m, 0);
                    udp = InfinibandGrh.SIZE;
                }
                m[udp + 6] = m[udp + 7] = -1; // UDP checksum
            }
            case ROCEV1 -> {
                crc.update(ONES, 0, 8);
                maskGrh(m, 0);
            }
            case INFINIBAND -> {
                InfinibandLrh.putVirtualLane(m, 0, 0xf);
                if (grh) {
                    maskGrh(m, LRH_LEN);
                }
            }
        }
        InfinibandBth.putFecn(m, t, 1);
        InfinibandBth.putBecn(m, t, 1);
        InfinibandBth.putReserved6(m, t, 0x3f);
        crc.update(m, 0, m.length);
        crc.update(f, bth + InfinibandBth.SIZE, packetLength - InfinibandBth.SIZE);
        return (int) crc.getValue();
    }

    private static void maskGrh(byte[] m, int at) {
        InfinibandGrh.putTrafficClass(m, at, 0xff);
        InfinibandGrh.putFlowLabel(m, at, 0xfffff);
        InfinibandGrh.putHopLimit(m, at, 0xff);
    }

    /**
     * The Variant CRC of an InfiniBand link packet (IBA volume 1 section 7.8.2): CRC-16 with the
     * polynomial 0x100B over the packet from the LRH to the ICRC, seed ones, bits in the ICRC's
     * order, complemented.
     */
    static int vcrc(byte[] b, int off, int len) {
        int c = 0xffff;
        for (int i = off; i < off + len; i++) {
            c ^= b[i] & 0xff;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xd008 : c >>> 1;
            }
        }
        return ~c & 0xffff;
    }
}

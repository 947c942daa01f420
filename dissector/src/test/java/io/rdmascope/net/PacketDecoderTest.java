package io.rdmascope.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PacketDecoderTest {
    final PacketDecoder decoder = new PacketDecoder();
    final TcpSegment seg = new TcpSegment();

    static final byte[] MAC_A = {0, 0x1b, 0x21, 1, 2, 3};
    static final byte[] MAC_B = {0, 0x1b, 0x21, 4, 5, 6};
    static final byte[] IP_A = {10, 0, 0, 1};
    static final byte[] IP_B = {(byte) 192, (byte) 168, 1, (byte) 200};
    static final byte[] IP6_A = hex("20010db8000000000000000000000001");
    static final byte[] IP6_B = hex("fe800000000000000202b3fffe1e8329");

    static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    static final class B {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        B u8(int v) {
            out.write(v);
            return this;
        }

        B u16(int v) {
            return u8(v >> 8).u8(v);
        }

        B u32(long v) {
            return u16((int) (v >>> 16)).u16((int) v);
        }

        B bytes(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        byte[] get() {
            return out.toByteArray();
        }
    }

    /** TCP header with MSS, NOP, window scale, SACK permitted and timestamp options (40 octets) and data. */
    static byte[] tcp(int sport, int dport, long seq, long ack, int flags, byte[] data) {
        B b = new B().u16(sport).u16(dport).u32(seq).u32(ack).u8(10 << 4).u8(flags).u16(512).u16(0).u16(0);
        b.u8(2).u8(4).u16(1460).u8(1).u8(3).u8(3).u8(7).u8(4).u8(2).u8(8).u8(10).u32(1).u32(2);
        return b.bytes(data).get();
    }

    static byte[] ipv4(byte[] src, byte[] dst, int id, int fragField, byte[] payload, boolean options) {
        int ihl = options ? 24 : 20;
        B b = new B().u8(0x40 | ihl / 4).u8(0).u16(ihl + payload.length).u16(id).u16(fragField).u8(64).u8(6).u16(0).bytes(src).bytes(dst);
        if (options) {
            b.u8(1).u8(1).u8(1).u8(0);
        }
        return b.bytes(payload).get();
    }

    static byte[] ipv6(byte[] src, byte[] dst, int next, byte[] payload) {
        return new B().u32(0x60000000L).u16(payload.length).u8(next).u8(64).bytes(src).bytes(dst).bytes(payload).get();
    }

    static byte[] eth(int type, byte[] payload, int... tags) {
        B b = new B().bytes(MAC_B).bytes(MAC_A);
        for (int t : tags) {
            b.u16(t).u16(100);
        }
        return b.u16(type).bytes(payload).get();
    }

    static byte[] data(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 3);
        }
        return b;
    }

    Packet packet(int link, byte[] frame) {
        Packet p = new Packet();
        p.frame = 7;
        p.timestampNanos = 123;
        p.linkType = link;
        p.data = new byte[frame.length + 8];
        System.arraycopy(frame, 0, p.data, 3, frame.length);
        p.offset = 3;
        p.length = frame.length;
        p.originalLength = frame.length;
        return p;
    }

    byte[] payload() {
        return Arrays.copyOfRange(seg.data, seg.offset, seg.offset + seg.length);
    }

    @Test
    void ethernetWithStackedTagsIpv4OptionsAndTcpOptions() {
        byte[] t = tcp(40000, 4791, 0xfffffff0L, 0x80000000L, TcpSegment.ACK | TcpSegment.PSH, data(100));
        byte[] frame = eth(0x0800, ipv4(IP_A, IP_B, 1, 0x4000, t, true), 0x88a8, 0x8100, 0x9100);
        assertThat(decoder.decode(packet(1, frame), seg)).isTrue();
        assertThat(seg.source).isEqualTo(new Endpoint("10.0.0.1", 40000));
        assertThat(seg.destination).isEqualTo(new Endpoint("192.168.1.200", 4791));
        assertThat(seg.seq).isEqualTo(0xfffffff0L);
        assertThat(seg.ack).isEqualTo(0x80000000L);
        assertThat(seg.flags).isEqualTo(TcpSegment.ACK | TcpSegment.PSH);
        assertThat(seg.window).isEqualTo(512);
        assertThat(seg.frame).isEqualTo(7);
        assertThat(seg.timestampNanos).isEqualTo(123);
        assertThat(payload()).isEqualTo(data(100));
        assertThat(seg.payloadTruncated).isFalse();
    }

    @Test
    void ethernetPaddingIsNotPayload() {
        byte[] t = tcp(1, 2, 3, 4, TcpSegment.ACK, new byte[0]);
        byte[] ip = ipv4(IP_A, IP_B, 1, 0, Arrays.copyOf(t, 20), false);
        ip[12 - 12 + 0] = 0x45;
        byte[] frame = Arrays.copyOf(eth(0x0800, ip), 60);
        // a 20-octet TCP header without options
        byte[] plain = new B().u16(1).u16(2).u32(3).u32(4).u8(5 << 4).u8(TcpSegment.ACK).u16(10).u32(0).get();
        frame = Arrays.copyOf(eth(0x0800, ipv4(IP_A, IP_B, 1, 0, plain, false)), 60);
        assertThat(decoder.decode(packet(1, frame), seg)).isTrue();
        assertThat(seg.length).isZero();
    }

    @Test
    void snapshotLengthCutThePayload() {
        byte[] frame = eth(0x0800, ipv4(IP_A, IP_B, 1, 0, tcp(1, 2, 3, 4, TcpSegment.ACK, data(1000)), false));
        Packet p = packet(1, Arrays.copyOf(frame, 14 + 20 + 40 + 300));
        p.originalLength = frame.length;
        assertThat(decoder.decode(p, seg)).isTrue();
        assertThat(seg.length).isEqualTo(300);
        assertThat(seg.payloadTruncated).isTrue();
        assertThat(payload()).isEqualTo(Arrays.copyOf(data(1000), 300));
        // cut inside the TCP header: no segment
        assertThat(decoder.decode(packet(1, Arrays.copyOf(frame, 14 + 20 + 30)), seg)).isFalse();
    }

    @Test
    void linuxCookedV1AndV2RawAndLoopback() {
        byte[] ip = ipv4(IP_A, IP_B, 1, 0, tcp(5, 6, 7, 8, TcpSegment.SYN, data(3)), false);
        byte[] sll = new B().u16(0).u16(1).u16(6).bytes(MAC_A).u16(0).u16(0x0800).bytes(ip).get();
        byte[] sll2 = new B().u16(0x0800).u16(0).u32(2).u16(1).u8(0).u8(6).bytes(MAC_A).u16(0).bytes(ip).get();
        byte[] nullLe = new B().u8(2).u8(0).u8(0).u8(0).bytes(ip).get();
        byte[] loop = new B().u32(2).bytes(ip).get();
        for (Object[] c : new Object[][] {{113, sll}, {276, sll2}, {101, ip}, {12, ip}, {14, ip}, {228, ip}, {0, nullLe}, {108, loop}}) {
            seg.length = -1;
            assertThat(decoder.decode(packet((Integer) c[0], (byte[]) c[1]), seg)).as("link %s", c[0]).isTrue();
            assertThat(payload()).isEqualTo(data(3));
            assertThat(seg.source.port()).isEqualTo(5);
        }
        byte[] ip6 = ipv6(IP6_A, IP6_B, 6, tcp(5, 6, 7, 8, TcpSegment.SYN, data(3)));
        for (int link : new int[] {229, 101}) {
            assertThat(decoder.decode(packet(link, ip6), seg)).isTrue();
            assertThat(seg.source.address()).isEqualTo("2001:db8::1");
        }
        assertThat(decoder.decode(packet(105, ip), seg)).isFalse();
    }

    @Test
    void ipv6WithExtensionHeaders() {
        byte[] t = tcp(80, 1234, 1, 2, TcpSegment.ACK, data(50));
        // hop-by-hop (8) -> routing (16) -> destination options (8) -> TCP
        byte[] ext = new B().u8(43).u8(0).u32(0).u16(0)
                .u8(60).u8(1).u8(0).u8(0).u32(0).u32(0).u32(0)
                .u8(6).u8(0).u32(0).u16(0).bytes(t).get();
        byte[] frame = eth(0x86dd, ipv6(IP6_A, IP6_B, 0, ext));
        assertThat(decoder.decode(packet(1, frame), seg)).isTrue();
        assertThat(seg.source).isEqualTo(new Endpoint("2001:db8::1", 80));
        assertThat(seg.destination.toString()).isEqualTo("[fe80::202:b3ff:fe1e:8329]:1234");
        assertThat(payload()).isEqualTo(data(50));
        // an unknown next header: no segment
        assertThat(decoder.decode(packet(1, eth(0x86dd, ipv6(IP6_A, IP6_B, 17, ext))), seg)).isFalse();
    }

    @Test
    void ipv4FragmentsAreReassembledInAnyOrder() {
        byte[] t = tcp(1, 2, 3, 4, TcpSegment.ACK, data(3000));
        int mf = 0x2000;
        byte[] f0 = ipv4(IP_A, IP_B, 77, mf, Arrays.copyOfRange(t, 0, 1480), false);
        byte[] f1 = ipv4(IP_A, IP_B, 77, mf | 1480 / 8, Arrays.copyOfRange(t, 1480, 2960), false);
        byte[] f2 = ipv4(IP_A, IP_B, 77, 2960 / 8, Arrays.copyOfRange(t, 2960, t.length), false);
        assertThat(decoder.decode(packet(1, eth(0x0800, f2)), seg)).isFalse();
        assertThat(decoder.decode(packet(1, eth(0x0800, f0)), seg)).isFalse();
        Packet last = packet(1, eth(0x0800, f1));
        last.frame = 99;
        assertThat(decoder.decode(last, seg)).isTrue();
        assertThat(seg.frame).isEqualTo(99);
        assertThat(payload()).isEqualTo(data(3000));
    }

    @Test
    void pendingFragmentsAreBounded() {
        for (int id = 0; id < 3000; id++) {
            byte[] f = ipv4(IP_A, IP_B, id, 0x2000, data(8), false);
            assertThat(decoder.decode(packet(228, f), seg)).isFalse();
        }
        Fragments f = new Fragments(3);
        for (int id = 0; id < 10; id++) {
            f.add(new Fragments.Key(4, 1, 2, 6, 0, id), 0, new byte[8], 0, 8, false, -1);
        }
        assertThat(f.pending()).isEqualTo(3);
        // too large a datagram is dropped
        assertThat(f.add(new Fragments.Key(4, 1, 2, 6, 0, 1), 65528, new byte[16], 0, 16, true, -1)).isNull();
    }

    @Test
    void ipv6FragmentsAreReassembled() {
        byte[] t = tcp(1, 2, 3, 4, TcpSegment.ACK, data(2000));
        byte[] part1 = Arrays.copyOfRange(t, 0, 1232);
        byte[] part2 = Arrays.copyOfRange(t, 1232, t.length);
        byte[] f1 = new B().u8(6).u8(0).u16(0 | 1).u32(0xabcdef).bytes(part1).get();
        byte[] f2 = new B().u8(6).u8(0).u16(1232).u32(0xabcdef).bytes(part2).get();
        assertThat(decoder.decode(packet(229, ipv6(IP6_A, IP6_B, 44, f2)), seg)).isFalse();
        assertThat(decoder.decode(packet(229, ipv6(IP6_A, IP6_B, 44, f1)), seg)).isTrue();
        assertThat(payload()).isEqualTo(data(2000));
        assertThat(seg.source.address()).isEqualTo("2001:db8::1");
    }

    @Test
    void knownFlowsReuseTheirEndpoints() {
        byte[] frame = eth(0x0800, ipv4(IP_A, IP_B, 1, 0, tcp(1, 2, 3, 4, TcpSegment.ACK, data(10)), false));
        decoder.decode(packet(1, frame), seg);
        Endpoint s = seg.source, d = seg.destination;
        decoder.decode(packet(1, frame), seg);
        assertThat(seg.source).isSameAs(s);
        assertThat(seg.destination).isSameAs(d);
        byte[] f6 = ipv6(IP6_A, IP6_B, 6, tcp(1, 2, 3, 4, TcpSegment.ACK, data(10)));
        decoder.decode(packet(229, f6), seg);
        s = seg.source;
        decoder.decode(packet(229, f6), seg);
        assertThat(seg.source).isSameAs(s);
    }

    @Test
    void ipv6AddressesAsWiresharkShowsThem() {
        assertThat(Addresses.ipv6(hex("20010db8000000000000000000000001"), 0)).isEqualTo("2001:db8::1");
        assertThat(Addresses.ipv6(hex("00000000000000000000000000000000"), 0)).isEqualTo("::");
        assertThat(Addresses.ipv6(hex("00000000000000000000000000000001"), 0)).isEqualTo("::1");
        assertThat(Addresses.ipv6(hex("20010db8000000010000000000000001"), 0)).isEqualTo("2001:db8:0:1::1");
        assertThat(Addresses.ipv6(hex("20010db8000000000001000000000001"), 0)).isEqualTo("2001:db8::1:0:0:1");
        assertThat(Addresses.ipv6(hex("20010db8000100010001000100010001"), 0)).isEqualTo("2001:db8:1:1:1:1:1:1");
        assertThat(Addresses.ipv6(hex("20010db8aaaa0000bbbb0000cccc0001"), 0)).isEqualTo("2001:db8:aaaa:0:bbbb:0:cccc:1");
        assertThat(Addresses.ipv6(hex("00000000000000000000ffffc0000201"), 0)).isEqualTo("::ffff:192.0.2.1");
        assertThat(Addresses.ipv6(hex("fe800000000000000000000000000000"), 0)).isEqualTo("fe80::");
        assertThat(Addresses.ipv4(0xc0a801c8)).isEqualTo("192.168.1.200");
    }

    @Test
    void garbageNeverThrows() {
        Random r = new Random(42);
        byte[] good = eth(0x0800, ipv4(IP_A, IP_B, 1, 0, tcp(1, 2, 3, 4, TcpSegment.ACK, data(40)), true), 0x8100);
        byte[] good6 = eth(0x86dd, ipv6(IP6_A, IP6_B, 44, new B().u8(6).u8(0).u16(1).u32(5).bytes(tcp(1, 2, 3, 4, 0, data(9))).get()));
        int[] links = {1, 113, 276, 101, 228, 229, 0, 108, 12};
        for (int i = 0; i < 20000; i++) {
            byte[] f = (i % 2 == 0 ? good : good6).clone();
            int flips = 1 + r.nextInt(6);
            for (int k = 0; k < flips; k++) {
                f[r.nextInt(f.length)] = (byte) r.nextInt(256);
            }
            f = Arrays.copyOf(f, r.nextInt(f.length + 1));
            Packet p = packet(links[r.nextInt(links.length)], f);
            decoder.decode(p, seg);
            List<FieldNode> layers = NetFields.layers(p);
            assertThat(layers).isNotEmpty();
        }
    }

    @Test
    void netFieldsNameTheLayersAndFieldsAsWiresharkDoes() {
        byte[] t = tcp(40000, 4791, 1000, 2000, TcpSegment.SYN | TcpSegment.ACK, data(10));
        byte[] frame = eth(0x0800, ipv4(IP_A, IP_B, 1, 0x4000, t, false), 0x8100);
        Packet p = packet(1, frame);
        List<FieldNode> layers = NetFields.layers(p);
        assertThat(layers).extracting(FieldNode::name).containsExactly("frame", "eth", "vlan", "ip", "tcp");
        List<FieldNode> all = new ArrayList<>();
        for (FieldNode l : layers) {
            flatten(l, all);
        }
        assertThat(find(all, "eth.src").value()).isEqualTo("00:1b:21:01:02:03");
        assertThat(find(all, "eth.src").offset()).isEqualTo(6);
        assertThat(find(all, "vlan.id").value()).isEqualTo(100L);
        assertThat(find(all, "ip.src").value()).isEqualTo("10.0.0.1");
        assertThat(find(all, "ip.src").offset()).isEqualTo(18 + 12);
        assertThat(find(all, "ip.flags.df").value()).isEqualTo(true);
        assertThat(find(all, "tcp.srcport").value()).isEqualTo(40000L);
        assertThat(find(all, "tcp.srcport").offset()).isEqualTo(38);
        assertThat(find(all, "tcp.seq").value()).isEqualTo(1000L);
        assertThat(find(all, "tcp.flags.syn").value()).isEqualTo(true);
        assertThat(find(all, "tcp.flags.fin").value()).isEqualTo(false);
        assertThat(find(all, "tcp.flags").display()).isEqualTo("0x012 (SYN, ACK)");
        assertThat(find(all, "tcp.len").value()).isEqualTo(10L);
        assertThat(find(all, "tcp.hdr_len").value()).isEqualTo(40L);
        assertThat(find(all, "tcp.options").value()).isEqualTo(20L);
        assertThat(find(all, "tcp.options.mss_val").value()).isEqualTo(1460L);
        assertThat(find(all, "tcp.options.wscale.shift").value()).isEqualTo(7L);
        assertThat(find(all, "frame.number").value()).isEqualTo(7L);
        assertThat(find(all, "frame.len").value()).isEqualTo((long) frame.length);
        assertThat(find(all, "frame.time_epoch").display()).isEqualTo("0.000000123");
        assertThat(find(all, "ip.flags").display()).isEqualTo("0x2");
        p.timestampNanos = -1;
        List<FieldNode> before = new ArrayList<>();
        flatten(NetFields.layers(p).get(0), before);
        assertThat(find(before, "frame.time_epoch").display()).isEqualTo("-1.999999999");
    }

    static void flatten(FieldNode n, List<FieldNode> out) {
        out.add(n);
        for (FieldNode c : n.children()) {
            flatten(c, out);
        }
    }

    static FieldNode find(List<FieldNode> all, String name) {
        return all.stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }
}

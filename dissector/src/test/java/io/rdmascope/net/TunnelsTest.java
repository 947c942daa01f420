package io.rdmascope.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.AnalysisJson;
import io.rdmascope.testing.PcapRecords;
import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Traffic as a port mirror or an overlay network delivers it: every frame of a capture wrapped in
 * ERSPAN, GRE or VXLAN gives the analysis of the frames themselves, and tshark finds the same
 * InfiniBand and MPA packets in the wrapped capture as rdmascope.
 */
class TunnelsTest {
    @TempDir
    Path dir;

    enum Tunnel {
        ERSPAN_2, ERSPAN_3, ERSPAN_3_SUBHEADER, ERSPAN_1, GRE_ETHERNET, GRE_IPV4, VXLAN, GENEVE, VXLAN_IN_ERSPAN_IPV6
    }

    static Stream<Arguments> cases() {
        List<Arguments> a = new ArrayList<>();
        List<Path> captures = new ArrayList<>(List.of(Path.of("..", "samples", "roce-ulp-nvme.pcap"),
                Path.of("..", "samples", "ulp-nfs.pcap"), Path.of("..", "samples", "roce-v1.pcap")));
        Path rxe = RealCaptures.dir().resolve("rxe").resolve("rxe_read_bw_4096_mtu1500.pcap");
        Path siw = RealCaptures.dir().resolve("siw").resolve("std_nvmeof_rdma_mtu1500_tso.pcap");
        for (Path real : List.of(rxe, siw)) {
            if (Files.exists(real)) {
                captures.add(real);
            }
        }
        for (Path c : captures) {
            for (Tunnel t : Tunnel.values()) {
                a.add(Arguments.of(c, t));
            }
        }
        return a.stream();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aWrappedCaptureIsAnalysedAsTheFramesItCarries(Path capture, Tunnel tunnel) throws Exception {
        Path wrapped = dir.resolve(tunnel + "-" + capture.getFileName());
        Files.write(wrapped, PcapRecords.map(Files.readAllBytes(capture), wrapper(tunnel)));
        assertThat(AnalysisJson.of(wrapped)).isEqualTo(AnalysisJson.of(capture));
    }

    @Test
    void tsharkFindsTheSamePacketsInTheWrappedCaptures() throws Exception {
        assumeTrue(tshark(), "tshark is not installed");
        for (Tunnel t : new Tunnel[] {Tunnel.ERSPAN_2, Tunnel.ERSPAN_3_SUBHEADER, Tunnel.VXLAN, Tunnel.GRE_ETHERNET}) {
            for (String sample : new String[] {"roce-ulp-nvme.pcap", "ulp-nfs.pcap"}) {
                Path capture = Path.of("..", "samples", sample);
                Path wrapped = dir.resolve(t + "-" + sample);
                Files.write(wrapped, PcapRecords.map(Files.readAllBytes(capture), wrapper(t)));
                String filter = sample.startsWith("roce") ? "infiniband.bth" : "iwarp_mpa";
                assertThat(count(wrapped, filter)).as(t + " " + sample).isEqualTo(count(capture, filter))
                        .isPositive();
            }
        }
    }

    /** A frame that is no tunnel's (GRE version 1, VXLAN without its I flag) is not followed. */
    @Test
    void whatIsNoTunnelIsNotFollowed() throws Exception {
        Path capture = Path.of("..", "samples", "roce-write.pcap");
        UnaryOperator<byte[]> greV1 = f -> {
            byte[] w = gre(f, GRE_ERSPAN_II, true, 8);
            w[14 + 20 + 1] |= 1;
            return w;
        };
        UnaryOperator<byte[]> noI = f -> {
            byte[] w = udp(f, 4789, 8);
            w[14 + 20 + 8] = 0;
            return w;
        };
        for (UnaryOperator<byte[]> bad : List.of(greV1, noI)) {
            Path wrapped = dir.resolve("bad.pcap");
            Files.write(wrapped, PcapRecords.map(Files.readAllBytes(capture), bad));
            try (FileAnalysis a = new Analyzer(NicSettings.DEFAULTS).analyze(wrapped, "bad")) {
                assertThat(a.rdmaConnections()).isEmpty();
                assertThat(a.frames()).isPositive();
            }
        }
    }

    /** The detail tree shows the tunnel's layers, then the frame inside, as Wireshark's does. */
    @Test
    void theDetailTreeShowsTheTunnelAndTheFrameInside() throws Exception {
        byte[] inner = PcapRecords.first(Files.readAllBytes(Path.of("..", "samples", "roce-write.pcap")));
        assertThat(layers(udp(inner, 4789, 8))).containsExactly("frame", "eth", "ip", "udp", "vxlan", "eth", "ip", "udp");
        assertThat(layers(gre(inner, GRE_ERSPAN_III, true, 20)))
                .containsExactly("frame", "eth", "ip", "gre", "erspan", "eth", "ip", "udp");
        assertThat(layers(gre(inner, GRE_ERSPAN_II, true, 8)))
                .containsExactly("frame", "eth", "ip", "gre", "erspan", "eth", "ip", "udp");
        assertThat(layers(udp(inner, 6081, 8))).containsExactly("frame", "eth", "ip", "udp", "geneve", "eth", "ip", "udp");
        // the addresses of a frame are those inside the tunnel, as in Wireshark's columns
        PacketDecoder decoder = new PacketDecoder();
        decoder.decode(packet(gre(inner, GRE_ERSPAN_II, true, 8)), new TcpSegment(), new IbFrame());
        assertThat(decoder.ipSource()).isEqualTo("10.0.0.1");
    }

    /** Damaged tunnel frames, and tunnels inside tunnels past the bound, end the decoding quietly. */
    @Test
    void damagedAndEndlesslyNestedTunnelsAreReadSafely() throws Exception {
        byte[] inner = PcapRecords.first(Files.readAllBytes(Path.of("..", "samples", "roce-write.pcap")));
        byte[] nested = inner;
        for (int i = 0; i < 10; i++) {
            nested = i % 2 == 0 ? udp(nested, 4789, 8) : gre(nested, GRE_ERSPAN_II, true, 8);
        }
        PacketDecoder decoder = new PacketDecoder();
        IbFrame ib = new IbFrame();
        assertThat(decoder.decode(packet(nested), new TcpSegment(), ib)).isEqualTo(PacketDecoder.NONE);
        assertThat(layers(nested)).hasSizeLessThan(30);
        java.util.Random r = new java.util.Random(7);
        byte[][] goods = {udp(inner, 4789, 8), gre(inner, GRE_ERSPAN_III, true, 20), udp(inner, 6081, 8),
                gre(inner, GRE_TEB, false, 0)};
        for (int i = 0; i < 20000; i++) {
            byte[] f = goods[i % goods.length].clone();
            for (int k = 1 + r.nextInt(4); k > 0; k--) {
                f[r.nextInt(Math.min(f.length, 90))] = (byte) r.nextInt(256);
            }
            f = java.util.Arrays.copyOf(f, r.nextInt(f.length + 1));
            decoder.decode(packet(f), new TcpSegment(), ib);
            assertThat(NetFields.layers(packet(f))).isNotEmpty();
        }
    }

    private static io.rdmascope.capture.Packet packet(byte[] frame) {
        io.rdmascope.capture.Packet p = new io.rdmascope.capture.Packet();
        p.frame = 1;
        p.linkType = 1;
        p.data = frame;
        p.offset = 0;
        p.length = frame.length;
        p.originalLength = frame.length;
        return p;
    }

    private static List<String> layers(byte[] frame) {
        List<String> names = new ArrayList<>();
        for (io.rdmascope.fields.FieldNode n : NetFields.layers(packet(frame))) {
            names.add(n.name());
        }
        return names;
    }

    // ------------------------------------------------------------------ the wrappers

    static final int GRE_ERSPAN_II = 0x88be, GRE_ERSPAN_III = 0x22eb, GRE_TEB = 0x6558;

    static UnaryOperator<byte[]> wrapper(Tunnel t) {
        return switch (t) {
            case ERSPAN_1 -> f -> gre(f, GRE_ERSPAN_II, false, 0);
            case ERSPAN_2 -> f -> gre(f, GRE_ERSPAN_II, true, 8);
            case ERSPAN_3 -> f -> gre(f, GRE_ERSPAN_III, true, 12);
            case ERSPAN_3_SUBHEADER -> f -> gre(f, GRE_ERSPAN_III, true, 20);
            case GRE_ETHERNET -> f -> gre(f, GRE_TEB, false, 0);
            case GRE_IPV4 -> f -> isIpv4(f) ? greIp(f) : gre(f, GRE_TEB, false, 0);
            case VXLAN -> f -> udp(f, 4789, 8);
            case GENEVE -> f -> udp(f, 6081, 8);
            case VXLAN_IN_ERSPAN_IPV6 -> f -> ipv6Gre(udp(f, 4789, 8));
        };
    }

    private static boolean isIpv4(byte[] f) {
        return f.length > 14 && (f[12] & 0xff) == 0x08 && f[13] == 0;
    }

    /** Outer Ethernet and IPv4 headers around {@code payload} of IP protocol {@code protocol}. */
    private static byte[] ipv4(int protocol, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + payload.length);
        b.put(new byte[] {2, 0, 0, 0, 0, 9, 2, 0, 0, 0, 0, 8}).putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length)).putShort((short) 7).putShort((short) 0x4000)
                .put((byte) 64).put((byte) protocol).putShort((short) 0).putInt(0xc0a80001).putInt(0xc0a80002);
        b.put(payload);
        return b.array();
    }

    /** A GRE header (with a sequence number when asked), then an encapsulation header of {@code extra} octets. */
    static byte[] gre(byte[] frame, int protocol, boolean sequence, int extra) {
        ByteBuffer g = ByteBuffer.allocate(4 + (sequence ? 4 : 0) + extra + frame.length);
        g.putShort((short) (sequence ? 0x1000 : 0)).putShort((short) protocol);
        if (sequence) {
            g.putInt(42);
        }
        byte[] e = new byte[extra];
        if (protocol == GRE_ERSPAN_II && extra == 8) {
            e[0] = 0x10; // version 1, VLAN 0
        }
        if (protocol == GRE_ERSPAN_III) {
            e[0] = 0x20; // version 2
            if (extra == 20) {
                e[11] = 1; // O: a platform-specific subheader follows
            }
        }
        g.put(e).put(frame);
        return ipv4(47, g.array());
    }

    /** The frame's IPv4 datagram straight in GRE, without its Ethernet header. */
    private static byte[] greIp(byte[] frame) {
        ByteBuffer g = ByteBuffer.allocate(4 + frame.length - 14);
        g.putShort((short) 0).putShort((short) 0x0800).put(frame, 14, frame.length - 14);
        return ipv4(47, g.array());
    }

    /** UDP to {@code port} with an 8-octet VXLAN or Geneve header (I flag, or protocol type Ethernet). */
    static byte[] udp(byte[] frame, int port, int header) {
        ByteBuffer u = ByteBuffer.allocate(8 + header + frame.length);
        u.putShort((short) 50000).putShort((short) port).putShort((short) (8 + header + frame.length)).putShort((short) 0);
        byte[] h = new byte[header];
        if (port == 4789) {
            h[0] = 0x08;
            h[6] = 1; // VNI 256
        } else {
            h[2] = 0x65;
            h[3] = 0x58;
        }
        u.put(h).put(frame);
        return ipv4(17, u.array());
    }

    /** ERSPAN type II over IPv6 around an Ethernet frame. */
    private static byte[] ipv6Gre(byte[] frame) {
        byte[] inner = gre(frame, GRE_ERSPAN_II, true, 8);
        byte[] g = java.util.Arrays.copyOfRange(inner, 14 + 20, inner.length);
        ByteBuffer b = ByteBuffer.allocate(14 + 40 + g.length);
        b.put(new byte[] {2, 0, 0, 0, 0, 9, 2, 0, 0, 0, 0, 8}).putShort((short) 0x86dd);
        b.putInt(0x60000000).putShort((short) g.length).put((byte) 47).put((byte) 64);
        b.put(new byte[] {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
        b.put(new byte[] {(byte) 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2});
        b.put(g);
        return b.array();
    }

    // ------------------------------------------------------------------ helpers

    private static boolean tshark() {
        try {
            return new ProcessBuilder("tshark", "-v").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static long count(Path file, String filter) throws Exception {
        Process p = new ProcessBuilder("tshark", "-n", "-r", file.toString(), "-Y", filter, "-T", "fields", "-e",
                "frame.number").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out.lines().filter(l -> !l.isBlank()).count();
    }
}

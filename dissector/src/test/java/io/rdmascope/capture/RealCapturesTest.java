package io.rdmascope.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpReassembler;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.io.ByteArrayOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The real captures, read by the own readers and by libpcap, checked against tshark. */
class RealCapturesTest {
    static final Path DIR = io.rdmascope.testing.RealCaptures.dir();

    static Stream<Path> captures() throws IOException {
        if (!Files.isDirectory(DIR)) {
            return Stream.empty();
        }
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().toList().stream();
        }
    }

    /** Lines of tshark -T fields output, or null when tshark is not available. */
    static List<String[]> tshark(Path file, String... fields) {
        return io.rdmascope.testing.Tshark.fields(file, List.of(), fields);
    }

    @ParameterizedTest
    @MethodSource("captures")
    void framesAndTcpPayloadLengthsAgreeWithTshark(Path file) throws IOException {
        List<String[]> expected = tshark(file, "frame.number", "tcp.len", "frame.cap_len", "frame.time_epoch", "tcp.srcport");
        assumeTrue(expected != null, "tshark is not available");
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment seg = new TcpSegment();
        Packet p = new Packet();
        int n = 0;
        try (CaptureReader r = Captures.open(file)) {
            while (r.next(p)) {
                String[] row = expected.get(n++);
                assertThat(p.frame).isEqualTo(Long.parseLong(row[0]));
                assertThat(p.length).as("frame %d captured length", p.frame).isEqualTo(Integer.parseInt(row[2]));
                String[] t = row[3].split("\\.");
                long nanos = Long.parseLong(t[0]) * 1_000_000_000L + Long.parseLong((t[1] + "000000000").substring(0, 9));
                assertThat(p.timestampNanos).as("frame %d time", p.frame).isEqualTo(nanos);
                boolean tcp = decoder.decode(p, seg);
                assertThat(tcp).as("frame %d is TCP", p.frame).isEqualTo(!row[1].isEmpty());
                if (tcp) {
                    assertThat(seg.length).as("frame %d tcp.len", p.frame).isEqualTo(Integer.parseInt(row[1]));
                    assertThat(seg.source.port()).isEqualTo(Integer.parseInt(row[4]));
                }
            }
            assertThat(r.problem()).isNull();
        }
        assertThat(n).isEqualTo(expected.size());
    }

    @ParameterizedTest
    @MethodSource("captures")
    void reassembledStreamsAgreeWithTsharkFollow(Path file) throws IOException {
        List<String[]> streams = tshark(file, "tcp.stream");
        assumeTrue(streams != null, "tshark is not available");
        Map<String, ByteArrayOutputStream> ours = new HashMap<>();
        List<String> gaps = new ArrayList<>();
        ConnectionListener listener = (c, d) -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ours.put(c.index() + " " + c.source(d), bytes);
            return new StreamHandler() {
                @Override
                public void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len) {
                    bytes.write(buf, off, len);
                }

                @Override
                public void gap(long frame, long timeNanos, long streamOffset, long length) {
                    gaps.add(c.index() + " " + streamOffset + "+" + length);
                }

                @Override
                public void end(long frame, long timeNanos, boolean reset) {}
            };
        };
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment seg = new TcpSegment();
        TcpReassembler tcp = new TcpReassembler(listener);
        Packet p = new Packet();
        try (CaptureReader r = Captures.open(file)) {
            while (r.next(p)) {
                if (decoder.decode(p, seg)) {
                    tcp.segment(seg);
                }
            }
        }
        tcp.finish();
        assertThat(gaps).isEmpty();
        TreeSet<Integer> indexes = new TreeSet<>();
        for (String[] row : streams) {
            if (!row[0].isEmpty()) {
                indexes.add(Integer.parseInt(row[0]));
            }
        }
        assertThat(tcp.connectionCount()).isEqualTo(indexes.size());
        for (int i : indexes) {
            Process proc = new ProcessBuilder("tshark", "-n", "-r", file.toString(), "-qz", "follow,tcp,raw," + i)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String[] nodes = new String[2];
            StringBuilder[] hex = {new StringBuilder(), new StringBuilder()};
            try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                boolean body = false;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("Node 0: ")) {
                        nodes[0] = line.substring(8);
                    } else if (line.startsWith("Node 1: ")) {
                        nodes[1] = line.substring(8);
                        body = true;
                    } else if (body && !line.startsWith("=")) {
                        hex[line.startsWith("\t") ? 1 : 0].append(line.trim());
                    }
                }
            }
            for (int n = 0; n < 2; n++) {
                ByteArrayOutputStream b = ours.get((i + 1) + " " + nodes[n]);
                String got = b == null ? "" : java.util.HexFormat.of().formatHex(b.toByteArray());
                assertThat(got).as("stream %d from %s", i, nodes[n]).isEqualTo(hex[n].toString());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void pcap4jYieldsTheSameFrames(Path file) throws IOException {
        Packet a = new Packet(), b = new Packet();
        int n = 0;
        try (CaptureReader own = Captures.open(file); CaptureReader lib = openPcap4j(file, null)) {
            while (own.next(a)) {
                assertThat(lib.next(b)).isTrue();
                assertThat(b.frame).isEqualTo(a.frame);
                assertThat(b.timestampNanos).isEqualTo(a.timestampNanos);
                assertThat(b.length).isEqualTo(a.length);
                assertThat(b.originalLength).isEqualTo(a.originalLength);
                assertThat(b.linkType).isEqualTo(a.linkType);
                assertThat(Arrays.copyOfRange(b.data, b.offset, b.offset + b.length))
                        .isEqualTo(Arrays.copyOfRange(a.data, a.offset, a.offset + a.length));
                n++;
            }
            assertThat(lib.next(b)).isFalse();
        }
        assertThat(n).isPositive();
    }

    static CaptureReader openPcap4j(Path file, String filter) throws CaptureException {
        try {
            return new Pcap4jCaptureReader(file, filter);
        } catch (CaptureException e) {
            assumeTrue(!e.getMessage().startsWith("libpcap is not available"), e.getMessage());
            throw e;
        }
    }

    @Test
    void pcap4jAppliesBpfFilters() throws IOException {
        Path file = DIR.resolve("softuiwarp-perftest-write.pcap");
        assumeTrue(Files.exists(file));
        List<String[]> expected = tshark(file, "frame.number");
        int all = 0, syn = 0;
        Packet p = new Packet();
        try (CaptureReader r = openPcap4j(file, null)) {
            while (r.next(p)) {
                all++;
            }
        }
        try (CaptureReader r = openPcap4j(file, "tcp[tcpflags] & tcp-syn != 0")) {
            while (r.next(p)) {
                syn++;
            }
        }
        if (expected != null) {
            assertThat(all).isEqualTo(expected.size());
        }
        assertThat(syn).isBetween(1, all - 1);
    }

    @Test
    void pcap4jRefusesWhatIsNotACapture(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a capture at all\n");
        Path file = DIR.resolve("softuiwarp-send-read.pcap");
        assumeTrue(Files.exists(file));
        openPcap4j(file, null).close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Pcap4jCaptureReader(dir.resolve("missing.pcap"), null))
                .isInstanceOf(CaptureException.class).hasMessageContaining("no such file");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Pcap4jCaptureReader(dir, null))
                .isInstanceOf(CaptureException.class).hasMessageContaining("folder");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Pcap4jCaptureReader(text, null))
                .isInstanceOf(CaptureException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Pcap4jCaptureReader(file, "tcp and and"))
                .isInstanceOf(CaptureException.class).hasMessageContaining("filter");
    }

    @ParameterizedTest
    @MethodSource("captures")
    void everyRecordCanBeReadAgainByItsPosition(Path file) throws IOException {
        try (CaptureReader r = Captures.open(file)) {
            List<long[]> positions = new ArrayList<>();
            List<byte[]> copies = new ArrayList<>();
            Packet p = new Packet();
            long pos = r.position();
            while (r.next(p)) {
                positions.add(new long[] {pos, p.frame});
                copies.add(Arrays.copyOfRange(p.data, p.offset, p.offset + p.length));
                pos = r.position();
            }
            for (int i = positions.size() - 1; i >= 0; i--) {
                assertThat(r.readAt(positions.get(i)[0], positions.get(i)[1], p)).isTrue();
                assertThat(p.frame).isEqualTo(positions.get(i)[1]);
                assertThat(Arrays.copyOfRange(p.data, p.offset, p.offset + p.length)).isEqualTo(copies.get(i));
            }
        }
    }

    /**
     * Prints the cost per packet of each reader on the largest real capture, its records repeated
     * to make a file long enough for a steady state (no assertion on time).
     */
    @Test
    void readerCostPerPacket(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path largest = captures().max((x, y) -> Long.compare(x.toFile().length(), y.toFile().length())).orElse(null);
        assumeTrue(largest != null && largest.toString().endsWith(".pcap"));
        byte[] original = Files.readAllBytes(largest);
        Path big = dir.resolve("repeated.pcap");
        try (var out = Files.newOutputStream(big)) {
            out.write(original, 0, 24);
            for (int i = 0; i < 30; i++) {
                out.write(original, 24, original.length - 24);
            }
        }
        long own = Long.MAX_VALUE, lib = Long.MAX_VALUE, decoded = Long.MAX_VALUE, packets = 0;
        for (int pass = 0; pass < 8; pass++) { // the best pass, once compiled, on a shared machine
            Packet p = new Packet();
            packets = 0;
            long t0 = System.nanoTime();
            try (CaptureReader r = Captures.open(big)) {
                while (r.next(p)) {
                    packets++;
                }
            }
            long t1 = System.nanoTime();
            try (CaptureReader r = new Pcap4jCaptureReader(big, null)) {
                while (r.next(p)) {
                    // only the reading is measured
                }
            } catch (CaptureException e) {
                assumeTrue(false, e.getMessage());
            }
            long t2 = System.nanoTime();
            PacketDecoder decoder = new PacketDecoder();
            TcpSegment seg = new TcpSegment();
            TcpReassembler tcp = new TcpReassembler(NULL_LISTENER);
            try (CaptureReader r = Captures.open(big)) {
                while (r.next(p)) {
                    if (decoder.decode(p, seg)) {
                        tcp.segment(seg);
                    }
                }
            }
            tcp.finish();
            long t3 = System.nanoTime();
            own = Math.min(own, (t1 - t0) / packets);
            lib = Math.min(lib, (t2 - t1) / packets);
            decoded = Math.min(decoded, (t3 - t2) / packets);
        }
        System.out.printf("%s x30 (%d packets, %d MB): own mapped reader %d ns/packet, Pcap4J %d ns/packet, "
                        + "own reader + decode + reassembly %d ns/packet%n",
                largest.getFileName(), packets, Files.size(big) >> 20, own, lib, decoded);
    }

    static final StreamHandler SINK = new StreamHandler() {
        @Override
        public void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len) {}

        @Override
        public void gap(long frame, long timeNanos, long streamOffset, long length) {}

        @Override
        public void end(long frame, long timeNanos, boolean reset) {}
    };

    static final ConnectionListener NULL_LISTENER = (c, d) -> SINK;
}

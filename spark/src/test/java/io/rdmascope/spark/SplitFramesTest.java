package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frames table of a split capture is the whole file's, row for row: every sample, its frames
 * dealt in turn with those of a real capture between other hosts, and that capture's last frame
 * last. The groups' TCP streams alternate in the file, so the whole file's {@code tcp.stream}
 * numbers are not any group's; and the file ends in another group than the sample's, so that what
 * the sample leaves unfinished is flushed after the file's last frame (a truncated FPDU: an
 * end-of-capture record, and a transaction whose id is given after every other).
 */
class SplitFramesTest {
    @TempDir
    static Path tmp;
    static RdmascopeTables whole;
    static RdmascopeTables split;

    @BeforeAll
    static void runBoth() throws IOException {
        Path other = RealCaptures.file("siw/std_send_lat_64_mtu1500_tso.pcap");
        Path dealt = Files.createDirectories(tmp.resolve("dealt"));
        List<Path> samples;
        try (Stream<Path> s = Files.list(Path.of("..", "samples"))) {
            samples = s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        }
        for (Path sample : samples) {
            deal(read(sample), other, dealt.resolve(sample.getFileName() + "ng"));
        }
        List<String> inputs = List.of(dealt.toString());
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(inputs, tmp.resolve("whole").toString(), false, 0,
                64, 32, false, true));
        whole = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("whole").toString());
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(inputs, tmp.resolve("split").toString(), true, 3,
                64, 32, false, true).withSplitSize(1));
        split = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("split").toString());
    }

    /**
     * Writes one frame of {@code a}, then one of {@code second}, and so on; {@code second}'s last frame last
     * (pcapng: the two may differ in link type).
     */
    private static void deal(List<Packet> a, Path second, Path out) throws IOException {
        List<Packet> b = read(second);
        Packet last = b.remove(b.size() - 1);
        try (CaptureWriter w = new CaptureWriter(out, CaptureWriter.Format.pcapng)) {
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                if (i < a.size()) {
                    w.write(a.get(i));
                }
                if (i < b.size()) {
                    w.write(b.get(i));
                }
            }
            w.write(last);
        }
    }

    private static List<Packet> read(Path file) throws IOException {
        List<Packet> packets = new ArrayList<>();
        try (CaptureReader in = Captures.open(file)) {
            Packet p = new Packet();
            while (in.next(p)) {
                Packet copy = new Packet();
                copy.timestampNanos = p.timestampNanos;
                copy.linkType = p.linkType;
                copy.data = Arrays.copyOfRange(p.data, p.offset, p.offset + p.length);
                copy.length = p.length;
                copy.originalLength = p.originalLength;
                packets.add(copy);
            }
        }
        return packets;
    }

    @Test
    void everyDealtCaptureIsSplit() {
        assertThat(split.captures().filter("groups > 1").count()).isEqualTo(whole.captures().count()).isPositive();
    }

    @Test
    void framesAreTheWholeFiles() {
        // the comparison covers streams numbered across groups and records of the end of the capture
        assertThat(whole.frames().filter("tcpStream > 1").count()).isPositive();
        assertThat(whole.frames().filter("endOfCapture").count()).isPositive();
        SplitConnectionsTest.assertSame(whole.frames(), split.frames());
    }

    @Test
    void theOtherTablesAreTheWholeFiles() {
        SplitConnectionsTest.assertSame(whole.connections(), split.connections());
        SplitConnectionsTest.assertSame(whole.transactions(), split.transactions());
        SplitConnectionsTest.assertSame(whole.violations(), split.violations());
    }
}

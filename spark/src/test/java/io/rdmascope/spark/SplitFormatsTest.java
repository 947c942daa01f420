package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.synth.BulkCapture;
import io.rdmascope.synth.RoceBulkCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --split-connections} over a pcapng file (each group reads the section header and the
 * interface descriptions with its own blocks), a RoCE capture of many hosts, and a capture cut
 * short (analysed whole, as the captures row says): the tables of the job without splitting, the
 * frames table included.
 */
class SplitFormatsTest {
    @TempDir
    static Path tmp;

    @Test
    void pcapngAndACaptureCutShortGiveTheWholeFilesTables() throws IOException {
        Path pcap = tmp.resolve("bulk.pcap");
        BulkCapture.write(pcap, 2_000_000L, 24, 4, 1400);
        Path pcapng = tmp.resolve("bulk.pcapng");
        try (CaptureReader in = Captures.open(pcap); CaptureWriter out = new CaptureWriter(pcapng,
                CaptureWriter.Format.pcapng)) {
            Packet p = new Packet();
            while (in.next(p)) {
                out.write(p);
            }
        }
        Path cut = tmp.resolve("cut.pcap");
        byte[] all = Files.readAllBytes(pcap);
        Files.write(cut, Arrays.copyOf(all, all.length * 2 / 3));
        Path roce = tmp.resolve("roce.pcap");
        RoceBulkCapture.write(roce, 2_000_000L, 24, 4, 1024);
        List<String> inputs = List.of(pcapng.toString(), cut.toString(), roce.toString());
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(inputs, tmp.resolve("whole").toString(), false, 0,
                64, 32, false, true));
        AnalyzeJob.Summary s = AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(inputs,
                tmp.resolve("split").toString(), true, 3, 64, 32, false, true).withSplitSize(1));
        assertThat(s.tasks()).isEqualTo(3 + 1 + 3);
        RdmascopeTables whole = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("whole").toString());
        RdmascopeTables split = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("split").toString());
        Map<String, Row> captures = new TreeMap<>();
        split.captures().collectAsList().forEach(r -> captures.put(r.getAs("capture"), r));
        assertThat(captures.get(pcapng.toString()).<Integer>getAs("groups")).isEqualTo(3);
        assertThat(captures.get(cut.toString()).<Integer>getAs("groups")).isEqualTo(1);
        assertThat(captures.get(cut.toString()).<String>getAs("whole")).isEqualTo(CaptureIndex.NOT_READ);
        assertThat(captures.get(cut.toString()).<String>getAs("status")).isEqualTo("truncated");
        assertThat(captures.get(roce.toString()).<Integer>getAs("groups")).isEqualTo(3);
        assertThat(whole.connections().count()).isEqualTo(3 * 24);
        assertThat(split.connections().filter("transport = 'roce'").count()).isEqualTo(24);
        SplitConnectionsTest.assertSame(whole.connections(), split.connections());
        SplitConnectionsTest.assertSame(whole.transactions(), split.transactions());
        SplitConnectionsTest.assertSame(whole.violations(), split.violations());
        SplitConnectionsTest.assertSame(whole.captures().drop("groups", "whole"),
                split.captures().drop("groups", "whole"));
        SplitConnectionsTest.assertSame(whole.frames(), split.frames());
    }
}

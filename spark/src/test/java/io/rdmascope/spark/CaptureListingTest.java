package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdOutputStream;
import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;
import scala.Tuple2;

/**
 * Folder inputs of the job: every capture file in the folder and its subfolders, plain or
 * compressed, in the order of their paths, without other files or what Hadoop tools hide.
 */
class CaptureListingTest {
    @TempDir
    Path tmp;

    private static final Path SAMPLE = Path.of("..", "samples", "oneshot-write.pcap");

    @Test
    void aFolderStandsForItsCapturesInEverySubfolderCompressedOrNot() throws IOException {
        Path dir = tmp.resolve("archive");
        Files.createDirectories(dir.resolve("rack1/host2"));
        Files.createDirectories(dir.resolve("_temporary"));
        Files.copy(SAMPLE, dir.resolve("a.pcap"));
        compressed(dir.resolve("rack1/b.pcap.gz"), GZIPOutputStream::new);
        compressed(dir.resolve("rack1/host2/c.pcapng.zst"), ZstdOutputStream::new);
        compressed(dir.resolve("rack1/host2/d.cap.xz"), o -> new XZOutputStream(o, new LZMA2Options()));
        compressed(dir.resolve("rack1/e.PCAP.bz2"), BZip2CompressorOutputStream::new);
        Files.writeString(dir.resolve("rack1/notes.txt"), "not a capture");
        Files.writeString(dir.resolve("rack1/f.gz"), "not a capture either");
        Files.copy(SAMPLE, dir.resolve("_temporary/g.pcap"));
        Files.copy(SAMPLE, dir.resolve("rack1/.h.pcap"));

        List<String> names = AnalyzeJob.list(List.of(dir + "/"), new Configuration()).stream()
                .map(Tuple2::_1).toList();
        assertThat(names).containsExactly(dir + "/a.pcap", dir + "/rack1/b.pcap.gz", dir + "/rack1/e.PCAP.bz2",
                dir + "/rack1/host2/c.pcapng.zst", dir + "/rack1/host2/d.cap.xz");
    }

    @Test
    void aFolderWithoutCapturesIsAFailedCaptureNotAFailedJob() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.writeString(empty.resolve("notes.txt"), "not a capture");
        Path out = tmp.resolve("out");
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(List.of(empty.toString(), SAMPLE.toString()),
                out.toString(), false));

        RdmascopeTables t = RdmascopeTables.read(LocalSpark.get(), out.toString());
        assertThat(t.errors().collectAsList()).extracting(r -> r.<String>getAs("capture"))
                .containsExactly(empty.toString());
        assertThat(t.captures().filter("status = 'complete'").count()).isEqualTo(1);
        assertThat(t.transactions().count()).isPositive();
    }

    @Test
    void compressedCapturesInAFolderAreAnalysed() throws IOException {
        Path dir = tmp.resolve("archive");
        Files.createDirectories(dir.resolve("day1"));
        Files.copy(SAMPLE, dir.resolve("plain.pcap"));
        compressed(dir.resolve("day1/packed.pcap.zst"), ZstdOutputStream::new);
        Path out = tmp.resolve("out");
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(List.of(dir.toString()), out.toString(), false));

        RdmascopeTables t = RdmascopeTables.read(LocalSpark.get(), out.toString());
        List<Row> captures = t.captures().orderBy(AnalysisTables.CAPTURE).collectAsList();
        assertThat(captures).extracting(r -> r.<String>getAs("capture"))
                .containsExactly(dir + "/day1/packed.pcap.zst", dir + "/plain.pcap");
        assertThat(captures).allSatisfy(r -> assertThat(r.<String>getAs("status")).isEqualTo("complete"));
        assertThat(captures.get(0).<Long>getAs("frames")).isEqualTo(captures.get(1).<Long>getAs("frames"));
        long plain = t.transactions().filter("capture like '%plain.pcap'").count();
        assertThat(plain).isPositive();
        assertThat(t.transactions().filter("capture like '%packed.pcap.zst'").count()).isEqualTo(plain);
    }

    /** A stream that compresses into a file. */
    private interface Compressor {
        OutputStream open(OutputStream file) throws IOException;
    }

    private static void compressed(Path file, Compressor compressor) throws IOException {
        try (OutputStream out = compressor.open(Files.newOutputStream(file))) {
            Files.copy(SAMPLE, out);
        }
    }
}

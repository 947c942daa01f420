package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.cli.StitchTest;
import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's {@code --stitch}: a real NFS capture cut in two by a ring buffer's rotation gives the
 * rows of the whole capture, under the ring buffer's name.
 */
class StitchJobTest {
    @TempDir
    Path tmp;

    @Test
    void aRingBufferIsOneCapture() throws IOException {
        Path whole = RealCaptures.file("siw/std_nfs_rdma_mtu1500_tso.pcap");
        Path ring = Files.createDirectories(tmp.resolve("ring"));
        StitchTest.cut(whole, 600, ring.resolve("nfs_00001_20261127100000.pcap"),
                ring.resolve("nfs_00002_20261127100500.pcap"));
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(List.of(whole.toString()),
                tmp.resolve("whole").toString(), false));
        AnalyzeJob.Summary s = AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(List.of(ring.toString()),
                tmp.resolve("stitched").toString(), true).withStitch());
        assertThat(s.captures()).isEqualTo(1);
        RdmascopeTables w = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("whole").toString());
        RdmascopeTables st = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("stitched").toString());
        List<Row> captures = st.captures().collectAsList();
        assertThat(captures).hasSize(1);
        assertThat(captures.get(0).<String>getAs("capture")).isEqualTo(ring + "/nfs_*.pcap");
        assertThat(captures.get(0).<String>getAs("whole")).isEqualTo("stitched");
        assertThat(captures.get(0).<Long>getAs("size")).isEqualTo(Files.size(whole) + 24);
        List<String> a = rows(st.transactions()), b = rows(w.transactions());
        List<String> onlyA = new ArrayList<>(a), onlyB = new ArrayList<>(b);
        onlyA.removeAll(b);
        onlyB.removeAll(a);
        assertThat(onlyA).as("only stitched").isEmpty();
        assertThat(onlyB).as("only whole").isEmpty();
        assertThat(a).isNotEmpty().isEqualTo(b);
        assertThat(rows(st.connections())).isEqualTo(rows(w.connections()));
        assertThat(rows(st.violations())).isEqualTo(rows(w.violations()));
        assertThat(rows(st.captures().drop("size", "groups", "whole")))
                .isEqualTo(rows(w.captures().drop("size", "groups", "whole")));
    }

    /** The rows without the capture's name (and its key), sorted. */
    private static List<String> rows(Dataset<Row> t) {
        List<String> out = new ArrayList<>();
        for (Row r : t.drop("capture", "captureKey").collectAsList()) {
            out.add(r.toString());
        }
        out.sort(null);
        return out;
    }
}

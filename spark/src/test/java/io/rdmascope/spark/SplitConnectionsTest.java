package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --split-connections} cannot change a verdict: every sample and real capture, split with a
 * split size of one octet (so that every capture whose endpoints fall into two groups or more is
 * split), gives the tables of the job without splitting, row for row, ids included; the frames
 * table too, with the TCP streams numbered as in the whole file and one set of end-of-capture records.
 */
class SplitConnectionsTest {
    @TempDir
    static Path tmp;
    static RdmascopeTables whole;
    static RdmascopeTables split;
    static AnalyzeJob.Summary splitSummary;

    @BeforeAll
    static void runBoth() throws IOException {
        List<String> inputs = List.of(Path.of("..", "samples").toString(), RealCaptures.dir().toString());
        AnalyzeJob.Options o = new AnalyzeJob.Options(inputs, tmp.resolve("whole").toString(), false, 0, 64, 32,
                false, true);
        AnalyzeJob.run(LocalSpark.get(), o);
        whole = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("whole").toString());
        AnalyzeJob.Options s = new AnalyzeJob.Options(inputs, tmp.resolve("split").toString(), true, 3, 64, 32, false,
                true).withSplitSize(1);
        splitSummary = AnalyzeJob.run(LocalSpark.get(), s);
        split = RdmascopeTables.read(LocalSpark.get(), tmp.resolve("split").toString());
    }

    @Test
    void someCapturesAreSplit() {
        assertThat(splitSummary.tasks()).isGreaterThan(splitSummary.captures());
        List<Row> rows = split.captures().collectAsList();
        assertThat(rows).allSatisfy(r -> assertThat(r.<Integer>getAs("groups")).isNotNull());
        assertThat(rows).anySatisfy(r -> assertThat(r.<Integer>getAs("groups")).isGreaterThan(1));
        // a capture analysed whole says why; a split one does not
        assertThat(rows).allSatisfy(r -> assertThat(r.<String>getAs("whole") == null)
                .isEqualTo(r.<Integer>getAs("groups") > 1));
        assertThat(whole.captures().filter("groups is not null or whole is not null").count()).isZero();
        System.out.println("split: " + split.captures().filter("groups > 1").select("capture", "groups")
                .collectAsList() + " of " + rows.size() + " captures");
    }

    @Test
    void connectionsAreTheWholeFiles() {
        assertSame(whole.connections(), split.connections());
    }

    @Test
    void transactionsAreTheWholeFiles() {
        assertSame(whole.transactions(), split.transactions());
    }

    @Test
    void violationsAreTheWholeFiles() {
        assertSame(whole.violations(), split.violations());
    }

    @Test
    void capturesAreTheWholeFiles() {
        assertSame(whole.captures().drop("groups", "whole"), split.captures().drop("groups", "whole"));
    }

    @Test
    void framesAreTheWholeFiles() {
        assertSame(whole.frames(), split.frames());
    }

    /** The same rows, each as often, per capture. */
    static void assertSame(Dataset<Row> expected, Dataset<Row> actual) {
        Map<String, List<String>> e = byCapture(expected);
        Map<String, List<String>> a = byCapture(actual);
        assertThat(a.keySet()).isEqualTo(e.keySet());
        for (String capture : e.keySet()) {
            assertThat(a.get(capture)).as(capture).isEqualTo(e.get(capture));
        }
    }

    private static Map<String, List<String>> byCapture(Dataset<Row> rows) {
        Map<String, List<String>> out = new TreeMap<>();
        for (Row r : rows.collectAsList()) {
            out.computeIfAbsent(r.getAs("capture"), c -> new ArrayList<>()).add(r.toString());
        }
        out.values().forEach(l -> l.sort(null));
        return out;
    }
}

package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's output folder as a data lake keeps it: short partition folders whatever the length of
 * the capture's path, reruns that replace only their own captures' rows, and a Parquet file for
 * every table, empty ones included.
 */
class LakeTablesTest {
    @TempDir
    Path tmp;

    private static final Path SAMPLES = Path.of("..", "samples");

    @Test
    void aCaptureWithAPathOf300CharactersIsAnalysedAndEmptyTablesHaveAFile() throws IOException {
        Path dir = tmp;
        while (dir.toString().length() < 280) {
            dir = dir.resolve("a-folder-name-of-forty-characters-length");
        }
        Files.createDirectories(dir);
        Path capture = Files.copy(SAMPLES.resolve("oneshot-write.pcap"), dir.resolve("oneshot-write.pcap"));
        assertThat(capture.toString().length()).isGreaterThanOrEqualTo(300);
        Path out = tmp.resolve("out");
        run(out, capture);

        RdmascopeTables t = RdmascopeTables.read(LocalSpark.get(), out.toString());
        assertThat(t.transactions().count()).isPositive();
        assertThat(t.transactions().select(AnalysisTables.CAPTURE).distinct().collectAsList())
                .extracting(r -> r.getString(0)).containsExactly(capture.toString());
        assertThat(t.errors().count()).isZero();
        try (Stream<Path> partitions = Files.list(out.resolve("transactions"))) {
            assertThat(partitions.filter(Files::isDirectory).map(p -> p.getFileName().toString()))
                    .containsExactly(LakeTables.KEY + "=" + LakeTables.key(capture.toString()));
        }

        // the errors table has no rows, and a file all the same
        for (String table : List.of("connections", "transactions", "violations", "errors", "captures")) {
            try (Stream<Path> files = Files.walk(out.resolve(table))) {
                assertThat(files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                        .filter(p -> p.getParent().getFileName().toString().startsWith(LakeTables.KEY + "=")))
                        .as(table).isNotEmpty();
            }
        }
        Dataset<Row> errors = LocalSpark.get().read().parquet(out.resolve("errors").toString());
        assertThat(errors.count()).isZero();
        assertThat(errors.columns()).containsExactly(AnalysisTables.CAPTURE, "message", LakeTables.KEY);
    }

    @Test
    void theKeyInSparkSqlIsTheKeyInJava() {
        String name = "s3a://archive/rack7/2026-11-27/nfs.pcapng";
        Row r = LocalSpark.get().range(1).select(functions.lit(name).as(AnalysisTables.CAPTURE))
                .select(LakeTables.keyColumn()).first();
        assertThat(r.getString(0)).isEqualTo(LakeTables.key(name)).hasSize(16);
    }

    @Test
    void aRerunReplacesOnlyItsOwnCapturesRows() throws IOException {
        Path a = Files.copy(SAMPLES.resolve("oneshot-write.pcap"), tmp.resolve("a.pcap"));
        Path b = Files.copy(SAMPLES.resolve("oneshot-read.pcap"), tmp.resolve("b.pcap"));
        Path out = tmp.resolve("out");
        run(out, a, b);
        long aRows = rows(out, "transactions", a);
        long bRows = rows(out, "transactions", b);
        assertThat(aRows).isPositive();
        assertThat(bRows).isPositive();

        // a is now unreadable: its transactions go, an error row comes, b is kept
        Files.writeString(a, "not a capture\n");
        run(out, a);
        assertThat(rows(out, "transactions", a)).isZero();
        assertThat(rows(out, "errors", a)).isEqualTo(1);
        assertThat(rows(out, "transactions", b)).isEqualTo(bRows);

        // a analysed again: its transactions are back once, its error row gone
        Files.copy(SAMPLES.resolve("oneshot-write.pcap"), a, StandardCopyOption.REPLACE_EXISTING);
        run(out, a);
        assertThat(rows(out, "transactions", a)).isEqualTo(aRows);
        assertThat(rows(out, "errors", a)).isZero();
        assertThat(rows(out, "transactions", b)).isEqualTo(bRows);
    }

    private static void run(Path out, Path... captures) throws IOException {
        List<String> inputs = Stream.of(captures).map(Path::toString).toList();
        AnalyzeJob.run(LocalSpark.get(), new AnalyzeJob.Options(inputs, out.toString(), false));
    }

    private static long rows(Path out, String table, Path capture) {
        return LocalSpark.get().read().parquet(out.resolve(table).toString())
                .filter(functions.col(AnalysisTables.CAPTURE).equalTo(capture.toString())).count();
    }
}

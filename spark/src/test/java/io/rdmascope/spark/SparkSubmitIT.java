package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The job jar ({@code mvn package}'s) run as a user runs it: through Spark's own
 * {@code org.apache.spark.deploy.SparkSubmit}, in a JVM of its own whose class path is only the
 * jars of one Spark release (spark/runtimes), on {@code local[1]}, for Spark 3.5 with Scala 2.12
 * and 2.13 and Spark 4.0. Over a folder of samples (a few of every kind of table row: one-shot,
 * read, upper-layer maps, violations), a file that is not a capture and a missing path, its
 * tables must hold the rows of the command line's {@code analyze --format parquet}, run in a JVM
 * of its own as well, in files of the same Parquet schema.
 */
class SparkSubmitIT {
    @TempDir
    static Path tmp;
    static List<String> captures;
    static Path commandLine;

    private static final List<String> TABLES = List.of("connections", "transactions", "violations", "captures",
            "frames");

    private static final List<String> SAMPLES = List.of("oneshot-write.pcap", "oneshot-read.pcap", "ulp-nfs.pcap",
            "ulp-smb.pcap", "stag-wrong-connection.pcap", "markers-and-crc.pcap", "mpa-truncated.pcap");

    @BeforeAll
    static void analyseWithTheCommandLine() throws Exception {
        Path samples = Files.createDirectories(tmp.resolve("samples"));
        for (String sample : SAMPLES) {
            Files.copy(Path.of("..", "samples", sample), samples.resolve(sample));
        }
        Path broken = tmp.resolve("broken.pcap");
        Files.writeString(broken, "not a capture\n");
        captures = List.of(samples.toString(), broken.toString(), tmp.resolve("missing.pcap").toString());
        commandLine = tmp.resolve("command-line");
        List<String> command = new ArrayList<>(List.of(java(), "-cp", classPath("command-line"),
                "io.rdmascope.cli.Main", "analyze", "--format", "parquet", "--parquet-frames",
                "--output", commandLine.toString()));
        command.addAll(captures);
        // the unreadable inputs make the exit status 2; the others' tables are written all the same
        run(command, tmp.resolve("command-line.log"), "the command line", 0, 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"spark-3.5-scala-2.12", "spark-3.5-scala-2.13", "spark-4.0-scala-2.13"})
    void jobJarGivesTheCommandLinesTables(String runtime) throws Exception {
        Path out = tmp.resolve(runtime);
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(Arrays.asList(System.getProperty("rdmascope.sparkJvmOptions").trim().split("\\s+")));
        command.addAll(List.of("-Xmx1g", "-cp", classPath(runtime), "org.apache.spark.deploy.SparkSubmit",
                "--master", "local[1]", "--conf", "spark.ui.enabled=false", "--conf", "spark.driver.host=127.0.0.1",
                "--class", AnalyzeJob.class.getName(), System.getProperty("rdmascope.jobJar"),
                "analyze", "--parquet-frames", "--output", out.toString()));
        command.addAll(captures);
        run(command, tmp.resolve(runtime + ".log"), "spark-submit on " + runtime, 0);

        for (String table : TABLES) {
            // the reasons of failures are worded by each launcher's own error reporting
            Dataset<Row> expected = LocalSpark.get().read().parquet(commandLine.resolve(table).toString())
                    .drop("reason");
            Dataset<Row> actual = LocalSpark.get().read().parquet(out.resolve(table).toString())
                    .drop(LakeTables.KEY, "reason");
            assertThat(expected.count()).as(table).isPositive();
            assertThat(sorted(actual)).as(table).isEqualTo(sorted(expected));
            assertThat(schema(out.resolve(table))).as(table).isEqualTo(schema(commandLine.resolve(table)));
        }
        assertThat(LocalSpark.get().read().parquet(out.resolve("errors").toString()).count()).isEqualTo(2);
    }

    /** The rows as text, sorted: tables compared whatever the order of their files. */
    private static List<String> sorted(Dataset<Row> rows) {
        return rows.collectAsList().stream().map(Row::toString).sorted().toList();
    }

    /** The columns of the first Parquet file under {@code table}: name, repetition and types. */
    private static List<Type> schema(Path table) throws IOException {
        Path file;
        try (Stream<Path> files = Files.walk(table)) {
            file = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().findFirst().orElseThrow();
        }
        try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
            return r.getFooter().getFileMetaData().getSchema().getFields();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The class path that spark/runtimes wrote for {@code runtime}. */
    private static String classPath(String runtime) throws IOException {
        Path runtimes = Path.of(System.getProperty("rdmascope.sparkRuntimes"));
        return Files.readString(runtimes.resolve(runtime).resolve("target").resolve("classpath.txt")).strip();
    }

    /** Runs {@code command}; fails with the end of its output unless it ends with one of {@code statuses}. */
    private static void run(List<String> command, Path log, String what, Integer... statuses) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        List<String> lines = Files.readAllLines(log);
        String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        assertThat(ended && List.of(statuses).contains(p.exitValue())).as("%s:%n%s", what, tail).isTrue();
    }
}

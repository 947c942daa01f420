package io.rdmascope.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.report.AnalysisTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The job jar ({@code mvn package}'s) run as a user runs it: through Spark's own
 * {@code org.apache.spark.deploy.SparkSubmit}, in a JVM of its own whose class path is only the
 * jars of one Spark distribution (spark/runtimes), on {@code local[1]}. Its tables must be the
 * command line's for the samples, a file that is not a capture and a missing path, on each Spark
 * build: 3.5 for Scala 2.12 and 2.13, and 4.0.
 */
class SparkSubmitIT {
    @TempDir
    static Path tmp;
    static List<String> captures;
    static JsonNode json;

    @BeforeAll
    static void analyseWithTheCommandLine() throws IOException {
        captures = List.of(Path.of("..", "samples").toAbsolutePath().normalize().toString());
        json = AnalyzeJobTest.jsonOf(captures);
    }

    @ParameterizedTest
    @ValueSource(strings = {"spark-3.5-scala-2.12", "spark-3.5-scala-2.13", "spark-4.0-scala-2.13"})
    void jobJarGivesTheCommandLinesTables(String runtime) throws Exception {
        Path broken = tmp.resolve("broken.pcap");
        Files.writeString(broken, "not a capture\n");
        Path out = tmp.resolve(runtime);
        List<String> args = new ArrayList<>(List.of("analyze"));
        args.addAll(captures);
        args.addAll(List.of(broken.toString(), tmp.resolve("missing.pcap").toString(), "--output", out.toString()));
        submit(runtime, args, tmp.resolve(runtime + ".log"));

        RdmascopeTables tables = RdmascopeTables.read(LocalSpark.get(), out.toString());
        AnalyzeJobTest.assertSameRows(AnalysisTables.CONNECTIONS, tables.connections(), json, Set.of());
        AnalyzeJobTest.assertSameRows(AnalysisTables.TRANSACTIONS, tables.transactions(), json, Set.of());
        AnalyzeJobTest.assertSameRows(AnalysisTables.VIOLATIONS, tables.violations(), json, Set.of());
        assertThat(tables.errors().count()).isEqualTo(2);
    }

    /** Runs the job jar with {@code args} through the SparkSubmit of {@code runtime}; fails with its log if it fails. */
    static void submit(String runtime, List<String> args, Path log) throws Exception {
        Path runtimes = Path.of(System.getProperty("rdmascope.sparkRuntimes"));
        String classPath = Files.readString(runtimes.resolve(runtime).resolve("target").resolve("classpath.txt")).strip();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(System.getProperty("rdmascope.sparkJvmOptions").trim().split("\\s+")));
        command.addAll(List.of("-Xmx1g", "-cp", classPath, "org.apache.spark.deploy.SparkSubmit",
                "--master", "local[1]", "--conf", "spark.ui.enabled=false", "--conf", "spark.driver.host=127.0.0.1",
                "--class", AnalyzeJob.class.getName(), System.getProperty("rdmascope.jobJar")));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        String tail = String.join("\n", lastLines(Files.readAllLines(log), 60));
        assertThat(ended && p.exitValue() == 0).as("spark-submit on %s:%n%s", runtime, tail).isTrue();
    }

    private static List<String> lastLines(List<String> lines, int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}

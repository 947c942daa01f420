package io.rdmascope.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release archive, unpacked into an empty folder, runs with the system's java and nothing else. */
class ReleaseArchiveTest {
    @TempDir
    Path dir;

    @Test
    void unpackedArchiveAnalysesASample() throws Exception {
        Path archive = Path.of(System.getProperty("rdmascope.archive"));
        Path sample = Path.of(System.getProperty("rdmascope.samples"), "completion-mismatch.pcap").toAbsolutePath();
        assertThat(run(dir, "tar", "xzf", archive.toString()).status).isZero();
        Path home = dir.resolve("rdmascope-0.1.0");
        assertThat(home.resolve("bin/rdmascope")).isExecutable();
        assertThat(home.resolve("bin/rdmascope.cmd")).isRegularFile();
        // cmd.exe reads labels and blocks reliably only with CRLF line ends; the launcher refuses a Java before 17
        String cmd = Files.readString(home.resolve("bin/rdmascope.cmd"));
        assertThat(cmd.split("\r\n", -1)).allMatch(line -> !line.contains("\n"));
        assertThat(cmd).contains("LSS 17", "exit /b 2", "io.rdmascope.cli.Main %*");
        assertThat(Files.readString(home.resolve("completion/rdmascope.bash"))).contains("analyze", "dissect", "capture",
                "--display-filter");
        try (var jars = Files.list(home.resolve("lib"))) {
            assertThat(jars.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("rdmascope-dissector-")).anyMatch(n -> n.startsWith("rdmascope-gui-"));
        }
        try (var jars = Files.list(home.resolve("lib"))) {
            assertThat(jars.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("rdmascope-spark-"));
        }
        try (var job = new java.util.zip.ZipFile(home.resolve("spark/rdmascope-spark-0.1.0.jar").toFile())) {
            assertThat(job.getEntry("io/rdmascope/spark/AnalyzeJob.class")).isNotNull();
            assertThat(job.getEntry("io/rdmascope/pipeline/Analyzer.class")).isNotNull();
        }
        Result r = run(dir, home.resolve("bin/rdmascope").toString(), "analyze", sample.toString());
        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).startsWith(sample + ": 22 frames, 1 MPA connection, 5 transactions: 1 error");
        assertThat(r.err).isEmpty();
        // a symbolic link to the launcher from elsewhere finds the archive's jars
        Path link = Files.createSymbolicLink(dir.resolve("rd"), home.resolve("bin/rdmascope"));
        assertThat(run(dir, link.toString(), "--version").out).isEqualTo("rdmascope 0.1.0\n");
    }

    record Result(int status, String out, String err) {}

    static Result run(Path in, String... command) throws Exception {
        ProcessBuilder b = new ProcessBuilder(command).directory(in.toFile());
        Map<String, String> env = b.environment();
        env.remove("RDMASCOPE_JAVA_OPTS");
        Path err = Files.createTempFile(in, "err", ".txt");
        Process p = b.redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out, Files.readString(err));
    }
}

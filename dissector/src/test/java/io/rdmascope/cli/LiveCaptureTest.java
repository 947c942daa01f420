package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.testing.Loopback;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live capture on the loopback interface: an iWARP conversation of a sample capture sent again over
 * a real TCP connection on 127.0.0.1 while {@code analyze -i lo}, {@code dissect -i lo} or
 * {@code capture -i lo} runs. Skipped where libpcap cannot open {@code lo} (no permission).
 */
class LiveCaptureTest {
    static final Path SAMPLE = Path.of("..", "samples", "completion-mismatch.pcap");
    static final Duration GUARD = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @BeforeAll
    static void loopbackCanBeCaptured() {
        Loopback.assumeCapturable();
    }

    /** A command run in this JVM on a thread of its own, with its output. */
    static final class Running {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final CompletableFuture<Integer> status;

        Running(String... args) {
            PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
            PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
            status = CompletableFuture.supplyAsync(() -> Main.run(args, o, e));
        }

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String err() {
            return err.toString(StandardCharsets.UTF_8);
        }

        /** Waits until the capture is open, as the command says on standard error. */
        void awaitCapturing() throws InterruptedException {
            while (!err().contains("Capturing on 'lo'")) {
                assertThat(status).as(err()).isNotDone();
                Thread.sleep(20);
            }
        }

        /** Sends the sample's conversation, then stops the capture as Ctrl-C does. */
        int replayAndStop(Loopback replay) throws Exception {
            awaitCapturing();
            replay.run();
            Thread.sleep(300);
            Live.stopAll();
            return status.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void analyzePrintsEachFindingAsItComesThenTheReport() {
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(SAMPLE)) {
                Running r = new Running("analyze", "-i", "lo", "-f", "tcp port " + replay.port());
                assertThat(r.replayAndStop(replay)).as(r.err()).isZero();
                String out = r.out();
                String firstReportLine = out.lines().filter(l -> l.startsWith("lo: ")).findFirst().orElseThrow();
                assertThat(firstReportLine).contains("1 MPA connection", "5 transactions", "1 error");
                String feed = out.substring(0, out.indexOf(firstReportLine));
                assertThat(feed).contains("error COMPLETION_MISMATCH", " oneshot ", " write ", " send ");
                assertThat(r.err()).contains("Capturing on 'lo'").containsPattern("\\d+ frames captured");
            }
        });
    }

    @Test
    void analyzeJsonDocumentIsClosedWhenStopped() {
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(SAMPLE)) {
                Running r = new Running("analyze", "--format", "json", "-i", "lo", "-f", "tcp port " + replay.port(),
                        "-Y", "rdmap.opcode");
                assertThat(r.replayAndStop(replay)).as(r.err()).isZero();
                JsonNode f = new ObjectMapper().readTree(r.out()).get("files").get(0);
                assertThat(f.get("path").asText()).isEqualTo("lo");
                assertThat(f.get("violations").get(0).get("code").asText()).isEqualTo("COMPLETION_MISMATCH");
            }
        });
    }

    @Test
    void dissectPrintsFramesAsTheyCome() {
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(SAMPLE)) {
                Running r = new Running("dissect", "-V", "-i", "lo", "-f", "tcp port " + replay.port());
                r.awaitCapturing();
                replay.run();
                while (!r.out().contains("Frame 5:")) {
                    assertThat(r.status).isNotDone();
                    Thread.sleep(20); // printed before the capture ends
                }
                Live.stopAll();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).isZero();
                assertThat(r.out()).contains("Frame ", "Transmission Control Protocol");
            }
        });
    }

    @Test
    void captureWritesToStandardOutputWithADash() {
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(SAMPLE)) {
                Running r = new Running("capture", "-i", "lo", "-f", "tcp port " + replay.port(), "-w", "-");
                assertThat(r.replayAndStop(replay)).as(r.err()).isZero();
                Path file = Files.write(dir.resolve("from-stdout.pcapng"), r.out.toByteArray());
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                assertThat(Main.run(new String[] {"analyze", "--format", "json", file.toString()},
                        new PrintStream(out, true, StandardCharsets.UTF_8), System.err)).isZero();
                JsonNode f = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("files").get(0);
                assertThat(f.get("transactions")).hasSize(5);
                assertThat(dir.resolve("-")).doesNotExist();
            }
        });
    }

    @Test
    void captureWritesAFileThatAnalyzesAsTheSampleDoes() {
        assertTimeoutPreemptively(GUARD, () -> {
            for (String format : List.of("pcapng", "pcap")) {
                Path file = dir.resolve("live." + format);
                try (Loopback replay = new Loopback(SAMPLE)) {
                    Running r = new Running("capture", "-i", "lo", "-f", "tcp port " + replay.port(), "-F", format,
                            "-w", file.toString());
                    assertThat(r.replayAndStop(replay)).as(r.err()).isZero();
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                assertThat(Main.run(new String[] {"analyze", "--format", "json", file.toString()},
                        new PrintStream(out, true, StandardCharsets.UTF_8), System.err)).isZero();
                JsonNode f = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("files").get(0);
                assertThat(f.get("connections")).as(format).hasSize(1);
                assertThat(f.get("transactions")).as(format).hasSize(5);
            }
        });
    }

    @Test
    void captureStopsAfterTheCountAndAnalysesWhatItWrote() {
        assertTimeoutPreemptively(GUARD, () -> {
            Path file = dir.resolve("counted.pcapng");
            try (Loopback replay = new Loopback(SAMPLE)) {
                Running r = new Running("capture", "-i", "lo", "-f", "tcp port " + replay.port(), "-c", "3",
                        "--analyze", "-w", file.toString());
                r.awaitCapturing();
                replay.run();
                assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
                assertThat(r.out()).contains("lo: 3 frames");
                assertThat(r.err()).contains("3 frames captured");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Main.run(new String[] {"analyze", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertThat(out.toString(StandardCharsets.UTF_8)).startsWith(file + ": 3 frames");
        });
    }

    @Test
    void durationEndsTheCapture() {
        assertTimeoutPreemptively(GUARD, () -> {
            Running r = new Running("analyze", "-i", "lo", "-f", "tcp port 9", "-a", "duration:0.5");
            assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
            assertThat(r.out()).startsWith("lo: 0 frames");
        });
    }

    /** Ctrl-C in a separate JVM: the capture ends, the JSON report is written and closed. */
    @Test
    void interruptEndsTheCaptureAndTheReportIsStillWritten() throws IOException {
        // a process started in the background of a shell ignores SIGINT, and so do its children
        assumeTrue(!ignoresInterrupt(), "SIGINT is ignored in this process tree, as in a shell's background job");
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(SAMPLE)) {
                Path java = Path.of(System.getProperty("java.home"), "bin", "java");
                Path err = dir.resolve("err.txt");
                Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                        "io.rdmascope.cli.Main", "analyze", "--format", "json", "-i", "lo", "-f", "tcp port " + replay.port(),
                        "--summary-interval", "0.2")
                        .redirectError(err.toFile()).start();
                CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
                while (!Files.readString(err).contains("Capturing on 'lo'")) {
                    assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
                    Thread.sleep(50);
                }
                replay.run();
                awaitTaken(p, err);
                new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).as(Files.readString(err)).isTrue();
                JsonNode f = new ObjectMapper().readTree(out.get()).get("files").get(0);
                assertThat(f.get("transactions")).hasSize(5);
                List<String> errors = new ArrayList<>(Files.readAllLines(err));
                errors.removeIf(l -> l.startsWith("WARNING:") || l.isEmpty() || l.startsWith("{\"summary\""));
                assertThat(errors).first().isEqualTo("Capturing on 'lo'");
                assertThat(errors).last().asString().matches("\\d+ frames captured, \\d+ dropped.*");
            }
        });
    }

    /** Whether this process ignores SIGINT (and so would the commands it starts), from /proc. */
    static boolean ignoresInterrupt() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 1)) != 0;
            }
        }
        return false;
    }

    /**
     * Waits until a process started with {@code --format json --summary-interval} has taken every
     * frame sent so far: some frames were counted, and then a period counted none.
     */
    static void awaitTaken(Process p, Path err) throws Exception {
        ObjectMapper json = new ObjectMapper();
        while (true) {
            List<JsonNode> periods = new ArrayList<>();
            for (String line : Files.readString(err).lines().filter(l -> l.startsWith("{\"summary\"")).toList()) {
                periods.add(json.readTree(line).get("summary"));
            }
            long frames = periods.stream().mapToLong(n -> n.get("frames").asLong()).sum();
            if (frames > 0 && periods.get(periods.size() - 1).get("frames").asLong() == 0) {
                return;
            }
            assertThat(p.isAlive()).as(Files.readString(err)).isTrue();
            Thread.sleep(50);
        }
    }

    @Test
    void listsTheInterfacesAsTsharkDoes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(Main.run(new String[] {"capture", "-D"}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err))
                .isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).anyMatch(l -> l.matches("\\d+\\. lo( .*)?"));
        ByteArrayOutputStream top = new ByteArrayOutputStream();
        assertThat(Main.run(new String[] {"-D"}, new PrintStream(top, true, StandardCharsets.UTF_8), System.err)).isZero();
        assertThat(top.toString(StandardCharsets.UTF_8)).isEqualTo(out.toString(StandardCharsets.UTF_8));
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

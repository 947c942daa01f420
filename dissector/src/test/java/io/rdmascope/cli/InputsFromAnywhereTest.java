package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * Captures from anywhere, through the real command: {@code -r}, standard input, FIFOs, compressed
 * files, capture filters and counts on files; and the first mistakes a user makes.
 */
class InputsFromAnywhereTest {
    static final Path SAMPLE = Path.of("..", "samples", "completion-mismatch.pcap");
    static final String SUMMARY = ": 22 frames, 1 MPA connection, 5 transactions: 1 error, 0 warnings, 0 notes";

    @TempDir
    Path dir;
    byte[] sample;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void read() throws Exception {
        sample = Files.readAllBytes(SAMPLE);
    }

    int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    String firstLine() {
        return out().lines().findFirst().orElse("");
    }

    @Test
    void readFileOptionIsTheFile() {
        assertThat(run("analyze", "-r", SAMPLE.toString())).isZero();
        assertThat(firstLine()).isEqualTo(SAMPLE + SUMMARY);
        assertThat(run("dissect", "-r", SAMPLE.toString())).isZero();
        assertThat(out()).startsWith("    1   0.000000     10.0.0.1 → 10.0.0.2     TCP 58 40000 → 4791 [SYN] ");
        assertThat(run("dissect", "-r", SAMPLE.toString(), SAMPLE.toString())).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: one capture file is read");
    }

    @Test
    void compressedCapturesAreRecognisedByTheirContent() throws Exception {
        Path gz = compress(dir.resolve("a.bin"), GZIPOutputStream::new);
        Path zst = compress(dir.resolve("b.pcap"), ZstdOutputStream::new);
        Path xz = compress(dir.resolve("c"), o -> new XZOutputStream(o, new LZMA2Options()));
        for (Path p : new Path[] {gz, zst, xz}) {
            assertThat(run("analyze", p.toString())).as(err()).isZero();
            assertThat(firstLine()).isEqualTo(p + SUMMARY);
        }
        assertThat(run("analyze", "-Y", "violation", gz.toString())).isZero();
        assertThat(out()).contains("COMPLETION_MISMATCH");
        assertThat(run("dissect", "-Y", "violation", xz.toString())).isZero();
        assertThat(out()).startsWith("   16 ");
    }

    @Test
    void aCutCompressedCaptureIsAnalysedAsFarAsItGoes() throws Exception {
        byte[] gz = Files.readAllBytes(compress(dir.resolve("a.gz"), GZIPOutputStream::new));
        Path cut = Files.write(dir.resolve("cut.gz"), Arrays.copyOf(gz, gz.length / 2));
        assertThat(run("analyze", cut.toString())).isZero();
        assertThat(err()).startsWith("rdmascope: " + cut + ": reading stopped early: gzip-compressed data is cut short");
        assertThat(err().lines()).hasSize(1);
        Path header = Files.write(dir.resolve("header.gz"), Arrays.copyOf(gz, 6));
        assertThat(run("analyze", header.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: " + header + ": gzip-compressed file cut short inside its header\n");
        byte[] damaged = gz.clone();
        for (int i = 20; i < 60; i++) {
            damaged[i] ^= 0x5a;
        }
        Path bad = Files.write(dir.resolve("bad.gz"), damaged);
        assertThat(run("analyze", bad.toString())).isEqualTo(2);
        assertThat(err().lines()).hasSize(1).first().asString().startsWith("rdmascope: " + bad + ": ");
    }

    @Test
    void aFifoIsReadAsAStream() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        for (String[] args : new String[][] {{"analyze", fifo.toString()}, {"analyze", "-Y", "violation", fifo.toString()}}) {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                try (OutputStream o = Files.newOutputStream(fifo)) {
                    o.write(sample);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertThat(run(args)).as(err()).isZero();
            writer.get();
            assertThat(firstLine()).startsWith(fifo + ": 22 frames");
        }
    }

    @Test
    void standardInputIsReadAsAStream() throws Exception {
        Path gz = compress(dir.resolve("in.gz"), GZIPOutputStream::new);
        for (Path input : new Path[] {SAMPLE, gz}) {
            for (String[] args : new String[][] {{"analyze", "-"}, {"analyze", "/dev/stdin"}, {"analyze", "-Y", "violation", "-"}}) {
                Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                        System.getProperty("java.class.path"), "io.rdmascope.cli.Main", args[0], args[1],
                        args.length > 2 ? args[2] : "--strict", args.length > 2 ? args[3] : "--format=text")
                        .redirectInput(input.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String o = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor()).as(String.join(" ", args)).isZero();
                assertThat(o).as(String.join(" ", args)).startsWith((args.length > 2 ? args[3] : args[1]) + ": 22 frames");
            }
        }
    }

    @Test
    void captureFilterAndCountApplyToFiles() {
        assertThat(run("analyze", "-f", "tcp port 4791", SAMPLE.toString())).isZero();
        assertThat(firstLine()).isEqualTo(SAMPLE + SUMMARY);
        assertThat(run("analyze", "-f", "udp", SAMPLE.toString())).isZero();
        assertThat(firstLine()).startsWith(SAMPLE + ": 0 frames");
        assertThat(run("analyze", "-c", "5", SAMPLE.toString())).isZero();
        assertThat(firstLine()).startsWith(SAMPLE + ": 5 frames");
        assertThat(run("analyze", "-a", "packets:4", SAMPLE.toString())).isZero();
        assertThat(firstLine()).startsWith(SAMPLE + ": 4 frames");
        assertThat(run("dissect", "-c", "2", SAMPLE.toString())).isZero();
        assertThat(out().lines()).hasSize(2).last().asString().startsWith("    2 ");
        assertThat(run("analyze", "-f", "tcp port (", SAMPLE.toString())).isEqualTo(2);
        assertThat(err().lines()).hasSize(1).first().asString().startsWith("rdmascope: capture filter \"tcp port (\"");
        assertThat(run("analyze", "-a", "duration:3", SAMPLE.toString())).isEqualTo(2);
        assertThat(run("analyze", "-c", "0", SAMPLE.toString())).isEqualTo(2);
    }

    @Test
    void aCaptureFilterOnAFileKeepsTheFramesNumbersOfTheFile() {
        Path gap = Path.of("..", "samples", "ddp-msn-gap.pcap");
        assertThat(run("analyze", "-f", "greater 60", gap.toString())).isZero();
        assertThat(firstLine()).startsWith(gap + ": 5 frames");
        assertThat(out()).contains("frame 12  DDP_MSN_GAP");
        assertThat(run("dissect", "-f", "greater 60", "-c", "3", "-T", "fields", "-e", "frame.number", gap.toString()))
                .isZero();
        assertThat(out()).isEqualTo("4\n6\n8\n");
    }

    @Test
    void missingInterfaceIsOneLineAndStatus2() {
        assertThat(run("analyze", "-i", "no-such-interface0")).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: no-such-interface0: no such interface (rdmascope capture -D lists them)\n");
        assertThat(run("capture", "-i", "no-such-interface0", "-w", dir.resolve("x.pcapng").toString())).isEqualTo(2);
        assertThat(err().lines()).hasSize(1);
        assertThat(run("capture", "-i", "lo")).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: nothing to do");
        assertThat(run("analyze", "-i", "lo", SAMPLE.toString())).isEqualTo(2);
    }

    @Test
    void firstMistakes() {
        assertThat(run()).isEqualTo(2);
        assertThat(err()).contains("analyze", "dissect", "capture", "gui");
        assertThat(run("analyze", "--explain", "--format", "json", SAMPLE.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: --explain tells the story in text only: it cannot be combined with --format json\n");
        assertThat(out()).isEmpty();
        assertThat(run("analyze", "-j", "0", SAMPLE.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: -j must be at least 1\n");
        assertThat(run("analyze")).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: no capture to read");
        assertThat(run("dissect", "-V", SAMPLE.toString())).isZero();
        assertThat(out()).startsWith("Frame 1: ").contains("    Frame Number: 1");
        assertThat(run("dissect", "-V", "--format", "json", SAMPLE.toString())).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: -V prints the detail tree");
        assertThat(run("dissect", "--version")).isZero();
        assertThat(out()).isEqualTo("rdmascope 0.1.0\n");
    }

    interface Compressor {
        OutputStream wrap(OutputStream o) throws Exception;
    }

    Path compress(Path to, Compressor c) throws Exception {
        try (OutputStream o = c.wrap(Files.newOutputStream(to))) {
            o.write(sample);
        }
        return to;
    }
}

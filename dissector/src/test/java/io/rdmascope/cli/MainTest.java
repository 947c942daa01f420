package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.report.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @TempDir
    Path dir;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path good;
    Path other;
    Path bad;

    @BeforeEach
    void files() throws Exception {
        good = Files.write(dir.resolve("b-good.pcap"), new byte[24]);
        other = Files.write(dir.resolve("a-other.pcapng"), new byte[24]);
        bad = Files.write(dir.resolve("c-bad.pcap"), new byte[3]);
        Files.write(dir.resolve("notes.txt"), new byte[3]);
    }

    int run(String... args) {
        Main.Env env = new Main.Env(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Fixtures.source(), Fixtures.engine());
        return Main.run(args, env);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    JsonNode json() throws Exception {
        return new ObjectMapper().readTree(out());
    }

    @Test
    void versionAndHelp() {
        assertThat(run("--version")).isZero();
        assertThat(out()).isEqualTo("rdmascope 0.1.0\n");
        out.reset();
        assertThat(run("--help")).isZero();
        assertThat(out()).contains("analyze", "dissect", "gui");
        out.reset();
        assertThat(run("analyze", "--help")).isZero();
        assertThat(out()).contains("--fail-on", "--buffers-per-qp", "--max-per-operation", "--strict", "-Y");
    }

    @Test
    void everyCommandPrintsTheVersionAndNoOptionIsSilent() {
        for (String command : new String[] {"analyze", "dissect", "fields", "synth", "gui", "capture"}) {
            for (String option : new String[] {"-v", "--version"}) {
                out.reset();
                assertThat(run(command, option)).as(command + " " + option).isZero();
                assertThat(out()).as(command + " " + option).isEqualTo("rdmascope 0.1.0\n");
            }
            out.reset();
            err.reset();
            int status = run(command, "-V");
            assertThat(status == 0 && out().isEmpty() && err().isEmpty()).as(command + " -V prints nothing").isFalse();
        }
        err.reset();
        assertThat(run("analyze", "-V", good.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: -V: analyze reports transactions and violations; the packet details "
                + "of each frame are dissect's: rdmascope dissect -V FILE\n");
    }

    @Test
    void analyzeJsonListsTheFile() throws Exception {
        assertThat(run("analyze", "--format", "json", good.toString())).isZero();
        JsonNode f = json().get("files").get(0);
        assertThat(f.get("path").asText()).isEqualTo(good.toString());
        assertThat(f.get("frames").asInt()).isEqualTo(16);
        assertThat(f.get("violations").get(0).get("code").asText()).isEqualTo("STAG_BOUNDS");
        assertThat(err()).isEmpty();
    }

    @Test
    void missingFileIsOneLineAndStatus2AndTheOthersAreStillAnalysed() throws Exception {
        String missing = dir.resolve("missing.pcap").toString();
        assertThat(run("analyze", "--format", "json", missing, good.toString(), bad.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: " + missing + ": no such file or directory\n"
                + "rdmascope: " + bad + ": not a pcap or pcapng file (magic 0x00000000)\n");
        JsonNode files = json().get("files");
        assertThat(files.size()).isEqualTo(1);
        assertThat(files.get(0).get("path").asText()).isEqualTo(good.toString());
    }

    @Test
    void folderStandsForItsCapturesSortedByName() throws Exception {
        assertThat(run("analyze", "--format", "json", dir.toString())).isEqualTo(2);
        JsonNode files = json().get("files");
        assertThat(files.size()).isEqualTo(2);
        assertThat(files.get(0).get("path").asText()).endsWith("a-other.pcapng");
        assertThat(files.get(1).get("path").asText()).endsWith("b-good.pcap");
        assertThat(err()).contains("c-bad.pcap: not a pcap").doesNotContain("notes.txt");
    }

    @Test
    void folderIsSearchedInSubfoldersWithCompressedCaptures(@TempDir Path tmp) throws Exception {
        Path archive = tmp.resolve("archive");
        Files.createDirectories(archive.resolve("rack1"));
        Files.createDirectories(archive.resolve("_temporary"));
        Files.copy(good, archive.resolve("z.pcap"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(archive.resolve("rack1/a.pcap.gz")))) {
            Files.copy(good, out);
        }
        Files.copy(good, archive.resolve("_temporary/b.pcap"));
        Files.copy(good, archive.resolve("rack1/.c.pcap"));
        assertThat(run("analyze", "--format", "json", archive.toString())).isZero();
        JsonNode files = json().get("files");
        assertThat(files.size()).isEqualTo(2);
        assertThat(files.get(0).get("path").asText()).isEqualTo(archive.resolve("rack1/a.pcap.gz").toString());
        assertThat(files.get(1).get("path").asText()).isEqualTo(archive.resolve("z.pcap").toString());
        assertThat(files.get(0).get("frames")).isEqualTo(files.get(1).get("frames"));
    }

    @Test
    void severalFilesInParallelKeepArgumentOrder() throws Exception {
        assertThat(run("analyze", "--format", "json", "-j", "2", good.toString(), other.toString(), good.toString()))
                .isZero();
        JsonNode files = json().get("files");
        assertThat(files.size()).isEqualTo(3);
        assertThat(files.get(0).get("path").asText()).isEqualTo(good.toString());
        assertThat(files.get(1).get("path").asText()).isEqualTo(other.toString());
        assertThat(files.get(2).get("path").asText()).isEqualTo(good.toString());
    }

    @Test
    void failOnThresholds() {
        assertThat(run("analyze", good.toString())).isZero();
        assertThat(run("analyze", "--fail-on", "never", good.toString())).isZero();
        assertThat(run("analyze", "--fail-on", "error", good.toString())).isEqualTo(1);
        assertThat(run("analyze", "--fail-on", "warning", good.toString())).isEqualTo(1);
        assertThat(run("analyze", "--fail-on", "info", good.toString())).isEqualTo(1);
        assertThat(run("analyze", "--fail-on", "ERROR", good.toString())).isEqualTo(1);
        assertThat(run("analyze", "--fail-on", "error", "-Y", "violation.severity == warning", good.toString()))
                .isZero();
        assertThat(run("analyze", "--fail-on", "error", good.toString(), bad.toString())).isEqualTo(2);
    }

    @Test
    void badUsageIsStatus2() {
        assertThat(run("analyze")).isEqualTo(2);
        assertThat(run("analyze", "--format", "xml", good.toString())).isEqualTo(2);
        assertThat(run("analyze", "--fail-on", "sometimes", good.toString())).isEqualTo(2);
        assertThat(run("analyze", "--buffers-per-qp", "0", good.toString())).isEqualTo(2);
        assertThat(run("frobnicate")).isEqualTo(2);
    }

    @Test
    void filterErrorIsOneLineWithTheColumn() {
        assertThat(run("analyze", "-Y", "ddp.stag == ", good.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo(
                "rdmascope: filter: column 13: expected a value after '==', found the end of the filter\n");
        err.reset();
        assertThat(run("dissect", "-Y", "ddp.stag ==", good.toString())).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: filter: column 12:");
    }

    @Test
    void analyzeFilterKeepsMatchingViolationsAndTransactions() throws Exception {
        assertThat(run("analyze", "--format", "json", "-Y", "transaction == t2", good.toString())).isZero();
        JsonNode f = json().get("files").get(0);
        assertThat(f.get("transactions").size()).isZero();
        assertThat(f.get("violations").size()).isZero();
        assertThat(f.get("connections").size()).isEqualTo(1);
        out.reset();
        assertThat(run("analyze", "--format", "json", "-Y", "ddp.to == 0x12000", good.toString())).isZero();
        f = json().get("files").get(0);
        assertThat(f.get("transactions").get(0).get("id").asText()).isEqualTo("t1");
        assertThat(f.get("violations").get(0).get("frame").asInt()).isEqualTo(15);
        assertThat(f.get("summary").get("violations").get("error").asInt()).isEqualTo(1);
        out.reset();
        assertThat(run("analyze", "--format", "json", "--strict", "-Y", "violation.code == TCP_GAP",
                good.toString())).isZero();
        f = json().get("files").get(0);
        assertThat(f.get("violations").size()).isEqualTo(1);
        assertThat(f.get("violations").get(0).get("code").asText()).isEqualTo("TCP_GAP");
        assertThat(f.get("transactions").get(0).get("id").asText()).isEqualTo("t1");
    }

    @Test
    void analyzeText() {
        assertThat(run("analyze", good.toString())).isZero();
        assertThat(out()).startsWith(good + ": 16 frames, 1 MPA connection, 1 transaction: 1 error, 0 warnings, 0 notes\n");
    }

    @Test
    void dissectJsonStreamsEveryFrame() throws Exception {
        assertThat(run("dissect", "--format", "json", good.toString())).isZero();
        assertThat(json().size()).isEqualTo(16);
        out.reset();
        assertThat(run("dissect", "--format", "json", "-Y", "violation.code == STAG_BOUNDS", good.toString()))
                .isZero();
        JsonNode a = json();
        assertThat(a.size()).isEqualTo(1);
        assertThat(a.get(0).get("frame").asInt()).isEqualTo(15);
    }

    @Test
    void dissectUnreadableFile() {
        assertThat(run("dissect", bad.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: " + bad + ": not a pcap or pcapng file (magic 0x00000000)\n");
        assertThat(out()).isEmpty();
        err.reset();
        assertThat(run("dissect", dir.resolve("nope.pcap").toString())).isEqualTo(2);
        assertThat(err()).endsWith("nope.pcap: no such file or directory\n");
    }

    @Test
    void guiWithoutTheGuiModuleSaysSo() {
        assertThat(run("gui")).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: the GUI is not available");
    }
}

package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.report.AnalysisSelection;
import io.rdmascope.report.AnalysisTextWriter;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An analysis whose violations and transactions spill to temporary files reports exactly what an
 * analysis held in memory reports: the capture has hundreds of one-shot transactions, each with a
 * bad CRC, some with a write out of bounds and an MSN skipped, analysed with tiny in-memory limits.
 */
class SpillAnalysisTest {
    static final int TRANSACTIONS = 300;

    @TempDir
    static Path captures;
    static Path capture;

    @TempDir
    Path spillDir;
    private String dirBefore;
    private String limitBefore;

    @BeforeAll
    static void synthesize() throws Exception {
        StringBuilder y = new StringBuilder("""
                name: spill
                seed: 5
                start: 2024-05-01T10:00:00Z
                tick: 20
                hosts:
                  - {name: alice, ip: 10.0.0.1}
                  - {name: bob,   ip: 10.0.0.2}
                connections:
                  - {name: c1, from: alice:40000, to: bob:4791, crc: true}
                steps:
                """);
        for (int i = 0; i < TRANSACTIONS; i++) {
            String stag = "0x" + Integer.toHexString(0x1000 + i);
            y.append("  - advertise: {conn: c1, from: alice, stag: ").append(stag)
                    .append(", to: 0x100000, length: 4096, access: write}\n");
            y.append("  - write: {conn: c1, from: bob, stag: ").append(stag).append(", to: 0x100000, length: ")
                    .append(i % 10 == 0 ? 5000 : 2000).append(", segment: 1000, faults: [{kind: bad-crc, segment: 1}]}\n");
            if (i % 3 == 0) {
                y.append("  - send: {conn: c1, from: alice, length: 10, faults: [{kind: msn-skip, by: 2}]}\n");
            }
            if (i % 50 != 49) {
                y.append("  - complete: {conn: c1, from: bob, stag: ").append(stag).append(", how: invalidate}\n");
            }
        }
        capture = captures.resolve("spill.pcap");
        try (OutputStream out = Files.newOutputStream(capture)) {
            Synthesizer.write(new ScenarioParser().parse(new ByteArrayInputStream(
                    y.toString().getBytes(StandardCharsets.UTF_8)), "spill.yaml"), out);
        }
    }

    @BeforeEach
    void spillHere() {
        dirBefore = System.getProperty(SpillList.DIR_PROPERTY);
        limitBefore = System.getProperty(SpillList.LIMIT_PROPERTY);
        System.setProperty(SpillList.DIR_PROPERTY, spillDir.toString());
    }

    @AfterEach
    void restore() {
        restore(SpillList.DIR_PROPERTY, dirBefore);
        restore(SpillList.LIMIT_PROPERTY, limitBefore);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    long spillFiles() throws IOException {
        try (Stream<Path> s = Files.list(spillDir)) {
            return s.count();
        }
    }

    FileAnalysis analyze(int limit) throws IOException {
        System.setProperty(SpillList.LIMIT_PROPERTY, Integer.toString(limit));
        return new Analyzer(NicSettings.DEFAULTS).analyze(capture, "spill.pcap");
    }

    static byte[] json(FileAnalysis a) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(List.of(a), out);
        return out.toByteArray();
    }

    static String text(FileAnalysis a) {
        StringWriter s = new StringWriter();
        AnalysisTextWriter.write(List.of(a), new PrintWriter(s));
        return s.toString();
    }

    @Test
    void theCaptureHasManyOfBoth() throws IOException {
        try (FileAnalysis a = analyze(1_000_000)) {
            assertThat(a.transactionCountsByKind().get(io.rdmascope.engine.TransactionKind.ONESHOT).values().stream()
                    .mapToLong(Long::longValue).sum()).isEqualTo(TRANSACTIONS);
            assertThat(a.codeCounts()).containsKeys(io.rdmascope.engine.ViolationCode.MPA_CRC_MISMATCH,
                    io.rdmascope.engine.ViolationCode.STAG_BOUNDS, io.rdmascope.engine.ViolationCode.DDP_MSN_GAP);
            assertThat(a.violations().size()).isGreaterThan(TRANSACTIONS);
            assertThat(a.transactions().spilled()).isFalse();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100})
    void spilledOutputIsTheSameAsInMemory(int limit) throws IOException {
        byte[] expectedJson;
        String expectedText;
        try (FileAnalysis all = analyze(1_000_000)) {
            expectedJson = json(all);
            expectedText = text(all);
        }
        try (FileAnalysis a = analyze(limit)) {
            assertThat(a.violations().spilled()).isTrue();
            assertThat(a.transactions().spilled()).isTrue();
            assertThat(spillFiles()).isPositive();
            byte[] got = json(a);
            assertThat(new String(got, StandardCharsets.UTF_8)).isEqualTo(new String(expectedJson, StandardCharsets.UTF_8));
            assertThat(text(a)).isEqualTo(expectedText);
            JsonNode f = new ObjectMapper().readTree(got).get("files").get(0);
            assertThat(io.rdmascope.testing.Transactions.oneShots(f)).hasSize(TRANSACTIONS);
            assertThat(f.get("violations").size()).isEqualTo(a.violations().size());
            long errors = f.get("summary").get("violations").get("error").asLong();
            assertThat(errors).isEqualTo(a.violationCounts().get(io.rdmascope.engine.Severity.ERROR));
        }
        assertThat(spillFiles()).as("temporary files deleted on close").isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"violation.code == MPA_CRC_MISMATCH", "transaction == t17", "ddp.stag == 0x00001040",
        "violation.severity == warning || ddp.stag == 0x00001001"})
    void displayFilterSelectsTheSameSpilledOrNot(String filter) throws Exception {
        DisplayFilter f = DisplayFilter.compile(filter);
        byte[] expected;
        try (FileAnalysis all = AnalysisSelection.select(analyze(1_000_000), f, Source.CAPTURE, capture)) {
            expected = json(all);
        }
        try (FileAnalysis a = AnalysisSelection.select(analyze(3), f, Source.CAPTURE, capture)) {
            assertThat(new String(json(a), StandardCharsets.UTF_8))
                    .isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }
        JsonNode doc = new ObjectMapper().readTree(expected).get("files").get(0);
        assertThat(doc.get("violations").size() + doc.get("transactions").size()).isPositive();
        assertThat(spillFiles()).isZero();
    }

    @Test
    void eachAnalysisHasItsOwnFilesWhenRunInParallel() throws Exception {
        byte[] expected;
        try (FileAnalysis all = analyze(1_000_000)) {
            expected = json(all);
        }
        System.setProperty(SpillList.LIMIT_PROPERTY, "10");
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS);
        List<FileAnalysis> results = Stream.of(1, 2, 3, 4).parallel().map(i -> {
            try {
                return analyzer.analyze(capture, "spill.pcap");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).toList();
        try {
            for (FileAnalysis a : results) {
                assertThat(json(a)).isEqualTo(expected);
            }
        } finally {
            results.forEach(FileAnalysis::close);
        }
        assertThat(spillFiles()).isZero();
    }
}

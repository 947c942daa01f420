package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.synth.BulkCapture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An analysis keeping a bounded number of the connections that are over
 * ({@link Analyzer#keepingConnections}): the first ones listed in full, the others counted, the
 * totals those of the analysis that lists every one.
 */
class ConnectionBoundTest {
    @TempDir
    Path dir;

    @Test
    void pastTheBoundConnectionsAreCountedAndTheTotalsStayWhole() throws Exception {
        Path file = dir.resolve("many.pcap");
        // 60 connections, each closed both ways before the capture ends
        BulkCapture.write(file, 3_000_000, 60, 4, 1400);
        try (FileAnalysis all = new Analyzer(NicSettings.DEFAULTS).analyze(file, "many.pcap");
             FileAnalysis bounded = new Analyzer(NicSettings.DEFAULTS).keepingConnections(10)
                     .analyze(file, "many.pcap")) {
            assertThat(all.connections()).hasSize(60);
            assertThat(all.summarisedConnections()).isZero();

            assertThat(bounded.connections()).hasSize(10);
            assertThat(bounded.summarisedConnections()).isEqualTo(50);
            assertThat(bounded.connectionCount()).isEqualTo(60);
            long fpdus = all.connections().stream().mapToLong(ConnectionSummary::fpdus).sum();
            long listed = bounded.connections().stream().mapToLong(ConnectionSummary::fpdus).sum();
            assertThat(listed + bounded.summarisedFpdus()).isEqualTo(fpdus);
            // the first ones are those listed, as the whole analysis lists them
            assertThat(bounded.connections()).extracting(s -> s.connection().id() + " " + s.fpdus())
                    .containsExactlyElementsOf(all.connections().subList(0, 10).stream()
                            .map(s -> s.connection().id() + " " + s.fpdus()).toList());
            // the transactions and violations are those of the whole analysis
            assertThat(bounded.transactions().size()).isEqualTo(all.transactions().size());
            assertThat(bounded.transactionCounts()).isEqualTo(all.transactionCounts());
            assertThat(bounded.violationCounts()).isEqualTo(all.violationCounts());

            // the reports say what was summarised
            java.io.StringWriter text = new java.io.StringWriter();
            io.rdmascope.report.AnalysisTextWriter.write(java.util.List.of(bounded), new java.io.PrintWriter(text));
            assertThat(text.toString()).contains("60 MPA connections")
                    .contains("... and 50 more connections over before the end, " + bounded.summarisedFpdus()
                            + " FPDUs (summarised)");
            java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
            io.rdmascope.report.AnalysisJsonWriter.write(java.util.List.of(bounded), json, null);
            assertThat(json.toString(java.nio.charset.StandardCharsets.UTF_8))
                    .containsPattern("\"connections_summarised\"\\s*:\\s*\\{\\s*\"connections\"\\s*:\\s*50");
        }
    }
}

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

    /** A RoCE connection over past the bound is counted apart from the MPA ones, and the reports say so. */
    @Test
    void roceConnectionsOverPastTheBoundAreCountedAsRoce() throws Exception {
        Analyzer.Collector collector = new Analyzer.Collector(1);
        java.util.List<io.rdmascope.rdma.RdmaConnection> qps = new java.util.ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            io.rdmascope.rdma.RdmaConnection q = queuePair("q" + i);
            qps.add(q);
            collector.rdmaConnection(q);
        }
        // the first two are over: the first is kept in full, the second counted
        for (int i = 0; i < 2; i++) {
            collector.rdma(qps.get(i), new io.rdmascope.rdma.RdmaEvent(io.rdmascope.rdma.RdmaEvent.Kind.RETIRED, 0,
                    10 + i, 0));
        }
        try (FileAnalysis f = collector.result("qps.pcap", new DissectionResult(20, null, false, 4))) {
            assertThat(f.rdmaConnections()).containsExactly(qps.get(0), qps.get(2));
            assertThat(f.untrackedRdmaPackets()).isEqualTo(4);
            assertThat(f.summarisedRdmaConnections()).isEqualTo(1);
            assertThat(f.rdmaConnectionCount()).isEqualTo(3);
            assertThat(f.connectionCount()).isZero();
            assertThat(f.summarisedConnections()).isZero();
            java.io.StringWriter text = new java.io.StringWriter();
            io.rdmascope.report.AnalysisTextWriter.write(java.util.List.of(f), new java.io.PrintWriter(text));
            assertThat(text.toString()).contains("qps.pcap: 20 frames, 3 RoCE connections, ")
                    .doesNotContain("MPA connection").contains("... and 1 more connection over before the end")
                    .contains("  ... and 4 packets of queue pairs beyond the 65536 connections followed at once"
                            + " (counted, not judged)");
            java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
            io.rdmascope.report.AnalysisJsonWriter.write(java.util.List.of(f), json, null);
            assertThat(json.toString(java.nio.charset.StandardCharsets.UTF_8)).containsPattern(
                    "\"connections_summarised\"\\s*:\\s*\\{\\s*\"connections\"\\s*:\\s*0\\s*,\\s*\"fpdus\"\\s*:\\s*0"
                            + "\\s*,\\s*\"roce_connections\"\\s*:\\s*1")
                    .containsPattern("\"roce_untracked_packets\"\\s*:\\s*4");
        }
    }

    private static io.rdmascope.rdma.RdmaConnection queuePair(String id) {
        return new io.rdmascope.rdma.RdmaConnection() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String transport() {
                return "RoCEv2";
            }

            @Override
            public io.rdmascope.net.Endpoint source(io.rdmascope.tcp.Direction d) {
                return new io.rdmascope.net.Endpoint(d == io.rdmascope.tcp.Direction.FROM_INITIATOR ? "10.0.0.1"
                        : "10.0.0.2", 4791);
            }

            @Override
            public boolean assumed() {
                return true;
            }

            @Override
            public Integer readDepth(io.rdmascope.tcp.Direction d) {
                return null;
            }
        };
    }
}

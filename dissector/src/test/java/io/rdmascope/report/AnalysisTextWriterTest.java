package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalysisTextWriterTest {
    static String text(List<FileAnalysis> files) {
        StringWriter s = new StringWriter();
        AnalysisTextWriter.write(files, new PrintWriter(s));
        return s.toString();
    }

    @Test
    void summaryFirstThenConnectionsTransactionsAndViolationsBySeverity() {
        FileAnalysis f = new FileAnalysis("samples/x.pcap", 42,
                List.of(new ConnectionSummary(Fixtures.connection(), 30)), List.of(Fixtures.transaction()),
                List.of(Fixtures.warning(3), Fixtures.violation()), null);
        String out = text(List.of(f));
        String[] lines = out.split("\n");
        assertThat(lines[0]).isEqualTo("samples/x.pcap: 42 frames, 1 MPA connection, 1 transaction: 1 error, 1 warning, 0 notes");
        assertThat(lines[1]).isEqualTo("  transactions: oneshot 1 complete");
        assertThat(out).contains("c1  10.0.0.1:40000 -> 10.0.0.2:9999  MPA revision 1, CRC, no markers, 30 FPDUs");
        assertThat(out).containsPattern("t1 +c1 +10.0.0.1:40000 +0x00001234 +0x0000000000010000 +8192 +write +12 +13-15"
                + " +8192 +send_with_invalidate +16 +complete +50 us");
        assertThat(out.indexOf("Connections")).isLessThan(out.indexOf("Transactions"));
        assertThat(out.indexOf("Transactions")).isLessThan(out.indexOf("Violations"));
        int error = out.indexOf("  error (1)");
        int warning = out.indexOf("  warning (1)");
        assertThat(error).isPositive().isLessThan(warning);
        assertThat(out).contains("    frame 15  STAG_BOUNDS  c1  stag 0x00001234: RDMA Write [0x10000+8192, +512) "
                + "leaves the region advertised in frame 12 (RFC 5040 section 6.4)");
        assertThat(out).contains("    frame 3  TCP_GAP  c1: 2 octets missing (RFC 9293 section 3.10)");
    }

    @Test
    void quietFileIsOneSummary() {
        FileAnalysis f = new FileAnalysis("a.pcap", 1, List.of(), List.of(), List.of(), null);
        assertThat(text(List.of(f))).isEqualTo(
                "a.pcap: 1 frame, 0 MPA connections, 0 transactions: 0 errors, 0 warnings, 0 notes\n");
    }

    @Test
    void frameRunsAreShortened() {
        assertThat(AnalysisTextWriter.frames(List.of(1L, 2L, 3L, 7L, 9L, 10L))).isEqualTo("1-3,7,9-10");
        assertThat(AnalysisTextWriter.frames(List.of())).isEqualTo("-");
    }

    @Test
    void aFloodOfOneCodeIsListedUpToTheLimitThenSummarised() {
        List<Violation> vs = new ArrayList<>();
        for (long frame = 10; frame < 20; frame++) {
            vs.add(new Violation(ViolationCode.MPA_CRC_MISMATCH, Severity.ERROR, frame, "c1", null, null, "bad CRC",
                    ViolationCode.MPA_CRC_MISMATCH.reference));
            if (frame == 12) {
                vs.add(Fixtures.violation());
            }
        }
        vs.add(new Violation(ViolationCode.MPA_CRC_MISMATCH, Severity.ERROR, 30, "c1", null, null, "bad CRC", null));
        vs.add(Fixtures.warning(40));
        FileAnalysis f = new FileAnalysis("a.pcap", 50, List.of(), List.of(), vs, null);
        StringWriter s = new StringWriter();
        PrintWriter w = new PrintWriter(s);
        AnalysisTextWriter.writeFile(f, w, 3);
        w.flush();
        String out = s.toString();
        assertThat(out).startsWith("a.pcap: 50 frames, 0 MPA connections, 0 transactions: 12 errors, 1 warning, 0 notes\n");
        assertThat(out).contains("""
                Violations
                  error (12)
                    frame 10  MPA_CRC_MISMATCH  c1: bad CRC (RFC 5044 section 6.3)
                    frame 11  MPA_CRC_MISMATCH  c1: bad CRC (RFC 5044 section 6.3)
                    frame 12  MPA_CRC_MISMATCH  c1: bad CRC (RFC 5044 section 6.3)
                    frame 15  STAG_BOUNDS  c1  stag 0x00001234: RDMA Write [0x10000+8192, +512) leaves the region \
                advertised in frame 12 (RFC 5040 section 6.4)
                    ... and 8 more MPA_CRC_MISMATCH, frames 13-30 (--format json lists every one)
                  warning (1)
                    frame 40  TCP_GAP  c1: 2 octets missing (RFC 9293 section 3.10)
                """);
    }
}

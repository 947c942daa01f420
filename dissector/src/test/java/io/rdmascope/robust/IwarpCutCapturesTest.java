package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.OperationCounts;
import io.rdmascope.testing.RealCaptures;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * iWARP captures made with a small snapshot length ({@code tcpdump -s 96}), keeping the headers of
 * each TCP segment. The octets cut are not lost on the wire: the streams go on past them, FPDUs are
 * framed by their length fields, and the kernel's soft-iWARP captures cut so stay free of errors and
 * warnings, with every RDMA operation of the whole capture still a transaction of its kind.
 */
class IwarpCutCapturesTest {
    @TempDir
    Path dir;

    static List<Path> captures() {
        return RealCaptures.siw();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aSnapshotLengthKeepingTheHeadersLosesNoOperationAndRaisesNothing(Path capture) throws Exception {
        HeadersOnly.compare(capture, dir, (what, snap, full, a) -> {
            assertThat(a.violationCounts().get(Severity.ERROR)).as(what)
                    .isEqualTo(full.violationCounts().get(Severity.ERROR));
            assertThat(codes(a, Severity.WARNING)).as(what).isEqualTo(codes(full, Severity.WARNING));
            assertThat(a.connections()).as(what).hasSameSizeAs(full.connections());
            long cutSegments = 0;
            for (ConnectionSummary c : a.connections()) {
                cutSegments += c.connection().snapshotCut;
            }
            assertThat(cutSegments).as(what).isPositive();
            assertThat(OperationCounts.of(a)).as(what).isEqualTo(OperationCounts.of(full));
        });
    }

    /**
     * With markers, the octets cut count as the FPDU's image and markers as their positions say;
     * the markers the cut reaches are counted, not checked. Cut to 128 octets, every operation of
     * the whole capture is there; cut to 96, the one-shot initiation's own fields are cut, and still
     * nothing is an error or a gap.
     */
    @org.junit.jupiter.api.Test
    void aConnectionWithMarkersCutByTheSnapshotLengthRaisesNoError() throws Exception {
        HeadersOnly.compare(Path.of("..", "samples", "markers-and-crc.pcap"), dir, (what, snap, full, a) -> {
            assertThat(a.violationCounts().get(Severity.ERROR)).as(what).isZero();
            assertThat(a.violationCounts().get(Severity.WARNING)).as(what).isZero();
            assertThat(codes(a, Severity.INFO)).as(what).doesNotContainKey(ViolationCode.MPA_TRUNCATED);
            assertThat(a.connections().get(0).connection().snapshotCut).as(what).isPositive();
            if (snap == 128) {
                assertThat(a.transactionCountsByKind()).as(what).isEqualTo(full.transactionCountsByKind());
            }
        });
    }

    /** How many violations of each code of this severity. */
    private static Map<ViolationCode, Long> codes(FileAnalysis a, Severity severity) {
        Map<ViolationCode, Long> m = new HashMap<>();
        for (Violation v : a.violations()) {
            if (v.severity() == severity) {
                m.merge(v.code(), 1L, Long::sum);
            }
        }
        return m;
    }
}

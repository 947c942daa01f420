package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.engine.Severity;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.testing.OperationCounts;
import io.rdmascope.testing.PcapRecords;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RoCE captures as users often make them on a busy link: with a small snapshot length, keeping
 * the headers of each packet ({@code tcpdump -s 96}), or begun while the queue pairs were in use.
 * Neither is a fault of the traffic: the kernel's soft-RoCE captures cut so stay free of errors
 * and warnings, and every RDMA operation is still a transaction of its kind, read from the headers.
 */
class RoceCutCapturesTest {
    @TempDir
    Path dir;

    static java.util.List<Path> captures() {
        return io.rdmascope.testing.RealCaptures.rxe();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aSnapshotLengthKeepingTheHeadersLosesNoOperationAndRaisesNothing(Path capture) throws Exception {
        HeadersOnly.compare(capture, dir, (what, snap, full, a) -> {
            assertThat(a.violationCounts().get(Severity.ERROR)).as(what).isZero();
            assertThat(a.violationCounts().get(Severity.WARNING)).as(what).isZero();
            long cutPackets = 0;
            for (RdmaConnection c : a.rdmaConnections()) {
                cutPackets += ((QpConnection) c).counters.snapshotCut;
            }
            if (snap == 96) {
                // every packet with a payload is longer than 96 octets
                assertThat(cutPackets).as(what).isPositive();
            }
            if (!capture.getFileName().toString().startsWith("rxeloss")) {
                // without the CM's starting PSNs, a lost First retransmitted later may count a
                // message twice; on healthy traffic the headers give every operation
                assertThat(OperationCounts.of(a)).as(what).isEqualTo(OperationCounts.of(full));
            }
        });
    }

    /**
     * At 128 octets the CM's MADs are cut too, but keep the communication IDs, the queue pairs and
     * the Service ID: every queue pair is still tied to its rdma_cm connection, and a DREQ still
     * closes it.
     */
    @ParameterizedTest
    @MethodSource("captures")
    void aSnapshotLengthOf128KeepsEveryQueuePairTiedToItsConnection(Path capture) throws Exception {
        HeadersOnly.compare(capture, dir, (what, snap, full, a) -> {
            if (snap < 128) {
                return;
            }
            assertThat(ties(a)).as(what).isEqualTo(ties(full));
            // the upper-layer calls whose headers lie past the cut are lost; the operations are not
            assertThat(operations(a)).as(what).isEqualTo(operations(full));
        });
    }

    /** The RDMA operations by kind and status. */
    private static java.util.Map<io.rdmascope.engine.TransactionKind, ?> operations(FileAnalysis a) {
        java.util.Map<io.rdmascope.engine.TransactionKind, Object> out = new java.util.TreeMap<>();
        a.transactionCountsByKind().forEach((k, v) -> {
            if (!k.upperLayer()) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** Each connection's queue pairs, whether the CM set it up, the port of its Service ID, whether it closed. */
    private static java.util.List<String> ties(FileAnalysis a) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (RdmaConnection c : a.rdmaConnections()) {
            QpConnection q = (QpConnection) c;
            out.add(q.qpn[0] + "/" + q.qpn[1] + (q.assumed() ? " assumed" : " CM") + " port " + q.source(io.rdmascope.tcp.Direction.FROM_RESPONDER).port()
                    + (q.closed ? " closed" : ""));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aCaptureBegunWhileTheQueuePairsWereInUseRaisesNothing(Path capture) throws Exception {
        byte[] whole = Files.readAllBytes(capture);
        int records = PcapRecords.count(whole);
        assumeTrue(records > 40);
        for (int first : new int[] {records / 3, records / 2}) {
            Path late = dir.resolve(first + "-" + capture.getFileName());
            Files.write(late, PcapRecords.from(whole, first));
            try (FileAnalysis a = HeadersOnly.analyze(late)) {
                String what = capture.getFileName() + " from record " + first;
                assertThat(a.violationCounts().get(Severity.ERROR)).as(what).isZero();
                assertThat(a.violationCounts().get(Severity.WARNING)).as(what).isZero();
            }
        }
    }
}

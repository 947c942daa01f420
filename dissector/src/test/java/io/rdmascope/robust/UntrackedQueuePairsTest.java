package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.roce.QueuePairs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * More RoCE queue pairs open at once than the stage follows: the packets of the others are not
 * judged, and the analysis says how many there were instead of passing over them in silence.
 */
class UntrackedQueuePairsTest {
    @TempDir
    Path dir;

    @Test
    void packetsOfQueuePairsBeyondTheBoundAreCountedInTheAnalysis() throws Exception {
        int beyond = 5;
        int qps = QueuePairs.MAX_CONNECTIONS + beyond;
        Wire.Pcap pcap = new Wire.Pcap();
        for (int i = 0; i < qps; i++) {
            // one Send Only to a queue pair of its own, with a good ICRC
            pcap.record(Wire.withIcrc(Wire.roce(0x0a000001, 0x0a000002, 0x04, 0, 0x100 + i, 1, new byte[8], -1)));
        }
        Path file = dir.resolve("qps.pcap");
        Files.write(file, pcap.bytes());
        try (FileAnalysis f = new Analyzer(NicSettings.DEFAULTS).analyze(file, "qps.pcap")) {
            assertThat(f.rdmaConnectionCount()).isEqualTo(QueuePairs.MAX_CONNECTIONS);
            assertThat(f.untrackedRdmaPackets()).isEqualTo(beyond);
            // the queue pairs followed are judged: one Send each, and no finding about the wire
            assertThat(f.transactionCountsByKind().get(TransactionKind.SEND).values().stream()
                    .mapToLong(Long::longValue).sum()).isEqualTo(QueuePairs.MAX_CONNECTIONS);
            assertThat(f.violationCounts().values().stream().mapToLong(Long::longValue).sum()).isZero();
        }
    }
}

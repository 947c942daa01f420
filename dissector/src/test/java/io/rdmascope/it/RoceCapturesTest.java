package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Tshark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The captures of the Linux kernel's soft-RoCE driver (rdma_rxe), analysed as their users expect:
 * every RC message a transaction of its kind, counted once however often it was sent (tshark's
 * headers, each message counted at the first sighting of its PSNs), every queue pair tied to its
 * rdma_cm connection, every ICRC right, healthy traffic without errors or warnings, and the
 * recovery of the lossy captures counted as their README counts it.
 */
class RoceCapturesTest {
    static Stream<Path> captures() {
        return RealCaptures.rxe().stream();
    }

    /** RC messages per kind as tshark's headers show them, each counted at its first PSN's first sighting. */
    static Map<String, Long> tshark(Path capture) {
        List<String[]> rows = Tshark.fields(capture, List.of("-Y", "infiniband.bth", "-E", "occurrence=f"),
                "infiniband.bth.opcode", "infiniband.bth.psn", "infiniband.bth.destqp", "ip.dst",
                "infiniband.reth.dmalen");
        assumeTrue(rows != null, "tshark is not available");
        Map<String, Long> counts = new HashMap<>();
        Map<String, Set<Long>> covered = new HashMap<>();
        for (String[] row : rows) {
            if (row.length < 4 || row[0].isEmpty()) {
                continue;
            }
            int op = Integer.decode(row[0]);
            String kind = op <= 0x05 || op == 0x16 || op == 0x17 ? "send" : op >= 0x06 && op <= 0x0b ? "write"
                    : op == 0x0c ? "read" : op == 0x13 || op == 0x14 ? "atomic" : null;
            if (kind == null) {
                continue;
            }
            long psn = Long.decode(row[1]);
            Set<Long> seen = covered.computeIfAbsent(row[3] + "/" + row[2], k -> new HashSet<>());
            if (!seen.add(psn)) {
                continue;
            }
            if (op == 0x0c) {
                long length = row.length > 4 && !row[4].isEmpty() ? Long.decode(row[4]) : 0;
                for (long i = 1; i < (length + 1023) / 1024; i++) {
                    seen.add((psn + i) & 0xffffff);
                }
            }
            boolean starts = op == 0x00 || op == 0x04 || op == 0x05 || op == 0x17 || op == 0x06 || op == 0x0a
                    || op == 0x0b || op == 0x0c || op == 0x13 || op == 0x14;
            if (starts) {
                counts.merge(kind, 1L, Long::sum);
            }
        }
        return counts;
    }

    static long count(JsonNode file, String kind) {
        long n = 0;
        for (JsonNode t : file.get("transactions")) {
            n += kind.equals(t.path("kind").asText()) ? 1 : 0;
        }
        return n;
    }

    static long sum(JsonNode file, String counter) {
        long n = 0;
        for (JsonNode c : file.get("connections")) {
            n += c.path("roce").path(counter).asLong();
        }
        return n;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyQueuePairIsTiedToItsCmConnectionAndEveryIcrcIsRight(Path capture) throws Exception {
        JsonNode file = Cli.analyze(capture);
        assertThat(file.get("connections")).isNotEmpty();
        for (JsonNode c : file.get("connections")) {
            assertThat(c.get("transport").asText()).isEqualTo("roce");
            assertThat(c.get("roce").get("cm").asBoolean()).as("%s of %s", c.get("id"), capture).isTrue();
            assertThat(c.get("responder").asText()).doesNotEndWith(":0");
        }
        assertThat(sum(file, "icrcErrors")).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void healthyTrafficHasEveryMessageOnceAndNoErrorOrWarning(Path capture) throws Exception {
        assumeTrue(capture.getFileName().toString().startsWith("rxe_"), "a capture without loss");
        JsonNode file = Cli.analyze(capture);
        Map<String, Long> truth = tshark(capture);
        for (String kind : List.of("send", "write", "read", "atomic")) {
            assertThat(count(file, kind)).as("%s transactions of %s", kind, capture.getFileName())
                    .isEqualTo(truth.getOrDefault(kind, 0L));
        }
        JsonNode summary = file.get("summary").get("violations");
        assertThat(summary.path("error").asLong()).as("errors in %s", capture).isZero();
        assertThat(summary.path("warning").asLong()).as("warnings in %s", capture).isZero();
        for (JsonNode v : file.get("violations")) {
            assertThat(v.get("code").asText()).doesNotContain("UNADVERTISED");
        }
    }

    private static JsonNode lossy(String name) throws Exception {
        Path capture = RealCaptures.dir().resolve("rxe").resolve(name);
        assumeTrue(Files.exists(capture), "the RoCE captures are at hand");
        return Cli.analyze(capture);
    }

    @Test
    void goBackNRecoveryIsCountedAsTheCapturesReadmeCountsIt() throws Exception {
        JsonNode write = lossy("rxeloss_write_bw_65536_mtu1500.pcap");
        assertThat(sum(write, "retransmittedPackets")).isEqualTo(2147);
        assertThat(sum(write, "sequenceNaks")).isEqualTo(22);
        JsonNode send = lossy("rxeloss_send_bw_65536_mtu1500.pcap");
        assertThat(sum(send, "retransmittedPackets")).isEqualTo(3416);
        assertThat(sum(send, "sequenceNaks")).isEqualTo(32);
        // the runs the requester sent again, counted as a reading of the PSNs in capture order counts them
        assertThat(sum(write, "goBackN")).isEqualTo(64);
        assertThat(sum(send, "goBackN")).isEqualTo(113);
        assertThat(sum(write, "duplicatePackets") + sum(send, "duplicatePackets")).isZero();
        assertThat(sum(lossy("rxeloss_read_bw_65536_mtu1500.pcap"), "resumedReads")).isEqualTo(61);
        JsonNode nvme = lossy("rxeloss_nvmeof_rdma_mtu1500.pcap");
        assertThat(sum(nvme, "retransmittedPackets")).isEqualTo(277);
        assertThat(sum(nvme, "sequenceNaks")).isEqualTo(9);
    }

    @Test
    void aPsnSequenceNakIsANoteNotAViolationOfTheTraffic() throws Exception {
        JsonNode write = lossy("rxeloss_write_bw_65536_mtu1500.pcap");
        long naks = 0;
        for (JsonNode v : write.get("violations")) {
            if (v.get("code").asText().equals("IB_NAK_SEQUENCE")) {
                naks++;
                assertThat(v.get("severity").asText()).isEqualTo("info");
            }
        }
        assertThat(naks).isEqualTo(22);
        assertThat(write.get("summary").get("violations").path("error").asLong()).isZero();
    }
}

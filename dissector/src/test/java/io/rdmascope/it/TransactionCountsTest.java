package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Tshark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every RDMAP operation of a real capture is one transaction: the RDMA Write messages, the Send
 * messages of any Send opcode and the RDMA Read Requests that tshark shows, counted apart from
 * rdmascope, equal the {@code write}, {@code send} and {@code read} transactions of the analysis.
 * A Read Request that is never answered is still a transaction (aborted or incomplete), so on
 * captures whose reads are all answered the reads also equal the Request/Response pairs.
 */
class TransactionCountsTest {

    /** What tshark counts in one capture. */
    record Counted(long writes, long sends, long readRequests, long readResponses) {}

    static Stream<Path> captures() throws IOException {
        Path dir = RealCaptures.dir();
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            // the RoCE captures have their own count (RoceCapturesTest)
            return s.filter(p -> p.toString().endsWith(".pcap") && !p.getParent().endsWith("rxe")).sorted().toList()
                    .stream();
        }
    }

    /**
     * The last segment of each message, by opcode. NVMe/TCP and ActiveMQ Artemis are switched off:
     * tshark gives them ports 4420 and 5445, where NVMe/RDMA and SMB Direct over iWARP listen.
     */
    static Counted tshark(Path capture) {
        List<String[]> rows = Tshark.fields(capture, List.of("--disable-protocol", "nvme-tcp", "--disable-protocol",
                "artemis", "-E", "occurrence=a", "-E", "aggregator=/"), "iwarp_rdma.opcode", "iwarp_ddp.last_flag");
        assumeTrue(rows != null, "tshark is not available");
        long writes = 0, sends = 0, requests = 0, responses = 0;
        for (String[] row : rows) {
            if (row.length < 2 || row[0].isEmpty()) {
                continue;
            }
            String[] ops = row[0].split("/");
            String[] lasts = row[1].split("/");
            for (int i = 0; i < ops.length; i++) {
                int op = Integer.decode(ops[i]);
                boolean last = i < lasts.length && (lasts[i].equals("1") || lasts[i].equalsIgnoreCase("true"));
                if (op == 0 && last) {
                    writes++;
                } else if (op >= 3 && op <= 6 && last) {
                    sends++;
                } else if (op == 1) {
                    requests++;
                } else if (op == 2 && last) {
                    responses++;
                }
            }
        }
        return new Counted(writes, sends, requests, responses);
    }

    static long count(JsonNode file, String kind) {
        long n = 0;
        for (JsonNode t : file.get("transactions")) {
            if (kind.equals(t.path("kind").asText())) {
                n++;
            }
        }
        return n;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyOperationIsATransaction(Path capture) throws Exception {
        Counted truth = tshark(capture);
        JsonNode file = Cli.analyze(capture);
        String name = capture.getFileName().toString();
        assertThat(count(file, "write")).as("write transactions of %s", name).isEqualTo(truth.writes());
        assertThat(count(file, "send")).as("send transactions of %s", name).isEqualTo(truth.sends());
        assertThat(count(file, "read")).as("read transactions of %s", name).isEqualTo(truth.readRequests());
        if (truth.readRequests() == truth.readResponses()) {
            assertThat(count(file, "read")).as("read pairs of %s", name).isEqualTo(truth.readResponses());
        }
    }
}

package io.rdmascope.it;

import io.rdmascope.testing.Transactions;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transactions of {@code analyze --format json}, every name, against the dissection of the capture. */
class TransactionsEndToEndTest {
    @TempDir
    Path dir;

    static List<Integer> frames(List<Cli.Pdu> pdus, java.util.function.Predicate<Cli.Pdu> which) {
        List<Integer> out = new ArrayList<>();
        for (Cli.Pdu p : pdus) {
            if (!p.handshake() && which.test(p) && !out.contains(p.frame())) {
                out.add(p.frame());
            }
        }
        return out;
    }

    static List<Integer> ints(JsonNode a) {
        List<Integer> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asInt()));
        return out;
    }

    @Test
    void writeReadIncompleteAndAborted() throws Exception {
        Plan p = new Plan().conn("c1", true, "none", "mss: 700").conn("c2", true, "none", "")
                .advertise("c1", "a", 0x1234, 0x10000, 8192, "write", "")
                .write("c1", "b", 0x1234, 0x10000, 3000, 1000, "")
                .complete("c1", "b", 0x1234, "se-invalidate")
                .advertise("c1", "a", 0x2000, 0x40, 4096, "both", "")
                .read("c1", "b", 0x77, 0, 0x2000, 0x40, 2500, 1000, "")
                .complete("c1", "b", 0x2000, "sv")
                .advertise("c2", "a", 0x3000, 0, 100, "read", "")
                .close("c2", "b", "fin")
                .advertise("c1", "b", 0x4000, 0xFFFFFFFF00000000L, 64, "write", "");
        Path pcap = Cli.synth(p.yaml(), dir.resolve("t.pcap"));
        List<Cli.Pdu> pdus = Cli.pdus(Cli.dissect(pcap));
        JsonNode f = Cli.analyze(pcap);
        JsonNode t = Transactions.oneShots(f);
        assertThat(t).hasSize(4);

        JsonNode w = t.get(0);
        assertThat(w.get("id").asText()).isEqualTo("t1");
        assertThat(w.get("connection").asText()).isEqualTo("c1");
        assertThat(w.get("advertiser").asText()).isEqualTo("10.0.0.1:40000");
        assertThat(w.get("stag").asText()).isEqualTo("0x00001234");
        assertThat(w.get("to").asText()).isEqualTo("0x0000000000010000");
        assertThat(w.get("length").asLong()).isEqualTo(8192);
        assertThat(w.get("access").get(0).asText()).isEqualTo("write");
        assertThat(w.get("access")).hasSize(1);
        assertThat(w.get("initiationFrame").asInt()).isEqualTo(frames(pdus, x -> x.ddp().get("ab").asBoolean()
                && x.ddp().get("optional_stag").asLong() == 0x1234).get(0));
        assertThat(ints(w.get("dataFrames"))).isEqualTo(frames(pdus, x -> x.ddp().has("stag")
                && x.ddp().get("stag").asLong() == 0x1234));
        assertThat(w.get("dataFrames")).hasSize(3);
        assertThat(w.get("bytes").asLong()).isEqualTo(3000);
        assertThat(w.get("completionFrame").asInt()).isEqualTo(frames(pdus, x -> x.rdmap().get("opcode").asInt() == 6).get(0));
        assertThat(w.get("completion").asText()).isEqualTo("send_se_with_invalidate");
        assertThat(w.get("status").asText()).isEqualTo("complete");

        JsonNode r = t.get(1);
        assertThat(r.get("id").asText()).isEqualTo("t2");
        assertThat(r.get("stag").asText()).isEqualTo("0x00002000");
        assertThat(r.get("to").asText()).isEqualTo("0x0000000000000040");
        assertThat(r.get("access").toString()).isEqualTo("[\"write\",\"read\"]");
        // the Read Request names the STag; the responses carry the data
        List<Integer> data = frames(pdus, x -> (x.rdmap().get("opcode").asInt() == 1
                && x.rdmap().get("source_stag").asLong() == 0x2000) || x.rdmap().get("opcode").asInt() == 2);
        assertThat(ints(r.get("dataFrames"))).isEqualTo(data);
        assertThat(r.get("bytes").asLong()).isEqualTo(2500);
        assertThat(r.get("completionFrame").asInt()).isEqualTo(frames(pdus, x -> x.ddp().get("sv").asBoolean()
                && !x.ddp().get("ab").asBoolean()).get(0));
        assertThat(r.get("completion").asText()).isEqualTo("send_sv");
        assertThat(r.get("status").asText()).isEqualTo("complete");

        JsonNode ab = t.get(2);
        assertThat(ab.get("connection").asText()).isEqualTo("c2");
        assertThat(ab.get("access").toString()).isEqualTo("[\"read\"]");
        assertThat(ab.get("status").asText()).isEqualTo("aborted");
        assertThat(ab.get("completionFrame").isNull()).isTrue();
        assertThat(ab.get("completion").isNull()).isTrue();
        assertThat(ab.get("dataFrames")).isEmpty();
        assertThat(ab.get("bytes").asLong()).isZero();

        JsonNode inc = t.get(3);
        assertThat(inc.get("advertiser").asText()).isEqualTo("10.0.0.2:4791");
        assertThat(inc.get("to").asText()).isEqualTo("0xffffffff00000000");
        assertThat(inc.get("status").asText()).isEqualTo("incomplete");
        assertThat(inc.get("completionFrame").isNull()).isTrue();
        JsonNode sum = f.get("summary").get("transactions").get("oneshot");
        assertThat(sum.size()).isEqualTo(3);
        assertThat(sum.get("complete").asInt()).isEqualTo(2);
        assertThat(sum.get("aborted").asInt()).isEqualTo(1);
        assertThat(sum.get("incomplete").asInt()).isEqualTo(1);
    }
}

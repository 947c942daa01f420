package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.testing.Transactions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MPA revision 2's peer-to-peer mode (RFC 6581 section 8): the initiator's first FPDU is a
 * zero-length Send, RDMA Write or RDMA Read Request, the ready-to-receive message. It is an
 * operation of its own, named by its note, and never judged against the STag table; the same
 * zero-length operation elsewhere is ordinary traffic.
 */
class ReadyToReceiveTest {
    static final String NOTE = "MPA ready-to-receive message (RFC 6581 section 8)";

    @TempDir
    Path dir;

    static String scenario(String step, boolean peerToPeer, boolean rtrFirst) {
        String send = "  - send: {conn: c1, from: client, length: 8}\n";
        return """
                name: rtr
                seed: 1
                start: 2024-05-01T10:00:00Z
                tick: 50
                hosts:
                  - {name: client, ip: 10.0.0.1}
                  - {name: server, ip: 10.0.0.2}
                connections:
                  - {name: c1, from: client:43210, to: server:4791, revision: 2, crc: false, ird: 16, ord: 16, peerToPeer: %s}
                steps:
                %s%s  - send: {conn: c1, from: server, length: 16}
                  - close: {conn: c1, from: client, how: fin}
                """.formatted(peerToPeer, rtrFirst ? "" : send, "  - " + step + "\n");
    }

    static List<String> codes(JsonNode file) {
        List<String> out = new ArrayList<>();
        file.get("violations").forEach(v -> out.add(v.get("code").asText()));
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "write|write: {conn: c1, from: client, stag: 0x1, to: 0x0, length: 0}",
            "read|read: {conn: c1, from: client, sinkStag: 0x0, sinkTo: 0x0, sourceStag: 0x1, sourceTo: 0x0, size: 0}",
            "send|send: {conn: c1, from: client, length: 0}"})
    void theFirstZeroLengthOperationOfAPeerToPeerInitiatorIsTheRtrMessage(String kind, String step) throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(scenario(step, true, true), dir.resolve(kind + ".pcap")));
        assertThat(codes(file)).isEmpty();
        JsonNode first = Transactions.ofKind(file, kind).get(0);
        assertThat(first.get("note").asText()).isEqualTo(NOTE);
        assertThat(first.get("status").asText()).isEqualTo("complete");
        assertThat(first.get("startFrame").asInt()).isEqualTo(8);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "write|write: {conn: c1, from: client, stag: 0x1, to: 0x0, length: 0}",
            "read|read: {conn: c1, from: client, sinkStag: 0x0, sinkTo: 0x0, sourceStag: 0x1, sourceTo: 0x0, size: 0}"})
    void aZeroLengthOperationThatIsNotFirstIsJudgedAsAnyOther(String kind, String step) throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(scenario(step, true, false), dir.resolve(kind + "-later.pcap")));
        assertThat(codes(file)).containsExactly("STAG_UNADVERTISED");
        assertThat(Transactions.ofKind(file, kind).get(0).has("note")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "write|write: {conn: c1, from: client, stag: 0x1, to: 0x0, length: 0}",
            "read|read: {conn: c1, from: client, sinkStag: 0x0, sinkTo: 0x0, sourceStag: 0x1, sourceTo: 0x0, size: 0}"})
    void withoutPeerToPeerModeThereIsNoRtrMessage(String kind, String step) throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(scenario(step, false, true), dir.resolve(kind + "-plain.pcap")));
        assertThat(codes(file)).containsExactly("STAG_UNADVERTISED");
    }
}

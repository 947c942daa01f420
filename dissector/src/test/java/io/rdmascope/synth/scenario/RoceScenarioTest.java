package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.ksy.FixedLayout.IbCmMadHeader;
import io.rdmascope.ksy.FixedLayout.IbCmRep;
import io.rdmascope.ksy.FixedLayout.IbCmReq;
import io.rdmascope.ksy.FixedLayout.InfinibandBth;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.report.AnalysisJsonWriter;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RoCE scenarios: every encapsulation analyses clean, the headers say what the scenario asked for. */
class RoceScenarioTest {
    private static final String STEPS = String.join("\n",
            "steps:",
            "  - send: {conn: c1, length: 3073}",
            "  - write: {conn: c1, from: b, stag: 0x100, to: 0x1000, length: 700}",
            "  - read: {conn: c1, sourceStag: 0x200, sourceTo: 0x2000, size: 2100}",
            "  - atomic: {conn: c1, op: fetch-add, rkey: 0x300, va: 0x3000, swap: 1, original: 9}",
            "  - close: {conn: c1}",
            "");
    /** Octets of Ethernet, IPv4 and UDP in front of a RoCEv2 BTH. */
    private static final int BTH = 14 + 20 + 8;

    @TempDir
    Path dir;

    private static String scenario(String a, String b, String connection) {
        return String.join("\n", "hosts:", "  - {name: a, ip: \"" + a + "\", lid: 7}", "  - {name: b, ip: \"" + b
                + "\", lid: 9}", "connections:", "  - {name: c1, from: a:40000, to: b:5000, transport: roce" + connection
                + "}", STEPS);
    }

    private JsonNode analyze(byte[] pcap) throws Exception {
        Path f = dir.resolve("c.pcap");
        Files.write(f, pcap);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(List.of(new Analyzer(NicSettings.DEFAULTS).analyze(f, "c.pcap")), out);
        return new ObjectMapper().readTree(out.toByteArray()).get("files").get(0);
    }

    @ParameterizedTest(name = "{2} {0}")
    @CsvSource({"10.0.0.1, 10.0.0.2, ''", "fd00::1, fd00::2, ''", "fd00::1, fd00::2, ', encapsulation: rocev1'",
            "10.0.0.1, 10.0.0.2, ', encapsulation: rocev1'", "10.0.0.1, 10.0.0.2, ', encapsulation: infiniband'",
            "fd00::1, fd00::2, ', encapsulation: infiniband, grh: true'"})
    void everyEncapsulationCarriesRightCrcsAndWholeMessages(String a, String b, String connection) throws Exception {
        JsonNode f = analyze(TestPcap.synth(scenario(a, b, connection)));
        List<String> codes = new ArrayList<>();
        f.get("violations").forEach(v -> codes.add(v.get("code").asText()));
        assertThat(codes).doesNotContain("IB_ICRC_MISMATCH", "IB_MALFORMED", "IB_OPCODE_SEQUENCE", "IB_CAPTURE_LOSS");
        List<String> kinds = new ArrayList<>();
        f.get("transactions").forEach(t -> {
            kinds.add(t.get("kind").asText());
            assertThat(t.get("status").asText()).isEqualTo("complete");
        });
        assertThat(kinds).containsExactlyInAnyOrder("send", "write", "read", "atomic");
    }

    @Test
    void requestsNumberTheirPacketsFromTheStartingPsnsTheCmExchanged() throws Exception {
        List<TestPcap.Frame> frames = TestPcap.read(TestPcap.synth(scenario("10.0.0.1", "10.0.0.2",
                ", qpn: 0x20, responderQpn: 0x30, psn: 0xfffffe, responderPsn: 5, mtu: 1024")));
        byte[] req = frames.get(0).data(), rep = frames.get(1).data();
        int mad = BTH + InfinibandBth.SIZE + 8;
        // as rdma_rxe fills them: the REQ names the passive side's first PSN, the REP the active side's
        assertThat(IbCmReq.startingPsn(req, mad + IbCmMadHeader.SIZE)).isEqualTo(5);
        assertThat(IbCmRep.startingPsn(rep, mad + IbCmMadHeader.SIZE)).isEqualTo(0xfffffe);
        // the 3073-octet Send: First, Middle, Middle, Last with PSNs wrapping at 2^24, AckReq and pad on the Last
        long[] psns = new long[4];
        for (int i = 0; i < 4; i++) {
            byte[] d = frames.get(3 + i).data();
            assertThat(d[BTH - 8 + 6]).isZero(); // UDP checksum 0, as rdma_rxe sends it
            assertThat(d[BTH - 8 + 7]).isZero();
            assertThat(InfinibandBth.opcode(d, BTH)).isEqualTo(i == 0 ? 0 : i == 3 ? 2 : 1);
            assertThat(InfinibandBth.destQp(d, BTH)).isEqualTo(0x30);
            assertThat(InfinibandBth.ackRequest(d, BTH)).isEqualTo(i == 3);
            assertThat(InfinibandBth.padCount(d, BTH)).isEqualTo(i == 3 ? 3 : 0);
            psns[i] = InfinibandBth.psn(d, BTH);
        }
        assertThat(psns).containsExactly(0xfffffe, 0xffffff, 0, 1);
        byte[] ack = frames.get(7).data();
        assertThat(InfinibandBth.opcode(ack, BTH)).isEqualTo(0x11);
        assertThat(InfinibandBth.psn(ack, BTH)).isEqualTo(1);
        assertThat(InfinibandBth.destQp(ack, BTH)).isEqualTo(0x20);
    }

    @Test
    void aDropIsAskedForAgainAndSentAgain() throws Exception {
        String yaml = scenario("10.0.0.1", "10.0.0.2", "").replace("length: 3073}",
                "length: 3073, faults: [{kind: drop, packet: 1}]}");
        List<TestPcap.Frame> frames = TestPcap.read(TestPcap.synth(yaml));
        // First, (Middle lost), Middle, Last, NAK, Middle, Middle, Last, ACK
        int[] ops = new int[9];
        for (int i = 0; i < 9; i++) {
            ops[i] = InfinibandBth.opcode(frames.get(3 + i).data(), BTH);
        }
        assertThat(ops).containsExactly(0, 1, 2, 0x11, 1, 1, 2, 0x11, 0x0a);
        byte[] nak = frames.get(6).data();
        assertThat(nak[BTH + InfinibandBth.SIZE] & 0xff).isEqualTo(0x60);
        assertThat(InfinibandBth.psn(nak, BTH)).isEqualTo(InfinibandBth.psn(frames.get(3).data(), BTH) + 1);
    }

    @Test
    void theExampleShowsEveryStepAndFaultOfRoce() throws Exception {
        Scenario s;
        try (java.io.InputStream in = getClass().getResourceAsStream("/io/rdmascope/synth/example-roce.yaml")) {
            s = new ScenarioParser().parse(in, "example-roce.yaml");
        }
        List<String> kinds = new ArrayList<>();
        s.steps.forEach(st -> kinds.add(st.kind()));
        assertThat(kinds).containsAll(ScenarioChecker.ROCE_STEPS);
        List<Scenario.Fault.Kind> faults = new ArrayList<>();
        s.connections.forEach(c -> c.faults.forEach(f -> faults.add(f.kind)));
        s.steps.forEach(st -> st.faults.forEach(f -> faults.add(f.kind)));
        for (Scenario.Fault.Kind k : Scenario.Fault.Kind.values()) {
            if (k.roce()) {
                assertThat(faults).as("example-roce.yaml shows %s", k).contains(k);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Synthesizer.write(s, out);
        JsonNode f = analyze(out.toByteArray());
        assertThat(f.get("transactions").size()).isGreaterThan(10);
    }

    private static void fails(String yaml, String message) {
        assertThatThrownBy(() -> TestPcap.parse(yaml)).isInstanceOf(ScenarioException.class).hasMessageContaining(message);
    }

    @Test
    void theCheckerKnowsWhatRoceConnectionsTake() {
        String roce = scenario("10.0.0.1", "10.0.0.2", "").replace(STEPS, "steps:\n");
        fails(roce + "  - advertise: {conn: c1, stag: 1, to: 0, length: 4}\n", "not a step of a RoCE connection");
        fails(roce + "  - send: {conn: c1, faults: [{kind: bad-crc}]}\n", "fault bad-crc is not a fault of a RoCE connection");
        fails(roce + "  - send: {conn: c1, faults: [{kind: nak}]}\n", "a nak needs a code");
        fails(roce + "  - send: {conn: c1, faults: [{kind: cm-reject}]}\n", "give it in the connection's faults");
        fails(roce.replace("transport: roce", "transport: roce, mtu: 1000"), "mtu must be 256, 512, 1024, 2048 or 4096");
        String uc = roce.replace("transport: roce", "transport: roce, service: uc");
        fails(roce.replace("transport: roce", "transport: roce, service: xrc"), "service must be rc, uc or ud");
        fails(uc + "  - read: {conn: c1, size: 4}\n", "carries Sends and RDMA Writes only");
        fails(uc + "  - send: {conn: c1, invalidate: 7}\n", "has no Send with Invalidate");
        fails(uc + "  - send: {conn: c1, faults: [{kind: rnr-nak}]}\n", "nothing answers it");
        String ud = roce.replace("transport: roce", "transport: roce, service: ud");
        fails(ud + "  - write: {conn: c1, stag: 1, to: 0, length: 4}\n", "datagram queue pairs carry Sends only");
        fails(ud + "  - send: {conn: c1, length: 2000}\n", "a datagram is one packet");
        fails(roce.replace(", lid: 7", "").replace("transport: roce", "transport: roce, encapsulation: infiniband"),
                "native InfiniBand needs a lid on both hosts");
        fails(TestPcap.HEAD.replace("10.0.0.1", "\"fd00::1\"") + "  - send: {conn: c1}\n",
                "iWARP connections run between IPv4 hosts");
        fails(TestPcap.HEAD + "  - send: {conn: c1, faults: [{kind: rnr-nak}]}\n",
                "fault rnr-nak is not a fault of an iWARP connection");
    }
}

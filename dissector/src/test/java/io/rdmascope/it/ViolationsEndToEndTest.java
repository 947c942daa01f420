package io.rdmascope.it;

import io.rdmascope.testing.Transactions;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every violation code of the analysis contract planted in a synthesized capture: {@code analyze
 * --format json} must report it at the frame of the PDU that carries it (found by dissecting the
 * capture), and the clean twin of the scenario must report nothing above info.
 */
class ViolationsEndToEndTest {
    @TempDir
    Path dir;

    /** A scenario, planted or clean. */
    interface Scenario extends Function<Boolean, Plan> {}

    List<Cli.Pdu> pdus;
    JsonNode file;

    private JsonNode analyze(Plan p, String name, String... options) throws Exception {
        Path pcap = Cli.synth(p.yaml(), dir.resolve(name + ".pcap"));
        pdus = Cli.pdus(Cli.dissect(pcap));
        return Cli.analyze(pcap, options);
    }

    /** The frames of the dissected PDUs matching {@code which}, in order (at least one). */
    List<Integer> framesOf(Predicate<Cli.Pdu> which) {
        List<Integer> frames = new ArrayList<>();
        for (Cli.Pdu p : pdus) {
            if (which.test(p)) {
                frames.add(p.frame());
            }
        }
        return frames;
    }

    static Set<String> above(JsonNode file, String minimum) {
        Set<String> out = new TreeSet<>();
        for (JsonNode v : file.get("violations")) {
            String s = v.get("severity").asText();
            if (minimum.equals("info") ? !s.equals("info") : s.equals("error")) {
                out.add(v.get("code").asText() + "@" + v.get("frame").asInt());
            }
        }
        return out;
    }

    static List<JsonNode> withCode(JsonNode file, String code) {
        List<JsonNode> out = new ArrayList<>();
        file.get("violations").forEach(v -> {
            if (v.get("code").asText().equals(code)) {
                out.add(v);
            }
        });
        return out;
    }

    /**
     * Plants {@code code}: the planted capture reports exactly {@code code} at the frame {@code at}
     * finds (plus {@code also}, codes that the same fault must also cause), with {@code severity};
     * the clean twin reports nothing above info.
     */
    void check(String code, String severity, Scenario s, Predicate<Cli.Pdu> at, Set<String> also, String... options)
            throws Exception {
        JsonNode clean = analyze(s.apply(false), "clean", options);
        assertThat(above(clean, "info")).as("clean twin of %s", code).isEmpty();
        file = analyze(s.apply(true), "planted", options);
        List<JsonNode> found = withCode(file, code);
        List<Integer> frames = new ArrayList<>();
        for (JsonNode v : found) {
            assertThat(v.get("severity").asText()).isEqualTo(severity);
            assertThat(v.get("connection").asText()).isNotEmpty();
            assertThat(v.get("message").asText()).isNotEmpty();
            frames.add(v.get("frame").asInt());
        }
        if (at != null) {
            assertThat(framesOf(at)).as("PDUs matching").isNotEmpty();
            assertThat(frames).as("frames of %s in %s", code, file.get("violations")).isEqualTo(framesOf(at));
        } else {
            assertThat(frames).hasSize(1);
        }
        Set<String> codes = new TreeSet<>();
        file.get("violations").forEach(x -> {
            if (!x.get("severity").asText().equals("info") || x.get("code").asText().equals(code)) {
                codes.add(x.get("code").asText());
            }
        });
        Set<String> want = new TreeSet<>(also);
        want.add(code);
        assertThat(codes).as("codes reported: %s", file.get("violations")).isEqualTo(want);
    }

    /** A plain Send (or Send with SE) from {@code direction} carrying payload at message offset {@code mo}. */
    static Predicate<Cli.Pdu> send(String direction, long mo, int payload) {
        return p -> !p.handshake() && p.direction().equals(direction) && p.ddp().has("qn")
                && p.ddp().get("qn").asLong() == 0 && !p.ddp().get("sv").asBoolean()
                && p.ddp().get("mo").asLong() == mo && p.ddp().get("payload_length").asInt() == payload;
    }

    static Predicate<Cli.Pdu> op(int opcode) {
        return p -> !p.handshake() && p.rdmap().get("opcode").asInt() == opcode;
    }

    static Predicate<Cli.Pdu> msn(String direction, long qn, long msn) {
        return p -> !p.handshake() && p.direction().equals(direction) && p.ddp().has("qn")
                && p.ddp().get("qn").asLong() == qn && p.ddp().get("msn").asLong() == msn;
    }

    static Predicate<Cli.Pdu> to(long stag, long to) {
        return p -> !p.handshake() && p.ddp().has("stag") && p.ddp().get("stag").asLong() == stag
                && p.ddp().get("to").asLong() == to;
    }

    static String when(boolean plant, String extra) {
        return plant ? extra : "";
    }

    /** Clean traffic with a one-shot write and read, on which violations are planted. */
    static Plan traffic(Plan p) {
        return p.advertise("c1", "a", 0x100, 0x1000, 4096, "write", "")
                .write("c1", "b", 0x100, 0x1000, 4096, 1000, "")
                .complete("c1", "b", 0x100, "invalidate")
                .advertise("c1", "a", 0x200, 0, 4096, "read", "")
                .read("c1", "b", 0x77, 0, 0x200, 0, 3000, 1000, "")
                .complete("c1", "b", 0x200, "sv");
    }

    @Test
    void crcMismatch() throws Exception {
        check("MPA_CRC_MISMATCH", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 3000, 1000, false, when(plant, ", faults: [{kind: bad-crc, segment: 1}]")),
                send("initiator", 1000, 1000), Set.of());
    }

    /** One violation per FPDU with bad markers, at the frame that delivers its first bad marker. */
    @Test
    void markerInvalid() throws Exception {
        Scenario s = plant -> traffic(new Plan().conn("c1", true, "both", ""))
                .send("c1", "a", 3000, 3000, false, when(plant, ", faults: [{kind: bad-marker}]"));
        check("MPA_MARKER_INVALID", "error", s, null, Set.of());
        WireModel.Stream st = new WireModel(dir.resolve("planted.pcap")).stream(40000, 4791);
        Plan p = s.apply(true);
        List<WireModel.Fpdu> f = st.fpdus(p.expected("c1", "initiator").stream().mapToInt(Plan.Exp::ulpduLength)
                .toArray(), true, false);
        WireModel.Fpdu bad = f.get(f.size() - 1);
        assertThat(bad.badMarkers()).hasSize(6);
        assertThat(withCode(file, "MPA_MARKER_INVALID").get(0).get("frame").asInt())
                .isEqualTo(st.completing(bad.badMarkers().get(0) + 4));
        assertThat(f.subList(0, f.size() - 1)).allMatch(x -> x.badMarkers().isEmpty());
    }

    @Test
    void rejected() throws Exception {
        check("MPA_REJECTED", "warning", plant -> new Plan().conn("c1", true, "none", plant ? "reject: true" : "")
                .step("connect: {conn: c1}"), p -> p.handshake() && p.direction().equals("responder"), Set.of());
    }

    @Test
    void handshakeRevision() throws Exception {
        check("MPA_HANDSHAKE", "error", plant -> traffic(new Plan().conn("c1", true, "none", plant ? "revision: 3" : "")),
                Cli.Pdu::handshake, Set.of());
    }

    @Test
    void padNonZero() throws Exception {
        check("MPA_PAD_NONZERO", "warning", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 3001, 1001, false, when(plant, ", faults: [{kind: bad-pad, segment: 0}]")),
                send("initiator", 0, 1001), Set.of());
    }

    @Test
    void padNonZeroWithoutCrc() throws Exception {
        check("MPA_PAD_NONZERO", "warning", plant -> traffic(new Plan().conn("c1", false, "none", ""))
                .send("c1", "a", 3001, 1001, false, when(plant, ", faults: [{kind: bad-pad, segment: 0}]")),
                send("initiator", 0, 1001), Set.of());
    }

    @Test
    void framing() throws Exception {
        check("MPA_FRAMING", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 3001, 1001, false, when(plant, ", faults: [{kind: missing-crc, segment: 0}]"))
                .send("c1", "a", 500, 500, false, ""),
                null, Set.of("MPA_CRC_MISMATCH"));
    }

    /**
     * A segment lost from the capture: the gap is reported where it becomes certain (the peer ACKs
     * octets never seen, or later octets arrive), and framing resumes with the next FPDU.
     */
    @Test
    void tcpGap() throws Exception {
        check("TCP_GAP", "warning", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 3000, 1000, false, when(plant, ", faults: [{kind: drop, segment: 1}]"))
                .send("c1", "a", 10, 1000, false, ""), null, Set.of());
        WireModel.Stream st = new WireModel(dir.resolve("planted.pcap")).stream(40000, 4791);
        assertThat(withCode(file, "TCP_GAP").get(0).get("frame").asInt()).isEqualTo(st.gapCertain()).isPositive();
        assertThat(framesOf(send("initiator", 2000, 1000))).hasSize(1);
        assertThat(framesOf(send("initiator", 1000, 1000).or(send("initiator", 1000, 0)))).isEmpty();
    }

    /** A gap inside an FPDU: the FPDU is truncated (info) and the next one is framed again. */
    @Test
    void gapInsideAnFpdu() throws Exception {
        check("TCP_GAP", "warning", plant -> traffic(new Plan().conn("c1", true, "both", "mss: 400"))
                .send("c1", "a", 3000, 1000, false, when(plant, ", faults: [{kind: drop, segment: 1}]"))
                .send("c1", "a", 10, 1000, false, ""), null, Set.of());
        WireModel.Stream st = new WireModel(dir.resolve("planted.pcap")).stream(40000, 4791);
        assertThat(withCode(file, "TCP_GAP").get(0).get("frame").asInt()).isEqualTo(st.gapCertain()).isPositive();
        assertThat(withCode(file, "MPA_TRUNCATED")).singleElement()
                .satisfies(v -> assertThat(v.get("severity").asText()).isEqualTo("info"));
        assertThat(framesOf(send("initiator", 1000, 1000))).hasSize(1);
        assertThat(framesOf(send("initiator", 2000, 1000))).hasSize(1);
        assertThat(framesOf(send("initiator", 0, 10))).hasSize(1);
    }

    @Test
    void ddpVersion() throws Exception {
        check("DDP_VERSION", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {dv: 2}")), send("initiator", 0, 30), Set.of());
    }

    @Test
    void ddpReserved() throws Exception {
        check("DDP_RESERVED", "warning", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {rsvd: 1}")), send("initiator", 0, 30), Set.of());
    }

    @Test
    void queueNumber() throws Exception {
        check("DDP_QN_INVALID", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {qn: 3}")),
                p -> !p.handshake() && p.rdmap().get("opcode").asInt() == 3 && p.direction().equals("initiator")
                        && p.ddp().get("payload_length").asInt() == 30, Set.of());
    }

    @Test
    void msnGap() throws Exception {
        check("DDP_MSN_GAP", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "b", 30, 100, false, when(plant, ", faults: [{kind: msn-skip, by: 3}]")),
                p -> !p.handshake() && p.direction().equals("responder") && p.rdmap().get("opcode").asInt() == 3
                        && !p.ddp().get("sv").asBoolean(), Set.of());
    }

    @Test
    void moGap() throws Exception {
        check("DDP_MO_GAP", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 300, 100, false, when(plant, ", raw: {segment: 2, mo: 250}")),
                send("initiator", 250, 100), Set.of());
    }

    @Test
    void rdmapVersion() throws Exception {
        check("RDMAP_VERSION", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {rv: 2}")), send("initiator", 0, 30), Set.of());
    }

    @Test
    void rdmapReservedInvalidateStag() throws Exception {
        check("RDMAP_RESERVED", "warning", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {invalidateStag: 0x5555}")),
                send("initiator", 0, 30), Set.of());
    }

    @Test
    void opcodeOnTheWrongHeader() throws Exception {
        check("RDMAP_OPCODE_INVALID", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {opcode: 0}")), send("initiator", 0, 30), Set.of());
    }

    @Test
    void unknownOpcode() throws Exception {
        check("RDMAP_OPCODE_INVALID", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .send("c1", "a", 30, 100, false, when(plant, ", raw: {opcode: 13}")), send("initiator", 0, 30), Set.of());
    }

    @Test
    void unsolicitedReadResponse() throws Exception {
        check("RDMAP_READ_RESPONSE_UNSOLICITED", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .write("c1", "a", 0x77, 0, 30, 100, when(plant, ", raw: {opcode: 2}")), to(0x77, 0).and(op(2))
                .and(p -> p.direction().equals("initiator") && p.ddp().get("payload_length").asInt() == 30), Set.of());
    }

    @Test
    void ordExceeded() throws Exception {
        check("RDMAP_ORD_EXCEEDED", "error", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", "revision: 2, ird: 1, ord: 1"));
            p.step("read: {conn: c1, from: b, sinkStag: 0x90, sourceStag: 0x91, size: 10, respond: false}");
            if (plant) {
                p.step("read: {conn: c1, from: b, sinkStag: 0x92, sourceStag: 0x93, size: 10, respond: false}");
            }
            return p.step("send: {conn: c1, from: a, length: 1}");
        }, msn("responder", 1, 3), Set.of());
    }

    @Test
    void terminate() throws Exception {
        check("RDMAP_TERMINATE", "error", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", ""));
            return plant ? p.step("terminate: {conn: c1, from: a, layer: 0, type: 1, code: 2, d: true}") : p;
        }, op(7), Set.of());
        assertThat(withCode(file, "RDMAP_TERMINATE").get(0).get("message").asText()).contains("RDMAP");
    }

    @Test
    void oneShotMalformed() throws Exception {
        check("ONESHOT_MALFORMED", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .advertise("c1", "a", 0x300, 0, 100, "write", when(plant, ", raw: {sv: false}"))
                .complete("c1", "b", 0x300, "invalidate"),
                p -> !p.handshake() && p.ddp().get("ab").asBoolean() && !p.ddp().get("sv").asBoolean(),
                Set.of());
    }

    @Test
    void oneShotStagInUse() throws Exception {
        check("ONESHOT_STAG_IN_USE", "error", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", ""))
                    .advertise("c1", "a", 0x300, 0, 100, "write", "")
                    .advertise("c1", "a", plant ? 0x300 : 0x301, 0x1000, 50, "write", "")
                    .complete("c1", "b", 0x300, "invalidate");
            return plant ? p : p.complete("c1", "b", 0x301, "invalidate");
        }, p -> !p.handshake() && p.ddp().has("advertised") && p.ddp().get("advertised").get("length").asInt() == 50,
                Set.of());
    }

    @Test
    void stagUnadvertisedIsInfoAndErrorWhenStrict() throws Exception {
        Scenario s = plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", ""));
            return plant ? p.write("c1", "b", 0x999, 0x1000, 10, 100, "") : p;
        };
        check("STAG_UNADVERTISED", "info", s, to(0x999, 0x1000), Set.of());
        JsonNode strict = analyze(s.apply(true), "strict", "--strict");
        assertThat(withCode(strict, "STAG_UNADVERTISED")).singleElement()
                .satisfies(v -> assertThat(v.get("severity").asText()).isEqualTo("error"));
    }

    @Test
    void stagInvalidated() throws Exception {
        check("STAG_INVALIDATED", "error", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", ""));
            return plant ? p.write("c1", "b", 0x100, 0x1000, 10, 100, "") : p;
        }, to(0x100, 0x1000).and(p -> p.ddp().get("payload_length").asInt() == 10), Set.of());
    }

    @Test
    void stagBounds() throws Exception {
        check("STAG_BOUNDS", "error", plant -> new Plan().conn("c1", true, "none", "")
                .advertise("c1", "a", 0x100, 0x1000, 4096, "write", "")
                .write("c1", "b", 0x100, plant ? 0x1F00 : 0x1000, 512, 512, "")
                .complete("c1", "b", 0x100, "invalidate"), op(0), Set.of());
    }

    @Test
    void stagAccess() throws Exception {
        check("STAG_ACCESS", "error", plant -> new Plan().conn("c1", true, "none", "")
                .advertise("c1", "a", 0x100, 0x1000, 4096, plant ? "read" : "write", "")
                .write("c1", "b", 0x100, 0x1000, 512, 512, "")
                .complete("c1", "b", 0x100, "invalidate"), op(0), Set.of());
    }

    @Test
    void stagWrongConnection() throws Exception {
        check("STAG_WRONG_CONNECTION", "error", plant -> new Plan().conn("c1", true, "none", "")
                .conn("c2", true, "none", "")
                .advertise("c1", "a", 0x100, 0x1000, 4096, "write", "")
                .advertise("c2", "b", 0x200, 0x1000, 4096, "write", "")
                .write(plant ? "c2" : "c1", "b", 0x100, 0x1000, 512, 512, "")
                .complete("c1", "b", 0x100, "invalidate")
                .complete("c2", "a", 0x200, "invalidate"), op(0), Set.of());
    }

    @Test
    void completionMismatch() throws Exception {
        check("COMPLETION_MISMATCH", "error", plant -> traffic(new Plan().conn("c1", true, "none", ""))
                .advertise("c1", "a", 0x300, 0, 100, "write", "")
                .complete("c1", "b", plant ? 0x301 : 0x300, "sv"),
                p -> !p.handshake() && p.ddp().get("sv").asBoolean() && !p.ddp().get("ab").asBoolean()
                        && p.ddp().get("optional_stag").asLong() == 0x301, Set.of("TRANSACTION_INCOMPLETE"));
    }

    @Test
    void bufferPoolExhausted() throws Exception {
        check("BUFFER_POOL_EXHAUSTED", "error", plant -> {
            Plan p = new Plan().conn("c1", true, "none", "");
            for (int i = 0; i < (plant ? 3 : 2); i++) {
                p.advertise("c1", "a", 0x100 + i, 0, 100, "write", "");
            }
            for (int i = 0; i < (plant ? 3 : 2); i++) {
                p.complete("c1", "b", 0x100 + i, "invalidate");
            }
            return p;
        }, p -> !p.handshake() && p.ddp().has("optional_stag") && p.ddp().get("optional_stag").asLong() == 0x102
                && p.ddp().get("ab").asBoolean(), Set.of("COMPLETION_MISMATCH"), "--buffers-per-qp", "2");
    }

    @Test
    void transactionIncomplete() throws Exception {
        check("TRANSACTION_INCOMPLETE", "warning", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", "")).advertise("c1", "a", 0x300, 0, 100, "write", "");
            return plant ? p : p.complete("c1", "b", 0x300, "invalidate");
        }, null, Set.of());
        assertThat(Transactions.oneShots(file).get(2).get("status").asText()).isEqualTo("incomplete");
    }

    @Test
    void closedWithOpenBuffers() throws Exception {
        check("QP_CLOSED_WITH_OPEN_BUFFERS", "warning", plant -> {
            Plan p = traffic(new Plan().conn("c1", true, "none", "")).advertise("c1", "a", 0x300, 0, 100, "write", "");
            return (plant ? p : p.complete("c1", "b", 0x300, "invalidate")).close("c1", "a", "fin");
        }, null, Set.of());
        assertThat(Transactions.oneShots(file).get(2).get("status").asText()).isEqualTo("aborted");
    }
}

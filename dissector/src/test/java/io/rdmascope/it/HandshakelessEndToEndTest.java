package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Captures that start after the MPA handshake: every PDU is listed under the frame that
 * completes it, as in the same capture with its handshake, although the MPA stage decides the
 * framing of such connections only some FPDUs later.
 *
 * <p>dv0.pcap is softuiwarp-send-read.pcap with the first Send's DDP version set to 0;
 * dv0-nohs.pcap is the same without its first 7 frames (TCP and MPA handshakes).
 */
class HandshakelessEndToEndTest {
    static final int CUT = 7;

    @TempDir
    static Path dir;
    static Path full;
    static Path cut;

    @BeforeAll
    static void copy() throws Exception {
        full = resource("dv0.pcap");
        cut = resource("dv0-nohs.pcap");
        TsharkOracleTest.findTshark();
    }

    private static Path resource(String name) throws Exception {
        try (InputStream in = HandshakelessEndToEndTest.class.getResourceAsStream(name)) {
            Path p = dir.resolve(name);
            Files.write(p, in.readAllBytes());
            return p;
        }
    }

    /** "frame direction opcode msn" of every PDU but the handshake, frames shifted by {@code shift}. */
    private static List<String> summary(List<Cli.Pdu> pdus, int shift) {
        List<String> out = new ArrayList<>();
        for (Cli.Pdu p : pdus) {
            if (p.handshake()) {
                continue;
            }
            out.add((p.frame() - shift) + " " + p.direction() + " " + p.rdmap().get("opcode_name").asText()
                    + " msn " + p.ddp().get("msn").asLong() + " dv " + p.ddp().get("dv").asInt());
        }
        return out;
    }

    @Test
    void everyPduOfTheRealCaptureIsListedUnderItsFrame() throws Exception {
        List<JsonNode> frames = Cli.dissect(cut);
        assertThat(frames).extracting(f -> f.get("frame").asInt()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(summary(Cli.pdus(frames), 0)).containsExactly(
                "1 initiator Send msn 1 dv 0",
                "2 initiator Send msn 2 dv 1",
                "3 responder RDMA Read Request msn 1 dv 1",
                "5 initiator Send msn 3 dv 1",
                "6 initiator Send msn 4 dv 1");
        assertThat(frames.get(3).get("issues").get(0).get("kind").asText()).isEqualTo("closed_fin");
        assertThat(frames.get(6).get("issues").get(0).get("kind").asText()).isEqualTo("closed_rst");
        // The same PDUs as with the handshake, CUT frames later there.
        List<String> withHandshake = summary(Cli.pdus(Cli.dissect(full)), CUT);
        assertThat(summary(Cli.pdus(frames), 0)).isEqualTo(withHandshake);
    }

    @Test
    void textListsEachPduUnderItsFrame() {
        String text = Cli.run("dissect", "-V", cut.toString());
        String[] parts = text.split("\nFrame ");
        assertThat(parts).hasSize(8);
        for (int f : new int[] {1, 2, 5, 6}) {
            assertThat(parts[f - 1]).as("frame %d", f).contains("Send (3)");
        }
        assertThat(parts[2]).contains("RDMA Read Request (1)");
        for (int f : new int[] {4, 7, 8}) {
            assertThat(parts[f - 1]).as("frame %d", f).doesNotContain("MPA FPDU");
        }
    }

    @Test
    void analysisMatchesTheCaptureWithItsHandshake() throws Exception {
        JsonNode file = Cli.analyze(cut);
        List<String> vs = new ArrayList<>();
        for (JsonNode v : file.get("violations")) {
            vs.add(v.get("frame").asInt() + " " + v.get("code").asText());
        }
        // the Read Request of frame 3 names the STag the rping-shaped Send of frame 1 advertised
        assertThat(vs).containsExactlyInAnyOrder("1 DDP_VERSION");
        List<String> withHandshake = new ArrayList<>();
        for (JsonNode v : Cli.analyze(full).get("violations")) {
            withHandshake.add((v.get("frame").asInt() - CUT) + " " + v.get("code").asText());
        }
        assertThat(vs).containsExactlyInAnyOrderElementsOf(withHandshake);
        JsonNode mpa = file.get("connections").get(0).get("mpa");
        assertThat(mpa.get("assumed").asBoolean()).isTrue();
        assertThat(mpa.get("crc").asBoolean()).isFalse();
        assertThat(mpa.get("markers").asBoolean()).isFalse();
        assertThat(mpa.get("revision").isNull()).isTrue();
        assertThat(file.get("connections").get(0).get("fpdus").asInt()).isEqualTo(5);
        assertThat(Cli.run("analyze", cut.toString())).contains("handshake not captured: parameters inferred");
        // The display filter's second pass attributes the Read Request to frame 3 too.
        JsonNode selected = Cli.analyze(cut, "-Y", "frame.number == 3");
        assertThat(selected.get("transactions")).singleElement()
                .satisfies(t -> assertThat(t.get("kind").asText() + " " + t.get("startFrame").asInt()).isEqualTo("read 3"));
    }

    @Test
    void tsharkFindsTheSameFramesInTheCaptureWithItsHandshake() throws Exception {
        assumeTrue(TsharkOracleTest.tshark, "tshark is not installed");
        Map<Integer, Map<String, List<String>>> ts = TsharkOracleTest.tshark(full);
        TreeSet<Integer> shifted = new TreeSet<>();
        for (int f : ts.keySet()) {
            shifted.add(f - CUT);
        }
        TreeSet<Integer> ours = new TreeSet<>();
        for (Cli.Pdu p : Cli.pdus(Cli.dissect(cut))) {
            ours.add(p.frame());
        }
        assertThat(ours).containsExactlyElementsOf(shifted);
        assertThat(TsharkOracleTest.compare(full)).isEqualTo(5);
    }

    /**
     * A synthesized capture and the same capture without its frames up to the MPA Reply: the same
     * PDUs under the same frames (shifted), with the same values.
     */
    @ParameterizedTest(name = "crc {0}, markers {1}, mss {2}")
    @CsvSource({"true,none,1460", "false,none,1460", "false,none,300", "true,both,1460", "false,both,536"})
    void synthesizedCaptureWithoutItsHandshake(boolean crc, String markers, int mss) throws Exception {
        Plan plan = new Plan().conn("c1", crc, markers, "mss: " + mss);
        plan.send("c1", "a", 40, 40, false, "")
                .send("c1", "b", 60, 60, false, "")
                .write("c1", "b", 0x1234, 0x10000, 3000, 1000, "")
                .send("c1", "a", 2000, 700, false, "")
                .read("c1", "a", 0x77, 0, 0x99, 0, 1500, 1500, "")
                .send("c1", "b", 24, 24, true, "");
        for (int i = 0; i < 6; i++) {
            plan.send("c1", i % 2 == 0 ? "a" : "b", 100 + 50 * i, 10_000, false, "");
        }
        Path whole = Cli.synth(plan.yaml(), dir.resolve("synth-" + crc + "-" + markers + "-" + mss + ".pcap"));
        List<Cli.Pdu> all = Cli.pdus(Cli.dissect(whole));
        int reply = all.stream().filter(p -> p.handshake() && p.mpa().get("key").asText().equals("reply"))
                .mapToInt(Cli.Pdu::frame).max().orElseThrow();
        Path headless = dir.resolve("synth-" + crc + "-" + markers + "-" + mss + "-nohs.pcap");
        dropFirstFrames(whole, headless, reply);
        List<String> expected = pduLines(all, reply);
        List<String> seen = pduLines(Cli.pdus(Cli.dissect(headless)), 0);
        assertThat(seen).hasSameSizeAs(plan.expected).isEqualTo(expected);
        JsonNode mpa = Cli.analyze(headless).get("connections").get(0).get("mpa");
        assertThat(mpa.get("assumed").asBoolean()).isTrue();
        assertThat(mpa.get("crc").asBoolean()).isEqualTo(crc);
        assertThat(mpa.get("markers").asBoolean()).isEqualTo(!markers.equals("none"));
    }

    /** Each FPDU's JSON with its frame, shifted; the handshake left out. */
    private static List<String> pduLines(List<Cli.Pdu> pdus, int shift) {
        List<String> out = new ArrayList<>();
        for (Cli.Pdu p : pdus) {
            if (p.handshake()) {
                continue;
            }
            ObjectNode n = p.node().deepCopy();
            ObjectNode mpa = (ObjectNode) n.get("mpa");
            if (mpa.has("first_frame")) {
                mpa.put("first_frame", mpa.get("first_frame").asInt() - shift);
            }
            out.add((p.frame() < 0 ? "end" : String.valueOf(p.frame() - shift)) + " " + n);
        }
        return out;
    }

    /** Writes {@code in} (classic pcap) without its first {@code n} records. */
    static void dropFirstFrames(Path in, Path out, int n) throws Exception {
        byte[] b = Files.readAllBytes(in);
        ByteBuffer bb = ByteBuffer.wrap(b);
        int magic = bb.getInt(0);
        bb.order(magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int pos = 24;
        for (int i = 0; i < n; i++) {
            pos += 16 + bb.getInt(pos + 8);
        }
        byte[] o = new byte[24 + b.length - pos];
        System.arraycopy(b, 0, o, 0, 24);
        System.arraycopy(b, pos, o, 24, b.length - pos);
        Files.write(out, o);
    }
}

package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * tshark as an oracle: on standard iWARP (no one-shot bits, which Wireshark does not know), every
 * MPA, DDP and RDMAP field that both tools decode agrees, frame by frame.
 *
 * <p>tshark prints the values of several PDUs in one frame separated by commas, and only for the
 * PDUs that have the field; so each field is compared as the list of its values in the frame.
 * Wireshark shows the MPA CRC octets as they stand on the wire, read most significant first, in
 * {@code iwarp_mpa.crc_check} when the CRC matched and in {@code iwarp_mpa.crc} otherwise; rdmascope's
 * {@code crc} is the CRC field read least significant octet first (the order in which the CRC32c is
 * written, wire notes), so the one is the other with its four octets reversed.
 */
class TsharkOracleTest {
    static final Path REAL = io.rdmascope.testing.RealCaptures.dir();

    /** tshark field -> the dissect JSON field (object.name) it matches. */
    static final Map<String, String> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("iwarp_mpa.ulpdulength", "mpa.ulpdu_length");
        FIELDS.put("iwarp_ddp.tagged_flag", "ddp.tagged");
        FIELDS.put("iwarp_ddp.last_flag", "ddp.last");
        FIELDS.put("iwarp_ddp.dv", "ddp.dv");
        FIELDS.put("iwarp_ddp.stag", "ddp.stag");
        FIELDS.put("iwarp_ddp.tagged_offset", "ddp.to");
        FIELDS.put("iwarp_ddp.qn", "ddp.qn");
        FIELDS.put("iwarp_ddp.msn", "ddp.msn");
        FIELDS.put("iwarp_ddp.mo", "ddp.mo");
        FIELDS.put("iwarp_rdma.version", "rdmap.version");
        FIELDS.put("iwarp_rdma.opcode", "rdmap.opcode");
        FIELDS.put("iwarp_rdma.inval_stag", "rdmap.invalidate_stag");
        FIELDS.put("iwarp_rdma.sinkstag", "rdmap.sink_stag");
        FIELDS.put("iwarp_rdma.sinkto", "rdmap.sink_to");
        FIELDS.put("iwarp_rdma.rdmardsz", "rdmap.read_size");
        FIELDS.put("iwarp_rdma.srcstag", "rdmap.source_stag");
        FIELDS.put("iwarp_rdma.srcto", "rdmap.source_to");
        FIELDS.put("iwarp_rdma.term_layer", "rdmap.layer");
    }

    static final String[] ETYPE = {"iwarp_rdma.term_etype_rdma", "iwarp_rdma.term_etype_ddp", "iwarp_rdma.term_etype_llp"};
    static final String[] ERRCODE = {"iwarp_rdma.term_errcode_rdma", "iwarp_rdma.term_errcode_ddp_tagged",
            "iwarp_rdma.term_errcode_ddp_untagged", "iwarp_rdma.term_errcode_llp"};

    static boolean tshark;

    @TempDir
    Path dir;

    @BeforeAll
    static void findTshark() {
        try {
            Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            tshark = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            tshark = false;
        }
    }

    /** tshark's values per frame: field -> comma-separated values. */
    static Map<Integer, Map<String, List<String>>> tshark(Path capture) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-r", capture.toString(), "--disable-protocol", "rpcordma",
                "-o", "tcp.check_checksum:FALSE", "-Y", "iwarp_ddp", "-T", "fields", "-E", "separator=/t",
                "-e", "frame.number", "-e", "iwarp_mpa.crc", "-e", "iwarp_mpa.crc_check"));
        List<String> names = new ArrayList<>(List.of("frame.number", "iwarp_mpa.crc", "iwarp_mpa.crc_check"));
        List<String> all = new ArrayList<>(FIELDS.keySet());
        all.addAll(List.of(ETYPE));
        all.addAll(List.of(ERRCODE));
        for (String f : all) {
            cmd.add("-e");
            cmd.add(f);
            names.add(f);
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Map<Integer, Map<String, List<String>>> out = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] v = line.split("\t", -1);
                Map<String, List<String>> row = new LinkedHashMap<>();
                for (int i = 1; i < names.size(); i++) {
                    List<String> vals = new ArrayList<>();
                    if (i < v.length && !v[i].isEmpty()) {
                        for (String x : v[i].split(",")) {
                            vals.add(x);
                        }
                    }
                    row.put(names.get(i), vals);
                }
                out.put(Integer.parseInt(v[0]), row);
            }
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    static BigInteger number(String s) {
        if (s.equals("True") || s.equals("true")) {
            return BigInteger.ONE;
        }
        if (s.equals("False") || s.equals("false")) {
            return BigInteger.ZERO;
        }
        return s.startsWith("0x") ? new BigInteger(s.substring(2), 16) : new BigInteger(s);
    }

    static List<BigInteger> numbers(List<String> s) {
        List<BigInteger> out = new ArrayList<>();
        s.forEach(x -> out.add(number(x)));
        return out;
    }

    static BigInteger json(JsonNode n) {
        return n.isBoolean() ? (n.asBoolean() ? BigInteger.ONE : BigInteger.ZERO) : n.bigIntegerValue();
    }

    static long reverse(long crc) {
        return Integer.toUnsignedLong(Integer.reverseBytes((int) crc));
    }

    /** Compares every frame that tshark or rdmascope finds DDP in; returns the number of PDUs compared. */
    static int compare(Path capture) throws Exception {
        return compare(capture, true);
    }

    /**
     * As above. Unless {@code sameFrames}, tshark may decode fewer frames than rdmascope: Wireshark 4.0
     * does not reassemble an FPDU with markers that spans TCP segments (it finds no FPDU there), so on
     * such captures only the frames it decodes are compared.
     */
    static int compare(Path capture, boolean sameFrames) throws Exception {
        Map<Integer, Map<String, List<String>>> ts = tshark(capture);
        int compared = 0;
        Map<Integer, List<JsonNode>> ours = new LinkedHashMap<>();
        for (JsonNode f : Cli.dissect(capture)) {
            List<JsonNode> ddp = new ArrayList<>();
            for (JsonNode p : f.get("pdus")) {
                if (p.has("ddp")) {
                    ddp.add(p);
                }
            }
            if (!ddp.isEmpty()) {
                ours.put(f.get("frame").asInt(), ddp);
            }
        }
        if (sameFrames) {
            assertThat(ours.keySet()).as("frames with DDP in %s", capture).containsExactlyElementsOf(ts.keySet());
        } else {
            assertThat(ours.keySet()).as("frames with DDP in %s", capture).containsAll(ts.keySet());
        }
        for (Map.Entry<Integer, List<JsonNode>> e : ours.entrySet()) {
            Map<String, List<String>> t = ts.get(e.getKey());
            if (t == null) {
                continue;
            }
            String where = capture.getFileName() + " frame " + e.getKey();
            for (Map.Entry<String, String> f : FIELDS.entrySet()) {
                String[] path = f.getValue().split("\\.");
                List<BigInteger> mine = new ArrayList<>();
                for (JsonNode p : e.getValue()) {
                    JsonNode v = p.path(path[0]).get(path[1]);
                    int opcode = p.path("rdmap").path("opcode").asInt(-1);
                    if (f.getKey().equals("iwarp_rdma.inval_stag") && opcode != 4 && opcode != 6) {
                        continue;   // Wireshark shows the field only on the opcodes that invalidate
                    }
                    if (v != null && !v.isNull()) {
                        mine.add(json(v));
                    }
                }
                assertThat(mine).as("%s: %s vs %s", where, f.getValue(), f.getKey()).isEqualTo(numbers(t.get(f.getKey())));
            }
            List<BigInteger> etype = new ArrayList<>(), code = new ArrayList<>(), crcs = new ArrayList<>();
            for (String x : ETYPE) {
                etype.addAll(numbers(t.get(x)));
            }
            for (String x : ERRCODE) {
                code.addAll(numbers(t.get(x)));
            }
            List<BigInteger> myEtype = new ArrayList<>(), myCode = new ArrayList<>(), myCrc = new ArrayList<>();
            for (JsonNode p : e.getValue()) {
                if (p.path("rdmap").has("etype")) {
                    myEtype.add(json(p.get("rdmap").get("etype")));
                    myCode.add(json(p.get("rdmap").get("error_code")));
                }
                myCrc.add(BigInteger.valueOf(reverse(p.get("mpa").get("crc").asLong())));
            }
            assertThat(myEtype).as("%s: terminate error type", where).isEqualTo(etype);
            assertThat(myCode).as("%s: terminate error code", where).isEqualTo(code);
            crcs.addAll(numbers(t.get("iwarp_mpa.crc")));
            crcs.addAll(numbers(t.get("iwarp_mpa.crc_check")));
            assertThat(myCrc).as("%s: CRC (octets reversed)", where).containsExactlyInAnyOrderElementsOf(crcs);
            compared += e.getValue().size();
        }
        return compared;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"softuiwarp-send-read.pcap", "softuiwarp-mixed.pcap", "softuiwarp-perftest-write.pcap",
            "osc-iwarp-crc-markers.pcap"})
    void realCaptures(String name) throws Exception {
        assumeTrue(tshark, "tshark is not installed");
        assumeTrue(Files.exists(REAL.resolve(name)), "capture not present");
        assertThat(compare(REAL.resolve(name))).isPositive();
    }

    @ParameterizedTest(name = "crc {0}, markers {1}, mss {2}")
    @CsvSource({"true,none,1460", "false,none,1460", "true,both,1460", "true,both,300", "false,initiator,200",
            "true,responder,536"})
    void synthesizedStandardTraffic(boolean crc, String markers, int mss) throws Exception {
        assumeTrue(tshark, "tshark is not installed");
        Plan p = new Plan().conn("c1", crc, markers, "mss: " + mss + ", revision: 2, ird: 4, ord: 4");
        p.write("c1", "b", 0x1234, 0x10000, 5000, 1400, "")
                .send("c1", "b", 100, 100, false, "")
                .step("send: {conn: c1, from: b, length: 20, segment: 100}")
                .read("c1", "b", 0x77, 0x40, 0x2000, 0, 3000, 1000, "")
                .step("complete: {conn: c1, from: b, stag: 0x1234, how: invalidate, payload: 8}")
                .step("complete: {conn: c1, from: a, stag: 0x99, how: se-invalidate, payload: 8}")
                .send("c1", "a", 2500, 1000, true, "")
                .write("c1", "a", 0x10, 0, 3000, 37, ", cuts: [100000]")
                .send("c1", "a", 3, 3, false, "")
                .step("atomic: {conn: c1, from: b, op: fetch-add, stag: 0x99, to: 64, data: 1, original: 41}")
                .step("terminate: {conn: c1, from: a, layer: 1, type: 2, code: 1, d: true}");
        Path pcap = Cli.synth(p.yaml(), dir.resolve("standard.pcap"));
        assertThat(compare(pcap, markers.equals("none"))).isGreaterThan(markers.equals("none") ? 20 : 5);
    }
}

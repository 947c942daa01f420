package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wireshark's iWARP dissectors read what the synthesizer writes as the synthesizer meant it. */
class TsharkAgreementTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void needTshark() {
        boolean ok;
        try {
            Process p = new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            ok = false;
        }
        Assumptions.assumeTrue(ok, "tshark is not on PATH");
    }

    private Path synth(String yaml) throws Exception {
        Path f = dir.resolve("s" + System.nanoTime() + ".pcap");
        Files.write(f, TestPcap.synth(yaml));
        return f;
    }

    /** Runs tshark (RPC-over-RDMA heuristics off: they misread short Sends) and returns its lines. */
    static List<String> tshark(Path pcap, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-r", pcap.toString(), "-o", "tcp.check_checksum:TRUE",
                "--disable-protocol", "rpcordma"));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        List<String> lines = new ArrayList<>();
        for (String l : out.split("\n")) {
            if (!l.isBlank()) {
                lines.add(l);
            }
        }
        return lines;
    }

    static List<String> fpduFields(Path pcap, String... fields) throws Exception {
        List<String> a = new ArrayList<>(List.of("-Y", "iwarp_mpa.fpdu", "-T", "fields", "-E", "separator=|"));
        for (String f : fields) {
            a.add("-e");
            a.add(f);
        }
        return tshark(pcap, a.toArray(new String[0]));
    }

    private static long count(List<String> lines, String needle) {
        return lines.stream().filter(l -> l.contains(needle)).count();
    }

    private static final String STANDARD_STEPS = String.join("\n",
            "  - advertise: {conn: c1, from: b, stag: 0x1234, to: 0x10000, length: 65536}",
            "  - write: {conn: c1, from: a, stag: 0x1234, to: 0x10000, length: 3000, segment: 1400}",
            "  - read: {conn: c1, from: a, sinkStag: 0x77, sinkTo: 0x40, sourceStag: 0x1234, sourceTo: 0x10000, size: 2000, segment: 1000}",
            "  - send: {conn: c1, from: a, length: 100, se: true}",
            "  - complete: {conn: c1, from: a, stag: 0x1234, how: invalidate}",
            "  - complete: {conn: c1, from: a, stag: 0x1235, how: se-invalidate}",
            "  - immediate: {conn: c1, from: a, value: 5}",
            "  - atomic: {conn: c1, from: a, stag: 0x99, to: 8, data: 3, requestId: 77, original: 9}",
            "  - terminate: {conn: c1, from: b, layer: 1, type: 2, code: 3, d: true}",
            "  - close: {conn: c1, from: a, how: fin}",
            "");

    private static String scenario(String connOptions) {
        return "hosts:\n  - {name: a, ip: 10.0.0.1}\n  - {name: b, ip: 10.0.0.2}\nconnections:\n"
                + "  - {name: c1, from: a:40000, to: b:4791, isn: 4294966000, " + connOptions + "}\nsteps:\n" + STANDARD_STEPS;
    }

    private static final List<String> EXPECTED = List.of(
            // opcode | stag | qn | msn | mo
            "0x03|||0|1|0",              // advertise: Send (SV/AB unknown to tshark)
            "0x00||0x00001234|||",        // write, 3 segments
            "0x00||0x00001234|||",
            "0x00||0x00001234|||",
            "0x01|||1|1|0",              // read request
            "0x02||0x00000077|||",        // read responses, 2 segments
            "0x02||0x00000077|||",
            "0x05|||0|1|0",              // send with SE
            "0x04|4660||0|2|0",     // send with invalidate
            "0x06|4661||0|3|0",     // send with SE and invalidate
            "0x08|||0|4|0",              // immediate data
            "0x0a|||1|2|0",              // atomic request
            "0x0b|||3|1|0",              // atomic response from b, on queue 3
            "0x07|||2|1|0");             // terminate from b

    private void checkStandard(Path pcap, boolean crc) throws Exception {
        List<String> rows = fpduFields(pcap, "iwarp_rdma.opcode", "iwarp_rdma.inval_stag", "iwarp_ddp.stag",
                "iwarp_ddp.qn", "iwarp_ddp.msn", "iwarp_ddp.mo");
        assertThat(rows).containsExactlyElementsOf(EXPECTED);
        List<String> ck = tshark(pcap, "-T", "fields", "-e", "tcp.checksum.status", "-e", "ip.checksum.status",
                "-o", "ip.check_checksum:TRUE");
        assertThat(ck).allMatch(l -> l.equals("1\t1"));
        List<String> v = tshark(pcap, "-V");
        if (crc) {
            assertThat(count(v, "Good CRC32")).isEqualTo(EXPECTED.size());
            assertThat(count(v, "Bad CRC32")).isZero();
        } else {
            assertThat(count(v, "CRC: 0x00000000")).isEqualTo(EXPECTED.size());
        }
        assertThat(count(v, "Malformed")).isZero();
        List<String> rr = fpduFields(pcap, "iwarp_rdma.sinkstag", "iwarp_rdma.sinkto", "iwarp_rdma.rdmardsz",
                "iwarp_rdma.srcstag", "iwarp_rdma.srcto");
        assertThat(rr).contains("0x00000077|0x0000000000000040|2000|0x00001234|0x0000000000010000");
        assertThat(count(v, "Layer: DDP (0x1)")).isEqualTo(1);
        assertThat(count(v, "Error Code for DDP Untagged Buffer: Invalid MSN")).isEqualTo(1);
        assertThat(count(v, "Terminated DDP Header: 414a")).isEqualTo(1);   // the atomic request it answers
    }

    @Test
    void standardTrafficWithCrc() throws Exception {
        checkStandard(synth(scenario("crc: true, markers: none")), true);
    }

    @Test
    void standardTrafficWithoutCrc() throws Exception {
        checkStandard(synth(scenario("crc: false, markers: none")), false);
    }

    @Test
    void standardTrafficWithCrcAndMarkersBothWaysAndRevision2() throws Exception {
        Path pcap = synth(scenario("crc: true, markers: both, revision: 2, ird: 8, ord: 4"));
        checkStandard(pcap, true);
        List<String> mpa = tshark(pcap, "-Y", "iwarp_mpa.req || iwarp_mpa.rep", "-T", "fields", "-E", "separator=|",
                "-e", "iwarp_mpa.marker_flag", "-e", "iwarp_mpa.crc_flag", "-e", "iwarp_mpa.rev", "-e", "iwarp_mpa.privatedata");
        assertThat(mpa).containsExactly("1|1|2|3fff3fff".replace("3fff3fff", "00080004"),
                "1|1|2|00080004");
    }

    @Test
    void markerPointersAgreeWithTshark() throws Exception {
        Path pcap = synth("hosts:\n  - {name: a, ip: 10.0.0.1}\n  - {name: b, ip: 10.0.0.2}\nconnections:\n"
                + "  - {name: c1, from: a:40000, to: b:4791, crc: true, markers: a}\nsteps:\n"
                + "  - send: {conn: c1, from: a, length: 100}\n"
                + "  - send: {conn: c1, from: a, length: 3000}\n"
                + "  - send: {conn: c1, from: a, length: 2000}\n");
        List<String> ptrs = fpduFields(pcap, "iwarp_mpa.marker_fpduptr");
        int[] ulpdus = fpduFields(pcap, "iwarp_mpa.ulpdulength").stream().mapToInt(Integer::parseInt).toArray();
        assertThat(ulpdus).hasSize(6);
        // where each FPDU starts in the marked stream, counted independently of the encoder
        List<Integer> starts = new ArrayList<>();
        int pos = 0;
        for (int u : ulpdus) {
            starts.add(pos);
            int plain = 2 + u + ((4 - ((2 + u) & 3)) & 3) + 4;
            int end = pos;
            for (int left = plain; left > 0; ) {
                if (end % 512 == 0) {
                    end += 4;
                }
                int run = Math.min(left, 512 - end % 512);
                end += run;
                left -= run;
            }
            pos = end;
        }
        starts.add(pos);
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < ulpdus.length; i++) {
            List<String> p = new ArrayList<>();
            for (int m = 0; m < starts.get(i + 1); m += 512) {
                if (m >= starts.get(i)) {
                    p.add(String.valueOf(m - starts.get(i)));
                }
            }
            rows.add(String.join(",", p));
        }
        assertThat(ptrs).containsExactlyElementsOf(rows);
        assertThat(ulpdus[0]).isEqualTo(118);
        assertThat(count(tshark(pcap, "-V"), "Good CRC32")).isEqualTo(6);
    }

    @Test
    void badCrcIsSeenAsBad() throws Exception {
        Path pcap = synth(TestPcap.HEAD + "  - send: {conn: c1, length: 3000, faults: [{kind: bad-crc, segment: 1}]}\n");
        List<String> v = tshark(pcap, "-V");
        assertThat(count(v, "Bad CRC32")).isEqualTo(1);
        assertThat(count(v, "Good CRC32")).isEqualTo(2);
    }

    @Test
    void exampleScenarioHasGoodChecksumsAndOnlyThePlantedBadCrc() throws Exception {
        String y;
        try (java.io.InputStream in = getClass().getResourceAsStream("/io/rdmascope/synth/example.yaml")) {
            y = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path pcap = synth(y);
        assertThat(tshark(pcap, "-T", "fields", "-e", "tcp.checksum.status")).allMatch(l -> l.equals("1"));
        assertThat(count(tshark(pcap, "-V"), "Bad CRC32")).isEqualTo(1);
    }

    @Test
    void rejectedConnection() throws Exception {
        Path pcap = synth("hosts:\n  - {name: a, ip: 10.0.0.1}\n  - {name: b, ip: 10.0.0.2}\nconnections:\n"
                + "  - {name: c1, from: a:40000, to: b:4791, reject: true, privateData: no}\nsteps:\n  - connect: {conn: c1}\n");
        List<String> mpa = tshark(pcap, "-Y", "iwarp_mpa.req || iwarp_mpa.rep", "-T", "fields", "-E", "separator=|",
                "-e", "iwarp_mpa.rej_flag", "-e", "iwarp_mpa.pdlength");
        assertThat(mpa).containsExactly("0|2", "1|2");
        assertThat(count(tshark(pcap, "-T", "fields", "-e", "tcp.flags.fin"), "1")).isEqualTo(2);
    }
}

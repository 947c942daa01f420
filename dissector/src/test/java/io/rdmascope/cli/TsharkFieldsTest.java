package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Tshark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code dissect -T fields} against {@code tshark -T fields} on real captures: the same fields,
 * named the Wireshark way, give the same values on every line. tshark prints some numbers in hex
 * where rdmascope prints them in decimal (and the other way round), so numbers are compared as
 * numbers; everything else as text.
 */
class TsharkFieldsTest {
    static final String[] FIELDS = {"frame.number", "frame.time_epoch", "frame.time_relative", "frame.len",
        "ip.src", "ip.dst", "tcp.srcport", "tcp.dstport", "tcp.stream", "tcp.flags.syn", "tcp.flags.ack",
        "tcp.flags.fin", "iwarp_mpa.ulpdulength", "iwarp_ddp.tagged_flag", "iwarp_ddp.stag",
        "iwarp_ddp.tagged_offset", "iwarp_ddp.qn", "iwarp_ddp.msn", "iwarp_ddp.mo", "iwarp_rdma.opcode",
        "iwarp_rdma.sinkstag", "iwarp_rdma.srcstag", "iwarp_rdma.rdmardsz"};

    static String run(int expectedStatus, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).as("exit status; standard error: %s", err).isEqualTo(expectedStatus);
        return expectedStatus == 0 ? out.toString(StandardCharsets.UTF_8) : err.toString(StandardCharsets.UTF_8);
    }

    static List<String> fieldsArgs(String file, String... fields) {
        List<String> args = new ArrayList<>(List.of("dissect", "-T", "fields", "-E", "separator=;"));
        for (String f : fields) {
            args.add("-e");
            args.add(f);
        }
        args.add(file);
        return args;
    }

    @ParameterizedTest
    @ValueSource(strings = {"std_rping_64_mtu1500_tso.pcap", "std_write_bw_4096_mtu1500_tso.pcap",
        "std_read_bw_4096_mtu1500_tso.pcap", "std_send_lat_64_mtu1500_tso.pcap", "std_nfs_rdma_mtu1500_tso.pcap"})
    void everyLineHasTsharksValues(String name) {
        var file = RealCaptures.file("siw/" + name);
        List<String[]> expected = Tshark.fields(file, List.of(), FIELDS);
        assumeTrue(expected != null, "tshark is not available");
        String[] lines = run(0, fieldsArgs(file.toString(), FIELDS).toArray(new String[0])).split("\n", -1);
        assertThat(lines).hasSize(expected.size() + 1);
        assertThat(lines[lines.length - 1]).isEmpty();
        for (int i = 0; i < expected.size(); i++) {
            String[] got = lines[i].split(";", -1);
            assertThat(got).as("line %d", i + 1).hasSameSizeAs(expected.get(i));
            for (int k = 0; k < got.length; k++) {
                assertThat(values(got[k])).as("%s of frame %d", FIELDS[k], i + 1).isEqualTo(values(expected.get(i)[k]));
            }
        }
    }

    /** A cell as a list of values: numbers (decimal or 0x hex) as numbers, the rest as text. */
    static List<Object> values(String cell) {
        List<Object> out = new ArrayList<>();
        if (cell.isEmpty()) {
            return out;
        }
        for (String v : cell.split(",")) {
            if (v.matches("0x[0-9a-fA-F]+")) {
                out.add(new BigInteger(v.substring(2), 16));
            } else if (v.matches("[0-9]+")) {
                out.add(new BigInteger(v));
            } else if (v.matches("[0-9]+\\.[0-9]+")) {
                out.add(new BigDecimal(v).stripTrailingZeros());
            } else {
                out.add(v);
            }
        }
        return out;
    }

    @Test
    void theOptionsOfDashEArePrintedAsTsharkPrintsThem() {
        var file = RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap").toString();
        String[] common = {"dissect", "-T", "fields", "-e", "frame.number", "-e", "iwarp_ddp.stag", "-e",
            "rdmap.opcode", "-e", "tcp.stream", "-c", "11", "-Y", "frame.number >= 9"};
        String ours = run(0, concat(common, "-E", "header=y", "-E", "separator=,", "-E", "quote=d", file));
        assertThat(ours).isEqualTo("frame.number,iwarp_ddp.stag,rdmap.opcode,tcp.stream\n"
                + "\"9\",,\"0x03\",\"0\"\n\"10\",,\"0x01\",\"0\"\n\"11\",\"0x85d0b900\",\"0x02\",\"0\"\n");
        List<String[]> tshark = Tshark.fields(RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap"),
                List.of("-c", "11", "-Y", "frame.number >= 9", "-E", "quote=d"), "frame.number", "iwarp_ddp.stag",
                "iwarp_rdma.opcode", "tcp.stream");
        if (tshark != null) {
            assertThat(String.join("\n", tshark.stream().map(r -> String.join(",", r)).toList()) + "\n")
                    .isEqualTo(ours.substring(ours.indexOf('\n') + 1));
        }
        assertThat(run(0, concat(common, "-E", "separator=/s", "-E", "quote=s", file)))
                .startsWith("'9'  '0x03' '0'\n");
    }

    @Test
    void severalValuesOfAFrameAreJoinedByTheAggregatorOrCutToOne() {
        // Frame 10 of this sample completes two FPDUs (ULPDU lengths 27 and 32, MSN 1 and 2).
        String file = java.nio.file.Path.of("..", "samples", "mpa-framing.pcap").toString();
        String[] base = {"dissect", "-T", "fields", "-e", "iwarp_mpa.ulpdulength", "-e", "ddp.msn", "-Y",
            "frame.number == 10"};
        assertThat(run(0, concat(base, file))).isEqualTo("27,32\t1,2\n");
        assertThat(run(0, concat(base, "-E", "aggregator=/s", file))).isEqualTo("27 32\t1 2\n");
        assertThat(run(0, concat(base, "-E", "aggregator=|", "-E", "quote=d", file))).isEqualTo("\"27|32\"\t\"1|2\"\n");
        assertThat(run(0, concat(base, "-E", "occurrence=f", file))).isEqualTo("27\t1\n");
        assertThat(run(0, concat(base, "-E", "occurrence=l", file))).isEqualTo("32\t2\n");
    }

    @Test
    void wrongColumnsAreRefusedWithTheReason() {
        var file = RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap").toString();
        assertThat(run(2, "dissect", "-T", "fields", "-e", "ddp.nosuch", file)).contains("unknown field: ddp.nosuch");
        assertThat(run(2, "dissect", "-T", "fields", file)).contains("at least one field");
        assertThat(run(2, "dissect", "-e", "ddp.stag", file)).contains("-e and -E need -T fields");
        assertThat(run(2, "dissect", "-T", "pdml", file)).contains("fields, text and json");
        assertThat(run(2, "dissect", "-T", "fields", "-e", "ddp.stag", "-E", "quote=x", file)).contains("quote=x");
        assertThat(run(2, "dissect", "-T", "fields", "-e", "ddp.stag", "-E", "bom=y", file)).contains("bom=y");
    }

    static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}

package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What rdmascope reports on the real captures (see their README): every known bug of each stack is
 * reported, at its frame, and nothing else above info.
 */
class RealCapturesReportTest {
    static final Path REAL = io.rdmascope.testing.RealCaptures.dir();

    static JsonNode analyze(String name) throws Exception {
        Path p = REAL.resolve(name);
        assumeTrue(Files.exists(p), "capture not present");
        return Cli.analyze(p);
    }

    static List<String> aboveInfo(JsonNode file) {
        List<String> out = new ArrayList<>();
        file.get("violations").forEach(v -> {
            if (!v.get("severity").asText().equals("info")) {
                out.add(v.get("code").asText() + "@" + v.get("frame").asInt());
            }
        });
        return out;
    }

    @Test
    void oscStack() throws Exception {
        JsonNode f = analyze("osc-iwarp-crc-markers.pcap");
        // revision 0 in the MPA Request; every FPDU's markers carry wrong FPDUPTRs (one report per FPDU)
        assertThat(aboveInfo(f)).containsExactly("MPA_HANDSHAKE@4", "MPA_MARKER_INVALID@8", "MPA_MARKER_INVALID@12",
                "MPA_MARKER_INVALID@16");
        JsonNode c = f.get("connections").get(0);
        assertThat(c.get("mpa").get("crc").asBoolean()).isTrue();
        assertThat(c.get("mpa").get("markers").asBoolean()).isTrue();
        assertThat(c.get("fpdus").asInt()).isEqualTo(3);
        assertThat(f.get("violations").toString()).doesNotContain("MPA_CRC_MISMATCH");
    }

    @Test
    void softUiWarpMixed() throws Exception {
        JsonNode f = analyze("softuiwarp-mixed.pcap");
        // Read Request body little-endian: all three responses match nothing; stray Invalidate STag
        // bytes in the one plain Send that has them; MSN restarting at 1 with Send with Invalidate
        assertThat(aboveInfo(f)).containsExactly("RDMAP_READ_RESPONSE_UNSOLICITED@368",
                "RDMAP_READ_RESPONSE_UNSOLICITED@373", "RDMAP_READ_RESPONSE_UNSOLICITED@424", "RDMAP_RESERVED@537",
                "DDP_MSN_GAP@539");
        List<Cli.Pdu> pdus = Cli.pdus(Cli.dissect(REAL.resolve("softuiwarp-mixed.pcap")));
        long stray = pdus.stream().filter(p -> p.rdmap() != null && (p.rdmap().get("opcode").asInt() == 3
                || p.rdmap().get("opcode").asInt() == 5) && p.rdmap().get("invalidate_stag").asLong() != 0).count();
        assertThat(f.get("violations").toString().split("RDMAP_RESERVED", -1)).hasSize((int) stray + 1);
        assertThat(f.get("connections")).hasSize(1);
        assertThat(f.get("connections").get(0).get("fpdus").asInt()).isEqualTo(27);
    }

    @Test
    void softUiWarpPerftest() throws Exception {
        JsonNode f = analyze("softuiwarp-perftest-write.pcap");
        assertThat(aboveInfo(f)).containsExactly("RDMAP_RESERVED@36");
        // the benchmark's own sync connection on the same port is not iWARP
        assertThat(f.get("connections")).hasSize(1);
    }

    @Test
    void softUiWarpSendRead() throws Exception {
        JsonNode f = analyze("softuiwarp-send-read.pcap");
        assertThat(aboveInfo(f)).isEmpty();
        assertThat(f.get("connections").get(0).get("fpdus").asInt()).isEqualTo(5);
        // its Sends are rping's buffer information (16 octets, big-endian): the Read Request's
        // source STag was advertised by the Send of frame 9
        assertThat(f.get("violations")).isEmpty();
        assertThat(io.rdmascope.testing.Transactions.ofKind(f, "read")).singleElement()
                .satisfies(r -> assertThat(r.get("advertisedFrame").asInt()).isEqualTo(9));
    }
}

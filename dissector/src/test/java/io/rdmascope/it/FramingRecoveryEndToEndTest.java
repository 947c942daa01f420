package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FPDUs sent without their CRC field: the capture reports MPA_FRAMING once, saying where the next
 * FPDU was found, and every later DDP segment is still dissected and analysed.
 */
class FramingRecoveryEndToEndTest {
    @TempDir
    Path dir;

    private void missingCrc(boolean crc, String markers) throws Exception {
        Plan p = new Plan().conn("c1", crc, markers, "")
                .send("c1", "a", 3000, 1000, false, ", faults: [{kind: missing-crc, segment: 1}]")
                .send("c1", "a", 40, 1000, false, "")
                .send("c1", "b", 50, 1000, false, "");
        Path pcap = Cli.synth(p.yaml(), dir.resolve("missing-crc-" + crc + "-" + markers + ".pcap"));
        List<Cli.Pdu> pdus = Cli.pdus(Cli.dissect(pcap));
        List<String> seen = new ArrayList<>();
        for (Cli.Pdu x : pdus) {
            if (!x.handshake() && x.ddp() != null && x.ddp().has("mo")) {
                seen.add(x.direction() + " " + x.ddp().get("msn").asLong() + "/" + x.ddp().get("mo").asLong());
            }
        }
        assertThat(seen).as("crc %s markers %s", crc, markers)
                .containsExactly("initiator 1/0", "initiator 1/1000", "initiator 1/2000", "initiator 2/0",
                        "responder 1/0");
        JsonNode file = Cli.analyze(pcap);
        List<String> codes = new ArrayList<>();
        JsonNode framing = null;
        for (JsonNode v : file.get("violations")) {
            if (!v.get("severity").asText().equals("info")) {
                codes.add(v.get("code").asText());
            }
            if (v.get("code").asText().equals("MPA_FRAMING")) {
                framing = v;
            }
        }
        // With CRC in use the FPDU without its field also fails its check.
        assertThat(codes).as("violations %s", file.get("violations"))
                .containsExactlyInAnyOrderElementsOf(crc ? List.of("MPA_CRC_MISMATCH", "MPA_FRAMING") : List.of("MPA_FRAMING"));
        assertThat(framing.get("message").asText()).contains("next FPDU found at stream offset", "4 octets earlier");
        // Reported at the frame that completes the FPDU found again: after the FPDU without its CRC
        // field and no later than the record that lists the FPDU found (it is listed once decided).
        int second = -1;
        int third = -1;
        for (Cli.Pdu x : pdus) {
            if (!x.handshake() && x.ddp() != null && x.ddp().has("mo") && x.direction().equals("initiator")) {
                long mo = x.ddp().get("mo").asLong();
                if (mo == 1000) {
                    second = x.frame();
                } else if (mo == 2000) {
                    third = x.frame();
                }
            }
        }
        assertThat(framing.get("frame").asInt()).isBetween(second, third);
    }

    @Test
    void missingCrcWithoutCrcNegotiated() throws Exception {
        missingCrc(false, "none");
    }

    @Test
    void missingCrcWithCrc() throws Exception {
        missingCrc(true, "none");
    }

    @Test
    void missingCrcWithMarkers() throws Exception {
        missingCrc(false, "both");
        missingCrc(true, "both");
    }
}

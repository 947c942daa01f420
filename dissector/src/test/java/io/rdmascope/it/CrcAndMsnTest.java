package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Send whose FPDU fails its CRC is discarded by the receiver (RFC 5044 section 6.3), so the
 * next Send's MSN may show the hole it left without a gap of its own; a Send missing besides it
 * is still DDP_MSN_GAP (RFC 5041 section 5.3).
 */
class CrcAndMsnTest {
    @TempDir
    Path dir;

    static String scenario(boolean skipAnother) {
        return """
                name: crc-msn
                seed: 1
                start: 2024-05-01T10:00:00Z
                tick: 20
                hosts:
                  - {name: alice, ip: 10.0.0.1}
                  - {name: bob,   ip: 10.0.0.2}
                connections:
                  - {name: c1, from: alice:40000, to: bob:4791, crc: true}
                steps:
                  - send:  {conn: c1, from: alice, text: "one"}
                  - send:  {conn: c1, from: alice, text: "two", faults: [{kind: bad-crc, segment: 0}]}
                  - send:  {conn: c1, from: alice, text: "three"%s}
                  - close: {conn: c1, from: alice, how: fin}
                """.formatted(skipAnother ? ", faults: [{kind: msn-skip, by: 1}]" : "");
    }

    static List<String> codes(JsonNode file) {
        List<String> out = new ArrayList<>();
        file.get("violations").forEach(v -> out.add(v.get("code").asText() + "@" + v.get("frame").asInt()));
        return out;
    }

    @Test
    void theHoleOfTheDiscardedFpduIsNoGap() throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(scenario(false), dir.resolve("hole.pcap")));
        assertThat(codes(file)).hasSize(1).allMatch(c -> c.startsWith("MPA_CRC_MISMATCH@"));
    }

    @Test
    void aGapBeyondTheDiscardedFpduIsStillReported() throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(scenario(true), dir.resolve("gap.pcap")));
        assertThat(codes(file)).hasSize(2);
        assertThat(codes(file).get(0)).startsWith("MPA_CRC_MISMATCH@");
        assertThat(codes(file).get(1)).startsWith("DDP_MSN_GAP@");
    }
}

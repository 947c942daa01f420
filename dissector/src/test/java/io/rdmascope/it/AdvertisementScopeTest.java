package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An STag that an application advertises in its own messages (here rping's buffer information)
 * belongs to the connection it was advertised on: the peer that learned it and uses it on a
 * connection to a third host gets STAG_WRONG_CONNECTION naming where it was advertised, not
 * STAG_UNADVERTISED, and the same access on the right connection is clean.
 */
class AdvertisementScopeTest {
    @TempDir
    Path dir;

    static final String SCENARIO = """
            name: scope
            seed: 1
            start: 2024-05-01T10:00:00Z
            tick: 50
            hosts:
              - {name: client, ip: 10.0.0.1}
              - {name: server, ip: 10.0.0.2}
              - {name: third, ip: 10.0.0.3}
            connections:
              - {name: c1, from: client:43210, to: server:7174, revision: 2, crc: false, ird: 16, ord: 16}
              - {name: c2, from: server:43211, to: third:7174, revision: 2, crc: false, ird: 16, ord: 16}
            steps:
              # rping_rdma_info: buffer 0x561a5268e560, STag 0x1ecdbb00, 64 octets
              - send: {conn: c1, from: client, hex: "0000561a5268e5601ecdbb0000000040"}
              - write: {conn: c2, from: server, stag: 0x1ecdbb00, to: 0x561a5268e560, length: 64}
              - write: {conn: c1, from: server, stag: 0x1ecdbb00, to: 0x561a5268e560, length: 64}
              - close: {conn: c1, from: client, how: fin}
              - close: {conn: c2, from: server, how: fin}
            """;

    @Test
    void anAdvertisedStagUsedTowardsAThirdHostIsOnTheWrongConnection() throws Exception {
        JsonNode file = Cli.analyze(Cli.synth(SCENARIO, dir.resolve("scope.pcap")));
        JsonNode violations = file.get("violations");
        assertThat(violations).hasSize(1);
        JsonNode v = violations.get(0);
        assertThat(v.get("code").asText()).isEqualTo("STAG_WRONG_CONNECTION");
        assertThat(v.get("connection").asText()).isEqualTo("c2");
        assertThat(v.get("stag").asText()).isEqualTo("0x1ecdbb00");
        assertThat(v.get("message").asText()).contains("advertised to it on c1 in frame 8");
    }
}

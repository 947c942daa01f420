package io.rdmascope.report;

import io.rdmascope.fields.Hex;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalysisJsonWriterTest {
    /** The contract's example document, as published in analysis-output.md. */
    static final String CONTRACT = """
            { "files": [ {
                "path": "samples/x.pcap", "frames": 42,
                "connections": [ { "id": "c1",
                    "initiator": "10.0.0.1:40000", "responder": "10.0.0.2:9999",
                    "mpa": { "revision": 1, "markers": false, "crc": true,
                             "rejected": false, "ird": null, "ord": null },
                    "fpdus": 30 } ],
                "transactions": [ { "id": "t1", "connection": "c1",
                    "advertiser": "10.0.0.1:40000",
                    "stag": "0x00001234", "to": "0x0000000000010000", "length": 8192,
                    "access": ["write"],
                    "initiationFrame": 12, "dataFrames": [13, 14, 15], "bytes": 8192,
                    "completionFrame": 16, "completion": "send_with_invalidate",
                    "status": "complete" } ],
                "violations": [ { "code": "STAG_BOUNDS", "severity": "error",
                    "frame": 15, "connection": "c1", "stag": "0x00001234",
                    "message": "RDMA Write [0x10000+8192, +512) leaves the region advertised in frame 12",
                    "reference": "RFC 5040 section 6.4" } ],
                "summary": { "violations": { "error": 1, "warning": 0, "info": 0 },
                             "transactions": { "oneshot": { "complete": 1 } } }
              } ] }
            """;

    static JsonNode write(List<FileAnalysis> files) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(files, out);
        return new ObjectMapper().readTree(out.toByteArray());
    }

    /** Every name and value of {@code expected} is in {@code actual} (which may hold more). */
    static void assertContains(JsonNode actual, JsonNode expected, String path) {
        if (expected.isObject()) {
            assertThat(actual.isObject()).as(path).isTrue();
            expected.fields().forEachRemaining(e -> {
                assertThat(actual.has(e.getKey())).as(path + "." + e.getKey()).isTrue();
                assertContains(actual.get(e.getKey()), e.getValue(), path + "." + e.getKey());
            });
        } else if (expected.isArray()) {
            assertThat(actual.isArray()).as(path).isTrue();
            assertThat(actual.size()).as(path + " size").isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                assertContains(actual.get(i), expected.get(i), path + "[" + i + "]");
            }
        } else {
            assertThat(actual).as(path).isEqualTo(expected);
        }
    }

    @Test
    void writesTheContractExample() throws Exception {
        JsonNode actual = write(List.of(Fixtures.contractExample()));
        assertContains(actual, new ObjectMapper().readTree(CONTRACT), "$");
    }

    @Test
    void addsItsOwnFieldsBesideTheContract() throws Exception {
        JsonNode file = write(List.of(Fixtures.contractExample())).get("files").get(0);
        assertThat(file.get("transactions").get(0).get("latencyNs").asLong()).isEqualTo(50_000);
        JsonNode mpa = file.get("connections").get(0).get("mpa");
        assertThat(mpa.get("assumed").asBoolean()).isFalse();
        assertThat(mpa.get("markersInitiator").asBoolean()).isFalse();
    }

    @Test
    void openTransactionsHaveNullCompletionAndUnknownRevisionIsNull() throws Exception {
        var t = Fixtures.transaction();
        var open = new io.rdmascope.engine.Transaction("t2", "c1", "10.0.0.2:9999", 0xdeadbeefL, -1L, 16, 0x03, 20, 0);
        var c = Fixtures.connection();
        c.revision = 0;
        c.markers[1] = true;
        c.initiatorIrd = 16;
        c.initiatorOrd = 8;
        FileAnalysis f = new FileAnalysis("a.pcap", 30, List.of(new io.rdmascope.pipeline.ConnectionSummary(c, 2)),
                List.of(t, open), List.of(), "record 31 is cut short");
        JsonNode file = write(List.of(f)).get("files").get(0);
        JsonNode o = file.get("transactions").get(1);
        assertThat(o.get("stag").asText()).isEqualTo("0xdeadbeef");
        assertThat(o.get("to").asText()).isEqualTo("0xffffffffffffffff");
        assertThat(o.get("access").toString()).isEqualTo("[\"write\",\"read\"]");
        assertThat(o.get("completionFrame").isNull()).isTrue();
        assertThat(o.get("completion").isNull()).isTrue();
        assertThat(o.get("status").asText()).isEqualTo(TransactionStatus.INCOMPLETE.jsonName());
        JsonNode mpa = file.get("connections").get(0).get("mpa");
        assertThat(mpa.get("revision").isNull()).isTrue();
        assertThat(mpa.get("markers").asBoolean()).isTrue();
        assertThat(mpa.get("ird").asInt()).isEqualTo(16);
        assertThat(mpa.get("ord").asInt()).isEqualTo(8);
        assertThat(file.get("summary").get("transactions").toString()).isEqualTo("{\"oneshot\":{\"complete\":1,\"incomplete\":1}}");
        assertThat(file.get("summary").get("violations").toString()).isEqualTo("{\"error\":0,\"warning\":0,\"info\":0}");
        assertThat(file.get("problem").asText()).isEqualTo("record 31 is cut short");
    }

    @Test
    void noFilesIsAnEmptyList() throws Exception {
        assertThat(write(List.of()).toString()).isEqualTo("{\"files\":[]}");
    }

    @Test
    void hexForms() {
        assertThat(Hex.stag(0x1234)).isEqualTo("0x00001234");
        assertThat(Hex.stag(0xFFFFFFFFL)).isEqualTo("0xffffffff");
        assertThat(Hex.to(0x10000)).isEqualTo("0x0000000000010000");
        assertThat(Hex.to(-2)).isEqualTo("0xfffffffffffffffe");
        for (long v : new long[] {0, 1, 15, 16, 255, 256, 65_535, 65_536, 0xdeadbeefL, 0xFFFFFFFFL, Long.MAX_VALUE, -1}) {
            for (int d = 1; d <= 17; d++) {
                assertThat(Hex.atLeast(v, d)).isEqualTo(String.format("0x%0" + d + "x", v));
            }
        }
    }

    /** The whole document is laid out octet for octet as Jackson's default pretty printer lays it out. */
    @Test
    void documentIsLaidOutAsTheDefaultPrettyPrinterLaysItOut() throws Exception {
        var open = new io.rdmascope.engine.Transaction("t2", "c1", "10.0.0.2:9999", 0xdeadbeefL, -1L, 16, 0x03, 20, 0);
        FileAnalysis f = new FileAnalysis("a.pcap", 30, List.of(new io.rdmascope.pipeline.ConnectionSummary(Fixtures.connection(), 2)),
                List.of(Fixtures.transaction(), open), List.of(), "record 31 is cut short");
        for (List<FileAnalysis> files : List.of(List.of(Fixtures.contractExample(), f), List.<FileAnalysis>of())) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            AnalysisJsonWriter.write(files, out);
            String written = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            ObjectMapper mapper = new ObjectMapper();
            String jackson = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(mapper.readTree(written));
            assertThat(written).isEqualTo(jackson + "\n");
        }
    }
}

package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DissectWritersTest {
    static String json(String filter) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameCollector c = new FrameCollector(DisplayFilter.compile(filter), new DissectJsonWriter(out), false);
        Fixtures.source().run(Path.of("x.pcap"), c, c, null, null);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyFrameIsListedOnePerLine() throws Exception {
        String out = json("");
        String[] lines = out.split("\n");
        assertThat(lines).hasSize(18);
        assertThat(lines[0]).isEqualTo("[");
        assertThat(lines[2]).isEqualTo("{\"frame\":2,\"pdus\":[],\"time_epoch\":0.000002000,\"time_relative\":0.000001000,"
                + "\"len\":0,\"ip\":{\"src\":\"10.0.0.1\",\"dst\":\"10.0.0.2\"},"
                + "\"tcp\":{\"srcport\":40000,\"dstport\":9999,\"stream\":0,\"flags\":0}},");
        assertThat(lines[17]).isEqualTo("]");
        JsonNode a = new ObjectMapper().readTree(out);
        assertThat(a.size()).isEqualTo(16);
        for (int i = 0; i < 16; i++) {
            assertThat(a.get(i).get("frame").asLong()).isEqualTo(i + 1);
        }
    }

    @Test
    void pduObjectsUseTheContractNames() throws Exception {
        JsonNode a = new ObjectMapper().readTree(json(""));
        JsonNode req = a.get(0).get("pdus").get(0);
        assertThat(req.get("connection").asText()).isEqualTo("c1");
        JsonNode mpa = req.get("mpa");
        assertThat(mpa.get("key").asText()).isEqualTo("request");
        assertThat(mpa.get("marker_flag").asBoolean()).isFalse();
        assertThat(mpa.get("crc_flag").asBoolean()).isTrue();
        assertThat(mpa.get("reject_flag").asBoolean()).isFalse();
        assertThat(mpa.get("revision").asInt()).isEqualTo(2);
        assertThat(mpa.get("pd_length").asInt()).isEqualTo(4);
        assertThat(mpa.get("ird").asInt()).isEqualTo(4);
        assertThat(mpa.get("ord").asInt()).isEqualTo(8);
        assertThat(req.has("ddp")).isFalse();

        JsonNode init = a.get(11).get("pdus").get(0);
        assertThat(init.get("mpa").get("ulpdu_length").asInt()).isEqualTo(46);
        assertThat(init.get("mpa").get("pad_length").asInt()).isZero();
        assertThat(init.get("mpa").get("crc").asLong()).isEqualTo(0xE3069283L);
        assertThat(init.get("mpa").get("crc_ok").asBoolean()).isTrue();
        assertThat(init.get("mpa").get("markers").asInt()).isZero();
        JsonNode ddp = init.get("ddp");
        assertThat(ddp.get("tagged").asBoolean()).isFalse();
        assertThat(ddp.get("last").asBoolean()).isTrue();
        assertThat(ddp.get("sv").asBoolean()).isTrue();
        assertThat(ddp.get("ab").asBoolean()).isTrue();
        assertThat(ddp.get("dv").asInt()).isEqualTo(1);
        assertThat(ddp.get("qn").asInt()).isZero();
        assertThat(ddp.get("msn").asInt()).isEqualTo(1);
        assertThat(ddp.get("mo").asInt()).isZero();
        assertThat(ddp.has("stag")).isFalse();
        assertThat(ddp.get("optional_stag").asLong()).isEqualTo(0x1234);
        assertThat(ddp.get("advertised").get("to").asLong()).isEqualTo(0x10000);
        assertThat(ddp.get("advertised").get("length").asLong()).isEqualTo(8192);
        assertThat(ddp.get("advertised").get("access").asInt()).isEqualTo(1);
        JsonNode rdmap = init.get("rdmap");
        assertThat(rdmap.get("version").asInt()).isEqualTo(1);
        assertThat(rdmap.get("opcode").asInt()).isEqualTo(3);
        assertThat(rdmap.get("opcode_name").asText()).isEqualTo("Send");
        assertThat(rdmap.get("invalidate_stag").asLong()).isZero();

        JsonNode w = a.get(12).get("pdus").get(0).get("ddp");
        assertThat(w.get("tagged").asBoolean()).isTrue();
        assertThat(w.get("stag").asLong()).isEqualTo(0x1234);
        assertThat(w.get("to").asLong()).isEqualTo(0x10000);
        assertThat(w.has("qn")).isFalse();
    }

    @Test
    void readRequestTerminateAndUnsignedNumbers() {
        DdpSegment s = new DdpSegment();
        s.opcode = 1;
        s.readRequest = new DdpSegment.ReadRequest(1, -1L, 4096, 2, 0x20);
        PduRecord r = PduRecord.of(Fixtures.connection(), Fixtures.fpdu(3), s, null);
        assertThat(r.rdmap()).containsEntry("sink_stag", 1L).containsEntry("sink_to", -1L)
                .containsEntry("read_size", 4096L).containsEntry("source_stag", 2L).containsEntry("source_to", 0x20L);
        s = new DdpSegment();
        s.opcode = 7;
        s.terminate = new DdpSegment.Terminate(1, 2, 3, false, false, false, 0, null, null, null);
        r = PduRecord.of(Fixtures.connection(), Fixtures.fpdu(3), s, null);
        assertThat(r.rdmap()).containsEntry("layer", 1L).containsEntry("etype", 2L).containsEntry("error_code", 3L)
                .containsEntry("opcode_name", "Terminate");
    }

    @Test
    void unsignedValuesAreWrittenAsUnsignedNumbers() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DissectJsonWriter w = new DissectJsonWriter(out);
        FrameRecord r = new FrameRecord(7, 0, null, null, null, false);
        r.pdus.add(PduRecord.of(Fixtures.connection(), Fixtures.fpdu(7), Fixtures.write(0xFFFFFFFFL, -1L), null));
        w.frame(r);
        w.finish();
        JsonNode ddp = new ObjectMapper().readTree(out.toByteArray()).get(0).get("pdus").get(0).get("ddp");
        assertThat(ddp.get("to").bigIntegerValue().toString()).isEqualTo("18446744073709551615");
        assertThat(ddp.get("stag").asLong()).isEqualTo(0xFFFFFFFFL);
    }

    @Test
    void emptyOutputIsAnEmptyArray() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DissectJsonWriter(out).finish();
        assertThat(new ObjectMapper().readTree(out.toByteArray()).isArray()).isTrue();
        assertThat(new ObjectMapper().readTree(out.toByteArray()).size()).isZero();
    }

    @Test
    void filterKeepsOnlyMatchingFrames() throws Exception {
        JsonNode a = new ObjectMapper().readTree(json("ddp.tagged && ddp.to >= 0x11000"));
        assertThat(a.size()).isEqualTo(2);
        assertThat(a.get(0).get("frame").asInt()).isEqualTo(14);
        assertThat(a.get(1).get("frame").asInt()).isEqualTo(15);
        assertThat(new ObjectMapper().readTree(json("ddp.sv")).get(0).get("frame").asInt()).isEqualTo(12);
        assertThat(new ObjectMapper().readTree(json("frame.number == 3 || mpa.key == request")).size()).isEqualTo(2);
        assertThat(new ObjectMapper().readTree(json("tcp.dstport == 9999")).size()).isEqualTo(16);
        assertThat(new ObjectMapper().readTree(json("connection == c1")).size()).isEqualTo(5);
    }

    @Test
    void analysisIndexGivesFramesTheirViolationsAndTransactions() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameCollector c = new FrameCollector(DisplayFilter.compile("violation || transaction == t1"),
                new DissectJsonWriter(out), false)
                .withAnalysis(List.of(Fixtures.violation()), List.of(Fixtures.transaction()));
        Fixtures.source().run(Path.of("x.pcap"), c, c, null, null);
        JsonNode a = new ObjectMapper().readTree(out.toByteArray());
        assertThat(a.size()).isEqualTo(5);
        assertThat(a.get(3).get("violations").toString()).isEqualTo("[\"STAG_BOUNDS\"]");
        assertThat(c.written()).isEqualTo(5);
    }

    @Test
    void pdusDeliveredAtTheEndOfTheCaptureGetTheirOwnRecord() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameCollector c = new FrameCollector(DisplayFilter.all(), new DissectJsonWriter(out), false);
        MpaConnection conn = Fixtures.connection();
        c.frameDone(1, 0);
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.end();
        JsonNode a = new ObjectMapper().readTree(out.toByteArray());
        assertThat(a.size()).isEqualTo(2);
        assertThat(a.get(1).get("end_of_capture").asBoolean()).isTrue();
        assertThat(a.get(1).get("frame").asInt()).isEqualTo(1);
    }

    @Test
    void textTreeIsIndentedLabelColonDisplay() throws Exception {
        StringWriter s = new StringWriter();
        DissectTextWriter w = new DissectTextWriter(new PrintWriter(s));
        FieldNode tcp = FieldNode.layer("tcp", "Transmission Control Protocol, Src Port: 40000", 34, 20, List.of(
                FieldNode.field("tcp.srcport", "Source Port", 40000L, "40000", 34, 2),
                new FieldNode("tcp.flags", "Flags", 0x18L, "0x018 (PSH, ACK)", 47, 1, null,
                        List.of(FieldNode.field("tcp.flags.ack", "Acknowledgment", true, "Set", 47, 1)))));
        FrameRecord r = new FrameRecord(3, 0, Fixtures.A, Fixtures.B, List.of(tcp), false);
        FieldNode ddp = FieldNode.layer("ddp", "Direct Data Placement Protocol", -1, 0,
                List.of(FieldNode.field("ddp.stag", "Steering Tag", 0x1234L, "0x00001234", -1, 0)));
        r.pdus.add(new PduRecord("c1", "initiator", java.util.Map.of(), null, null, List.of(ddp)));
        w.frame(r);
        w.frame(new FrameRecord(4, 0, null, null, null, false));
        w.finish();
        assertThat(s.toString()).isEqualTo(
                "Transmission Control Protocol, Src Port: 40000\n"
                        + "    Source Port: 40000\n"
                        + "    Flags: 0x018 (PSH, ACK)\n"
                        + "        Acknowledgment: Set\n"
                        + "Direct Data Placement Protocol\n"
                        + "    Steering Tag: 0x00001234\n"
                        + "\n"
                        + "Frame 4\n");
    }
}

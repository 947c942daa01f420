package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Compares a dissection, field by field, with a {@link Plan} and the {@link WireModel} of its capture. */
final class Expect {
    private Expect() {}

    /** Dissected PDUs (not MPA Request/Reply) of one connection and direction. */
    static List<Cli.Pdu> of(List<Cli.Pdu> all, String conn, String direction) {
        List<Cli.Pdu> out = new ArrayList<>();
        for (Cli.Pdu p : all) {
            if (!p.handshake() && p.connection().equals(conn) && p.direction().equals(direction)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * Checks every FPDU of every connection and direction of {@code plan}: each field, the frame it is
     * attributed to (the frame completing it) and the MPA Request and Reply. Returns the model.
     */
    static WireModel dissection(Plan plan, Path capture, List<Cli.Pdu> pdus) throws Exception {
        WireModel model = new WireModel(capture);
        for (Plan.Conn c : plan.conns.values()) {
            for (String dir : List.of("initiator", "responder")) {
                boolean ini = dir.equals("initiator");
                WireModel.Stream s = ini ? model.stream(c.initiatorPort(), c.responderPort())
                        : model.stream(c.responderPort(), c.initiatorPort());
                handshake(c, dir, s, pdus);
                List<Plan.Exp> exps = plan.expected(c.name, dir);
                int[] lengths = exps.stream().mapToInt(Plan.Exp::ulpduLength).toArray();
                List<WireModel.Fpdu> wire = s.fpdus(lengths, ini ? c.initiatorMarkers : c.responderMarkers);
                List<Cli.Pdu> got = of(pdus, c.name, dir);
                assertThat(got).as("PDUs of %s %s", c.name, dir).hasSize(exps.size());
                for (int i = 0; i < exps.size(); i++) {
                    fpdu(exps.get(i), wire.get(i), got.get(i), c.crc, c.name + " " + dir + " FPDU " + i);
                }
            }
        }
        return model;
    }

    static void handshake(Plan.Conn c, String dir, WireModel.Stream s, List<Cli.Pdu> pdus) {
        int frame = s.completing(s.mpaFrameLength());
        Cli.Pdu hs = null;
        for (Cli.Pdu p : pdus) {
            if (p.handshake() && p.connection().equals(c.name) && p.direction().equals(dir)) {
                assertThat(hs).as("one MPA %s on %s", dir, c.name).isNull();
                hs = p;
            }
        }
        assertThat(hs).as("MPA frame of %s %s", c.name, dir).isNotNull();
        assertThat(hs.frame()).as("frame of the MPA frame of %s %s", c.name, dir).isEqualTo(frame);
        JsonNode m = hs.mpa();
        boolean ini = dir.equals("initiator");
        assertThat(m.get("key").asText()).isEqualTo(ini ? "request" : "reply");
        // M in the Request asks the responder for markers, M in the Reply the initiator.
        assertThat(m.get("marker_flag").asBoolean()).isEqualTo(ini ? c.responderMarkers : c.initiatorMarkers);
        assertThat(m.get("crc_flag").asBoolean()).isEqualTo(c.crc);
        assertThat(m.get("reject_flag").asBoolean()).isFalse();
        assertThat(m.get("pd_length").asInt()).isEqualTo(s.mpaFrameLength() - 20);
        int revision = c.options.contains("revision: 2") ? 2 : 1;
        assertThat(m.get("revision").asInt()).isEqualTo(revision);
        if (revision == 2) {
            // RFC 6581: IRD and ORD head the private data, 14-bit values.
            int ird = ((s.data[20] & 0x3F) << 8) | (s.data[21] & 0xFF);
            int ord = ((s.data[22] & 0x3F) << 8) | (s.data[23] & 0xFF);
            assertThat(m.get("ird").asInt()).isEqualTo(ird);
            assertThat(m.get("ord").asInt()).isEqualTo(ord);
        }
    }

    static void fpdu(Plan.Exp e, WireModel.Fpdu w, Cli.Pdu p, boolean crc, String what) {
        String as = what + " (" + e + ")";
        assertThat(p.frame()).as("frame of %s", as).isEqualTo(w.completingFrame());
        JsonNode m = p.mpa();
        assertThat(m.get("ulpdu_length").asInt()).as("ulpdu_length of %s", as).isEqualTo(e.ulpduLength());
        assertThat(m.get("pad_length").asInt()).as("pad_length of %s", as).isEqualTo(w.pad());
        assertThat(m.get("markers").asInt()).as("markers of %s", as).isEqualTo(w.markers());
        assertThat(m.get("crc").asLong()).as("crc of %s", as).isEqualTo(w.crcField());
        if (crc) {
            assertThat(w.crcGood()).as("CRC written for %s", as).isTrue();
            assertThat(m.get("crc_ok").asBoolean()).as("crc_ok of %s", as).isTrue();
        } else {
            assertThat(w.crcField()).isZero();
            assertThat(m.get("crc_ok").isNull()).as("crc_ok null of %s", as).isTrue();
        }
        if (w.deliveredFirstFrame() != w.completingFrame()) {
            assertThat(m.path("first_frame").asInt()).as("first_frame of %s", as).isEqualTo(w.deliveredFirstFrame());
        } else {
            assertThat(m.has("first_frame")).as("no first_frame on %s", as).isFalse();
        }
        assertThat(m.has("truncated") && m.get("truncated").asBoolean()).isFalse();
        JsonNode d = p.ddp();
        assertThat(d.get("tagged").asBoolean()).as("tagged of %s", as).isEqualTo(e.tagged);
        assertThat(d.get("last").asBoolean()).as("last of %s", as).isEqualTo(e.last);
        assertThat(d.get("sv").asBoolean()).as("sv of %s", as).isEqualTo(e.sv);
        assertThat(d.get("ab").asBoolean()).as("ab of %s", as).isEqualTo(e.ab);
        assertThat(d.get("dv").asInt()).isEqualTo(1);
        assertThat(d.get("reserved").asInt()).isZero();
        assertThat(d.get("payload_length").asInt()).as("payload_length of %s", as).isEqualTo(e.payload);
        if (e.tagged) {
            assertThat(d.get("stag").asLong()).as("stag of %s", as).isEqualTo(e.stag);
            assertThat(d.get("to").asLong()).as("to of %s", as).isEqualTo(e.to);
            assertThat(d.has("qn") || d.has("msn") || d.has("mo")).isFalse();
        } else {
            assertThat(d.get("qn").asLong()).as("qn of %s", as).isEqualTo(e.qn);
            assertThat(d.get("msn").asLong()).as("msn of %s", as).isEqualTo(e.msn);
            assertThat(d.get("mo").asLong()).as("mo of %s", as).isEqualTo(e.mo);
            assertThat(d.has("stag") || d.has("to")).isFalse();
        }
        if (e.optionalStag != null) {
            assertThat(d.get("optional_stag").asLong()).as("optional_stag of %s", as).isEqualTo(e.optionalStag);
        } else {
            assertThat(d.has("optional_stag")).isFalse();
        }
        if (e.advTo != null) {
            JsonNode a = d.get("advertised");
            assertThat(a.get("to").asLong()).isEqualTo(e.advTo);
            assertThat(a.get("length").asLong()).isEqualTo(e.advLength);
            assertThat(a.get("access").asInt()).isEqualTo(e.access);
        } else {
            assertThat(d.has("advertised")).isFalse();
        }
        JsonNode r = p.rdmap();
        assertThat(r.get("version").asInt()).isEqualTo(1);
        assertThat(r.get("reserved").asInt()).isZero();
        assertThat(r.get("opcode").asInt()).as("opcode of %s", as).isEqualTo(e.opcode);
        if (!e.tagged) {
            assertThat(r.get("invalidate_stag").asLong()).as("invalidate_stag of %s", as).isEqualTo(e.invalidateStag);
        }
        String[] rr = {"sink_stag", "sink_to", "read_size", "source_stag", "source_to"};
        for (int i = 0; i < rr.length; i++) {
            if (e.readRequest != null) {
                assertThat(r.get(rr[i]).asLong()).as("%s of %s", rr[i], as).isEqualTo(e.readRequest[i]);
            } else {
                assertThat(r.has(rr[i])).as("no %s on %s", rr[i], as).isFalse();
            }
        }
    }
}

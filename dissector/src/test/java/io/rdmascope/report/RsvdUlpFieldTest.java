package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.pipeline.DissectionResult;
import io.rdmascope.pipeline.Source;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DDP's RsvdULP word is declared only in the field registry and ksy/ddp.ksy; it reaches the detail
 * tree, the dissect JSON and the display filters without other code.
 */
class RsvdUlpFieldTest {
    private static final long INVALIDATE = 0x0a000200L;

    /** An untagged Send with Invalidate: DDP and RDMAP control, RsvdULP, QN 0, MSN 1, MO 0, 4 octets. */
    private static DdpSegment sendWithInvalidate() {
        ByteBuffer b = ByteBuffer.allocate(22);
        b.put((byte) 0x41).put((byte) 0x44).putInt((int) INVALIDATE).putInt(0).putInt(1).putInt(0).putInt(7);
        return PduDecoder.decode(b.array(), 0, b.capacity());
    }

    /** Frame 1 the MPA Request, frame 2 an RDMA Write, frame 3 the Send with Invalidate. */
    private static Source source() {
        return (file, frames, pdus, progress, cancelled) -> {
            MpaConnection c = Fixtures.connection();
            Packet p = new Packet();
            TcpSegment tcp = new TcpSegment();
            tcp.source = Fixtures.A;
            tcp.destination = Fixtures.B;
            for (long n = 1; n <= 3; n++) {
                p.frame = n;
                p.timestampNanos = n * 1000;
                if (frames != null) {
                    frames.frame(p, n * 100, tcp);
                }
                if (n == 1) {
                    pdus.connection(c);
                    pdus.handshake(c, Fixtures.request(1));
                } else {
                    pdus.pdu(c, Fixtures.fpdu(n), n == 2 ? Fixtures.write(0x1234, 0) : sendWithInvalidate());
                }
                pdus.frameDone(n, p.timestampNanos);
            }
            pdus.end();
            return new DissectionResult(3, null, false);
        };
    }

    private static String json(String filter) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameCollector c = new FrameCollector(DisplayFilter.compile(filter), new DissectJsonWriter(out), false);
        source().run(Path.of("x.pcap"), c, c, null, null);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theTreeShowsItInTheUntaggedHeader() throws Exception {
        List<FieldNode> ddp = PduFields.segment(sendWithInvalidate()).get(0).children();
        FieldNode n = ddp.stream().filter(x -> x.name().equals("ddp.rsvdulp")).findFirst().orElseThrow();
        assertThat(n.label()).isEqualTo("Reserved for the ULP");
        assertThat(n.display()).isEqualTo("0x0a000200");
        assertThat(n.value()).isEqualTo(INVALIDATE);
        assertThat(n.offset()).isEqualTo(2);
        assertThat(n.length()).isEqualTo(4);
        assertThat(n.description()).contains("RFC 5041 section 4.4");
        assertThat(ddp.get(ddp.indexOf(n) + 1).name()).isEqualTo("ddp.qn");

        StringWriter s = new StringWriter();
        FrameCollector c = new FrameCollector(DisplayFilter.compile("frame.number == 3"),
                new DissectTextWriter(new PrintWriter(s)), true);
        source().run(Path.of("x.pcap"), c, c, null, null);
        assertThat(s.toString()).contains("    Reserved for the ULP: 0x0a000200\n    Queue Number: 0\n");
    }

    @Test
    void theDissectJsonCarriesItInUntaggedDdpObjects() throws Exception {
        JsonNode a = new ObjectMapper().readTree(json(""));
        assertThat(a.get(2).get("pdus").get(0).get("ddp").get("rsvdulp").asLong()).isEqualTo(INVALIDATE);
        assertThat(a.get(2).get("pdus").get(0).get("rdmap").get("invalidate_stag").asLong()).isEqualTo(INVALIDATE);
        assertThat(a.get(1).get("pdus").get(0).get("ddp").has("rsvdulp")).isFalse();
    }

    @Test
    void filtersKnowItByBothNames() throws Exception {
        for (String filter : new String[] {"ddp.rsvdulp == 0x0a000200", "iwarp_ddp.rsvdulp contains 0a:00:02:00",
                "ddp.rsvdulp", "ddp.rsvdulp == rdmap.invalidate_stag", "iwarp_ddp.rsvdulp == 44:0a:00:02:00"}) {
            JsonNode a = new ObjectMapper().readTree(json(filter));
            assertThat(a.size()).as(filter).isEqualTo(1);
            assertThat(a.get(0).get("frame").asInt()).as(filter).isEqualTo(3);
        }
        assertThat(new ObjectMapper().readTree(json("ddp.rsvdulp == 1")).size()).isZero();
        assertThat(Fields.get("iwarp_ddp.rsvdulp")).isSameAs(Fields.DDP_RSVDULP_OCTETS);
    }
}

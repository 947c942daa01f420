package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every field's value is read by its registry declaration: the frame, MPA, DDP and RDMAP fields as
 * the InfiniBand ones, and a PDU's dissect objects hold what the readers give, whether one key is
 * looked up first or the whole object is read.
 */
class FieldReadersTest {
    @Test
    void everyFieldWithValuesHasAReader() {
        List<String> without = new ArrayList<>();
        for (Field f : Fields.all()) {
            boolean hasValues = f.type() != Field.Type.PROTOCOL && !(f.source() == Field.Source.TREE
                    && f.type() == Field.Type.NONE);
            if (hasValues && f.readsFrom() == null) {
                without.add(f.name());
            }
        }
        assertThat(without).isEmpty();
    }

    @Test
    void aKeyLookedUpAloneHasTheValueOfTheWholeObject() {
        MpaConnection c = new MpaConnection("c1", null);
        Fpdu f = new Fpdu();
        f.frame = 7;
        f.firstFrame = 5;
        f.ulpduLength = 30;
        f.padLength = 2;
        f.crcField = 0x12345678L;
        DdpSegment s = new DdpSegment();
        s.tagged = false;
        s.last = true;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = 0x1;
        s.ddpHeaderLength = 18;
        s.qn = 1;
        s.msn = 9;
        s.mo = 0;
        s.invalidateStag = 0x0a000200L;
        s.readRequest = new DdpSegment.ReadRequest(0x100, 0x2000, 4096, 0x200, 0x3000);
        s.payloadLength = 0;
        for (String layer : List.of("mpa", "ddp", "rdmap")) {
            PduRecord alone = PduRecord.of(c, f, s, null);
            PduRecord whole = PduRecord.of(c, f, s, null);
            Map<String, Object> read = new LinkedHashMap<>(whole.layer(layer));
            assertThat(read).isNotEmpty();
            for (Map.Entry<String, Object> e : read.entrySet()) {
                assertThat(alone.layer(layer).get(e.getKey())).as(layer + "." + e.getKey()).isEqualTo(e.getValue());
            }
            assertThat(alone.layer(layer)).isEqualTo(read);
        }
        PduRecord p = PduRecord.of(c, f, s, null);
        assertThat(p.mpa()).containsEntry("first_frame", 5L).containsKey("crc_ok").doesNotContainKey("truncated");
        assertThat(p.mpa().get("crc_ok")).isNull();
        assertThat(p.ddp().keySet()).containsExactly("tagged", "last", "sv", "ab", "reserved", "dv", "qn", "msn", "mo",
                "payload_length", "rsvdulp");
        assertThat(p.rdmap()).containsEntry("sink_stag", 0x100L).containsEntry("invalidate_stag", 0x0a000200L);
    }
}

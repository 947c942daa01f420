package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.pdu.DdpSegment;
import org.junit.jupiter.api.Test;

class PduInfoTest {
    @Test
    void oneShotInitiation() {
        DdpSegment s = new DdpSegment();
        s.opcode = 0x3;
        s.last = true;
        s.sv = true;
        s.ab = true;
        s.optionalStag = 0x0a000100L;
        s.advertised = new DdpSegment.Advertised(0x100000, 4096, 0, 0);
        s.msn = 1;
        assertThat(PduInfo.describe(s)).isEqualTo("Send [SV STag 0x0a000100, 4096 B @ 0x100000] MSN 1");
    }

    @Test
    void taggedWriteAndInvalidate() {
        DdpSegment w = new DdpSegment();
        w.tagged = true;
        w.opcode = 0x0;
        w.stag = 0x1234;
        w.to = 0x10000;
        w.payloadLength = 512;
        assertThat(PduInfo.describe(w)).isEqualTo("RDMA Write STag 0x00001234 TO 0x10000 len 512 (more)");
        DdpSegment i = new DdpSegment();
        i.opcode = 0x4;
        i.last = true;
        i.msn = 2;
        i.invalidateStag = 0x1234;
        assertThat(PduInfo.describe(i)).isEqualTo("Send with Invalidate MSN 2 Inval 0x00001234");
        i.opcode = 0xf;
        i.malformed = "too short";
        assertThat(PduInfo.describe(i)).isEqualTo("Opcode 0xf MSN 2 [malformed: too short]");
    }
}

package io.rdmascope.ksy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The generated writers store each field where the generated readers find it, and nothing else. */
class FixedLayoutWritersTest {
    @Test
    void bitFieldsAcrossOctetsLeaveTheirNeighboursAlone() {
        byte[] b = new byte[FixedLayout.InfinibandBth.SIZE + 2];
        Arrays.fill(b, (byte) 0xa5);
        FixedLayout.InfinibandBth.putPsn(b, 1, 0x123456);
        FixedLayout.InfinibandBth.putAckRequest(b, 1, 0);
        FixedLayout.InfinibandBth.putDestQp(b, 1, 0xabcdef);
        FixedLayout.InfinibandBth.putPadCount(b, 1, 3);
        assertThat(FixedLayout.InfinibandBth.psn(b, 1)).isEqualTo(0x123456);
        assertThat(FixedLayout.InfinibandBth.ackRequest(b, 1)).isFalse();
        assertThat(FixedLayout.InfinibandBth.destQp(b, 1)).isEqualTo(0xabcdef);
        assertThat(FixedLayout.InfinibandBth.padCount(b, 1)).isEqualTo(3);
        // what the writes did not name keeps its octets
        assertThat(FixedLayout.InfinibandBth.opcode(b, 1)).isEqualTo(0xa5);
        assertThat(FixedLayout.InfinibandBth.solicitedEvent(b, 1)).isTrue();
        assertThat(FixedLayout.InfinibandBth.transportVersion(b, 1)).isEqualTo(5);
        assertThat(FixedLayout.InfinibandBth.reserved7(b, 1)).isEqualTo(0x25);
        assertThat(b[0]).isEqualTo((byte) 0xa5);
        assertThat(b[b.length - 1]).isEqualTo((byte) 0xa5);
    }

    @Test
    void wideIntegersAndOctetOffsets() {
        byte[] b = new byte[FixedLayout.InfinibandReth.SIZE];
        FixedLayout.InfinibandReth.putVa(b, 0, 0xff3f7481c31dd000L);
        FixedLayout.InfinibandReth.putRKey(b, 0, 0x80000001L);
        assertThat(FixedLayout.InfinibandReth.va(b, 0)).isEqualTo(0xff3f7481c31dd000L);
        assertThat(FixedLayout.InfinibandReth.rKey(b, 0)).isEqualTo(0x80000001L);
        assertThat(FixedLayout.InfinibandGrh.SGID_OFFSET).isEqualTo(8);
        assertThat(FixedLayout.InfinibandGrh.DGID_OFFSET).isEqualTo(24);
        assertThat(FixedLayout.IbCmReq.SIZE).isEqualTo(232);
        assertThat(FixedLayout.IbCmReq.PRIVATE_DATA_OFFSET).isEqualTo(140);
    }
}

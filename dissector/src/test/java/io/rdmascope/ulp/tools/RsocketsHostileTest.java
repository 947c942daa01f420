package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.UlpMessage;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Hand-made rsockets connection data that rsockets itself never sends. */
class RsocketsHostileTest {
    @Test
    void unknownConnectionDataFlagsAreAProblem() {
        byte[] b = ByteBuffer.allocate(Rsockets.CONN_DATA).put((byte) 1).put((byte) 0x81).putShort((short) 64)
                .put(new byte[4]).putLong(0x7f0000001000L).putInt(0xabcd).putInt(2)
                .putLong(0x7f0000002000L).putInt(0x1234).putInt(65536).array();
        UlpMessage m = new Rsockets().decoder().privateData(b, 0, b.length, true);
        assertThat(m.summary).isEqualTo("rsockets connection data (request): version 1, credits 64, big-endian host,"
                + " target SGL STag 0x0000abcd at 0x7f0000001000 (2 entries), receive buffer STag 0x00001234 at"
                + " 0x7f0000002000 (65536 octets)");
        assertThat(m.problems).containsExactly("rsockets connection data has unknown flags 0x81");
    }
}

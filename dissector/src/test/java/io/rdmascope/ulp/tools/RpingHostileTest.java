package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Hand-made rping_rdma_info messages that rping itself never sends. */
class RpingHostileTest {
    static UlpMessage decode(long buf, long rkey, long size) {
        byte[] b = ByteBuffer.allocate(Rping.SIZE).putLong(buf).putInt((int) rkey).putInt((int) size).array();
        return new Rping().decoder().send(UlpInput.send(b, 0, b.length, b.length, true, 3, 0));
    }

    @Test
    void aBufferThatWrapsPastTheEndOfTheAddressSpaceIsAProblem() {
        UlpMessage m = decode(0xfffffffffffff000L, 0xabcd, 8192);
        assertThat(m.summary).isEqualTo("rping buffer info: STag 0x0000abcd at 0xfffffffffffff000, 8192 octets");
        assertThat(m.problems).containsExactly(
                "rping_rdma_info buffer at 0xfffffffffffff000 of 8192 octets wraps past the end of the address space");
    }
}

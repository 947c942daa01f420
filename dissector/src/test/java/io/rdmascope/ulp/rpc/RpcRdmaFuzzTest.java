package io.rdmascope.ulp.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;

/**
 * Coverage-guided fuzzing of one RPC-over-RDMA connection's decoder. The input is a series of
 * messages, each a flags octet (bit 0 from the initiator, bits 1-2 the Send opcode: Send, Send
 * with Invalidate, with SE, with SE and Invalidate; bits 7:3 times 1000 octets the whole message
 * is longer than what is kept), a two-octet length and the octets. In a normal test run only the
 * seeds run ({@code RpcRdmaFuzzTestInputs/decoder}: calls and replies of the real NFS capture);
 * nothing may escape the decoder, and what it returns must hold its limits: no more
 * advertisements than the message has room for (a segment is 16 octets), each with a length and
 * an access right.
 */
class RpcRdmaFuzzTest {
    private static final int[] SEND_OPCODES = {3, 4, 5, 6};

    @FuzzTest(maxDuration = "2m")
    void decoder(byte[] data) {
        RpcRdma rpc = new RpcRdma();
        Ulp.Decoder d = rpc.decoder();
        int at = 0;
        while (at + 3 <= data.length) {
            int flags = data[at] & 0xff;
            int n = Math.min((data[at + 1] & 0xff) << 8 | data[at + 2] & 0xff, data.length - at - 3);
            at += 3;
            int opcode = SEND_OPCODES[(flags >> 1) & 3];
            long invalidate = opcode == 4 || opcode == 6 ? 0x1234 : 0;
            UlpInput in = new UlpInput(data, at, n, n + 1000L * (flags >> 3), (flags & 1) != 0, opcode, invalidate, 0, 0);
            rpc.recognizes(in);
            UlpMessage u = d.send(in);
            assertThat(u).isNotNull();
            assertThat(u.summary).isNotNull();
            assertThat(u.problems).noneMatch(p -> p.contains("could not be decoded"));
            assertThat(u.advertisements).hasSizeLessThanOrEqualTo(n / 16);
            for (Advertisement a : u.advertisements) {
                assertThat(a.access()).isBetween(1, 3);
            }
            at += n;
        }
    }
}

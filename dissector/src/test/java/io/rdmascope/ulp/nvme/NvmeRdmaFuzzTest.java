package io.rdmascope.ulp.nvme;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;

/**
 * Coverage-guided fuzzing of one NVMe/RDMA connection's decoder. The input is a series of
 * messages, each a flags octet (bit 0 from the initiator, bit 1 MPA private data, bits 7:2 times
 * 1000 octets the whole message is longer than what is kept), a two-octet length and the octets.
 * In a normal test run only the seeds run ({@code NvmeRdmaFuzzTestInputs/decoder}: capsules of the
 * real capture); nothing may escape the decoder, and what it returns must hold its limits.
 */
class NvmeRdmaFuzzTest {
    @FuzzTest(maxDuration = "2m")
    void decoder(byte[] data) {
        NvmeRdma nvme = new NvmeRdma();
        Ulp.Decoder d = nvme.decoder();
        int at = 0;
        while (at + 3 <= data.length) {
            int flags = data[at] & 0xff;
            int n = Math.min((data[at + 1] & 0xff) << 8 | data[at + 2] & 0xff, data.length - at - 3);
            at += 3;
            boolean fromInitiator = (flags & 1) != 0;
            UlpMessage u;
            if ((flags & 2) != 0) {
                nvme.recognizesPrivateData(data, at, n, fromInitiator);
                u = d.privateData(data, at, n, fromInitiator);
            } else {
                UlpInput in = new UlpInput(data, at, n, n + 1000L * (flags >> 2), fromInitiator, 3, 0, 0, 0);
                nvme.recognizes(in);
                u = d.send(in);
            }
            assertThat(u).isNotNull();
            assertThat(u.advertisements).hasSizeLessThanOrEqualTo(NvmeRdmaDecoder.MAX_ADVERTISEMENTS);
            for (Advertisement a : u.advertisements) {
                assertThat(a.access()).isBetween(1, 3);
                assertThat(a.length()).isBetween(1L, 0xFFFFFFL);
            }
            if (u.role == UlpMessage.Role.CALL) {
                assertThat(u.fields).containsKeys("cid", "opcode", "nsid", "opcodeName", "dataLength");
            }
            at += n;
        }
    }
}

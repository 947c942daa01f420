package io.rdmascope.ulp.iser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.UlpMessage;
import io.rdmascope.ulp.nvme.Decoded;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The iSER decoder on the Linux kernel's open-iscsi initiator and LIO target over siw: login, SCSI
 * scan, 4 KiB and 128 KiB O_DIRECT writes and reads, logout.
 */
class IserRealCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_iser_mtu1500_tso.pcap");

    private static Decoded decoded;

    @BeforeAll
    static void decode() throws IOException {
        decoded = Decoded.of(CAPTURE, new Iser());
    }

    @Test
    void everyStagTheTargetUsesWasAdvertisedBeforeByACommandWithTheAccessItNeeds() {
        List<Decoded.Access> accesses = decoded.accesses;
        assertThat(accesses).allMatch(a -> !a.fromInitiator(), "only the target moves data by RDMA");
        // the two 128 KiB writes: the Data-Out after the 8 KiB of immediate data is read in one RDMA Read each
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_READ)
                .map(Decoded.Access::length)).containsExactly(122880L, 122880L);
        // scan answers, 4 KiB and 128 KiB reads are written into the initiator's memory: 228 RDMA Write
        // segments of 295228 octets in all, as tshark counts them
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)).hasSize(228);
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)
                .mapToLong(Decoded.Access::length).sum()).isEqualTo(295228);
        for (Decoded.Access a : accesses) {
            Advertisement ad = decoded.covering(a);
            assertThat(ad).as("advertisement covering %s", a).isNotNull();
            assertThat(ad.what()).matches("(Read|Write) STag of .* itt 0x[0-9a-f]{8}");
        }
    }

    @Test
    void aReadAdvertisesItsReadStagForTheExpectedLengthAndAWriteItsWriteStagPastTheImmediateData() {
        UlpMessage read = message(728);
        assertThat(read.advertisements).containsExactly(new Advertisement(0xc0b1ba14L, 0xff3f7481c34cf000L, 131072,
                Advertisement.REMOTE_WRITE, "Read STag of READ(10) itt 0x1e000000"));
        UlpMessage write = message(189);
        assertThat(write.advertisements).containsExactly(new Advertisement(0xc0b1ba12L, 0xff3f7481c7cc0000L, 131072 - 8192,
                Advertisement.REMOTE_READ, "Write STag of WRITE(10) itt 0x1c000000"));
        // a 4 KiB write travels whole as immediate data and advertises nothing
        assertThat(message(114).advertisements).isEmpty();
        assertThat(message(114).summary).isEqualTo("iSCSI SCSI Command WRITE(10) itt 0x14000000, 4096 octets");
    }

    @Test
    void requestsWithATaskTagAreCallsWithTheirFieldsInOrderAndResponsesAnswerThem() {
        UlpMessage read = message(728);
        assertThat(read.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(read.correlation).isEqualTo(0x1e000000L);
        assertThat(read.fields.keySet()).containsExactly("itt", "opcode", "cdb", "opcodeName");
        assertThat(read.fields.values()).containsExactly("0x1e000000", 1L, "READ(10)", "SCSI Command");
        assertThat(read.summary).isEqualTo("iSCSI SCSI Command READ(10) itt 0x1e000000, 131072 octets, "
                + "Read STag 0xc0b1ba14 at 0xff3f7481c34cf000");
        UlpMessage answer = message(1165);
        assertThat(answer.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(answer.correlation).isEqualTo(0x1e000000L);
        assertThat(answer.summary).isEqualTo("iSCSI SCSI Response itt 0x1e000000: GOOD, invalidates 0xc0b1ba14");
        assertThat(message(54).summary).isEqualTo("iSCSI SCSI Response itt 0x0a000000: CHECK CONDITION, invalidates 0xc0b1ba05");

        UlpMessage login = message(8);
        assertThat(login.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(login.fields.values()).containsExactly("0x00000000", 3L, null, "Login Request");
        assertThat(message(9).role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(message(1497).fields.get("opcodeName")).isEqualTo("Logout Request");
        assertThat(message(1498).role).isEqualTo(UlpMessage.Role.REPLY);

        // every call is answered once, in order of the task tags the initiator chose
        Set<Long> open = new HashSet<>();
        int calls = 0;
        for (Decoded.Message m : decoded.messages) {
            if (m.decoded().role == UlpMessage.Role.CALL) {
                calls++;
                assertThat(open.add(m.decoded().correlation)).isTrue();
            } else if (m.decoded().role == UlpMessage.Role.REPLY) {
                assertThat(open.remove(m.decoded().correlation)).as("reply in frame %d", m.frame()).isTrue();
            }
        }
        assertThat(open).isEmpty();
        assertThat(calls).isEqualTo(33);
    }

    @Test
    void theScsiScanIsNamedByItsCommandDescriptorBlocks() {
        List<Object> cdbs = new ArrayList<>();
        for (Decoded.Message m : decoded.messages) {
            if (m.decoded().role == UlpMessage.Role.CALL && m.decoded().fields.get("cdb") != null) {
                cdbs.add(m.decoded().fields.get("cdb"));
            }
        }
        assertThat(cdbs).containsSubsequence("INQUIRY", "INQUIRY", "INQUIRY", "TEST UNIT READY", "REPORT LUNS",
                "READ CAPACITY(16)", "MODE SENSE(6)", "REPORT SUPPORTED OPERATION CODES", "READ(10)", "WRITE(10)");
        assertThat(cdbs).containsOnly("INQUIRY", "TEST UNIT READY", "REPORT LUNS", "READ CAPACITY(16)", "MODE SENSE(6)",
                "REPORT SUPPORTED OPERATION CODES", "READ(10)", "WRITE(10)");
    }

    @Test
    void tsharkSeesTheSameAccessesAndEachHasItsAdvertisement() {
        List<Decoded.Access> tshark = Decoded.tsharkAccesses(CAPTURE);
        org.junit.jupiter.api.Assumptions.assumeTrue(tshark != null, "tshark is not at hand");
        assertThat(tshark.stream().filter(a -> a.access() == Advertisement.REMOTE_READ)).hasSize(2);
        assertThat(tshark.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)).hasSize(228);
        assertThat(tshark).allSatisfy(a -> assertThat(decoded.covering(a)).as("%s", a).isNotNull());
    }

    @Test
    void realTrafficHasNoProblems() {
        assertThat(decoded.messages).allSatisfy(m -> assertThat(m.decoded().problems).as("frame %d", m.frame()).isEmpty());
        assertThat(message(4).summary).isEqualTo("iSER connection request: virtual addresses, Send with Invalidate");
    }

    @Test
    void everyMessageIsRecognisedByShape() throws IOException {
        Iser iser = new Iser();
        int seen = 0;
        for (CapturedMessages.Message m : CapturedMessages.of(CAPTURE)) {
            if (m.isSend()) {
                seen++;
                assertThat(iser.recognizes(m.input())).as("frame %d", m.frame()).isTrue();
            }
        }
        assertThat(seen).isEqualTo(66);
    }

    @Test
    void noSendOfTheOtherRealCapturesIsTakenForIser() throws IOException {
        Iser iser = new Iser();
        int seen = 0;
        for (String other : new String[] {"std_nvmeof_rdma_mtu1500_tso.pcap", "std_nfs_rdma_mtu1500_tso.pcap",
            "std_smbdirect_mtu1500_tso.pcap", "std_rping_64_mtu1500_tso.pcap", "std_rping_64000_mtu1500_tso.pcap",
            "std_write_bw_4096_mtu1500_tso.pcap", "std_send_bw_4096_mtu1500_tso.pcap", "std_send_lat_64_mtu1500_tso.pcap",
            "std_rstream_mtu1500_tso.pcap", "std_ucmatose_c2_mtu1500_tso.pcap"}) {
            for (CapturedMessages.Message m : CapturedMessages.of(RealCaptures.file("siw/" + other))) {
                if (m.isSend()) {
                    seen++;
                    assertThat(iser.recognizes(m.input())).as("%s frame %d", other, m.frame()).isFalse();
                }
            }
        }
        assertThat(seen).isGreaterThan(500);
    }

    private static UlpMessage message(long frame) {
        return decoded.messages.stream().filter(m -> m.frame() == frame).findFirst().orElseThrow().decoded();
    }
}

package io.rdmascope.ulp.nvme;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The NVMe/RDMA decoder on the Linux kernel's own host and target over siw: discovery, admin queue
 * and one I/O queue, 4 KiB and 128 KiB reads and writes.
 */
class NvmeRdmaRealCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_nvmeof_rdma_mtu1500_tso.pcap");

    private static Decoded decoded;

    @BeforeAll
    static void decode() throws IOException {
        decoded = Decoded.of(CAPTURE, new NvmeRdma());
    }

    @Test
    void everyStagTheControllerUsesWasAdvertisedBeforeByACommandWithTheAccessItNeeds() {
        List<Decoded.Access> accesses = decoded.accesses;
        assertThat(accesses).allMatch(a -> !a.fromInitiator(), "only the controller moves data by RDMA");
        // the Fabrics Connect data of the discovery and admin queues and the two 128 KiB writes are RDMA Read
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_READ)
                .map(Decoded.Access::length)).containsExactlyInAnyOrder(1024L, 1024L, 131072L, 131072L);
        // the controller writes Identify, log pages and every read (4 KiB and 128 KiB) into the host's
        // memory: 269 RDMA Write segments of 365088 octets in all, as tshark counts them
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)).hasSize(269);
        assertThat(accesses.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)
                .mapToLong(Decoded.Access::length).sum())
                .isEqualTo(13 * 4096 + 1024 + 3072 + 2 * 8208 + 512 + 7 * 4096 + 2 * 131072);
        for (Decoded.Access a : accesses) {
            Advertisement ad = decoded.covering(a);
            assertThat(ad).as("advertisement covering %s", a).isNotNull();
            assertThat(ad.what()).startsWith("keyed SGL data block of ");
        }
    }

    @Test
    void theAdvertisementsAreTheKeyedDescriptorsWithTheirLengthAndTheOpcodesDirection() {
        UlpMessage write128k = message(370);
        assertThat(write128k.advertisements).containsExactly(new Advertisement(0x620b3d08L, 0xff3f7481c3618000L, 131072,
                Advertisement.REMOTE_READ, "keyed SGL data block of Write cid 89"));
        UlpMessage read128k = message(930);
        assertThat(read128k.advertisements).containsExactly(new Advertisement(0x620b3d0aL, 0xff3f7481c3638000L, 131072,
                Advertisement.REMOTE_WRITE, "keyed SGL data block of Read cid 91"));
        UlpMessage connect = message(8);
        assertThat(connect.advertisements).containsExactly(new Advertisement(0x10073101L, 0xff3f7481c2dae800L, 1024,
                Advertisement.REMOTE_READ, "keyed SGL data block of Fabrics Connect cid 0"));
        // in-capsule data and null descriptors advertise nothing
        assertThat(message(302).advertisements).isEmpty();
        assertThat(message(302).summary).isEqualTo("NVMe Write cid 81 nsid 1, 4096 octets in the capsule");
        assertThat(message(12).advertisements).isEmpty();
    }

    @Test
    void commandsAreCallsWithTheirFieldsInOrderAndResponsesAnswerThemByCommandIdentifier() {
        UlpMessage read = message(930);
        assertThat(read.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(read.correlation).isEqualTo(91);
        assertThat(read.fields.keySet()).containsExactly("cid", "opcode", "nsid", "opcodeName", "dataLength");
        assertThat(read.fields.values()).containsExactly(91L, 2L, 1L, "Read", 131072L);
        assertThat(read.summary).isEqualTo(
                "NVMe Read cid 91 nsid 1, 131072 octets to the host by key 0x620b3d0a at 0xff3f7481c3638000");

        UlpMessage answer = message(1367);
        assertThat(answer.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(answer.correlation).isEqualTo(91);
        assertThat(answer.summary).isEqualTo("NVMe response cid 91: success, invalidates 0x620b3d0a");

        // every response answers a command still open on its connection; only the
        // Asynchronous Event Requests stay open, as they should
        Map<String, Set<Long>> open = new TreeMap<>();
        List<String> unanswered = new ArrayList<>();
        for (Decoded.Message m : decoded.messages) {
            Set<Long> o = open.computeIfAbsent(m.connection(), c -> new HashSet<>());
            if (m.decoded().role == UlpMessage.Role.CALL) {
                assertThat(o.add(m.decoded().correlation)).as("cid %d reused while open", m.decoded().correlation).isTrue();
            } else if (m.decoded().role == UlpMessage.Role.REPLY) {
                assertThat(o.remove(m.decoded().correlation)).as("response in frame %d answers an open command", m.frame())
                        .isTrue();
            }
        }
        for (Decoded.Message m : decoded.messages) {
            if (m.decoded().role == UlpMessage.Role.CALL && open.get(m.connection()).contains(m.decoded().correlation)) {
                unanswered.add((String) m.decoded().fields.get("opcodeName"));
            }
        }
        assertThat(unanswered).containsOnly("Asynchronous Event Request").hasSize(2);
    }

    @Test
    void theQueueNamedInTheConnectionRequestDecidesAdminOrIoOpcodeNames() {
        Map<String, Set<String>> names = decoded.messages.stream()
                .filter(m -> m.decoded().role == UlpMessage.Role.CALL)
                .collect(Collectors.groupingBy(Decoded.Message::connection, TreeMap::new,
                        Collectors.mapping(m -> (String) m.decoded().fields.get("opcodeName"), Collectors.toSet())));
        assertThat(names.get("c1")).containsExactlyInAnyOrder("Fabrics Connect", "Fabrics Property Get",
                "Fabrics Property Set", "Identify", "Set Features", "Asynchronous Event Request", "Get Log Page");
        assertThat(names.get("c2")).contains("Identify", "Get Log Page", "Set Features").doesNotContain("Read", "Write");
        assertThat(names.get("c3")).containsExactlyInAnyOrder("Fabrics Connect", "Read", "Write");
        assertThat(message(149).summary)
                .isEqualTo("NVMe/RDMA connection request: queue 1 (I/O), hrqsize 128, hsqsize 127, controller 0x0000");
        assertThat(message(153).summary).isEqualTo("NVMe Fabrics Connect cid 0 queue 1 (I/O), sqsize 127, 1024 octets in the capsule");
    }

    @Test
    void withoutTheConnectionsStartCommandsAreNamedByOpcodeAndDirectionAndStillAdvertise() throws IOException {
        Ulp.Decoder d = new NvmeRdma().decoder();
        List<UlpMessage> reads = new ArrayList<>();
        for (CapturedMessages.Message m : CapturedMessages.of(CAPTURE)) {
            if (m.connection().equals("c3") && m.isSend() && m.frame() > 160) {
                UlpMessage u = d.send(m.input());
                if (u.role == UlpMessage.Role.CALL && u.fields.get("opcode").equals(2L)) {
                    reads.add(u);
                }
            }
        }
        assertThat(reads).isNotEmpty().allSatisfy(u -> {
            assertThat(u.fields.get("opcodeName")).isEqualTo("opcode 0x02 (controller to host)");
            assertThat(u.advertisements).singleElement().extracting(Advertisement::access).isEqualTo(Advertisement.REMOTE_WRITE);
            assertThat(u.problems).isEmpty();
        });
    }

    @Test
    void tsharkSeesTheSameAccessesAndEachHasItsAdvertisement() {
        List<Decoded.Access> tshark = Decoded.tsharkAccesses(CAPTURE);
        org.junit.jupiter.api.Assumptions.assumeTrue(tshark != null, "tshark is not at hand");
        assertThat(tshark.stream().filter(a -> a.access() == Advertisement.REMOTE_READ)).hasSize(4);
        assertThat(tshark.stream().filter(a -> a.access() == Advertisement.REMOTE_WRITE)).hasSize(269);
        assertThat(tshark).allSatisfy(a -> assertThat(decoded.covering(a)).as("%s", a).isNotNull());
    }

    @Test
    void realTrafficHasNoProblems() {
        assertThat(decoded.messages).allSatisfy(m -> assertThat(m.decoded().problems).as("frame %d", m.frame()).isEmpty());
        assertThat(decoded.messages.size()).isGreaterThan(120);
    }

    @Test
    void everyCapsuleAndConnectionRequestIsRecognisedByShape() throws IOException {
        NvmeRdma nvme = new NvmeRdma();
        for (CapturedMessages.Message m : CapturedMessages.of(CAPTURE)) {
            if (m.handshake()) {
                assertThat(nvme.recognizesPrivateData(m.payload(), 0, m.payload().length, m.fromInitiator()))
                        .as("private data in frame %d", m.frame()).isTrue();
            } else if (m.isSend()) {
                assertThat(nvme.recognizes(m.input())).as("frame %d", m.frame()).isTrue();
            }
        }
    }

    @Test
    void noSendOrPrivateDataOfTheOtherRealCapturesIsTakenForNvme() throws IOException {
        NvmeRdma nvme = new NvmeRdma();
        int seen = 0;
        for (String other : new String[] {"std_iser_mtu1500_tso.pcap", "std_nfs_rdma_mtu1500_tso.pcap",
            "std_smbdirect_mtu1500_tso.pcap", "std_rping_64_mtu1500_tso.pcap", "std_write_bw_4096_mtu1500_tso.pcap",
            "std_send_bw_4096_mtu1500_tso.pcap", "std_rstream_mtu1500_tso.pcap", "std_ucmatose_c2_mtu1500_tso.pcap"}) {
            for (CapturedMessages.Message m : CapturedMessages.of(RealCaptures.file("siw/" + other))) {
                if (m.handshake()) {
                    assertThat(nvme.recognizesPrivateData(m.payload(), 0, m.payload().length, m.fromInitiator()))
                            .as("%s frame %d", other, m.frame()).isFalse();
                } else if (m.isSend()) {
                    seen++;
                    assertThat(nvme.recognizes(m.input())).as("%s frame %d", other, m.frame()).isFalse();
                }
            }
        }
        assertThat(seen).isGreaterThan(500);
    }

    private static UlpMessage message(long frame) {
        return decoded.messages.stream().filter(m -> m.frame() == frame).findFirst().orElseThrow().decoded();
    }
}

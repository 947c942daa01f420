package io.rdmascope.ulp.smb;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.UlpMessage;
import io.rdmascope.ulp.tools.UlpReplay;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The decoder on the Linux kernel's cifs client and ksmbd over siw (mount vers=3.0 with rdma, 300 KiB each way). */
class SmbDirectCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_smbdirect_mtu1500_tso.pcap");
    static List<UlpReplay.Decoded> decoded;
    static List<UlpReplay.Access> accesses;

    @BeforeAll
    static void replay() throws IOException {
        decoded = UlpReplay.decode(new SmbDirect(), CAPTURE);
        accesses = UlpReplay.accesses(CAPTURE);
    }

    private static UlpReplay.Decoded at(long frame) {
        return decoded.stream().filter(d -> d.frame() == frame).findFirst().orElseThrow();
    }

    @Test
    void everyServerRdmaWriteAndReadRequestUsesABufferDescriptorAdvertisedBefore() {
        assertThat(accesses).filteredOn(UlpReplay.Access::write).hasSizeGreaterThan(100);
        assertThat(accesses).filteredOn(a -> !a.write()).isNotEmpty();
        assertThat(UlpReplay.unadvertised(decoded, accesses)).isEmpty();
    }

    @Test
    void theWholeMountDecodesWithoutProblems() {
        assertThat(UlpReplay.problems(decoded)).isEmpty();
        assertThat(decoded).hasSizeGreaterThan(100);
    }

    @Test
    void readRequestsAdvertiseRemoteWriteAndWriteRequestsRemoteReadWithTheDescriptorsLength() {
        List<Advertisement> ads = decoded.stream().flatMap(d -> d.message().advertisements.stream()).toList();
        assertThat(ads).extracting(Advertisement::what).containsExactly(
                "buffer descriptor of SMB2 READ MessageId 27", "buffer descriptor of SMB2 READ MessageId 43",
                "buffer descriptor of SMB2 WRITE MessageId 64", "buffer descriptor of SMB2 READ MessageId 77",
                "buffer descriptor of SMB2 READ MessageId 93");
        assertThat(ads).filteredOn(a -> a.what().contains("READ"))
                .allSatisfy(a -> assertThat(a.access()).isEqualTo(Advertisement.REMOTE_WRITE))
                .allSatisfy(a -> assertThat(a.length()).isEqualTo(1048576));
        Advertisement write = ads.get(2);
        assertThat(write.access()).isEqualTo(Advertisement.REMOTE_READ);
        assertThat(write.length()).isEqualTo(307200);
        assertThat(write.stag()).isEqualTo(0x472eeb03L);
        assertThat(write.to()).isEqualTo(0xff3f7481c7f33000L);
    }

    @Test
    void everyRequestIsACallWithMessageIdAndCommandAndEveryFinalResponseItsReply() {
        List<UlpMessage> calls = decoded.stream().map(UlpReplay.Decoded::message)
                .filter(m -> m.role == UlpMessage.Role.CALL).toList();
        List<UlpMessage> replies = decoded.stream().map(UlpReplay.Decoded::message)
                .filter(m -> m.role == UlpMessage.Role.REPLY).toList();
        assertThat(calls).hasSize(45); // as many SMB2 requests as tshark finds (a compound counts once)
        assertThat(calls).allSatisfy(c -> {
            assertThat(new ArrayList<>(c.fields.keySet())).containsExactly("messageId", "command");
            assertThat(c.fields.get("messageId")).isEqualTo(c.correlation);
        });
        assertThat(replies.stream().map(r -> r.correlation).collect(Collectors.toSet()))
                .isEqualTo(calls.stream().map(c -> c.correlation).collect(Collectors.toSet()));
        assertThat(replies).hasSameSizeAs(calls);
        assertThat(decoded).filteredOn(d -> d.message().role == UlpMessage.Role.CALL)
                .allSatisfy(d -> assertThat(d.fromInitiator()).isTrue());
        assertThat(at(72).message().fields).containsEntry("messageId", 27L).containsEntry("command", "READ");
        assertThat(at(89).message().fields).containsEntry("messageId", 64L).containsEntry("command", "WRITE");
        assertThat(at(11).message().fields).containsEntry("command", "NEGOTIATE");
    }

    @Test
    void aFragmentedCompoundIsOneCallAndItsLaterFragmentsAreNone() {
        UlpMessage first = at(53).message();
        assertThat(first.role).isEqualTo(UlpMessage.Role.CALL);
        assertThat(first.correlation).isEqualTo(19);
        assertThat(first.fields).containsEntry("command", "CREATE");
        assertThat(at(54).message().role).isEqualTo(UlpMessage.Role.NONE);
        UlpMessage last = at(56).message();
        assertThat(last.role).isEqualTo(UlpMessage.Role.NONE);
        assertThat(last.summary).contains("CREATE QUERY_INFO CLOSE request, MessageIds 19-21");
        assertThat(last.problems).isEmpty();
        UlpMessage reply = at(57).message();
        assertThat(reply.role).isEqualTo(UlpMessage.Role.REPLY);
        assertThat(reply.correlation).isEqualTo(19);
        assertThat(reply.summary).contains("CREATE QUERY_INFO CLOSE response");
    }

    @Test
    void theSmbDirectNegotiationAndCreditOnlyMessagesAreNeitherCallsNorReplies() {
        assertThat(at(8).message().summary).startsWith("SMB Direct negotiate request");
        assertThat(at(9).message().summary).startsWith("SMB Direct negotiate response");
        assertThat(at(10).message().summary).startsWith("SMB Direct data transfer without data");
        assertThat(List.of(at(8), at(9), at(10))).allSatisfy(d -> assertThat(d.message().role).isEqualTo(UlpMessage.Role.NONE));
    }
}

package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.UlpMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** rstream -C 20 -S 4096 over rsockets between two siw hosts. */
class RsocketsCaptureTest {
    static final Path CAPTURE = RealCaptures.file("siw/std_rstream_mtu1500_tso.pcap");
    static List<UlpReplay.Decoded> decoded;
    static List<UlpReplay.Access> accesses;

    @BeforeAll
    static void replay() throws IOException {
        decoded = UlpReplay.decode(new Rsockets(), CAPTURE);
        accesses = UlpReplay.accesses(CAPTURE);
    }

    @Test
    void everyRdmaWriteLandsInARegionThePeerAdvertisedBeforeInItsConnectionDataOrTargetSgl() {
        Set<Long> used = accesses.stream().map(UlpReplay.Access::stag).collect(Collectors.toSet());
        assertThat(used).containsExactlyInAnyOrder(0x063fb700L, 0xb0e7a200L, 0xe685ad00L, 0x6f2bc500L);
        assertThat(UlpReplay.unadvertised(decoded, accesses)).isEmpty();
        assertThat(UlpReplay.problems(decoded)).isEmpty();
    }

    @Test
    void eachSidesConnectionDataAdvertisesItsTargetSglAndTheFirstHalfOfItsReceiveBufferForRemoteWrite() {
        List<UlpReplay.Decoded> pd = decoded.stream().filter(d -> d.kind().equals("privateData")).toList();
        assertThat(pd).hasSize(2);
        UlpMessage request = pd.get(0).message(), reply = pd.get(1).message();
        assertThat(pd.get(0).fromInitiator()).isTrue();
        assertThat(request.advertisements).containsExactly(
                new Advertisement(0xb0e7a200L, 0x5645b23db000L, 32, Advertisement.REMOTE_WRITE, "rsockets target SGL (2 entries)"),
                new Advertisement(0x6f2bc500L, 0x7f24b7cad000L, 524288, Advertisement.REMOTE_WRITE,
                        "rsockets receive buffer (first half)"));
        assertThat(reply.advertisements).extracting(Advertisement::stag).containsExactly(0x063fb700L, 0xe685ad00L);
    }

    @Test
    void theSgeWrittenIntoThePeersTargetSglAdvertisesTheSecondHalfOfTheWritersReceiveBuffer() {
        List<UlpReplay.Decoded> writes = decoded.stream().filter(d -> d.kind().equals("write")).toList();
        assertThat(writes).hasSize(2);
        Advertisement fromClient = writes.get(0).message().advertisements.get(0);
        assertThat(writes.get(0).fromInitiator()).isTrue();
        assertThat(fromClient).isEqualTo(new Advertisement(0x6f2bc500L, 0x7f24b7cad000L + 524288, 524288,
                Advertisement.REMOTE_WRITE, "rsockets receive buffer (target SGL entry 1)"));
        Advertisement fromServer = writes.get(1).message().advertisements.get(0);
        assertThat(fromServer.stag()).isEqualTo(0xe685ad00L);
        assertThat(fromServer.to()).isEqualTo(0x7fde98e82000L + 524288);
    }

    @Test
    void theFourOctetSendsAreRsocketsMessagesNotCalls() {
        List<UlpMessage> sends = decoded.stream().filter(d -> d.kind().equals("send")).map(UlpReplay.Decoded::message).toList();
        assertThat(sends).isNotEmpty().allSatisfy(m -> {
            assertThat(m.role).isEqualTo(UlpMessage.Role.NONE);
            assertThat(m.summary).startsWith("rsockets ");
            assertThat(m.advertisements).isEmpty();
        });
        assertThat(sends).anyMatch(m -> m.summary.startsWith("rsockets data: 2048 octets written"));
        assertThat(sends).anyMatch(m -> m.summary.startsWith("rsockets credits"));
    }
}

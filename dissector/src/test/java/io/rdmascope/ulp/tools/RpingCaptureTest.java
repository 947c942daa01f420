package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.UlpMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** rping -C 3 with 64-octet and 64000-octet buffers between two siw hosts. */
class RpingCaptureTest {
    static Path capture(String name) {
        return RealCaptures.file("siw/" + name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"std_rping_64_mtu1500_tso.pcap", "std_rping_64000_mtu1500_tso.pcap"})
    void everyServerReadAndWriteUsesABufferTheClientAdvertisedBeforeWithinItsSize(String name) throws IOException {
        List<UlpReplay.Decoded> decoded = UlpReplay.decode(new Rping(), capture(name));
        List<UlpReplay.Access> accesses = UlpReplay.accesses(capture(name));
        assertThat(accesses).filteredOn(UlpReplay.Access::write).isNotEmpty();
        assertThat(accesses).filteredOn(a -> !a.write()).hasSize(3);
        assertThat(UlpReplay.unadvertised(decoded, accesses)).isEmpty();
        assertThat(UlpReplay.problems(decoded)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"std_rping_64_mtu1500_tso.pcap", "std_rping_64000_mtu1500_tso.pcap"})
    void theClientAlternatesStartAndRdmaBuffersAndTheServerAnswersWithZeroGoAheads(String name) throws IOException {
        long size = name.contains("64000") ? 64000 : 64;
        List<UlpReplay.Decoded> decoded = UlpReplay.decode(new Rping(), capture(name));
        List<UlpMessage> client = decoded.stream().filter(UlpReplay.Decoded::fromInitiator).map(UlpReplay.Decoded::message).toList();
        List<UlpMessage> server = decoded.stream().filter(d -> !d.fromInitiator()).map(UlpReplay.Decoded::message).toList();
        assertThat(client).hasSize(6);
        for (int i = 0; i < client.size(); i++) {
            Advertisement a = client.get(i).advertisements.get(0);
            assertThat(a.access()).isEqualTo(Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE);
            assertThat(a.length()).isEqualTo(size);
            assertThat(a.what()).startsWith(i % 2 == 0 ? "rping start buffer" : "rping RDMA buffer");
            assertThat(client.get(i).role).isEqualTo(UlpMessage.Role.NONE);
        }
        assertThat(server).hasSize(6).allSatisfy(m -> {
            assertThat(m.advertisements).isEmpty();
            assertThat(m.summary).contains("go-ahead");
        });
    }
}

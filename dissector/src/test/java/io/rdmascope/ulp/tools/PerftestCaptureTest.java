package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import io.rdmascope.ulp.Advertisement;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** perftest with -R (rdma_cm): the pingpong_dest exchange on one connection, the test on the other. */
class PerftestCaptureTest {
    @ParameterizedTest
    @ValueSource(strings = {"std_write_bw_4096_mtu1500_tso.pcap", "std_write_bw_65536_mtu1500_tso.pcap",
        "std_read_bw_4096_mtu1500_tso.pcap", "std_send_bw_4096_mtu1500_tso.pcap", "std_write_lat_64_mtu1500_tso.pcap",
        "std_read_lat_64_mtu1500_tso.pcap", "std_send_lat_64_mtu1500_tso.pcap"})
    void everyRdmaWriteAndReadRequestUsesTheRkeyAndVaddrThePeerSentBefore(String name) throws IOException {
        Path p = RealCaptures.file("siw/" + name);
        List<UlpReplay.Decoded> decoded = UlpReplay.decode(new Perftest(), p);
        List<UlpReplay.Access> accesses = UlpReplay.accesses(p);
        if (name.contains("write") || name.contains("read")) {
            assertThat(accesses).isNotEmpty();
        }
        assertThat(UlpReplay.unadvertised(decoded, accesses)).isEmpty();
        assertThat(UlpReplay.problems(decoded)).isEmpty();
        List<Advertisement> ads = decoded.stream().flatMap(d -> d.message().advertisements.stream()).toList();
        assertThat(ads).isNotEmpty().allSatisfy(a -> {
            assertThat(a.length()).isEqualTo(Advertisement.UNKNOWN_LENGTH);
            assertThat(a.access()).isEqualTo(Advertisement.REMOTE_READ | Advertisement.REMOTE_WRITE);
        });
        Set<Boolean> sides = decoded.stream().filter(d -> !d.message().advertisements.isEmpty())
                .map(UlpReplay.Decoded::fromInitiator).collect(Collectors.toSet());
        assertThat(sides).as("both sides send their pingpong_dest").containsExactlyInAnyOrder(true, false);
        Set<String> exchange = decoded.stream().filter(d -> !d.message().advertisements.isEmpty())
                .map(UlpReplay.Decoded::connection).collect(Collectors.toSet());
        assertThat(accesses).as("the test runs on the second connection, not on the exchange's")
                .allSatisfy(a -> assertThat(exchange).doesNotContain(a.connection()));
    }
}

package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.net.Endpoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The frame fields of the summary line and of tshark's common names, where they are not tshark's. */
class FrameSummaryTest {
    @Test
    void tcpOverIpv6HasItsAddressesInIpAsWellAsIpv6() {
        FrameRecord r = new FrameRecord(1, 0, new Endpoint("fd00::1", 40000), new Endpoint("fd00::2", 4791), null, false);
        assertThat(r.values("ip.addr")).isEqualTo(List.of("fd00::1", "fd00::2"));
        assertThat(r.values("ipv6.addr")).isEqualTo(List.of("fd00::1", "fd00::2"));
        assertThat(r.values("ipv6.src")).isEqualTo(List.of("fd00::1"));
        FrameRecord icmp = new FrameRecord(2, 0, null, null, null, false);
        icmp.ipSource = "fe80::1";
        icmp.ipDestination = "ff02::2";
        assertThat(icmp.values("ip.addr")).isEmpty();
        assertThat(icmp.values("ipv6.addr")).isEqualTo(List.of("fe80::1", "ff02::2"));
    }

    @Test
    void theTimeColumnHasSixDecimalsUnlessTheTimeHasNanoseconds() {
        assertThat(FrameSummary.seconds(1_388_275_000L)).isEqualTo("1.388275");
        assertThat(FrameSummary.seconds(1_388_275_123L)).isEqualTo("1.388275123");
    }
}

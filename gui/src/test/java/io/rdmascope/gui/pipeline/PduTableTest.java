package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.Samples;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The index's PDU table describes every ordinary PDU, whatever its RDMAP header holds (Read
 * Requests, atomics, the one-shot fields): only the MPA Requests and Replies of these captures are
 * kept whole.
 */
class PduTableTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "atomic.pcap, 2",
        "oneshot-read.pcap, 2",
        "oneshot-write.pcap, 2",
        "ulp-nfs.pcap, 2",
        "plain-traffic.pcap, 2"
    })
    void onlyTheHandshakesAreKeptWhole(String sample, int handshakes) throws Exception {
        try (PipelineCaptureModel m = Samples.loaded(Samples.sample(sample))) {
            assertThat(index(m).unitsKeptWhole()).isEqualTo(handshakes);
        }
    }

    private static FrameIndex index(PipelineCaptureModel m) {
        return m.index();
    }
}

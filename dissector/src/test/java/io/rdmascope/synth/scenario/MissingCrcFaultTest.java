package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The missing-crc fault: the FPDU goes out without its CRC field (RFC 5044 section 4.1 always
 * sends one), so the next FPDU starts 4 octets before a receiver expects it.
 */
class MissingCrcFaultTest {
    private static List<TestPcap.Frame> fpdus(String steps) throws Exception {
        List<TestPcap.Frame> d = TestPcap.dataFrames(TestPcap.synth(TestPcap.HEAD + steps));
        return d.subList(2, d.size());
    }

    @Test
    void theFpduLosesItsLastFourOctetsAndNothingElse() throws Exception {
        String send = "  - send: {conn: c1, text: \"hello bob\"";
        List<TestPcap.Frame> good = fpdus(send + "}\n  - send: {conn: c1, text: next}\n");
        List<TestPcap.Frame> bad = fpdus(send + ", faults: [{kind: missing-crc}]}\n  - send: {conn: c1, text: next}\n");
        byte[] g = good.get(0).payload();
        assertThat(bad.get(0).payload()).isEqualTo(java.util.Arrays.copyOf(g, g.length - 4));
        // the next FPDU follows at once in the sequence space
        assertThat(bad.get(1).seq() - bad.get(0).seq()).isEqualTo(g.length - 4);
        assertThat(bad.get(1).payload()).isEqualTo(good.get(1).payload());
    }

    @Test
    void onlyTheNamedSegmentLosesItsCrc() throws Exception {
        List<TestPcap.Frame> good = fpdus("  - send: {conn: c1, length: 3000, segment: 1000}\n");
        List<TestPcap.Frame> bad = fpdus("  - send: {conn: c1, length: 3000, segment: 1000, "
                + "faults: [{kind: missing-crc, segment: 1}]}\n");
        assertThat(bad.get(0).payloadLen()).isEqualTo(good.get(0).payloadLen());
        assertThat(bad.get(1).payloadLen()).isEqualTo(good.get(1).payloadLen() - 4);
        assertThat(bad.get(2).payloadLen()).isEqualTo(good.get(2).payloadLen());
    }
}

package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The read step's halves: {@code respond: false} sends the Read Request alone and
 * {@code request: false} the Read Response alone, so that several Read Requests can be
 * outstanding before they are answered (RFC 5040 section 5.2, RFC 6581 IRD/ORD).
 */
class ReadStepTest {
    private static final String READ = "  - read: {conn: c1, from: b, sinkStag: 0x77, sourceStag: 0x20, size: 100";

    /** Payloads of the FPDU frames (after the MPA Request and Reply). */
    private static List<TestPcap.Frame> fpdus(String steps) throws Exception {
        List<TestPcap.Frame> d = TestPcap.dataFrames(TestPcap.synth(TestPcap.HEAD + steps));
        return d.subList(2, d.size());
    }

    /** The RDMAP opcode of an FPDU frame: MPA length (2), then the DDP control octet, then RDMAP's. */
    private static int opcode(TestPcap.Frame f) {
        return f.payload()[3] & 0x0F;
    }

    @Test
    void requestAndResponseByDefault() throws Exception {
        List<TestPcap.Frame> f = fpdus(READ + "}\n");
        assertThat(f).extracting(ReadStepTest::opcode).containsExactly(1, 2);
    }

    @Test
    void halvesSplitTheReadIntoRequestThenResponse() throws Exception {
        List<TestPcap.Frame> whole = fpdus(READ + "}\n");
        List<TestPcap.Frame> split = fpdus(READ + ", respond: false}\n" + READ + ", request: false}\n");
        assertThat(split).extracting(ReadStepTest::opcode).containsExactly(1, 2);
        assertThat(split.get(0).payload()).isEqualTo(whole.get(0).payload());
        assertThat(split.get(1).srcPort()).isEqualTo(whole.get(1).srcPort());
    }

    @Test
    void responseAloneNeedsNoSource() throws Exception {
        List<TestPcap.Frame> f = fpdus("  - read: {conn: c1, from: b, sinkStag: 0x77, size: 100, request: false}\n");
        assertThat(f).extracting(ReadStepTest::opcode).containsExactly(2);
    }

    @Test
    void aReadThatSendsNothingIsRefused() {
        assertThatThrownBy(() -> TestPcap.parse(TestPcap.HEAD + READ + ", request: false, respond: false}\n"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("send nothing");
    }
}

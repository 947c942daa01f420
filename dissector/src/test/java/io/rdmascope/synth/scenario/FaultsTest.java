package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/** Every fault and raw override changes exactly what it says, seen from the bytes of the capture. */
class FaultsTest {
    private static final String SEND = "  - send: {conn: c1, length: 4000";

    private static List<TestPcap.Frame> data(String step) throws Exception {
        return TestPcap.dataFrames(TestPcap.synth(TestPcap.HEAD + step + "\n"));
    }

    /** Payloads of the FPDU frames (after the MPA Request and Reply). */
    private static List<TestPcap.Frame> fpdus(String step) throws Exception {
        List<TestPcap.Frame> d = data(step);
        return d.subList(2, d.size());
    }

    @Test
    void baselineHasThreeAlignedFpdus() throws Exception {
        List<TestPcap.Frame> f = fpdus(SEND + "}");
        assertThat(f).hasSize(3);
        assertThat(f.get(1).seq() - f.get(0).seq()).isEqualTo(f.get(0).payloadLen());
    }

    @Test
    void dropRemovesTheFrameButNotItsSequenceSpace() throws Exception {
        List<TestPcap.Frame> base = fpdus(SEND + "}");
        List<TestPcap.Frame> f = fpdus(SEND + ", faults: [{kind: drop, segment: 1}]}");
        assertThat(f).hasSize(2);
        assertThat(f.get(1).seq()).isEqualTo(base.get(2).seq());
    }

    @Test
    void duplicateRetransmitsTheSegment() throws Exception {
        List<TestPcap.Frame> f = fpdus(SEND + ", faults: [{kind: duplicate, segment: 0}]}");
        assertThat(f).hasSize(4);
        assertThat(f.get(1).seq()).isEqualTo(f.get(0).seq());
        assertThat(f.get(1).payload()).isEqualTo(f.get(0).payload());
    }

    @Test
    void swapReordersTwoSegments() throws Exception {
        List<TestPcap.Frame> base = fpdus(SEND + "}");
        List<TestPcap.Frame> f = fpdus(SEND + ", faults: [{kind: swap, segment: 1}]}");
        assertThat(f.get(1).seq()).isEqualTo(base.get(2).seq());
        assertThat(f.get(2).seq()).isEqualTo(base.get(1).seq());
    }

    @Test
    void cutTruncatesAFrameAndEndsTheCapture() throws Exception {
        byte[] pcap = TestPcap.synth(TestPcap.HEAD + SEND + ", faults: [{kind: cut, segment: 1, bytes: 70}]}\n"
                + "  - send: {conn: c1, length: 10}\n");
        List<TestPcap.Frame> all = TestPcap.read(pcap);
        TestPcap.Frame last = all.get(all.size() - 1);
        assertThat(last.capLen()).isEqualTo(70);
        assertThat(last.origLen()).isGreaterThan(1000);
    }

    private static long crcField(byte[] p, int off) {
        return ByteBuffer.wrap(p, off, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFFFFFFL;
    }

    private static long crc(byte[] p, int len) {
        CRC32C c = new CRC32C();
        c.update(p, 0, len);
        return c.getValue();
    }

    @Test
    void badCrcOnlyOnTheNamedSegment() throws Exception {
        List<TestPcap.Frame> f = fpdus(SEND + ", faults: [{kind: bad-crc, segment: 2}]}");
        for (int i = 0; i < 3; i++) {
            byte[] p = f.get(i).payload();
            boolean good = crcField(p, p.length - 4) == crc(p, p.length - 4);
            assertThat(good).isEqualTo(i != 2);
        }
    }

    @Test
    void badMarkerPointsWrong() throws Exception {
        String head = TestPcap.HEAD.replace("markers: none", "markers: both");
        List<TestPcap.Frame> d = TestPcap.dataFrames(TestPcap.synth(head + "  - send: {conn: c1, length: 100}\n"
                + "  - send: {conn: c1, length: 2000, faults: [{kind: bad-marker}]}\n"));
        byte[] first = d.get(2).payload();
        assertThat(first[3]).isZero();                 // the marker at S0 belongs to FPDU 1
        byte[] second = d.get(3).payload();            // starts at 128: marker at 512 should say 384
        int m = 512 - 128;
        int ptr = ((second[m + 2] & 0xFF) << 8) | (second[m + 3] & 0xFF);
        assertThat(ptr).isEqualTo(384 + 8);
        assertThat(crcField(second, second.length - 4)).isEqualTo(crc(second, second.length - 4));
    }

    @Test
    void badPadIsNotZero() throws Exception {
        List<TestPcap.Frame> f = fpdus("  - send: {conn: c1, length: 11, faults: [{kind: bad-pad}]}");
        byte[] p = f.get(0).payload();
        // 2 + 18 + 11 = 31: one pad octet before the CRC
        assertThat(p[p.length - 5] & 0xFF).isEqualTo(0xA5);
    }

    private static long msn(byte[] fpdu) {
        return ByteBuffer.wrap(fpdu, 2 + 10, 4).getInt() & 0xFFFFFFFFL;
    }

    @Test
    void msnSkipLeavesAGap() throws Exception {
        List<TestPcap.Frame> f = fpdus("  - send: {conn: c1, length: 8}\n  - send: {conn: c1, length: 8, faults: [{kind: msn-skip, by: 2}]}");
        assertThat(msn(f.get(0).payload())).isEqualTo(1);
        assertThat(msn(f.get(1).payload())).isEqualTo(4);
    }

    @Test
    void rawOverridesAndTruncation() throws Exception {
        List<TestPcap.Frame> f = fpdus("  - send: {conn: c1, length: 8, raw: {dv: 2, rsvd: 1, rv: 0, opcode: 9, qn: 5, msn: 7, mo: 3, "
                + "invalidateStag: 0xABCD}}\n"
                + "  - advertise: {conn: c1, stag: 1, to: 0, length: 8, raw: {sv: false}}\n"
                + "  - send: {conn: c1, length: 40, raw: {truncate: 10}}");
        byte[] p = f.get(0).payload();
        assertThat(p[2] & 0xFF).isEqualTo(0x40 | 0x04 | 0x02);
        assertThat(p[3] & 0xFF).isEqualTo(0x09);
        ByteBuffer b = ByteBuffer.wrap(p);
        assertThat(b.getInt(4)).isEqualTo(0xABCD);
        assertThat(b.getInt(8)).isEqualTo(5);
        assertThat(b.getInt(12)).isEqualTo(7);
        assertThat(b.getInt(16)).isEqualTo(3);
        byte[] ab = f.get(1).payload();
        assertThat(ab[2] & 0x30).isEqualTo(0x10);      // AB without SV
        assertThat(((ab[0] & 0xFF) << 8) | (ab[1] & 0xFF)).isEqualTo(18 + 16);   // no SV word, empty payload
        byte[] t = f.get(2).payload();
        assertThat(((t[0] & 0xFF) << 8) | (t[1] & 0xFF)).isEqualTo(10);
    }

    @Test
    void connectionFaultsApplyToEveryMessage() throws Exception {
        String head = TestPcap.HEAD.replace("markers: none}", "markers: none, faults: [{kind: bad-crc}]}");
        List<TestPcap.Frame> d = TestPcap.dataFrames(TestPcap.synth(head + "  - send: {conn: c1, length: 8}\n"
                + "  - send: {conn: c1, from: b, length: 8}\n"));
        for (TestPcap.Frame f : d.subList(2, d.size())) {
            byte[] p = f.payload();
            assertThat(crcField(p, p.length - 4)).isNotEqualTo(crc(p, p.length - 4));
        }
    }

    @Test
    void explicitCutsSplitTheStream() throws Exception {
        List<TestPcap.Frame> f = fpdus("  - send: {conn: c1, length: 100, cuts: [5, 50]}");
        assertThat(f.stream().map(TestPcap.Frame::payloadLen)).containsExactly(5, 45, 2 + 18 + 100 + 4 - 50);
    }

    @Test
    void sequenceNumbersWrap() throws Exception {
        String head = TestPcap.HEAD.replace("markers: none}", "markers: none, isn: 4294967290}");
        List<TestPcap.Frame> d = TestPcap.dataFrames(TestPcap.synth(head + "  - send: {conn: c1, length: 100}\n"));
        assertThat(d.get(0).seq()).isEqualTo(-5);   // ISN + 1
        assertThat(d.get(2).seq()).isEqualTo(-5 + 20);   // after the 20-octet MPA Request
    }
}

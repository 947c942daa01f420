package io.rdmascope.synth.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

class WireEncodingTest {

    private static long crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return c.getValue();
    }

    private static long crcField(byte[] b, int off) {
        return (b[off] & 0xFFL) | (b[off + 1] & 0xFFL) << 8 | (b[off + 2] & 0xFFL) << 16 | (b[off + 3] & 0xFFL) << 24;
    }

    @Test
    void crc32cCheckValue() {
        assertThat(crc("123456789".getBytes(StandardCharsets.US_ASCII), 0, 9)).isEqualTo(0xE3069283L);
    }

    @Test
    void fpduWithoutMarkersHasLengthPadAndCrcLeastSignificantOctetFirst() {
        FpduEncoder e = new FpduEncoder(false, true);
        byte[] ulpdu = "123456789".getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[64];
        int n = e.encode(ulpdu, 0, ulpdu.length, out, 0, 0);
        // 2 + 9 + 1 pad + 4
        assertThat(n).isEqualTo(16);
        assertThat(out[0]).isEqualTo((byte) 0);
        assertThat(out[1]).isEqualTo((byte) 9);
        assertThat(Arrays.copyOfRange(out, 2, 11)).isEqualTo(ulpdu);
        assertThat(out[11]).isEqualTo((byte) 0);
        assertThat(crcField(out, 12)).isEqualTo(crc(out, 0, 12));
        assertThat(e.position()).isEqualTo(16);
    }

    @Test
    void crcFieldIsZeroWithoutCrc() {
        FpduEncoder e = new FpduEncoder(false, false);
        byte[] out = new byte[64];
        int n = e.encode(new byte[] {1, 2}, 0, 2, out, 0, 0);
        assertThat(n).isEqualTo(8);
        assertThat(crcField(out, 4)).isZero();
    }

    @Test
    void markerOnFirstOctetBelongsToTheFpduAndIsCovered() {
        FpduEncoder e = new FpduEncoder(true, true);
        byte[] ulpdu = new byte[10];
        Arrays.fill(ulpdu, (byte) 0x33);
        byte[] out = new byte[64];
        int n = e.encode(ulpdu, 0, 10, out, 0, 0);
        // marker(4) + len(2) + 10 + pad 0 + crc 4
        assertThat(n).isEqualTo(20);
        assertThat(Arrays.copyOfRange(out, 0, 6)).containsExactly(0, 0, 0, 0, 0, 10);
        assertThat(crcField(out, 16)).isEqualTo(crc(out, 0, 16));
    }

    @Test
    void markerInsideTheUlpduAndBeforeTheCrcAreCoveredAndPointBack() {
        FpduEncoder z = new FpduEncoder(true, true);
        byte[] out = new byte[2048];
        int a = z.encode(new byte[497], 0, 497, out, 0, 0);   // marker + 2 + 497 + 1 pad + 4 = 508
        assertThat(a).isEqualTo(508);
        // next FPDU at 508: length 508-509, ULPDU 510, pad 511, marker at 512 (4 back) before the CRC
        int b = z.encode(new byte[] {9}, 0, 1, out, 0, 0);
        assertThat(b).isEqualTo(12);
        assertThat(Arrays.copyOfRange(out, 4, 8)).containsExactly(0, 0, 0, 4);
        assertThat(crcField(out, 8)).isEqualTo(crc(out, 0, 8));
        // next FPDU at 520: the marker at 1024 falls inside its ULPDU, 504 octets back
        int c = z.encode(new byte[600], 0, 600, out, 0, 0);
        assertThat(c).isEqualTo(2 + 600 + 2 + 4 + 4);
        assertThat(Arrays.copyOfRange(out, 504, 508)).containsExactly(0, 0, 0x01, 0xF8);
        assertThat(crcField(out, c - 4)).isEqualTo(crc(out, 0, c - 4));
    }

    /** Decodes a marked stream the way a receiver would and checks every marker and CRC. */
    @Test
    void everyMarkerAndCrcHoldsOverManyFpdus() {
        FpduEncoder e = new FpduEncoder(true, true);
        java.util.Random r = new java.util.Random(3);
        byte[] stream = new byte[1 << 20];
        int pos = 0;
        java.util.List<int[]> fpdus = new java.util.ArrayList<>();   // {start, ulpduLength}
        for (int i = 0; i < 400; i++) {
            int len = r.nextInt(1500);
            byte[] u = new byte[len];
            r.nextBytes(u);
            fpdus.add(new int[] {pos, len});
            pos += e.encode(u, 0, len, stream, pos, 0);
        }
        for (int m = 0; m < pos; m += 512) {
            assertThat(stream[m]).isZero();
            assertThat(stream[m + 1]).isZero();
            int ptr = ((stream[m + 2] & 0xFF) << 8) | (stream[m + 3] & 0xFF);
            int owner = -1;
            for (int[] f : fpdus) {
                if (f[0] <= m) {
                    owner = f[0];
                }
            }
            assertThat(m - ptr).isEqualTo(owner);
        }
        for (int i = 0; i < fpdus.size(); i++) {
            int start = fpdus.get(i)[0];
            int end = i + 1 < fpdus.size() ? fpdus.get(i + 1)[0] : pos;
            // the CRC is the last 4 octets (never split: FPDUs and markers keep 4-octet alignment)
            assertThat(crcField(stream, end - 4)).isEqualTo(crc(stream, start, end - 4 - start));
            int lenAt = start % 512 == 0 ? start + 4 : start;
            assertThat(((stream[lenAt] & 0xFF) << 8) | (stream[lenAt + 1] & 0xFF)).isEqualTo(fpdus.get(i)[1]);
        }
    }

    @Test
    void faultsDamageCrcMarkerAndPad() {
        byte[] good = new byte[64], bad = new byte[64];
        new FpduEncoder(true, true).encode(new byte[5], 0, 5, good, 0, 0);
        int n = new FpduEncoder(true, true).encode(new byte[5], 0, 5, bad, 0,
                FpduEncoder.BAD_CRC | FpduEncoder.BAD_MARKER | FpduEncoder.BAD_PAD);
        assertThat(bad[3]).isEqualTo((byte) 8);       // marker points 8 octets too far
        assertThat(bad[4 + 2 + 5] & 0xFF).isEqualTo(0xA5);
        assertThat(crcField(bad, n - 4)).isNotEqualTo(crc(bad, 0, n - 4));
        assertThat(crcField(good, n - 4)).isEqualTo(crc(good, 0, n - 4));
    }

    @Test
    void ipv4AndTcpChecksumsVerify() {
        FrameBuilder fb = new FrameBuilder();
        byte[] payload = "hello".getBytes(StandardCharsets.US_ASCII);
        int n = fb.build(new byte[6], new byte[6], 0x0A000001, 0x0A000002, 7, 1000, 2000, 0xFFFFFFF0, 5, FrameBuilder.ACK | FrameBuilder.PSH,
                65535, null, payload, 0, payload.length);
        byte[] b = fb.buffer();
        assertThat(n).isEqualTo(14 + 20 + 20 + 5);
        assertThat(FrameBuilder.fold(FrameBuilder.sum(b, 14, 20, 0))).isEqualTo(0xFFFF);
        long s = FrameBuilder.sum(b, 26, 8, 0) + 6 + 25;
        assertThat(FrameBuilder.fold(FrameBuilder.sum(b, 34, 25, s))).isEqualTo(0xFFFF);
    }

    @Test
    void ddpHeadersHaveRfcLayouts() {
        DdpHeader t = new DdpHeader();
        t.tagged = true;
        t.last = true;
        t.opcode = 0;
        t.stag = 0x11223344L;
        t.to = 0x0102030405060708L;
        byte[] b = new byte[64];
        assertThat(t.write(b, 0)).isEqualTo(14);
        assertThat(Arrays.copyOf(b, 14)).containsExactly(0xC1, 0x40, 0x11, 0x22, 0x33, 0x44, 1, 2, 3, 4, 5, 6, 7, 8);

        DdpHeader u = new DdpHeader();
        u.opcode = 3;
        u.sv = true;
        u.ab = true;
        u.qn = 0;
        u.msn = 1;
        u.optionalStag = 0xAABBCCDDL;
        u.advertisedTo = 0x10000;
        u.advertisedLength = 65536;
        u.access = 1;
        Arrays.fill(b, (byte) 0x77);
        assertThat(u.write(b, 0)).isEqualTo(38);
        assertThat(b[0] & 0xFF).isEqualTo(0x31);
        assertThat(b[1] & 0xFF).isEqualTo(0x43);
        assertThat(Arrays.copyOfRange(b, 18, 38)).containsExactly(0xAA, 0xBB, 0xCC, 0xDD, 0, 0, 0, 0, 0, 1, 0, 0,
                0, 1, 0, 0, 1, 0, 0, 0);
    }

    @Test
    void segmentationSetsOffsetsAndLast() {
        DdpHeader t = new DdpHeader();
        t.tagged = true;
        t.stag = 5;
        t.to = 1000;
        List<DdpMessages.Segment> s = DdpMessages.segment(t, null, new byte[2500], 1000);
        assertThat(s).hasSize(3);
        assertThat(s.get(0).header.to).isEqualTo(1000);
        assertThat(s.get(2).header.to).isEqualTo(3000);
        assertThat(s.get(2).payloadLength).isEqualTo(500);
        assertThat(s.stream().map(x -> x.header.last)).containsExactly(false, false, true);

        DdpHeader u = new DdpHeader();
        u.msn = 4;
        List<DdpMessages.Segment> v = DdpMessages.segment(u, null, new byte[0], 1000);
        assertThat(v).hasSize(1);
        assertThat(v.get(0).header.last).isTrue();
        List<DdpMessages.Segment> w = DdpMessages.segment(u, null, new byte[1001], 1000);
        assertThat(w.get(1).header.mo).isEqualTo(1000);
        assertThat(w.get(1).header.msn).isEqualTo(4);
    }

    @Test
    void mpaFramesAndEnhancedPrivateData() {
        byte[] pd = MpaFrames.enhancedPrivateData(16, 2, MpaFrames.IRD_ORD_NONE, 1, null);
        assertThat(pd).containsExactly(0x80, 0x10, 0x7F, 0xFF);
        byte[] f = MpaFrames.frame(true, MpaFrames.FLAG_M | MpaFrames.FLAG_C | MpaFrames.FLAG_ENHANCED, 2, pd);
        assertThat(new String(f, 0, 16, StandardCharsets.US_ASCII)).isEqualTo("MPA ID Rep Frame");
        assertThat(Arrays.copyOfRange(f, 16, 24)).containsExactly(0xD0, 2, 0, 4, 0x80, 0x10, 0x7F, 0xFF);
    }
}

package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PduDecoderTest {
    private static final int L = 0x40, SV = 0x20, AB = 0x10;

    private static DdpSegment decode(byte[] b) {
        return PduDecoder.decode(b, 0, b.length);
    }

    @Test
    void rdmaWriteTagged() {
        byte[] b = Seg.tagged(true, 0x0, 0x0a000100L, 0x100000L).bytes(1400, 0xab).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.tagged).isTrue();
        assertThat(s.last).isTrue();
        assertThat(s.dv).isEqualTo(1);
        assertThat(s.rdmapVersion).isEqualTo(1);
        assertThat(s.opcode).isZero();
        assertThat(s.stag).isEqualTo(0x0a000100L);
        assertThat(s.to).isEqualTo(0x100000L);
        assertThat(s.ddpHeaderLength).isEqualTo(14);
        assertThat(s.headerLength).isEqualTo(14);
        assertThat(s.payloadOffset).isEqualTo(14);
        assertThat(s.payloadLength).isEqualTo(1400);
        assertThat(PduSummary.describe(s)).isEqualTo("RDMA Write STag 0x0a000100 TO 0x100000 1400 B");
    }

    @Test
    void offsetInsideLargerBuffer() {
        byte[] seg = Seg.tagged(false, 0x2, 0xdeadbeefL, 0xffffffffffffff00L).bytes(10, 0).build();
        byte[] buf = new byte[seg.length + 7];
        System.arraycopy(seg, 0, buf, 3, seg.length);
        DdpSegment s = PduDecoder.decode(buf, 3, seg.length);
        assertThat(s.malformed).isNull();
        assertThat(s.opcode).isEqualTo(2);
        assertThat(s.stag).isEqualTo(0xdeadbeefL);
        assertThat(s.to).isEqualTo(0xffffffffffffff00L);
        assertThat(s.last).isFalse();
        assertThat(s.payloadLength).isEqualTo(10);
    }

    @Test
    void everyOpcodeTaggedAndUntaggedDecodesControls() {
        for (int op = 0; op < 16; op++) {
            for (boolean tagged : new boolean[] {true, false}) {
                byte[] b = (tagged ? Seg.tagged(true, op, 1, 2) : Seg.untagged(L, op, 0, 0, 1, 0)).bytes(64, 0).build();
                DdpSegment s = decode(b);
                assertThat(s.opcode).isEqualTo(op);
                assertThat(s.tagged).isEqualTo(tagged);
                assertThat(s.malformed).as("opcode %d tagged %s", op, tagged).isNull();
                assertThat(s.payloadOffset + s.payloadLength).isEqualTo(b.length);
                assertThat(PduSummary.describe(s)).isNotBlank();
                assertThat(PduFields.segment(s)).hasSize(2);
            }
        }
    }

    @Test
    void sendUntagged() {
        byte[] b = Seg.untagged(L, 0x3, 0, 0, 7, 0).bytes(100, 1).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.qn).isZero();
        assertThat(s.msn).isEqualTo(7);
        assertThat(s.mo).isZero();
        assertThat(s.headerLength).isEqualTo(18);
        assertThat(s.payloadLength).isEqualTo(100);
        assertThat(s.optionalStag).isNull();
        assertThat(s.advertised).isNull();
    }

    @Test
    void sendWithInvalidate() {
        byte[] b = Seg.untagged(L, 0x4, 0x12345678L, 0, 2, 0).bytes(4, 0).build();
        DdpSegment s = decode(b);
        assertThat(s.invalidateStag).isEqualTo(0x12345678L);
        assertThat(PduSummary.describe(s)).contains("invalidate 0x12345678");
    }

    @Test
    void reservedBitsAndVersions() {
        byte[] b = Seg.untagged(L, 0x3, 0, 0, 1, 0).build();
        b[0] = (byte) (0x40 | 0x0C | 0x02);
        b[1] = (byte) (0x80 | 0x30 | 0x3);
        DdpSegment s = decode(b);
        assertThat(s.reserved).isEqualTo(3);
        assertThat(s.dv).isEqualTo(2);
        assertThat(s.rdmapVersion).isEqualTo(2);
        assertThat(s.rdmapReserved).isEqualTo(3);
        assertThat(s.opcode).isEqualTo(3);
    }

    @Test
    void svOnlyCompletion() {
        byte[] b = Seg.untagged(L | SV, 0x3, 0, 0, 3, 0).u4(0x0a000100L).bytes(12, 0).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.sv).isTrue();
        assertThat(s.ab).isFalse();
        assertThat(s.optionalStag).isEqualTo(0x0a000100L);
        assertThat(s.advertised).isNull();
        assertThat(s.optionalFieldsLength).isEqualTo(4);
        assertThat(s.headerLength).isEqualTo(22);
        assertThat(s.payloadLength).isEqualTo(12);
    }

    @Test
    void svAndAbInitiation() {
        byte[] b = Seg.untagged(L | SV | AB, 0x3, 0, 0, 1, 0).u4(0x0a000100L)
                .u8(0x100000L).u4(4096).u1(0x03).u1(0).u2(0).bytes(8, 0).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.optionalStag).isEqualTo(0x0a000100L);
        assertThat(s.advertised).isEqualTo(new DdpSegment.Advertised(0x100000L, 4096, 3, 0));
        assertThat(s.advertised.remoteRead()).isTrue();
        assertThat(s.advertised.remoteWrite()).isTrue();
        assertThat(s.optionalFieldsLength).isEqualTo(20);
        assertThat(s.headerLength).isEqualTo(38);
        assertThat(s.payloadLength).isEqualTo(8);
        assertThat(PduSummary.describe(s)).isEqualTo("Send [SV STag 0x0a000100, 4096 B @ 0x100000] MSN 1 8 B");
    }

    @Test
    void svOnTaggedSegment() {
        byte[] b = Seg.tagged(true, 0x0, 5, 0).u4(0x77L).bytes(3, 0).build();
        b[0] |= SV;
        DdpSegment s = decode(b);
        assertThat(s.optionalStag).isEqualTo(0x77L);
        assertThat(s.headerLength).isEqualTo(18);
        assertThat(s.payloadLength).isEqualTo(3);
    }

    @Test
    void abWithoutSvReadsNoOptionalField() {
        byte[] b = Seg.untagged(L | AB, 0x3, 0, 0, 1, 0).bytes(20, 0x55).build();
        DdpSegment s = decode(b);
        assertThat(s.ab).isTrue();
        assertThat(s.sv).isFalse();
        assertThat(s.malformed).startsWith("AB without SV");
        assertThat(s.optionalStag).isNull();
        assertThat(s.advertised).isNull();
        assertThat(s.headerLength).isEqualTo(18);
        assertThat(s.payloadLength).isEqualTo(20);
    }

    @Test
    void readRequestUntagged() {
        byte[] b = Seg.untagged(L, 0x1, 0, 1, 1, 0)
                .u4(0x11111111L).u8(0x2000L).u4(8192).u4(0x22222222L).u8(0x3000L).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.readRequest).isEqualTo(new DdpSegment.ReadRequest(0x11111111L, 0x2000L, 8192, 0x22222222L, 0x3000L));
        assertThat(s.headerLength).isEqualTo(46);
        assertThat(s.payloadLength).isZero();
        assertThat(PduSummary.describe(s)).startsWith("RDMA Read Request sink 0x11111111").contains("8192 B");
    }

    @Test
    void readRequestOpcodeOnTaggedHeaderIsNotParsedAsBody() {
        byte[] b = Seg.tagged(true, 0x1, 1, 0).bytes(28, 0).build();
        DdpSegment s = decode(b);
        assertThat(s.readRequest).isNull();
        assertThat(s.malformed).isNull();
        assertThat(s.payloadLength).isEqualTo(28);
    }

    @Test
    void readRequestAfterOneShotFields() {
        byte[] b = Seg.untagged(L | SV, 0x1, 0, 1, 1, 0).u4(9)
                .u4(1).u8(2).u4(3).u4(4).u8(5).build();
        DdpSegment s = decode(b);
        assertThat(s.optionalStag).isEqualTo(9L);
        assertThat(s.readRequest).isEqualTo(new DdpSegment.ReadRequest(1, 2, 3, 4, 5));
        assertThat(s.headerLength).isEqualTo(50);
    }

    @Test
    void terminateEveryHeaderControlCombination() {
        for (int mdr = 0; mdr < 8; mdr++) {
            boolean m = (mdr & 4) != 0, d = (mdr & 2) != 0, r = (mdr & 1) != 0;
            Seg seg = Seg.untagged(L, 0x7, 0, 2, 1, 0)
                    .u1(0x01).u1(0x00).u2((m ? 0x8000 : 0) | (d ? 0x4000 : 0) | (r ? 0x2000 : 0));
            if (d) {
                seg.u2(60);
                seg.u1(0x81).u1(0x40).u4(0xabcdL).u8(0x10L); // a tagged DDP header, 14 octets
            }
            if (r) {
                seg.bytes(28, 0x5a);
            }
            byte[] b = seg.build();
            DdpSegment s = decode(b);
            assertThat(s.malformed).as("M%s D%s R%s", m, d, r).isNull();
            DdpSegment.Terminate t = s.terminate;
            assertThat(t).isNotNull();
            assertThat(t.layer()).isZero();
            assertThat(t.errorType()).isEqualTo(1);
            assertThat(t.errorCode()).isZero();
            assertThat(t.m()).isEqualTo(m);
            assertThat(t.d()).isEqualTo(d);
            assertThat(t.r()).isEqualTo(r);
            assertThat(t.ddpSegmentLength()).isEqualTo(d ? Integer.valueOf(60) : null);
            assertThat(t.ddpHeader() == null ? 0 : t.ddpHeader().length).isEqualTo(d ? 14 : 0);
            assertThat(t.rdmapHeader() == null ? 0 : t.rdmapHeader().length).isEqualTo(r ? 28 : 0);
            assertThat(s.headerLength).isEqualTo(b.length);
            assertThat(PduSummary.describe(s)).startsWith("Terminate: RDMAP / Remote Protection Error / Invalid STag");
        }
    }

    @Test
    void terminateWithUntaggedDdpHeader() {
        byte[] b = Seg.untagged(L, 0x7, 0, 2, 1, 0).u1(0x12).u1(0x01).u2(0x4000)
                .u2(40).u1(0x41).u1(0x43).u4(0).u4(0).u4(5).u4(0).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isNull();
        assertThat(s.terminate.ddpHeader()).hasSize(18);
        assertThat(s.terminate.layer()).isEqualTo(1);
        assertThat(s.terminate.errorType()).isEqualTo(2);
        assertThat(PduSummary.describe(s)).startsWith("Terminate: DDP / Untagged Buffer Error / Invalid QN");
    }

    @Test
    void terminateTooShortForDAndR() {
        byte[] b = Seg.untagged(L, 0x7, 0, 2, 1, 0).u1(0x20).u1(0x02).u2(0x6000).u2(40).u1(0x81).build();
        DdpSegment s = decode(b);
        assertThat(s.terminate).isNotNull();
        assertThat(s.terminate.ddpHeader()).isNull();
        assertThat(s.malformed).contains("Terminate").contains("of 48 octets");
        assertThat(PduSummary.describe(s)).contains("LLP / MPA Error / MPA CRC Error");
    }

    @Test
    void atomicRequestAndResponse() {
        byte[] req = Seg.untagged(L, 0xA, 0, 1, 1, 0).u4(0x2).u4(77).u4(0x0a0b0c0dL).u8(0x4000L)
                .u8(1).u8(-1L).u8(3).u8(0xffL).build();
        DdpSegment s = decode(req);
        assertThat(s.malformed).isNull();
        assertThat(s.atomicRequest).isEqualTo(new DdpSegment.AtomicRequest(0, 2, 77, 0x0a0b0c0dL, 0x4000L, 1, -1L, 3, 0xffL));
        assertThat(s.headerLength).isEqualTo(18 + 52);
        assertThat(PduSummary.describe(s)).contains("Compare and Swap");

        byte[] resp = Seg.untagged(L, 0xB, 0, 3, 1, 0).u4(77).u8(0x1122334455667788L).build();
        DdpSegment r = decode(resp);
        assertThat(r.malformed).isNull();
        assertThat(r.atomicResponse).isEqualTo(new DdpSegment.AtomicResponse(77, 0x1122334455667788L));
        assertThat(r.headerLength).isEqualTo(30);
    }

    @Test
    void immediateData() {
        for (int op : new int[] {0x8, 0x9}) {
            byte[] b = Seg.untagged(L, op, 0, 0, 4, 0).u8(0xcafef00dL).build();
            DdpSegment s = decode(b);
            assertThat(s.malformed).isNull();
            assertThat(s.immediateData).isEqualTo(0xcafef00dL);
            assertThat(s.headerLength).isEqualTo(26);
            assertThat(s.payloadLength).isZero();
        }
    }

    @Test
    void advertisedBufferTruncatedReason() {
        byte[] b = Seg.untagged(L | SV | AB, 0x3, 0, 0, 1, 0).u4(1).u8(2).build();
        DdpSegment s = decode(b);
        assertThat(s.malformed).isEqualTo("segment too short for the advertised-buffer field: 12 of 20 octets");
        assertThat(s.advertised).isNull();
        assertThat(s.optionalStag).isEqualTo(1L);
        assertThat(s.payloadLength).isZero();
    }

    @Test
    void everyTruncationOfEveryKindNeverThrows() {
        byte[][] full = {
            Seg.tagged(true, 0x0, 1, 2).bytes(4, 0).build(),
            Seg.untagged(L, 0x3, 0, 0, 1, 0).bytes(4, 0).build(),
            Seg.untagged(L | SV, 0x3, 0, 0, 1, 0).u4(1).build(),
            Seg.untagged(L | SV | AB, 0x3, 0, 0, 1, 0).u4(1).u8(2).u4(3).u1(1).u1(0).u2(0).build(),
            Seg.untagged(L | SV | AB, 0x1, 0, 1, 1, 0).u4(1).u8(2).u4(3).u1(2).u1(0).u2(0)
                    .u4(1).u8(2).u4(3).u4(4).u8(5).build(),
            Seg.untagged(L, 0x1, 0, 1, 1, 0).u4(1).u8(2).u4(3).u4(4).u8(5).build(),
            Seg.untagged(L, 0x7, 0, 2, 1, 0).u1(0x01).u1(0).u2(0xE000).u2(60)
                    .u1(0x41).u1(0x41).u4(0).u4(0).u4(1).u4(0).bytes(28, 1).build(),
            Seg.untagged(L, 0xA, 0, 1, 1, 0).bytes(52, 1).build(),
            Seg.untagged(L, 0xB, 0, 3, 1, 0).bytes(12, 1).build(),
            Seg.untagged(L, 0x8, 0, 0, 1, 0).bytes(8, 1).build(),
        };
        for (byte[] f : full) {
            DdpSegment whole = decode(f);
            assertThat(whole.malformed).isNull();
            int minimal = whole.headerLength;
            for (int n = 0; n < f.length; n++) {
                DdpSegment s = PduDecoder.decode(f, 0, n);
                assertThat(s).isNotNull();
                assertThat(s.payloadOffset + s.payloadLength).isLessThanOrEqualTo(n);
                if (n < minimal) {
                    assertThat(s.malformed).as("length %d of %d", n, f.length).isNotNull();
                }
                PduFields.segment(s);
                PduSummary.describe(s);
            }
        }
    }

    @Test
    void badBoundsAreReportedNotThrown() {
        byte[] b = new byte[10];
        assertThat(PduDecoder.decode(b, 5, 10).malformed).isNotNull();
        assertThat(PduDecoder.decode(b, -1, 2).malformed).isNotNull();
        assertThat(PduDecoder.decode(null, 0, 0).malformed).isNotNull();
        assertThat(PduDecoder.decode(b, 0, 0).malformed).contains("0 of 2 octets");
    }

    @Test
    void randomGarbageNeverThrows() {
        java.util.Random rnd = new java.util.Random(42);
        for (int i = 0; i < 20000; i++) {
            byte[] b = new byte[rnd.nextInt(90)];
            rnd.nextBytes(b);
            DdpSegment s = decode(b);
            assertThat(s.payloadOffset + s.payloadLength).isLessThanOrEqualTo(b.length);
            PduSummary.describe(s);
        }
    }

    @Test
    void throughput() {
        byte[] b = Seg.tagged(true, 0x0, 1, 2).bytes(1400, 0).build();
        long sink = 0;
        for (int i = 0; i < 200_000; i++) {
            sink += decode(b).payloadLength;
        }
        int n = 1_000_000;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            sink += decode(b).payloadLength;
        }
        long ns = System.nanoTime() - t0;
        System.out.println("PduDecoder.decode: " + (ns / n) + " ns/op (" + sink + ")");
    }
}

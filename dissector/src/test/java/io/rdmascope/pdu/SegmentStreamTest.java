package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SegmentStreamTest {
    @Test
    void readsLikeTheByteBufferStreamOverTheSameRegion() {
        Random r = new Random(7);
        byte[] buf = new byte[128];
        SegmentStream s = new SegmentStream();
        int[][] plans = {{1, 1, 1, 1, 2, 2}, {2, 2, 4}, {4, 4, 28, 4}, {1, 1, 1, 13}, {3, 7, 9, 17, 24, 5}};
        for (int round = 0; round < 200; round++) {
            r.nextBytes(buf);
            int off = r.nextInt(16);
            int len = 40 + r.nextInt(32);
            int[] plan = plans[round % plans.length];
            KaitaiStream ref = new ByteBufferKaitaiStream(ByteBuffer.wrap(buf, off, len).slice());
            s.reset(buf, off, len);
            for (int bits : plan) {
                assertThat(s.readBitsIntBe(bits)).isEqualTo(ref.readBitsIntBe(bits));
                assertThat(s.pos()).isEqualTo(ref.pos());
            }
            assertThat(s.readU2be()).isEqualTo(ref.readU2be());
            assertThat(s.readU4be()).isEqualTo(ref.readU4be());
            assertThat(s.readS4le()).isEqualTo(ref.readS4le());
            assertThat(s.readS4be()).isEqualTo(ref.readS4be());
            assertThat(s.readS8be()).isEqualTo(ref.readS8be());
            assertThat(s.readU8be()).isEqualTo(ref.readU8be());
            assertThat(s.pos()).isEqualTo(ref.pos());
            assertThat(s.size()).isEqualTo(ref.size());
            assertThat(s.readBytesFull()).isEqualTo(ref.readBytesFull());
            assertThat(s.isEof()).isTrue();
        }
    }

    @Test
    void neverReadsPastItsRegion() {
        byte[] buf = {1, 2, 3, 4, 5, 6, 7, 8};
        SegmentStream s = new SegmentStream().reset(buf, 2, 3);
        assertThat(s.readU2be()).isEqualTo(0x0304);
        assertThatThrownBy(s::readU2be).isInstanceOf(BufferUnderflowException.class);
        assertThat(s.readU1()).isEqualTo(5);
        assertThatThrownBy(() -> s.readBitsIntBe(1)).isInstanceOf(BufferUnderflowException.class);
        assertThat(s.reset(buf, 6, 2).readU2be()).isEqualTo(0x0708);
        assertThat(s.reset(buf, 0, 8).readU8be()).isEqualTo(0x0102030405060708L);
        s.seek(4);
        assertThat(s.substream(2).readU2be()).isEqualTo(0x0506);
        assertThat(s.pos()).isEqualTo(6);
    }
}

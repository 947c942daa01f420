package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Decoding the head of a ULPDU gives what decoding all of it gives. */
class PduDecoderHeadTest {
    private final PduDecoder decoder = new PduDecoder();

    @Property(tries = 3000)
    void headDecodesAsTheWholeSegment(@ForAll @IntRange(min = 0, max = 400) int length,
                                      @ForAll @IntRange(min = 0, max = 255) int ddpControl,
                                      @ForAll @IntRange(min = 0, max = 15) int opcode,
                                      @ForAll long seed) {
        byte[] ulpdu = new byte[length + 5];
        new Random(seed).nextBytes(ulpdu);
        if (length >= 2) {
            ulpdu[3] = (byte) ddpControl;
            ulpdu[4] = (byte) (0x40 | opcode);
        }
        DdpSegment whole = decoder.read(ulpdu, 3, length);
        int head = PduDecoder.headLength(ulpdu, 3, length);
        assertThat(head).isBetween(Math.min(length, PduDecoder.MAX_HEADERS), length);
        byte[] copy = java.util.Arrays.copyOfRange(ulpdu, 3, 3 + head);
        DdpSegment fromHead = decoder.readHead(copy, 0, head, length);
        assertThat(fromHead).usingRecursiveComparison().isEqualTo(whole);
    }

    @Test
    void aTerminateIsKeptWhole() {
        byte[] b = Seg.untagged(0x40, 0x7, 0, 2, 1, 0).bytes(200, 0x11).build();
        assertThat(PduDecoder.headLength(b, 0, b.length)).isEqualTo(b.length);
        byte[] w = Seg.tagged(true, 0x0, 1, 0).bytes(200, 0x11).build();
        assertThat(PduDecoder.headLength(w, 0, w.length)).isEqualTo(PduDecoder.MAX_HEADERS);
    }
}

package io.rdmascope.ddp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DdpStreamTest {

    @Test
    void firstMsnSeenIsTheStartAndMessagesFollow() {
        DdpStream s = new DdpStream();
        assertThat(s.untagged(0, 5, 0, true, 10, 1)).isEqualTo(DdpStream.OK);
        assertThat(s.first).isTrue();
        assertThat(s.message.complete).isTrue();
        assertThat(s.untagged(0, 6, 0, true, 10, 2)).isEqualTo(DdpStream.OK);
        assertThat(s.untagged(1, 1, 0, true, 0, 3)).isEqualTo(DdpStream.OK);
    }

    @Test
    void msnGapResynchronises() {
        DdpStream s = new DdpStream();
        s.untagged(0, 1, 0, true, 10, 1);
        assertThat(s.untagged(0, 3, 0, true, 10, 2)).isEqualTo(DdpStream.MSN_GAP);
        assertThat(s.expectedMsn).isEqualTo(2);
        assertThat(s.untagged(0, 4, 0, true, 10, 3)).isEqualTo(DdpStream.OK);
    }

    @Test
    void msnWrapsAt32Bits() {
        DdpStream s = new DdpStream();
        s.untagged(0, 0xFFFFFFFFL, 0, true, 10, 1);
        assertThat(s.untagged(0, 0, 0, true, 10, 2)).isEqualTo(DdpStream.OK);
    }

    @Test
    void messageTotalsOverSegments() {
        DdpStream s = new DdpStream();
        s.untagged(0, 1, 0, false, 1000, 4);
        DdpMessage m = s.message;
        s.untagged(0, 1, 1000, false, 1000, 5);
        assertThat(s.first).isFalse();
        assertThat(s.untagged(0, 1, 2000, true, 500, 7)).isEqualTo(DdpStream.OK);
        assertThat(s.message).isSameAs(m);
        assertThat(m.complete).isTrue();
        assertThat(m.bytes).isEqualTo(2500);
        assertThat(m.segments).isEqualTo(3);
        assertThat(m.firstFrame).isEqualTo(4);
        assertThat(m.lastFrame).isEqualTo(7);
        assertThat(s.openMessages(0)).isZero();
    }

    @Test
    void moGapInsideAndAtTheStartOfAMessage() {
        DdpStream s = new DdpStream();
        s.untagged(0, 1, 0, false, 1000, 1);
        assertThat(s.untagged(0, 1, 1500, true, 10, 2)).isEqualTo(DdpStream.MO_GAP);
        assertThat(s.expectedOffset).isEqualTo(1000);
        assertThat(s.untagged(0, 2, 100, true, 10, 3)).isEqualTo(DdpStream.MO_GAP);
        assertThat(s.expectedOffset).isZero();
    }

    @Test
    void captureStartingInsideAMessageIsFine() {
        DdpStream s = new DdpStream();
        assertThat(s.untagged(0, 9, 4000, true, 10, 1)).isEqualTo(DdpStream.OK);
        s.resync();
        assertThat(s.untagged(0, 2, 300, true, 10, 2)).isEqualTo(DdpStream.OK);
    }

    @Test
    void openMessagesAreBounded() {
        DdpStream s = new DdpStream();
        int r = 0;
        for (int i = 1; i <= DdpStream.MAX_OPEN_PER_QUEUE + 1; i++) {
            r = s.untagged(0, i, 0, false, 10, i);
        }
        assertThat(r & DdpStream.DROPPED).isNotZero();
        assertThat(s.dropped.msn).isEqualTo(1);
        assertThat(s.openMessages(0)).isEqualTo(DdpStream.MAX_OPEN_PER_QUEUE);
    }

    @Test
    void queuesBeyondRdmapAreNotAssembled() {
        DdpStream s = new DdpStream();
        assertThat(s.untagged(7, 1, 0, true, 10, 1)).isEqualTo(DdpStream.OK);
        assertThat(s.message).isNull();
    }

    @Test
    void taggedMessagesByStagWithToContinuity() {
        DdpStream s = new DdpStream();
        s.tagged(0x10, 0x1000, false, 100, 1);
        DdpMessage m = s.message;
        assertThat(s.first).isTrue();
        s.tagged(0x20, 0x0, true, 10, 2);
        s.tagged(0x10, 0x1064, true, 100, 3);
        assertThat(s.first).isFalse();
        assertThat(s.message).isSameAs(m);
        assertThat(m.bytes).isEqualTo(200);
        assertThat(m.complete).isTrue();
        s.tagged(0x10, 0x1000, false, 100, 4);
        assertThat(s.first).isTrue();
        s.tagged(0x10, 0x9000, false, 100, 5);
        assertThat(s.first).isTrue();
    }

    @Test
    void reportBitsAreOncePerMessage() {
        DdpStream s = new DdpStream();
        s.tagged(1, 0, false, 10, 1);
        assertThat(s.message.firstReport(4)).isTrue();
        assertThat(s.message.firstReport(4)).isFalse();
        assertThat(s.message.firstReport(8)).isTrue();
    }
}

package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FrameBytesTest {
    @Test
    void withoutMarkersImageOctetsFollowTheStream() {
        // FPDU at stream 100, 30 octets; the frame carries stream [90, 190) from frame offset 54
        FrameBytes b = new FrameBytes(100, 30, -1, 90, 54, 100);
        assertThat(b.streamOf(0)).isEqualTo(100);
        assertThat(b.range(2, 4)).containsExactly(66, 4);
        assertThat(b.range(29, 2)).isNull();
        assertThat(b.markerOctets()).isEmpty();
    }

    @Test
    void markersInsideAFieldAreSkippedAndListed() {
        // markers at 512 k; FPDU starts at 500: image octets 0..11 are stream 500..511, marker 512..515
        FrameBytes b = new FrameBytes(500, 40, 0, 480, 100, 200);
        assertThat(b.streamOf(11)).isEqualTo(511);
        assertThat(b.streamOf(12)).isEqualTo(516);
        // a 4-octet field at image 10 spans stream 510..517 (a marker inside): 8 frame octets
        assertThat(b.range(10, 4)).containsExactly(130, 8);
        assertThat(b.markerOctets()).containsExactly(132, 133, 134, 135);
    }

    @Test
    void aMarkerOnTheFirstOctetBelongsToTheFpdu() {
        FrameBytes b = new FrameBytes(1024, 20, 0, 1024, 0, 20);
        assertThat(b.streamOf(0)).isEqualTo(1028);
        assertThat(b.range(0, 2)).containsExactly(4, 2);
    }

    @Test
    void anFpduSpanningFramesMapsOnlyThePartInThisFrame() {
        // FPDU stream [0, 3000); this frame carries [2896, 3000)
        FrameBytes b = new FrameBytes(0, 3000, -1, 2896, 66, 104);
        assertThat(b.range(0, 2)).isNull();
        assertThat(b.range(2990, 10)).containsExactly(66 + 94, 10);
        assertThat(b.range(2800, 200)).containsExactly(66, 104);
        assertThat(new FrameBytes(0, 3000, -1, -1, 66, 104).range(2990, 10)).isNull();
    }
}

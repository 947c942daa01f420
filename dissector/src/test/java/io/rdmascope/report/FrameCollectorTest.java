package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.Packet;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.mpa.MpaConnection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Events that name earlier frames than the one being processed, as the watermark allows. */
class FrameCollectorTest {
    final List<FrameRecord> out = new ArrayList<>();
    final FrameSink sink = new FrameSink() {
        @Override
        public void frame(FrameRecord record) {
            out.add(record);
        }

        @Override
        public void finish() throws IOException {}
    };
    final FrameCollector c = new FrameCollector(DisplayFilter.all(), sink, false);
    final MpaConnection conn = Fixtures.connection();

    private List<Long> frames() {
        return out.stream().map(r -> r.frame).toList();
    }

    @Test
    void heldFramesAreWrittenInOrderWithTheirLatePdus() {
        c.watermark(1);
        c.frameDone(1, 0);
        c.watermark(1);
        c.frameDone(2, 0);
        assertThat(out).isEmpty();
        // Frame 3 completes the recognition: the PDUs of frames 1 and 2 come now.
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.pdu(conn, Fixtures.fpdu(2), Fixtures.write(2, 0));
        c.pdu(conn, Fixtures.fpdu(3), Fixtures.write(3, 0));
        c.frameDone(3, 0);
        assertThat(frames()).containsExactly(1L, 2L, 3L);
        assertThat(out).allSatisfy(r -> {
            assertThat(r.endOfCapture).isFalse();
            assertThat(r.pdus).singleElement();
        });
        c.frameDone(4, 0);
        c.end();
        assertThat(frames()).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void aWatermarkKeepsOnlyTheFramesFromIt() {
        c.frameDone(1, 0);
        c.watermark(2);
        c.frameDone(2, 0);
        c.watermark(2);
        c.frameDone(3, 0);
        assertThat(frames()).containsExactly(1L);
        c.issue(conn, new io.rdmascope.mpa.StreamIssue(io.rdmascope.mpa.StreamIssue.Kind.CLOSED_FIN, 2, 0,
                io.rdmascope.tcp.Direction.FROM_INITIATOR, 0, 0, "TCP FIN"));
        c.watermark(3);
        c.frameDone(4, 0);
        assertThat(frames()).containsExactly(1L, 2L);
        assertThat(out.get(1).issues).singleElement();
        c.end();
        assertThat(frames()).containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void eventsFlushedAtTheEndGoToTheFramesStillHeld() {
        c.watermark(1);
        c.frameDone(1, 0);
        c.watermark(1);
        c.frameDone(2, 0);
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.end();
        assertThat(frames()).containsExactly(1L, 2L);
        assertThat(out.get(0).pdus).singleElement();
        assertThat(out.get(0).endOfCapture).isFalse();
    }

    @Test
    void heldFramesAreBoundedAndLaterEventsGetALateRecord() {
        int n = FrameCollector.MAX_HELD + 10;
        for (int f = 1; f <= n; f++) {
            c.watermark(1);
            c.frameDone(f, 0);
        }
        assertThat(out).hasSize(10);
        assertThat(frames()).startsWith(1L, 2L);
        c.pdu(conn, Fixtures.fpdu(2), Fixtures.write(2, 0));
        c.pdu(conn, Fixtures.fpdu(20), Fixtures.write(20, 0));
        c.frameDone(n + 1, 0);
        c.end();
        assertThat(out).hasSize(n + 2);
        FrameRecord late = out.get(10);
        assertThat(late.endOfCapture).isTrue();
        assertThat(late.frame).isEqualTo(2L);
        assertThat(late.pdus).singleElement();
        assertThat(out.stream().filter(r -> r.frame == 20 && !r.endOfCapture).findFirst().orElseThrow().pdus)
                .singleElement();
    }

    /** An Ethernet frame of zeros, numbered {@code frame}. */
    private static Packet packet(long frame) {
        Packet p = new Packet();
        p.frame = frame;
        p.linkType = 1;
        p.data = new byte[14];
        p.length = p.data.length;
        p.originalLength = p.data.length;
        return p;
    }

    @Test
    void framesAreHeldForMaxHeldFrameNumbersWhenSomeAreNotRead() {
        // every other frame, as a group of a split capture reads them: held as long as with all
        int n = FrameCollector.MAX_HELD + 10;
        for (int f = 2; f <= n; f += 2) {
            c.watermark(1);
            c.frameDone(f, 0);
        }
        assertThat(frames()).containsExactly(2L, 4L, 6L, 8L, 10L);
        // frame 12 is handed on by the end of frame n + 3, which this reader does not read
        c.frame(packet(n + 4), 0, null);
        assertThat(frames()).containsExactly(2L, 4L, 6L, 8L, 10L, 12L);
        c.frameDone(n + 4, 0);
        c.end();
        assertThat(out).hasSize(n / 2 + 1);
    }

    @Test
    void withoutAFrameListenerEventsGoToTheFrameBeingProcessed() {
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.frameDone(1, 0);
        c.pdu(conn, Fixtures.fpdu(2), Fixtures.write(2, 0));
        c.frameDone(2, 0);
        c.end();
        assertThat(frames()).containsExactly(1L, 2L);
        assertThat(out).allSatisfy(r -> assertThat(r.pdus).singleElement());
    }

    @Test
    void aRecordMadeForAnEventHasTheTimeTheEventCarries() {
        // No frame listener: the record of frame 1 is made by its PDU.
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.frameDone(1, 1_000_000L);
        c.frameDone(2, 2_000_000L);
        // A PDU of frame 1 delivered after its record was written comes in a record of its own.
        c.pdu(conn, Fixtures.fpdu(1), Fixtures.write(1, 0));
        c.end();
        assertThat(frames()).containsExactly(1L, 2L, 1L);
        assertThat(out.get(0).timestampNanos).isEqualTo(Fixtures.fpdu(1).timeNanos);
        assertThat(out.get(2).endOfCapture).isTrue();
        assertThat(out.get(2).timestampNanos).isEqualTo(Fixtures.fpdu(1).timeNanos);
    }
}

package io.rdmascope.tcp;

import static io.rdmascope.tcp.Direction.FROM_INITIATOR;
import static io.rdmascope.tcp.Direction.FROM_RESPONDER;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TcpReassemblerTest {
    static final Endpoint A = new Endpoint("10.0.0.1", 40000);
    static final Endpoint B = new Endpoint("10.0.0.2", 4791);
    static final int FIN = TcpSegment.FIN, SYN = TcpSegment.SYN, RST = TcpSegment.RST, ACK = TcpSegment.ACK;

    Recorder rec;
    TcpReassembler tcp;
    long frame;

    @BeforeEach
    void setUp() {
        rec = new Recorder();
        tcp = new TcpReassembler(rec);
        frame = 0;
    }

    static byte[] bytes(int from, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (from + i);
        }
        return b;
    }

    /** Sends a segment; data octets are the stream offset's low bits, so copies can be checked. */
    void send(Endpoint src, Endpoint dst, long seq, long ack, int flags, int dataFrom, int length) {
        tcp.segment(segment(src, dst, seq, ack, flags, dataFrom, length, length));
    }

    /** A segment of {@code wire} payload octets of which the snapshot length kept {@code kept}. */
    void sendCut(Endpoint src, Endpoint dst, long seq, long ack, int dataFrom, int kept, int wire) {
        tcp.segment(segment(src, dst, seq, ack, ACK, dataFrom, kept, wire));
    }

    /** The next frame's segment, its {@code kept} payload octets placed inside a larger buffer. */
    private TcpSegment segment(Endpoint src, Endpoint dst, long seq, long ack, int flags, int dataFrom, int kept,
                               int wire) {
        TcpSegment s = new TcpSegment();
        s.frame = ++frame;
        s.source = src;
        s.destination = dst;
        s.seq = seq & 0xffffffffL;
        s.ack = ack & 0xffffffffL;
        s.flags = flags;
        s.data = new byte[kept + 10];
        System.arraycopy(bytes(dataFrom, kept), 0, s.data, 5, kept);
        s.offset = 5;
        s.length = kept;
        s.wireLength = wire;
        s.payloadTruncated = wire > kept;
        return s;
    }

    @Test
    void octetsTheSnapshotLengthCutAreDeliveredAsACutInTheirPlace() {
        handshake(1000, 5000);
        sendCut(A, B, 1001, 5001, 0, 40, 1000);
        send(A, B, 2001, 5001, ACK, 0, 30);
        assertThat(ab().events).containsExactly("data 4 0+40", "cut 4 40+960", "data 5 1000+30");
    }

    @Test
    void aCutBeyondAHoleWaitsWithTheBufferedOctetsAndCapturedOctetsWinOverIt() {
        handshake(1000, 5000);
        sendCut(A, B, 1101, 5001, 0, 40, 1000);   // beyond a hole of 100
        send(A, B, 1001, 5001, ACK, 0, 100);      // fills the hole
        assertThat(ab().events).containsExactly("data 5 0+100", "data 5 100+40", "cut 5 140+960");
        // a retransmission captured whole after the cut adds nothing: the stream has gone past it
        send(A, B, 1141, 5001, ACK, 0, 960);
        send(A, B, 2101, 5001, ACK, 0, 10);
        assertThat(ab().events).endsWith("cut 5 140+960", "data 7 1100+10");
    }

    @Test
    void aFinAfterACutSegmentEndsTheStreamWhereItsOctetsEnded() {
        handshake(1000, 5000);
        sendCut(A, B, 1001, 5001, 0, 40, 500);
        send(A, B, 1501, 5001, FIN | ACK, 0, 0);
        assertThat(ab().events).containsExactly("data 4 0+40", "cut 4 40+460", "fin 5");
    }

    void handshake(long isnA, long isnB) {
        send(A, B, isnA, 0, SYN, 0, 0);
        send(B, A, isnB, isnA + 1, SYN | ACK, 0, 0);
        send(A, B, isnA + 1, isnB + 1, ACK, 0, 0);
    }

    Recorder.Stream ab() {
        return rec.stream(1, FROM_INITIATOR);
    }

    Recorder.Stream ba() {
        return rec.stream(1, FROM_RESPONDER);
    }

    /** A segment at a given capture time. */
    void sendAt(long timeNanos, Endpoint src, Endpoint dst, long seq, long ack, int dataFrom, int length) {
        TcpSegment s = new TcpSegment();
        s.frame = ++frame;
        s.timestampNanos = timeNanos;
        s.source = src;
        s.destination = dst;
        s.seq = seq & 0xffffffffL;
        s.ack = ack & 0xffffffffL;
        s.flags = ACK;
        s.data = bytes(dataFrom, length);
        s.length = length;
        tcp.segment(s);
    }

    @Test
    void aConnectionSilentPastTheIdleTimeIsEndedAndALaterSegmentStartsItAnew() {
        long second = 1_000_000_000L;
        tcp.idleTimeout(10 * second);
        Endpoint c = new Endpoint("10.0.0.3", 40001);
        sendAt(0, A, B, 1001, 5001, 0, 100);
        // another connection keeps the capture going for a minute; the first one says nothing
        for (int t = 1; t <= 60; t++) {
            sendAt(t * second, c, B, 7000 + t * 10L, 9000, 0, 10);
        }
        assertThat(ab().events).contains("captureEnd");
        int before = rec.connections.size();
        sendAt(61 * second, A, B, 1101, 5001, 100, 100);
        assertThat(rec.connections).hasSize(before + 1);
        assertThat(rec.connections.get(rec.connections.size() - 1).initiator()).isEqualTo(A);
        // the connection that kept talking was never ended
        assertThat(rec.stream(2, FROM_INITIATOR).events).doesNotContain("captureEnd");
    }

    @Test
    void aConnectionRetiredForIdlenessIsToldToBeOverAfterItsCaptureEnd() {
        long second = 1_000_000_000L;
        tcp.idleTimeout(10 * second);
        Endpoint c = new Endpoint("10.0.0.3", 40001);
        sendAt(0, A, B, 1001, 5001, 0, 100);
        for (int t = 1; t <= 60; t++) {
            sendAt(t * second, c, B, 7000 + t * 10L, 9000, 0, 10);
        }
        assertThat(ab().events).last().isEqualTo("captureEnd");
        assertThat(rec.retired).containsExactly("1 FROM_INITIATOR 13", "1 FROM_RESPONDER 13");
        tcp.finish();
        // the one still open at the end is not told: the end of the capture covers it
        assertThat(rec.retired).hasSize(2);
    }

    @Test
    void aConnectionClosedBothWaysIsToldToBeOverOnceAndNotAtTheEnd() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        send(A, B, 1101, 5001, FIN | ACK, 0, 0);
        assertThat(rec.retired).isEmpty();
        send(B, A, 5001, 1102, FIN | ACK, 0, 0);
        assertThat(rec.retired).containsExactly("1 FROM_INITIATOR 6", "1 FROM_RESPONDER 6");
        send(A, B, 1102, 5002, ACK, 0, 0);
        tcp.finish();
        assertThat(rec.retired).hasSize(2);
    }

    @Test
    void withAnIdleTimeAClosedConnectionIsForgottenOnceClosedThatLong() {
        long second = 1_000_000_000L;
        tcp.idleTimeout(10 * second);
        Endpoint c = new Endpoint("10.0.0.3", 40001);
        handshake(1000, 5000);
        send(A, B, 1001, 5001, FIN | ACK, 0, 0);
        send(B, A, 5001, 1002, FIN | ACK, 0, 0);
        // a late segment of the closed connection soon after: recognised and dropped
        sendAt(1, A, B, 1002, 5002, 0, 10);
        assertThat(rec.connections).hasSize(1);
        for (int t = 1; t <= 30; t++) {
            sendAt(t * second, c, B, 7000 + t * 10L, 9000, 0, 10);
        }
        int before = rec.connections.size();
        // long after: the endpoints name a connection of their own
        sendAt(31 * second, A, B, 1002, 5002, 0, 10);
        assertThat(rec.connections).hasSize(before + 1);
    }

    @Test
    void withoutAnIdleTimeASilentConnectionStaysOpen() {
        long second = 1_000_000_000L;
        Endpoint c = new Endpoint("10.0.0.3", 40001);
        sendAt(0, A, B, 1001, 5001, 0, 100);
        for (int t = 1; t <= 60; t++) {
            sendAt(t * second, c, B, 7000 + t * 10L, 9000, 0, 10);
        }
        assertThat(ab().events).doesNotContain("captureEnd");
        assertThat(rec.connections).hasSize(2);
    }

    @Test
    void inOrderBothDirections() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        send(B, A, 5001, 1101, ACK, 0, 50);
        send(A, B, 1101, 5051, ACK, 100, 100);
        send(A, B, 1201, 5051, FIN | ACK, 0, 0);
        send(B, A, 5051, 1202, FIN | ACK, 0, 0);
        tcp.finish();
        assertThat(rec.connections).hasSize(1);
        TcpConnection c = rec.connections.get(0);
        assertThat(c.initiator()).isEqualTo(A);
        assertThat(c.synSeen()).isTrue();
        assertThat(c.firstFrame()).isEqualTo(1);
        assertThat(ab().events).containsExactly("data 4 0+100", "data 6 100+100", "fin 7");
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 200));
        assertThat(ba().events).containsExactly("data 5 0+50", "fin 8");
        assertThat(tcp.pendingOctets()).isZero();
    }

    @Test
    void reorderedSegmentsAreDeliveredWithTheFrameThatFillsTheHole() {
        handshake(1000, 5000);
        send(A, B, 1201, 5001, ACK, 200, 100);
        send(A, B, 1101, 5001, ACK, 100, 100);
        send(A, B, 1001, 5001, ACK, 0, 100);
        tcp.finish();
        assertThat(ab().events).containsExactly("data 6 0+100", "data 6 100+100", "data 6 200+100", "captureEnd");
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 300));
    }

    @Test
    void retransmissionsAndOverlapsDeliverOnlyNewOctetsFirstCopyWins() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        send(A, B, 1001, 5001, ACK, 0, 100); // retransmission
        send(A, B, 1051, 5001, ACK, 50, 100); // overlaps 50
        send(A, B, 1301, 5001, ACK, 300, 50); // beyond a hole
        send(A, B, 1281, 5001, ACK, 0x77, 40); // overlaps the buffered chunk with other bytes
        send(A, B, 1151, 5001, ACK, 150, 150); // fills the hole, overlaps 20 buffered octets
        tcp.finish();
        byte[] expected = bytes(0, 350);
        // 280..300 came first from the frame that sent 0x77..., 300..320 from the first copy
        byte[] other = bytes(0x77, 40);
        System.arraycopy(other, 0, expected, 280, 20);
        assertThat(ab().bytes.toByteArray()).isEqualTo(expected);
        assertThat(ab().events).containsExactly("data 4 0+100", "data 6 100+50", "data 9 150+130", "data 9 280+20",
                "data 9 300+50", "captureEnd");
    }

    @Test
    void sequenceNumbersWrapAround() {
        long isn = 0xffffffffL - 150;
        handshake(isn, 0xfffffff0L);
        for (int i = 0; i < 5; i++) {
            send(A, B, isn + 1 + i * 100, 0xfffffff1L, ACK, i * 100, 100);
        }
        send(B, A, 0xfffffff1L, isn + 501, ACK, 0, 64);
        tcp.finish();
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 500));
        assertThat(ab().events).doesNotContainSubsequence("gap");
        assertThat(ba().bytes.toByteArray()).isEqualTo(bytes(0, 64));
    }

    @Test
    void wrapWithReordering() {
        long isn = 0xffffffffL - 50;
        handshake(isn, 7);
        send(A, B, isn + 101, 8, ACK, 100, 100); // after the wrap
        send(A, B, isn + 1, 8, ACK, 0, 100); // before it
        tcp.finish();
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 200));
    }

    @Test
    void gapWhenThePeerAcknowledgesOctetsTheCaptureMissed() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        // 100..200 missing
        send(A, B, 1201, 5001, ACK, 200, 100);
        send(B, A, 5001, 1301, ACK, 0, 0);
        assertThat(ab().events).containsExactly("data 4 0+100", "gap 6 100+100", "data 6 200+100");
        // an ack of octets never seen at all
        send(B, A, 5001, 1351, ACK, 0, 0);
        assertThat(ab().events).endsWith("gap 7 300+50");
        send(A, B, 1351, 5001, ACK, 50, 10);
        assertThat(ab().events).endsWith("data 8 350+10");
    }

    @Test
    void gapWhenBufferedDataExceedsTheBound() {
        tcp = new TcpReassembler(rec, 1100, 1L << 30);
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        for (int i = 0; i < 4; i++) {
            send(A, B, 1201 + i * 200, 5001, ACK, 0, 200);
        }
        assertThat(ab().events).containsExactly("data 4 0+100");
        send(A, B, 2001, 5001, ACK, 0, 200); // buffered octets now above 1000
        assertThat(ab().events).startsWith("data 4 0+100", "gap 9 100+100", "data 9 200+200");
        assertThat(ab().expected).isEqualTo(1200);
        assertThat(tcp.pendingOctets()).isZero();
    }

    @Test
    void overallBoundFlushesTheLargestBuffer() {
        tcp = new TcpReassembler(rec, 1 << 20, 500);
        handshake(1000, 5000);
        send(A, B, 1101, 5001, ACK, 0, 200);
        send(A, B, 1401, 5001, ACK, 0, 300);
        assertThat(ab().events).containsExactly("gap 5 0+100", "data 5 100+200", "gap 5 300+100", "data 5 400+300");
        assertThat(tcp.pendingOctets()).isZero();
    }

    @Test
    void finWithAHoleDeclaresTheGapThenEnds() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 100);
        send(A, B, 1201, 5001, ACK | FIN, 0, 50);
        assertThat(ab().events).containsExactly("data 4 0+100", "gap 5 100+100", "data 5 200+50", "fin 5");
        // late retransmission is dropped
        send(A, B, 1101, 5001, ACK, 0, 100);
        assertThat(ab().events).hasSize(4);
        assertThat(ba().events).isEmpty();
        tcp.finish();
        assertThat(ba().events).containsExactly("captureEnd");
        assertThat(ab().events).hasSize(4);
    }

    @Test
    void rstEndsBothDirectionsOnce() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 10);
        send(B, A, 5101, 1011, ACK, 0, 10); // 0..100 missing in B->A
        send(B, A, 5111, 1011, RST | ACK, 0, 0);
        send(A, B, 1011, 5001, ACK, 0, 10); // after the reset: dropped
        tcp.finish();
        assertThat(ab().events).containsExactly("data 4 0+10", "rst 6");
        assertThat(ba().events).containsExactly("gap 6 0+100", "data 6 100+10", "rst 6");
    }

    @Test
    void newSynOnAClosedConnectionStartsANewOne() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 10);
        send(A, B, 1011, 5001, FIN | ACK, 0, 0);
        send(B, A, 5001, 1012, FIN | ACK, 0, 0);
        send(A, B, 1012, 5002, ACK, 0, 0);
        handshake(90000, 70000);
        send(A, B, 90001, 70001, ACK, 0, 20);
        tcp.finish();
        assertThat(rec.connections).extracting(TcpConnection::index).containsExactly(1, 2);
        assertThat(rec.stream(2, FROM_INITIATOR).bytes.toByteArray()).isEqualTo(bytes(0, 20));
        assertThat(rec.stream(1, FROM_INITIATOR).events).containsExactly("data 4 0+10", "fin 5");
        assertThat(rec.stream(2, FROM_INITIATOR).events).containsExactly("data 11 0+20", "captureEnd");
    }

    @Test
    void retransmittedSynKeepsTheConnection() {
        send(A, B, 1000, 0, SYN, 0, 0);
        send(A, B, 1000, 0, SYN, 0, 0);
        send(B, A, 5000, 1001, SYN | ACK, 0, 0);
        send(A, B, 1001, 5001, ACK, 0, 10);
        tcp.finish();
        assertThat(rec.connections).hasSize(1);
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 10));
    }

    @Test
    void synOnAnOpenConnectionWithAnotherIsnReplacesIt() {
        handshake(1000, 5000);
        send(A, B, 1001, 5001, ACK, 0, 10);
        send(A, B, 77, 0, SYN, 0, 0);
        tcp.finish();
        assertThat(rec.connections).hasSize(2);
        assertThat(ab().events).containsExactly("data 4 0+10", "captureEnd");
    }

    @Test
    void withoutSynTheFirstSenderIsTheInitiator() {
        send(B, A, 5000, 1000, ACK, 0, 30);
        send(A, B, 1000, 5030, ACK, 0, 20);
        tcp.finish();
        TcpConnection c = rec.connections.get(0);
        assertThat(c.synSeen()).isFalse();
        assertThat(c.initiator()).isEqualTo(B);
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 30));
        assertThat(ba().bytes.toByteArray()).isEqualTo(bytes(0, 20));
    }

    @Test
    void synAckWithoutSynNamesTheInitiator() {
        send(B, A, 5000, 1001, SYN | ACK, 0, 0);
        send(A, B, 1001, 5001, ACK, 0, 20);
        tcp.finish();
        TcpConnection c = rec.connections.get(0);
        assertThat(c.synSeen()).isFalse();
        assertThat(c.initiator()).isEqualTo(A);
        assertThat(ab().events).containsExactly("data 2 0+20", "captureEnd");
    }

    @Test
    void dataOnADirectionWithoutHandlerIsDropped() {
        rec.dropResponder = true;
        handshake(1000, 5000);
        send(B, A, 5101, 1001, ACK, 0, 100);
        send(A, B, 1001, 5201, ACK, 0, 10);
        send(B, A, 5201, 1011, FIN | ACK, 0, 0);
        tcp.finish();
        assertThat(tcp.pendingOctets()).isZero();
        assertThat(ab().events).containsExactly("data 5 0+10", "captureEnd");
    }

    @Test
    void finishFlushesPendingDataWithGaps() {
        handshake(1000, 5000);
        send(A, B, 1101, 5001, ACK, 0, 10);
        tcp.finish();
        assertThat(ab().events).containsExactly("gap 4 0+100", "data 4 100+10", "captureEnd");
        assertThat(ba().events).containsExactly("captureEnd");
    }

    @Test
    void synWithDataStartsAfterTheSyn() {
        send(A, B, 1000, 0, SYN, 0, 5);
        send(B, A, 5000, 1006, SYN | ACK, 0, 0);
        send(A, B, 1006, 5001, ACK, 5, 5);
        tcp.finish();
        assertThat(ab().bytes.toByteArray()).isEqualTo(bytes(0, 10));
        assertThat(Arrays.asList(ab().events.get(0))).containsExactly("data 1 0+5");
    }
}

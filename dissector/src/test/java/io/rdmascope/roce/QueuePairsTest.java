package io.rdmascope.roce;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.net.IbFrame;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.rdma.RdmaEvent.Kind;
import io.rdmascope.rdma.RdmaListener;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The queue-pair stage on hand-made packets of one connection set up by the CM: request packets
 * taken in PSN order as a responder takes them, retransmissions told from new packets, coalesced
 * ACKs ending every message before them, the capture's own losses, and the length rules.
 */
class QueuePairsTest {
    static final String A = "10.0.0.1", B = "10.0.0.2";
    static final long QP_A = 0x11, QP_B = 0x12, PSN_A = 1000, PSN_B = 5000;

    final List<RdmaEvent> events = new ArrayList<>();
    final QueuePairs stage = new QueuePairs(new RdmaListener() {
        @Override
        public void rdma(RdmaConnection connection, RdmaEvent event) {
            events.add(event);
        }
    });
    long frame;

    QueuePairsTest() {
        CmMessage req = new CmMessage(CmMessage.Type.REQ);
        req.localCommId = 7;
        req.qpn = QP_A;
        req.startingPsn = PSN_B;
        req.pathMtu = 3;
        req.serviceId = 0x0000000001061234L;
        req.sourceIp = A;
        req.sourcePort = 40000;
        req.destinationIp = B;
        req.destinationPort = 0x1234;
        req.responderResources = 4;
        stage.packet(cm(A, B, req));
        CmMessage rep = new CmMessage(CmMessage.Type.REP);
        rep.localCommId = 8;
        rep.remoteCommId = 7;
        rep.qpn = QP_B;
        rep.startingPsn = PSN_A;
        rep.responderResources = 4;
        stage.packet(cm(B, A, rep));
    }

    IbPacket cm(String from, String to, CmMessage m) {
        IbPacket p = packet(from, to, 0x64, 1, 0, 256);
        p.cm = m;
        return p;
    }

    IbPacket packet(String from, String to, int opcode, long destQp, long psn, int payload) {
        IbPacket p = new IbPacket();
        p.frame = ++frame;
        p.timeNanos = frame * 1000;
        p.encapsulation = IbFrame.Encapsulation.ROCE_V2_IPV4;
        p.source = from;
        p.destination = to;
        p.opcode = opcode;
        p.destQp = destQp;
        p.psn = psn;
        p.payloadLength = payload;
        p.padCount = (4 - payload % 4) % 4;
        return p;
    }

    /** A request from A to B's queue pair. */
    IbPacket request(int opcode, long psn, int payload) {
        return packet(A, B, opcode, QP_B, psn, payload);
    }

    IbPacket ack(long psn) {
        IbPacket p = packet(B, A, Opcodes.ACKNOWLEDGE, QP_A, psn, 0);
        p.syndrome = 0x1f;
        return p;
    }

    String kinds() {
        return events.stream().map(e -> e.kind + (e.message >= 0 ? "#" + e.message : "")).collect(Collectors.joining(" "));
    }

    @Test
    void sendsInPsnOrderAreMessagesAndOneAckEndsThemAll() {
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        stage.packet(request(Opcodes.SEND_FIRST, PSN_A + 1, 1024));
        stage.packet(request(Opcodes.SEND_LAST, PSN_A + 2, 10));
        stage.packet(ack(PSN_A + 2));
        assertThat(kinds()).isEqualTo("SEND#1 SEND#2 SEND#2 ACK#2");
        assertThat(events.get(2).messageBytes).isEqualTo(1034);
    }

    /**
     * A queue pair whose set-up the capture lacks, seen first in the middle of a Write: that Write's
     * tail ends a message begun before the capture, no violation; once a message has begun in the
     * capture, a Middle without its First is one again.
     */
    @Test
    void aCaptureBegunInTheMiddleOfAMessageTakesItsTailWithoutAViolation() {
        events.clear();
        stage.packet(packet(A, B, Opcodes.WRITE_MIDDLE, 0x77, 300, 1024));
        stage.packet(packet(A, B, Opcodes.WRITE_LAST, 0x77, 301, 1024));
        stage.packet(packet(A, B, Opcodes.SEND_ONLY, 0x77, 302, 8));
        assertThat(events).noneMatch(e -> e.kind == RdmaEvent.Kind.WIRE);
        stage.packet(packet(A, B, Opcodes.SEND_MIDDLE, 0x77, 303, 1024));
        assertThat(events).filteredOn(e -> e.kind == RdmaEvent.Kind.WIRE)
                .extracting(e -> e.finding).containsExactly(RdmaEvent.Finding.SEQUENCE);
    }

    /**
     * rdma_cm's UDP port space: a SIDR_REQ asks for the datagram queue pair of a Service ID, the
     * SIDR_REP names it, and the datagrams between it and the requester's queue pair (named by
     * their first datagram's DETH) are that exchange's connection, with rdma_cm's addresses and ports.
     */
    @Test
    void aServiceIdResolutionTiesTheDatagramQueuePairsToTheirRdmaCmPorts() {
        CmMessage req = new CmMessage(CmMessage.Type.SIDR_REQ);
        req.localCommId = 0x77;
        req.serviceId = 0x0000000001111d2fL;
        req.sourceIp = A;
        req.sourcePort = 40001;
        req.destinationIp = B;
        req.destinationPort = 0x1d2f;
        stage.packet(cm(A, B, req));
        CmMessage rep = new CmMessage(CmMessage.Type.SIDR_REP);
        rep.remoteCommId = 0x77;
        rep.reason = 0;
        rep.qpn = 0x99;
        stage.packet(cm(B, A, rep));
        events.clear();
        IbPacket there = packet(A, B, 0x64, 0x99, 5, 64);
        there.srcQp = 0x98;
        stage.packet(there);
        IbPacket back = packet(B, A, 0x64, 0x98, 9, 64);
        back.srcQp = 0x99;
        stage.packet(back);
        QpConnection c = stage.connections().get(stage.connections().size() - 1);
        assertThat(c.serviceName()).isEqualTo("UD");
        assertThat(c.assumed()).isFalse();
        assertThat(c.qpn).containsExactly(0x98, 0x99);
        assertThat(c.source(io.rdmascope.tcp.Direction.FROM_INITIATOR).toString()).isEqualTo(A + ":40001");
        assertThat(c.source(io.rdmascope.tcp.Direction.FROM_RESPONDER).toString()).isEqualTo(B + ":7471");
        assertThat(events).extracting(e -> e.kind + "#" + e.message + " " + e.direction)
                .containsExactly("SEND#1 0", "SEND#1 1");
        assertThat(there.connection).isEqualTo(c.id()).isEqualTo(back.connection);
    }

    @Test
    void aServiceIdResolutionRefusedIsTheConnectionsRejection() {
        CmMessage req = new CmMessage(CmMessage.Type.SIDR_REQ);
        req.localCommId = 0x78;
        req.serviceId = 0x0000000001111cf9L;
        stage.packet(cm(A, B, req));
        CmMessage rep = new CmMessage(CmMessage.Type.SIDR_REP);
        rep.remoteCommId = 0x78;
        rep.reason = 1;
        events.clear();
        stage.packet(cm(B, A, rep));
        assertThat(events).extracting(e -> e.finding).containsExactly(RdmaEvent.Finding.REJECTED);
        assertThat(events.get(0).text).contains("the Service ID is not supported");
    }

    @Test
    void aPacketPastAGapWaitsForTheRetransmissionAndIsCountedOnce() {
        stage.packet(request(Opcodes.WRITE_FIRST, PSN_A, 1024));
        // PSN_A + 1 is lost before the capture point; the responder NAKs, the requester goes back
        stage.packet(request(Opcodes.WRITE_LAST, PSN_A + 2, 4));
        IbPacket nak = ack(PSN_A + 1);
        nak.syndrome = 0x60;
        stage.packet(nak);
        stage.packet(request(Opcodes.WRITE_MIDDLE, PSN_A + 1, 1024));
        stage.packet(request(Opcodes.WRITE_LAST, PSN_A + 2, 4));
        stage.packet(ack(PSN_A + 2));
        assertThat(kinds()).isEqualTo("WRITE#1 NAK#1 WRITE#1 RETRANSMISSION#1 WRITE#1 ACK#1");
        QpConnection c = stage.connections().get(0);
        assertThat(c.counters.retransmittedPackets).isEqualTo(1);
        assertThat(c.counters.sequenceNaks).isEqualTo(1);
        assertThat(c.counters.missingPackets).isEqualTo(1);
        assertThat(c.counters.recoveredPackets).isEqualTo(1);
        assertThat(c.counters.captureLost).isZero();
    }

    @Test
    void packetsTheResponderTookButTheCaptureLacksAreACaptureLoss() {
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 3, 8));
        stage.packet(ack(PSN_A + 3));
        assertThat(kinds()).isEqualTo("SEND#1 LOSS SEND#2 ACK#2");
        assertThat(events.get(1).length).isEqualTo(2);
        assertThat(stage.connections().get(0).counters.captureLost).isEqualTo(2);
    }

    @Test
    void aReadRequestCoversThePsnsOfItsResponseAndAResumedReadIsARetransmission() {
        IbPacket read = request(Opcodes.READ_REQUEST, PSN_A, 0);
        read.hasReth = true;
        read.dmaLength = 3000;
        stage.packet(read);
        stage.packet(packet(B, A, Opcodes.READ_RESPONSE_FIRST, QP_A, PSN_A, 1024));
        IbPacket resumed = request(Opcodes.READ_REQUEST, PSN_A + 1, 0);
        resumed.hasReth = true;
        resumed.dmaLength = 1976;
        stage.packet(resumed);
        stage.packet(packet(B, A, Opcodes.READ_RESPONSE_MIDDLE, QP_A, PSN_A + 1, 1024));
        stage.packet(packet(B, A, Opcodes.READ_RESPONSE_LAST, QP_A, PSN_A + 2, 952));
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 3, 8));
        assertThat(kinds()).isEqualTo("READ_REQUEST#1 READ_RESPONSE#1 RETRANSMISSION#1 READ_RESPONSE#1 READ_RESPONSE#1 SEND#2");
        assertThat(events.get(4).last).isTrue();
        assertThat(stage.connections().get(0).counters.resumedReads).isEqualTo(1);
    }

    @Test
    void aCopyOfThePacketJustBeforeSoonerThanAnyTimeoutIsADuplicateNotARetransmission() {
        stage.packet(request(Opcodes.SEND_FIRST, PSN_A, 1024));
        IbPacket copy = request(Opcodes.SEND_FIRST, PSN_A, 1024);
        copy.timeNanos = events.get(0).timeNanos + 1_000;
        stage.packet(copy);
        stage.packet(request(Opcodes.SEND_LAST, PSN_A + 1, 8));
        stage.packet(ack(PSN_A + 1));
        assertThat(kinds()).isEqualTo("SEND#1 DUPLICATE#1 SEND#1 ACK#1");
        QpConnection c = stage.connections().get(0);
        assertThat(c.counters.duplicatePackets).isEqualTo(1);
        assertThat(c.counters.retransmittedPackets).isZero();
        assertThat(events.get(1).original).isEqualTo(events.get(0).frame);
    }

    @Test
    void theSamePacketAfterTheLocalAckTimeoutIsARetransmission() {
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        IbPacket again = request(Opcodes.SEND_ONLY, PSN_A, 8);
        again.timeNanos = events.get(0).timeNanos + QueuePairs.MIN_LOCAL_ACK_TIMEOUT_NANOS;
        stage.packet(again);
        assertThat(kinds()).isEqualTo("SEND#1 RETRANSMISSION#1");
        assertThat(stage.connections().get(0).counters.goBackN).isEqualTo(1);
    }

    @Test
    void aCopyAfterANakIsARetransmissionHoweverSoon() {
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 2, 8));
        IbPacket nak = ack(PSN_A + 1);
        nak.syndrome = 0x60;
        stage.packet(nak);
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 1, 8));
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 2, 8));
        IbPacket copy = request(Opcodes.SEND_ONLY, PSN_A + 2, 8);
        copy.timeNanos = frame * 1000 - 500;
        stage.packet(copy);
        QpConnection c = stage.connections().get(0);
        assertThat(c.counters.retransmittedPackets).isEqualTo(1);
        assertThat(c.counters.goBackN).isEqualTo(1);
        assertThat(c.counters.duplicatePackets).isEqualTo(1);
    }

    @Test
    void queuePairNumbersAndCommunicationIdsReusedAfterADisconnectMakeANewConnection() {
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        stage.packet(ack(PSN_A));
        CmMessage dreq = new CmMessage(CmMessage.Type.DREQ);
        dreq.localCommId = 7;
        dreq.remoteCommId = 8;
        stage.packet(cm(A, B, dreq));
        CmMessage req = new CmMessage(CmMessage.Type.REQ);
        req.localCommId = 7;
        req.qpn = QP_A;
        req.startingPsn = PSN_B + 100;
        req.pathMtu = 3;
        stage.packet(cm(A, B, req));
        CmMessage rep = new CmMessage(CmMessage.Type.REP);
        rep.localCommId = 8;
        rep.remoteCommId = 7;
        rep.qpn = QP_B;
        rep.startingPsn = PSN_A + 100;
        stage.packet(cm(B, A, rep));
        events.clear();
        stage.packet(request(Opcodes.SEND_ONLY, PSN_A + 100, 8));
        stage.packet(ack(PSN_A + 100));
        assertThat(stage.connections()).hasSize(2);
        assertThat(stage.connections().get(0).closed).isTrue();
        assertThat(kinds()).isEqualTo("SEND#1 ACK#1");
        assertThat(stage.connections().get(1).counters.packets).isEqualTo(2);
    }

    @Test
    void moreQueuePairsThanTheStateHoldsAreAllJudgedTheLeastRecentlyActiveFollowedAnew() {
        int extra = 10;
        for (int q = 0; q < QueuePairs.MAX_FOLLOWED + extra; q++) {
            stage.packet(packet(A, B, Opcodes.SEND_ONLY, 0x1000 + q, 100, 8));
        }
        // every Send is a message, however many queue pairs came before it
        assertThat(events).filteredOn(e -> e.kind == RdmaEvent.Kind.SEND).hasSize(QueuePairs.MAX_FOLLOWED + extra);
        assertThat(stage.untracked()).isZero();
        // the CM's queue pair (the least recently active) and the first assumed ones were let go
        List<QpConnection> cs = stage.connections();
        assertThat(cs.get(0).counters.sequenceStateDropped).isEqualTo(1);
        assertThat(cs.stream().mapToLong(c -> c.counters.sequenceStateDropped).sum()).isEqualTo(extra + 1);
        // the first assumed queue pair comes back: its next PSN is taken as the start of its
        // sequence, its messages numbered on from the last one
        events.clear();
        stage.packet(packet(A, B, Opcodes.SEND_ONLY, 0x1000, 101, 8));
        assertThat(kinds()).isEqualTo("SEND#2");
        assertThat(cs.get(1).counters.missingPackets).isZero();
    }

    @Test
    void aQueuePairSilentPastTheIdleTimeoutIsRetiredAndALaterPacketStartsANewConnection() {
        QueuePairs live = new QueuePairs(new RdmaListener() {
            @Override
            public void rdma(RdmaConnection connection, RdmaEvent event) {
                events.add(event);
            }
        });
        live.idleTimeout(10_000_000_000L);
        live.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        assertThat(live.connections()).hasSize(1);
        // 20 s later another queue pair talks: the silent one is let go first
        IbPacket other = packet(A, B, Opcodes.SEND_ONLY, 0x99, 7, 8);
        other.timeNanos = 20_000_000_000L;
        events.clear();
        live.packet(other);
        assertThat(events).extracting(e -> e.kind).containsExactly(RdmaEvent.Kind.RETIRED, RdmaEvent.Kind.SEND);
        assertThat(events.get(0).frame).isEqualTo(other.frame);
        assertThat(live.connections()).extracting(QpConnection::id).containsExactly("q2");
        // the first queue pair again: a new connection, picked up mid-stream
        IbPacket again = request(Opcodes.SEND_ONLY, PSN_A + 1, 8);
        again.timeNanos = 21_000_000_000L;
        live.packet(again);
        assertThat(again.connection).isEqualTo("q3");
    }

    @Test
    void theEngineEndsWhatARetiredQueuePairLeftOpenAndForgetsIt() {
        List<io.rdmascope.engine.Transaction> ended = new ArrayList<>();
        io.rdmascope.engine.Judge judge = io.rdmascope.engine.Judge.of(io.rdmascope.engine.NicSettings.DEFAULTS,
                new io.rdmascope.engine.EngineListener() {
                    @Override
                    public void violation(io.rdmascope.engine.Violation violation) {}

                    @Override
                    public void transaction(io.rdmascope.engine.Transaction transaction) {
                        ended.add(transaction);
                    }
                });
        QueuePairs live = new QueuePairs(judge.input());
        live.idleTimeout(10_000_000_000L);
        live.packet(request(Opcodes.SEND_ONLY, PSN_A, 8));
        assertThat(judge.engine().connectionsKept()).isEqualTo(1);
        assertThat(judge.engine().openTransactionsOfEveryKind()).hasSize(1);
        IbPacket other = packet(A, "10.0.0.3", Opcodes.SEND_ONLY, 0x99, 7, 8);
        other.timeNanos = 20_000_000_000L;
        live.packet(other);
        judge.input().frameDone(other.frame, other.timeNanos);
        // the unacknowledged Send of the silent queue pair ended incomplete; only the new one is kept
        assertThat(ended).singleElement().satisfies(t ->
                assertThat(t.status).isEqualTo(io.rdmascope.engine.TransactionStatus.INCOMPLETE));
        assertThat(judge.engine().connectionsKept()).isEqualTo(1);
    }

    @Test
    void aMiddlePacketShortOfThePathMtuBreaksTheLengthRule() {
        stage.packet(request(Opcodes.WRITE_FIRST, PSN_A, 1024));
        stage.packet(request(Opcodes.WRITE_MIDDLE, PSN_A + 1, 1000));
        stage.packet(request(Opcodes.WRITE_LAST, PSN_A + 2, 2000));
        List<RdmaEvent> wire = events.stream().filter(e -> e.kind == Kind.WIRE).toList();
        assertThat(wire).hasSize(2).allMatch(e -> e.finding == RdmaEvent.Finding.LENGTH);
        assertThat(wire.get(1).text).contains("more than the path MTU of 1024 B");
    }

    @Test
    void theCmNamesTheFirstPsnOfThePassiveSidesRequestsInTheRequest() {
        QpConnection c = stage.connections().get(0);
        assertThat(c.startingPsn[0]).isEqualTo(PSN_A);
        assertThat(c.startingPsn[1]).isEqualTo(PSN_B);
        assertThat(c.pathMtu).isEqualTo(1024);
        assertThat(c.source(io.rdmascope.tcp.Direction.FROM_RESPONDER).toString()).isEqualTo(B + ":4660");
    }

    @Test
    void psnArithmeticWrapsAt24Bits() {
        assertThat(QueuePairs.signed(0x000001 - 0xffffff)).isEqualTo(2);
        assertThat(QueuePairs.signed(0xffffff - 0x000001)).isEqualTo(-2);
        assertThat(QueuePairs.within(1, 0xffffff, 2)).isTrue();
        assertThat(QueuePairs.within(3, 0xffffff, 2)).isFalse();
    }
}

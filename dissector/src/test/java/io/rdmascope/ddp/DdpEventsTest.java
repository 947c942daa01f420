package io.rdmascope.ddp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.tcp.Direction;
import org.junit.jupiter.api.Test;

/** iWARP's placed segments as the transport-neutral events the engine's operation rules judge. */
class DdpEventsTest {

    private static Fpdu fpdu(long frame, Direction d) {
        Fpdu f = new Fpdu();
        f.frame = frame;
        f.timeNanos = frame * 1000;
        f.direction = d;
        return f;
    }

    private static DdpSegment tagged(Opcode op, long stag, long to, int length, boolean last) {
        DdpSegment s = new DdpSegment();
        s.tagged = true;
        s.opcode = op.code;
        s.stag = stag;
        s.to = to;
        s.payloadLength = length;
        s.last = last;
        return s;
    }

    private static DdpSegment untagged(Opcode op, long qn, long msn, int length, boolean last) {
        DdpSegment s = new DdpSegment();
        s.opcode = op.code;
        s.qn = qn;
        s.msn = msn;
        s.payloadLength = length;
        s.last = last;
        return s;
    }

    @Test
    void aWriteNamesItsStagAndOffsetAndItsLastSegmentCarriesTheWholeMessage() {
        DdpStream stream = new DdpStream();
        DdpSegment first = tagged(Opcode.RDMA_WRITE, 0x1234, 0x1000, 1000, false);
        stream.tagged(first.stag, first.to, false, 1000, new byte[] {1, 2, 3}, 7);
        RdmaEvent a = DdpEvents.of(fpdu(7, Direction.FROM_INITIATOR), first, stream);
        DdpSegment second = tagged(Opcode.RDMA_WRITE, 0x1234, 0x1000 + 1000, 500, true);
        stream.tagged(second.stag, second.to, true, 500, null, 8);
        RdmaEvent b = DdpEvents.of(fpdu(8, Direction.FROM_INITIATOR), second, stream);

        assertThat(a.kind).isEqualTo(RdmaEvent.Kind.WRITE);
        assertThat(a.first).isTrue();
        assertThat(a.last).isFalse();
        assertThat(a.key).isEqualTo(0x1234);
        assertThat(a.address).isEqualTo(0x1000);
        assertThat(a.bytes).isEqualTo(1000);
        assertThat(a.message).as("tagged messages carry no number").isEqualTo(-1);
        assertThat(b.first).isFalse();
        assertThat(b.last).isTrue();
        assertThat(b.address).isEqualTo(0x1000 + 1000);
        assertThat(b.messageBytes).isEqualTo(1500);
        assertThat(b.head).startsWith(1, 2, 3);
        assertThat(b.notes).as("both segments share their message's notes").isSameAs(a.notes);
    }

    @Test
    void aSendWithInvalidateNamesItsQueueMsnAndTheStagItInvalidates() {
        DdpStream stream = new DdpStream();
        DdpSegment s = untagged(Opcode.SEND_WITH_SE_AND_INVALIDATE, 0, 5, 40, true);
        s.invalidateStag = 0xabcd;
        stream.untagged(0, 5, 0, true, 40, 3);
        RdmaEvent e = DdpEvents.of(fpdu(3, Direction.FROM_RESPONDER), s, stream);

        assertThat(e.kind).isEqualTo(RdmaEvent.Kind.SEND);
        assertThat(e.direction).isEqualTo(1);
        assertThat(e.queue).isEqualTo(0);
        assertThat(e.message).isEqualTo(5);
        assertThat(e.invalidates).isTrue();
        assertThat(e.invalidateKey).isEqualTo(0xabcd);
        assertThat(e.solicited).isTrue();
        assertThat(e.operation).isEqualTo("Send with SE and Invalidate");
        assertThat(e.messageBytes).isEqualTo(40);
    }

    @Test
    void aReadRequestNamesItsSourceAndItsSinkAndItsResponseTheRequestersDirection() {
        DdpStream requests = new DdpStream();
        DdpSegment rr = untagged(Opcode.RDMA_READ_REQUEST, 1, 1, 0, true);
        rr.readRequest = new DdpSegment.ReadRequest(0x11, 0x2000, 4096, 0x22, 0x8000);
        requests.untagged(1, 1, 0, true, 0, 10);
        RdmaEvent request = DdpEvents.of(fpdu(10, Direction.FROM_INITIATOR), rr, requests);

        assertThat(request.kind).isEqualTo(RdmaEvent.Kind.READ_REQUEST);
        assertThat(request.key).isEqualTo(0x22);
        assertThat(request.address).isEqualTo(0x8000);
        assertThat(request.length).isEqualTo(4096);
        assertThat(request.sinkKey).isEqualTo(0x11);
        assertThat(request.sinkAddress).isEqualTo(0x2000);

        DdpStream responses = new DdpStream();
        DdpSegment resp = tagged(Opcode.RDMA_READ_RESPONSE, 0x11, 0x2000, 4096, true);
        responses.tagged(0x11, 0x2000, true, 4096, null, 11);
        RdmaEvent response = DdpEvents.of(fpdu(11, Direction.FROM_RESPONDER), resp, responses);

        assertThat(response.kind).isEqualTo(RdmaEvent.Kind.READ_RESPONSE);
        assertThat(response.direction).as("a response names the requester's direction").isEqualTo(0);
        assertThat(response.key).as("the sink it places into").isEqualTo(0x11);
        assertThat(response.address).isEqualTo(0x2000);
    }

    @Test
    void terminateImmediateDataAndARequestWithoutItsBodyAreNoOperation() {
        DdpStream stream = new DdpStream();
        stream.untagged(2, 1, 0, true, 28, 1);
        assertThat(DdpEvents.of(fpdu(1, Direction.FROM_INITIATOR), untagged(Opcode.TERMINATE, 2, 1, 28, true), stream))
                .isNull();
        assertThat(DdpEvents.of(fpdu(1, Direction.FROM_INITIATOR),
                untagged(Opcode.IMMEDIATE_DATA, 0, 1, 8, true), stream)).isNull();
        assertThat(DdpEvents.of(fpdu(1, Direction.FROM_INITIATOR),
                untagged(Opcode.RDMA_READ_REQUEST, 1, 1, 0, true), stream)).isNull();
        DdpSegment unknown = untagged(Opcode.SEND, 0, 1, 0, true);
        unknown.opcode = 0xf;
        assertThat(DdpEvents.of(fpdu(1, Direction.FROM_INITIATOR), unknown, stream)).isNull();
    }
}

package io.rdmascope.ddp;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.rdma.RdmaEvent.Kind;

/**
 * A DDP segment placed in its message, as the transport-neutral event the engine's operation rules
 * judge ({@link RdmaEvent}): iWARP's side of what the RoCE stage produces for each packet. A Send
 * is named by its queue and MSN, an RDMA Write by its STag and tagged offset, a Read Request by its
 * source and its sink, a Read Response by the sink it places into; the message's notes
 * ({@link RdmaEvent#notes}) are its {@link DdpMessage}, and its last segment carries the payload
 * octets the message kept, for the upper-layer protocols. Terminate and Immediate Data messages,
 * and a request whose body is missing, are no such event.
 */
public final class DdpEvents {
    private DdpEvents() {}

    /**
     * The event of segment {@code s} of {@code fpdu}, as {@code stream} placed it; null for an
     * opcode that is no operation the engine pairs.
     */
    public static RdmaEvent of(Fpdu fpdu, DdpSegment s, DdpStream stream) {
        Opcode op = Opcode.of(s.opcode);
        if (op == null) {
            return null;
        }
        int d = fpdu.direction == null ? 0 : fpdu.direction.ordinal();
        Kind kind = switch (op) {
            case SEND, SEND_WITH_SE, SEND_WITH_INVALIDATE, SEND_WITH_SE_AND_INVALIDATE -> Kind.SEND;
            case RDMA_WRITE -> Kind.WRITE;
            case RDMA_READ_REQUEST -> s.readRequest == null ? null : Kind.READ_REQUEST;
            case RDMA_READ_RESPONSE -> Kind.READ_RESPONSE;
            case ATOMIC_REQUEST -> s.atomicRequest == null ? null : Kind.ATOMIC_REQUEST;
            case ATOMIC_RESPONSE -> s.atomicResponse == null ? null : Kind.ATOMIC_RESPONSE;
            default -> null;
        };
        if (kind == null) {
            return null;
        }
        boolean response = kind == Kind.READ_RESPONSE || kind == Kind.ATOMIC_RESPONSE;
        RdmaEvent e = new RdmaEvent(kind, response ? 1 - d : d, fpdu.frame, fpdu.timeNanos);
        DdpMessage m = stream.message;
        e.first = stream.first;
        e.last = s.last;
        e.snapped = fpdu.snapped;
        e.opcode = op.code;
        e.operation = op.displayName;
        e.bytes = s.payloadLength;
        e.notes = m;
        if (!s.tagged) {
            e.queue = s.qn;
            e.message = s.msn;
        }
        switch (kind) {
            case SEND -> {
                e.invalidates = op.invalidates();
                e.invalidateKey = op.invalidates() ? s.invalidateStag : 0;
                e.solicited = op == Opcode.SEND_WITH_SE || op == Opcode.SEND_WITH_SE_AND_INVALIDATE;
            }
            case WRITE, READ_RESPONSE -> {
                e.key = s.stag;
                e.address = s.to;
            }
            case READ_REQUEST -> {
                DdpSegment.ReadRequest rr = s.readRequest;
                e.key = rr.sourceStag();
                e.address = rr.sourceTo();
                e.length = rr.readSize();
                e.sinkKey = rr.sinkStag();
                e.sinkAddress = rr.sinkTo();
            }
            case ATOMIC_REQUEST -> {
                DdpSegment.AtomicRequest a = s.atomicRequest;
                e.opcode = a.atomicOpcode();
                e.key = a.remoteStag();
                e.address = a.remoteTo();
                e.length = 8;
            }
            default -> { }
        }
        if (m == null) {
            e.messageBytes = -1;
        } else if (s.last) {
            e.messageBytes = m.bytes;
            e.head = m.head;
            e.headLength = m.headLength;
        }
        return e;
    }
}

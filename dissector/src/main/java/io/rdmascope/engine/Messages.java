package io.rdmascope.engine;

import io.rdmascope.model.StagEntry;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaEvent;

/**
 * The rules that RDMA messages share whatever their transport, reached by one path from the
 * operation rules of iWARP ({@link Operations}) and of RoCE and InfiniBand ({@link Verbs}):
 * a whole Send delivered (the STag it invalidates, its payload to the upper-layer protocol), a whole
 * RDMA Write's payload to the upper-layer protocol, and the advertised region an operation names.
 * Each transport describes its message as an {@link RdmaEvent}; what only its wire has (iWARP's MPA,
 * DDP and RDMAP headers and the one-shot extension, RoCE's sequence numbers and acknowledgements)
 * stays in its own rule sets.
 */
final class Messages {
    private final StagRules stags;
    private final UpperLayer ulps;

    Messages(StagRules stags, UpperLayer ulps) {
        this.stags = stags;
        this.ulps = ulps;
    }

    /**
     * The last packet of a Send (of operation transaction {@code t}, or null) delivered: the STag a
     * Send with Invalidate names is invalidated, then the message goes to the upper-layer protocol
     * (when the transport assembled it: {@link RdmaEvent#messageBytes} not negative).
     */
    void sendDelivered(Conn c, RdmaEvent e, Transaction t) {
        int d = e.direction;
        long f = e.frame;
        Opcode op = rdmapOpcode(e);
        if (e.invalidates) {
            stags.completion(c, d, f, e.invalidateKey, e.solicited ? CompletionKind.SEND_SE_WITH_INVALIDATE
                    : CompletionKind.SEND_WITH_INVALIDATE, op);
        }
        if (e.messageBytes >= 0) {
            ulps.send(c, d, f, e.head, e.headLength, e.messageBytes, t, op.code, e.invalidates ? e.invalidateKey : 0);
        }
    }

    /**
     * The last packet of an RDMA Write (of operation transaction {@code t}) delivered to the region
     * of {@code key} from {@code address}: the message goes to the upper-layer protocol (when the
     * transport assembled it).
     */
    void writeDelivered(Conn c, RdmaEvent e, Transaction t, long key, long address) {
        if (e.messageBytes >= 0) {
            ulps.write(c, e.direction, e.frame, e.head, e.headLength, e.messageBytes, t, key, address);
        }
    }

    /**
     * Gives an operation the frame that advertised the region it names, and makes it part of the
     * upper-layer call that advertised it.
     */
    void link(Conn c, int d, Transaction operation, long key, long address, long length) {
        StagEntry e = c.nic(1 - d).find(key);
        if (e != null) {
            e = e.covering(address, length);
            operation.advertisedFrame = e.advertisedFrame();
            ulps.used(e, operation);
        }
    }

    /** The RDMAP operation of a Send, as the upper-layer decoders and the STag rules know them. */
    private static Opcode rdmapOpcode(RdmaEvent e) {
        if (e.invalidates) {
            return e.solicited ? Opcode.SEND_WITH_SE_AND_INVALIDATE : Opcode.SEND_WITH_INVALIDATE;
        }
        return e.solicited ? Opcode.SEND_WITH_SE : Opcode.SEND;
    }
}

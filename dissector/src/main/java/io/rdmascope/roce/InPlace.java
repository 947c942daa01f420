package io.rdmascope.roce;

import io.rdmascope.ksy.FixedLayout.InfinibandAeth;
import io.rdmascope.ksy.FixedLayout.InfinibandBth;
import io.rdmascope.ksy.FixedLayout.InfinibandReth;

/**
 * Reads the packets of reliable connections whose headers are a BTH with at most a RETH and an
 * AETH (Sends without immediate data or invalidation, RDMA Writes without immediate data, Read
 * Requests, Read Responses and ACKs) through the readers the build generates from
 * {@code ksy/infiniband.ksy} ({@code io.rdmascope.ksy.FixedLayout}), without the parser's objects:
 * what the spec's {@code has_reth} and {@code has_aeth} say for these opcodes, restated here and
 * held to the parser by {@code InPlaceTest}. Every other packet, and one too short for its
 * headers, pad and ICRC, is left to the parser.
 *
 * <p>Why: the parser makes several objects per packet; on a RoCE bulk capture this reading takes
 * the decoding's share of the run from most of it to little (docs/performance.md).
 */
final class InPlace {
    private InPlace() {}

    /** The extension headers of each RC opcode read here: 1 RETH, 2 AETH, 0 none; -1 for the parser. */
    private static final int[] HEADERS = new int[32];

    static {
        java.util.Arrays.fill(HEADERS, -1);
        for (int op : new int[] {Opcodes.SEND_FIRST, Opcodes.SEND_MIDDLE, Opcodes.SEND_LAST, Opcodes.SEND_ONLY,
            Opcodes.WRITE_MIDDLE, Opcodes.WRITE_LAST, Opcodes.READ_RESPONSE_MIDDLE}) {
            HEADERS[op] = 0;
        }
        for (int op : new int[] {Opcodes.WRITE_FIRST, Opcodes.WRITE_ONLY, Opcodes.READ_REQUEST}) {
            HEADERS[op] = 1;
        }
        for (int op : new int[] {Opcodes.READ_RESPONSE_FIRST, Opcodes.READ_RESPONSE_LAST, Opcodes.READ_RESPONSE_ONLY,
            Opcodes.ACKNOWLEDGE}) {
            HEADERS[op] = 2;
        }
    }

    /** Reads the packet at {@code b[at, at + available)} into {@code p}; false when it is the parser's. */
    static boolean read(byte[] b, int at, int available, IbPacket p) {
        int opcode = InfinibandBth.opcode(b, at);
        if ((opcode >> 5) != Opcodes.RC || HEADERS[opcode & 0x1f] < 0) {
            return false;
        }
        int headers = HEADERS[opcode & 0x1f];
        int end = InfinibandBth.SIZE + (headers == 1 ? InfinibandReth.SIZE : headers == 2 ? InfinibandAeth.SIZE : 0);
        int pad = InfinibandBth.padCount(b, at);
        int payload = available - end - pad - 4;
        if (payload < 0) {
            return false;
        }
        p.opcode = opcode;
        p.solicitedEvent = InfinibandBth.solicitedEvent(b, at);
        p.migReq = InfinibandBth.migReq(b, at);
        p.padCount = pad;
        p.transportVersion = InfinibandBth.transportVersion(b, at);
        p.partitionKey = InfinibandBth.partitionKey(b, at);
        p.fecn = InfinibandBth.fecn(b, at);
        p.becn = InfinibandBth.becn(b, at);
        p.reserved6 = InfinibandBth.reserved6(b, at);
        p.destQp = InfinibandBth.destQp(b, at);
        p.ackRequest = InfinibandBth.ackRequest(b, at);
        p.reserved7 = InfinibandBth.reserved7(b, at);
        p.psn = InfinibandBth.psn(b, at);
        int ext = at + InfinibandBth.SIZE;
        if (headers == 1) {
            p.hasReth = true;
            p.va = InfinibandReth.va(b, ext);
            p.rKey = InfinibandReth.rKey(b, ext);
            p.dmaLength = InfinibandReth.dmaLength(b, ext);
        } else if (headers == 2) {
            p.syndrome = InfinibandAeth.syndrome(b, ext);
            p.msn = InfinibandAeth.msn(b, ext);
        }
        p.payloadLength = payload;
        return true;
    }
}

package io.rdmascope.synth.wire;

/**
 * RDMAP headers that follow the DDP header (RFC 5040 sections 4.4 and 4.8, RFC 7306 section 5-6).
 * Each method returns the body octets, big-endian.
 */
public final class RdmapBodies {
    public static final int TERM_M = 4, TERM_D = 2, TERM_R = 1;

    private RdmapBodies() {}

    /** RDMA Read Request: sink STag, sink TO, read size, source STag, source TO (28 octets). */
    public static byte[] readRequest(long sinkStag, long sinkTo, long size, long sourceStag, long sourceTo) {
        byte[] b = new byte[28];
        int o = DdpHeader.put32(b, 0, sinkStag);
        o = DdpHeader.put64(b, o, sinkTo);
        o = DdpHeader.put32(b, o, size);
        o = DdpHeader.put32(b, o, sourceStag);
        DdpHeader.put64(b, o, sourceTo);
        return b;
    }

    /**
     * Terminate header: Layer (4 bits), Error Type (4), Error Code (8), HdrCt M D R (3), reserved (13),
     * then the DDP Segment Length (2 octets) when M or D is set, the terminated DDP header when D is set
     * and the terminated RDMAP header (28 octets) when R is set.
     */
    public static byte[] terminate(int layer, int type, int code, int hdrct, int ddpSegmentLength,
                                   byte[] ddpHeader, byte[] rdmapHeader) {
        boolean d = (hdrct & TERM_D) != 0;
        boolean r = (hdrct & TERM_R) != 0;
        boolean lenField = (hdrct & (TERM_M | TERM_D)) != 0;
        int dl = d ? (ddpHeader == null ? 0 : ddpHeader.length) : 0;
        int rl = r ? (rdmapHeader == null ? 0 : rdmapHeader.length) : 0;
        byte[] b = new byte[4 + (lenField ? 2 : 0) + dl + rl];
        b[0] = (byte) (((layer & 0xF) << 4) | (type & 0xF));
        b[1] = (byte) code;
        b[2] = (byte) ((hdrct & 7) << 5);
        b[3] = 0;
        int o = 4;
        if (lenField) {
            b[o++] = (byte) (ddpSegmentLength >>> 8);
            b[o++] = (byte) ddpSegmentLength;
        }
        if (dl > 0) {
            System.arraycopy(ddpHeader, 0, b, o, dl);
            o += dl;
        }
        if (rl > 0) {
            System.arraycopy(rdmapHeader, 0, b, o, rl);
        }
        return b;
    }

    /**
     * Atomic Operation Request (RFC 7306 section 6.1, 52 octets): reserved (28 bits) and atomic opcode
     * (4 bits: 0 FetchAdd, 1 CmpSwap), request identifier, remote STag, remote TO, add-or-swap data and
     * mask, compare data and mask.
     */
    public static byte[] atomicRequest(int atomicOpcode, long requestId, long remoteStag, long remoteTo,
                                       long addOrSwap, long addOrSwapMask, long compare, long compareMask) {
        byte[] b = new byte[52];
        int o = DdpHeader.put32(b, 0, atomicOpcode & 0xF);
        o = DdpHeader.put32(b, o, requestId);
        o = DdpHeader.put32(b, o, remoteStag);
        o = DdpHeader.put64(b, o, remoteTo);
        o = DdpHeader.put64(b, o, addOrSwap);
        o = DdpHeader.put64(b, o, addOrSwapMask);
        o = DdpHeader.put64(b, o, compare);
        DdpHeader.put64(b, o, compareMask);
        return b;
    }

    /** Atomic Operation Response (RFC 7306 section 6.2, 12 octets). */
    public static byte[] atomicResponse(long requestId, long originalValue) {
        byte[] b = new byte[12];
        DdpHeader.put64(b, DdpHeader.put32(b, 0, requestId), originalValue);
        return b;
    }

    /** Immediate Data payload (RFC 7306 section 5): 8 octets. */
    public static byte[] immediate(long value) {
        byte[] b = new byte[8];
        DdpHeader.put64(b, 0, value);
        return b;
    }
}

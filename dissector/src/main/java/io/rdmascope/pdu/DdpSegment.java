package io.rdmascope.pdu;

/**
 * A decoded DDP segment with its RDMAP header (RFC 5041 section 4, RFC 5040 section 4, RFC 7306,
 * and the one-shot extension), produced from a ULPDU by {@link PduDecoder}. Field values are as on
 * the wire; the decoder judges nothing beyond whether the octets hold the fields.
 */
public final class DdpSegment {
    // DDP control field (RFC 5041 section 4.2)
    public boolean tagged;
    public boolean last;
    /** One-shot extension: the optional STag field is present (mask 0x20). */
    public boolean sv;
    /** One-shot extension: the advertised-buffer field is present (mask 0x10). */
    public boolean ab;
    /** Reserved bits, mask 0x0C, shifted down (0..3). */
    public int reserved;
    public int dv;

    // RDMAP control field (RFC 5040 section 4.2)
    public int rdmapVersion;
    /** RDMAP reserved bits of the control field, shifted down. */
    public int rdmapReserved;
    public int opcode;

    // Tagged buffer model header (RFC 5041 section 4.3)
    public long stag;
    public long to;

    // Untagged buffer model header (RFC 5041 section 4.4)
    public long qn;
    public long msn;
    public long mo;
    /** The RDMAP Invalidate STag word of an untagged header (reserved for the ULP in DDP). */
    public long invalidateStag;

    // One-shot extension fields (one-shot-extension.md)
    /** Present when SV is set and the segment holds it, else null. */
    public Long optionalStag;
    /** Present when AB is set and the segment holds it, else null. */
    public Advertised advertised;

    // RDMAP bodies
    public ReadRequest readRequest;
    public Terminate terminate;
    public AtomicRequest atomicRequest;
    public AtomicResponse atomicResponse;
    /** Immediate Data (RFC 7306 section 5), when the opcode carries it. */
    public Long immediateData;

    /** Length of the DDP header (14 tagged, 18 untagged), or 0 when the segment does not hold it. */
    public int ddpHeaderLength;
    /** Length of the one-shot optional fields the segment holds (0, 4 or 20). */
    public int optionalFieldsLength;

    /** Length of the headers this segment carries (DDP, optional fields, RDMAP body). */
    public int headerLength;
    /** The ULP payload after all headers, relative to the start of the ULPDU. */
    public int payloadOffset;
    public int payloadLength;

    /**
     * The first octets of the payload of a Send, or the whole payload of a short RDMA Write, kept
     * for the upper-layer decoders ({@link PduDecoder#MAX_KEPT_SEND_PAYLOAD}); null otherwise.
     */
    public byte[] payload;

    /** Why the segment could not be fully decoded (too short for its headers), or null. */
    public String malformed;

    public boolean isUntagged() {
        return !tagged;
    }

    /** Offset of the RDMAP header (Read Request, Terminate, Atomic, Immediate Data) from the ULPDU start. */
    public int rdmapHeaderOffset() {
        return ddpHeaderLength + optionalFieldsLength;
    }

    /** The opcode as an enum, or null for a value no RFC defines. */
    public Opcode opcodeKind() {
        return Opcode.of(opcode);
    }

    /** Where the advertised buffer of a one-shot initiation lies and how it may be accessed. */
    public record Advertised(long to, long length, int access, int reserved) {
        public static final int REMOTE_WRITE = 0x01, REMOTE_READ = 0x02;

        public boolean remoteWrite() {
            return (access & REMOTE_WRITE) != 0;
        }

        public boolean remoteRead() {
            return (access & REMOTE_READ) != 0;
        }
    }

    /** RDMA Read Request header (RFC 5040 section 4.4). */
    public record ReadRequest(long sinkStag, long sinkTo, long readSize, long sourceStag, long sourceTo) {}

    /**
     * Terminate header (RFC 5040 section 4.8): layer, error type and code, the header-control bits
     * and whichever of the DDP segment length, DDP header and RDMAP header were included.
     */
    public record Terminate(int layer, int errorType, int errorCode, boolean m, boolean d, boolean r,
                            int reserved, Integer ddpSegmentLength, byte[] ddpHeader, byte[] rdmapHeader) {}

    /** Atomic Operation Request (RFC 7306 section 6.1). */
    public record AtomicRequest(long reserved, int atomicOpcode, long requestId, long remoteStag, long remoteTo,
                                long addOrSwapData, long addOrSwapMask, long compareData, long compareMask) {}

    /** Atomic Operation Response (RFC 7306 section 6.2). */
    public record AtomicResponse(long requestId, long originalValue) {}
}

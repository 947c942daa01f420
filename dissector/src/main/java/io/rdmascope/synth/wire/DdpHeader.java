package io.rdmascope.synth.wire;

/**
 * One DDP segment header with its RDMAP control octet and optional fields, as written on the wire
 * (RFC 5041 section 4, RFC 5040 section 4, RFC 7306 and the one-shot extension). Every field is
 * public and written as given, so a test can plant any violation.
 *
 * <pre>
 * tagged:   ctrl(1) rdmap(1) STag(4) TO(8)                            = 14 octets
 * untagged: ctrl(1) rdmap(1) InvalidateSTag(4) QN(4) MSN(4) MO(4)     = 18 octets
 * then, if SV: Optional STag(4); if AB: TO(8) Length(4) Access(1) zero(3)
 * then the RDMAP body (Read Request, Terminate, Atomic), then ULP payload.
 * </pre>
 */
public final class DdpHeader {
    public static final int CTRL_T = 0x80, CTRL_L = 0x40, CTRL_SV = 0x20, CTRL_AB = 0x10;
    public static final int TAGGED_LENGTH = 14, UNTAGGED_LENGTH = 18;

    public boolean tagged;
    public boolean last;
    public boolean sv;
    public boolean ab;
    /** Reserved bits (mask 0x0C) shifted down, 0..3. */
    public int rsvd;
    public int dv = 1;
    /** RDMAP version (2 bits), 1 per RFC 5040. */
    public int rv = 1;
    /** RDMAP reserved bits (2 bits). */
    public int rdmapRsvd;
    public int opcode;
    public long stag;
    public long to;
    public long invalidateStag;
    public long qn;
    public long msn;
    public long mo;
    public long optionalStag;
    public long advertisedTo;
    public long advertisedLength;
    public int access;

    public DdpHeader copy() {
        DdpHeader h = new DdpHeader();
        h.tagged = tagged; h.last = last; h.sv = sv; h.ab = ab; h.rsvd = rsvd; h.dv = dv; h.rv = rv;
        h.rdmapRsvd = rdmapRsvd; h.opcode = opcode; h.stag = stag; h.to = to; h.invalidateStag = invalidateStag;
        h.qn = qn; h.msn = msn; h.mo = mo; h.optionalStag = optionalStag; h.advertisedTo = advertisedTo;
        h.advertisedLength = advertisedLength; h.access = access;
        return h;
    }

    /** Octets this header occupies (DDP header plus optional fields). */
    public int length() {
        return (tagged ? TAGGED_LENGTH : UNTAGGED_LENGTH) + (sv ? 4 : 0) + (ab ? 16 : 0);
    }

    /** Writes the header at {@code off}; returns the offset after it. */
    public int write(byte[] b, int off) {
        int o = off;
        b[o++] = (byte) ((tagged ? CTRL_T : 0) | (last ? CTRL_L : 0) | (sv ? CTRL_SV : 0) | (ab ? CTRL_AB : 0)
                | ((rsvd & 3) << 2) | (dv & 3));
        b[o++] = (byte) (((rv & 3) << 6) | ((rdmapRsvd & 3) << 4) | (opcode & 0xF));
        if (tagged) {
            o = put32(b, o, stag);
            o = put64(b, o, to);
        } else {
            o = put32(b, o, invalidateStag);
            o = put32(b, o, qn);
            o = put32(b, o, msn);
            o = put32(b, o, mo);
        }
        if (sv) {
            o = put32(b, o, optionalStag);
        }
        if (ab) {
            o = put64(b, o, advertisedTo);
            o = put32(b, o, advertisedLength);
            b[o++] = (byte) access;
            b[o++] = 0;
            b[o++] = 0;
            b[o++] = 0;
        }
        return o;
    }

    static int put32(byte[] b, int o, long v) {
        b[o] = (byte) (v >>> 24);
        b[o + 1] = (byte) (v >>> 16);
        b[o + 2] = (byte) (v >>> 8);
        b[o + 3] = (byte) v;
        return o + 4;
    }

    static int put64(byte[] b, int o, long v) {
        put32(b, o, v >>> 32);
        return put32(b, o + 4, v);
    }
}

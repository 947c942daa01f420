package io.rdmascope.pdu;

/**
 * One-line summaries of DDP segments for the packet list's Info column, e.g.
 * {@code Send [SV STag 0x0a000100, 4096 B @ 0x100000] MSN 1} or
 * {@code Terminate: RDMAP / Remote Protection Error / Invalid STag}. Names of Terminate layers,
 * error types and codes come from the enums of ksy/rdmap.ksy.
 */
public final class PduSummary {
    private PduSummary() {}

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** The Info-column summary of a decoded segment. */
    public static String describe(DdpSegment s) {
        StringBuilder b = new StringBuilder(64);
        Opcode op = Opcode.of(s.opcode);
        b.append(op == null ? "Unknown opcode " + s.opcode : op.displayName);
        if (s.terminate != null) {
            DdpSegment.Terminate t = s.terminate;
            b.append(": ").append(orNumber(FieldDocs.enumDoc("rdmap", "layer", t.layer()), t.layer()))
             .append(" / ").append(orNumber(errorTypeName(t.layer(), t.errorType()), t.errorType()))
             .append(" / ").append(orNumber(errorCodeName(t.layer(), t.errorType(), t.errorCode()), t.errorCode()));
        } else if (s.readRequest != null) {
            DdpSegment.ReadRequest r = s.readRequest;
            b.append(" sink ").append(stag(r.sinkStag())).append(" @ 0x").append(Long.toHexString(r.sinkTo()))
             .append(" source ").append(stag(r.sourceStag())).append(" @ 0x").append(Long.toHexString(r.sourceTo()))
             .append(' ').append(r.readSize()).append(" B");
        } else if (s.atomicRequest != null) {
            DdpSegment.AtomicRequest a = s.atomicRequest;
            b.append(' ').append(orNumber(FieldDocs.enumDoc("rdmap", "atomic_opcode", a.atomicOpcode()), a.atomicOpcode()))
             .append(" STag ").append(stag(a.remoteStag())).append(" TO 0x").append(Long.toHexString(a.remoteTo()))
             .append(" id ").append(a.requestId());
        } else if (s.atomicResponse != null) {
            b.append(" id ").append(s.atomicResponse.requestId());
        } else if (s.immediateData != null) {
            b.append(" 0x").append(Long.toHexString(s.immediateData));
        }
        if (s.optionalStag != null) {
            b.append(" [SV STag ").append(stag(s.optionalStag));
            if (s.advertised != null) {
                b.append(", ").append(s.advertised.length()).append(" B @ 0x").append(Long.toHexString(s.advertised.to()));
            }
            b.append(']');
        }
        if (s.ddpHeaderLength > 0) {
            if (s.tagged) {
                b.append(" STag ").append(stag(s.stag)).append(" TO 0x").append(Long.toHexString(s.to))
                 .append(' ').append(s.payloadLength).append(" B");
            } else {
                if (op != null && op.invalidates()) {
                    b.append(" invalidate ").append(stag(s.invalidateStag));
                }
                b.append(" MSN ").append(s.msn);
                if (s.mo != 0) {
                    b.append(" MO ").append(s.mo);
                }
                if (s.payloadLength > 0 && s.terminate == null) {
                    b.append(' ').append(s.payloadLength).append(" B");
                }
            }
        }
        if (!s.last) {
            b.append(" [more segments]");
        }
        if (s.malformed != null) {
            b.append(" [malformed: ").append(s.malformed).append(']');
        }
        return b.toString();
    }

    /** The name of a Terminate error type within its layer (RFC 5040 section 4.8), or null. */
    public static String errorTypeName(int layer, int etype) {
        switch (layer) {
            case 0: return FieldDocs.enumDoc("rdmap", "rdma_error_type", etype);
            case 1: return FieldDocs.enumDoc("rdmap", "ddp_error_type", etype);
            case 2: return FieldDocs.enumDoc("rdmap", "llp_error_type", etype);
            default: return null;
        }
    }

    /** The name of a Terminate error code within its layer and type, or null. */
    public static String errorCodeName(int layer, int etype, int code) {
        if (layer == 0 && etype != 0) {
            return FieldDocs.enumDoc("rdmap", "rdma_error_code", code);
        }
        if (layer == 1 && etype == 1) {
            return FieldDocs.enumDoc("rdmap", "ddp_tagged_error_code", code);
        }
        if (layer == 1 && etype == 2) {
            return FieldDocs.enumDoc("rdmap", "ddp_untagged_error_code", code);
        }
        if (layer == 2) {
            return FieldDocs.enumDoc("rdmap", "llp_error_code", code);
        }
        return null;
    }

    private static String orNumber(String name, int value) {
        return name != null ? name : Integer.toString(value);
    }

    /** An STag as Wireshark shows it: {@code 0x} and 8 hex digits. */
    public static String stag(long v) {
        return fixedHex(v & 0xffffffffL, 8);
    }

    /** A tagged offset as Wireshark shows it: {@code 0x} and 16 hex digits. */
    public static String to(long v) {
        return fixedHex(v, 16);
    }

    static String hex2(int v) {
        return new String(new char[] {HEX[(v >> 4) & 0xf], HEX[v & 0xf]});
    }

    private static String fixedHex(long v, int digits) {
        char[] c = new char[digits + 2];
        c[0] = '0';
        c[1] = 'x';
        for (int i = digits + 1; i >= 2; i--) {
            c[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
        return new String(c);
    }
}

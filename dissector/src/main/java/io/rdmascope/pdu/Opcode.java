package io.rdmascope.pdu;

/** RDMAP opcodes (RFC 5040 section 4.3, RFC 7306 section 10.1). */
public enum Opcode {
    RDMA_WRITE(0x0, "RDMA Write", true),
    RDMA_READ_REQUEST(0x1, "RDMA Read Request", false),
    RDMA_READ_RESPONSE(0x2, "RDMA Read Response", true),
    SEND(0x3, "Send", false),
    SEND_WITH_INVALIDATE(0x4, "Send with Invalidate", false),
    SEND_WITH_SE(0x5, "Send with SE", false),
    SEND_WITH_SE_AND_INVALIDATE(0x6, "Send with SE and Invalidate", false),
    TERMINATE(0x7, "Terminate", false),
    IMMEDIATE_DATA(0x8, "Immediate Data", false),
    IMMEDIATE_DATA_WITH_SE(0x9, "Immediate Data with SE", false),
    ATOMIC_REQUEST(0xA, "Atomic Request", false),
    ATOMIC_RESPONSE(0xB, "Atomic Response", false);

    private static final Opcode[] BY_CODE = new Opcode[16];

    static {
        for (Opcode o : values()) {
            BY_CODE[o.code] = o;
        }
    }

    public final int code;
    public final String displayName;
    /** Whether the opcode travels in a tagged DDP segment. */
    public final boolean tagged;

    Opcode(int code, String displayName, boolean tagged) {
        this.code = code;
        this.displayName = displayName;
        this.tagged = tagged;
    }

    /** The opcode with this value, or null for a value no RFC defines. */
    public static Opcode of(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The untagged queue an opcode's messages travel on (RFC 5040 section 5.1, RFC 7306 section 10.2), or -1. */
    public int queue() {
        switch (this) {
            case SEND: case SEND_WITH_INVALIDATE: case SEND_WITH_SE: case SEND_WITH_SE_AND_INVALIDATE:
            case IMMEDIATE_DATA: case IMMEDIATE_DATA_WITH_SE:
                return 0;
            case RDMA_READ_REQUEST: case ATOMIC_REQUEST:
                return 1;
            case TERMINATE:
                return 2;
            case ATOMIC_RESPONSE:
                return 3;
            default:
                return -1;
        }
    }

    public boolean isSend() {
        return this == SEND || this == SEND_WITH_INVALIDATE || this == SEND_WITH_SE || this == SEND_WITH_SE_AND_INVALIDATE;
    }

    public boolean invalidates() {
        return this == SEND_WITH_INVALIDATE || this == SEND_WITH_SE_AND_INVALIDATE;
    }
}

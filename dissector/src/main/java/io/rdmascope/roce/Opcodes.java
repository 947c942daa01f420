package io.rdmascope.roce;

/**
 * The BTH opcodes (IBA volume 1 section 9.2.1): the transport service in the upper three
 * bits, the operation in the lower five. The operations are named once here, with what each is.
 */
public final class Opcodes {
    private Opcodes() {}

    public static final int RC = 0, UC = 1, RD = 2, UD = 3, XRC = 5;
    public static final int CNP = 0x81;

    public static final int SEND_FIRST = 0x00, SEND_MIDDLE = 0x01, SEND_LAST = 0x02, SEND_LAST_IMM = 0x03,
            SEND_ONLY = 0x04, SEND_ONLY_IMM = 0x05, WRITE_FIRST = 0x06, WRITE_MIDDLE = 0x07, WRITE_LAST = 0x08,
            WRITE_LAST_IMM = 0x09, WRITE_ONLY = 0x0a, WRITE_ONLY_IMM = 0x0b, READ_REQUEST = 0x0c,
            READ_RESPONSE_FIRST = 0x0d, READ_RESPONSE_MIDDLE = 0x0e, READ_RESPONSE_LAST = 0x0f,
            READ_RESPONSE_ONLY = 0x10, ACKNOWLEDGE = 0x11, ATOMIC_ACKNOWLEDGE = 0x12, COMPARE_SWAP = 0x13,
            FETCH_ADD = 0x14, SEND_LAST_INVALIDATE = 0x16, SEND_ONLY_INVALIDATE = 0x17;

    private static final String[] NAMES = new String[32];

    static {
        NAMES[SEND_FIRST] = "SEND First";
        NAMES[SEND_MIDDLE] = "SEND Middle";
        NAMES[SEND_LAST] = "SEND Last";
        NAMES[SEND_LAST_IMM] = "SEND Last with Immediate";
        NAMES[SEND_ONLY] = "SEND Only";
        NAMES[SEND_ONLY_IMM] = "SEND Only with Immediate";
        NAMES[WRITE_FIRST] = "RDMA WRITE First";
        NAMES[WRITE_MIDDLE] = "RDMA WRITE Middle";
        NAMES[WRITE_LAST] = "RDMA WRITE Last";
        NAMES[WRITE_LAST_IMM] = "RDMA WRITE Last with Immediate";
        NAMES[WRITE_ONLY] = "RDMA WRITE Only";
        NAMES[WRITE_ONLY_IMM] = "RDMA WRITE Only with Immediate";
        NAMES[READ_REQUEST] = "RDMA READ Request";
        NAMES[READ_RESPONSE_FIRST] = "RDMA READ Response First";
        NAMES[READ_RESPONSE_MIDDLE] = "RDMA READ Response Middle";
        NAMES[READ_RESPONSE_LAST] = "RDMA READ Response Last";
        NAMES[READ_RESPONSE_ONLY] = "RDMA READ Response Only";
        NAMES[ACKNOWLEDGE] = "Acknowledge";
        NAMES[ATOMIC_ACKNOWLEDGE] = "ATOMIC Acknowledge";
        NAMES[COMPARE_SWAP] = "CmpSwap";
        NAMES[FETCH_ADD] = "FetchAdd";
        NAMES[SEND_LAST_INVALIDATE] = "SEND Last with Invalidate";
        NAMES[SEND_ONLY_INVALIDATE] = "SEND Only with Invalidate";
    }

    private static final String[] TRANSPORTS = {"RC", "UC", "RD", "UD", "CNP", "XRC", "reserved", "manufacturer"};

    /** The names of the 256 opcodes, made once. */
    private static final String[] FULL = new String[256];

    static {
        for (int opcode = 0; opcode < 256; opcode++) {
            String op = NAMES[opcode & 0x1f];
            FULL[opcode] = opcode == CNP ? "CNP"
                    : op == null ? "opcode 0x" + Integer.toHexString(opcode) : TRANSPORTS[opcode >> 5] + " " + op;
        }
    }

    /** The name of a transport service (an opcode's upper three bits): "RC", "UC", "UD", ... */
    public static String service(int transport) {
        return TRANSPORTS[transport & 7];
    }

    /** "RC RDMA WRITE First", "UD SEND Only", "CNP", or the number for an unknown opcode. */
    public static String name(int opcode) {
        return opcode >= 0 && opcode < 256 ? FULL[opcode] : "opcode " + opcode;
    }

    public static boolean isSend(int op) {
        return op <= SEND_ONLY_IMM || op == SEND_LAST_INVALIDATE || op == SEND_ONLY_INVALIDATE;
    }

    public static boolean isWrite(int op) {
        return op >= WRITE_FIRST && op <= WRITE_ONLY_IMM;
    }

    public static boolean isReadResponse(int op) {
        return op >= READ_RESPONSE_FIRST && op <= READ_RESPONSE_ONLY;
    }

    public static boolean isAtomic(int op) {
        return op == COMPARE_SWAP || op == FETCH_ADD;
    }

    /** A request a requester sends (a Send, Write, Read Request or atomic). */
    public static boolean isRequest(int op) {
        return isSend(op) || isWrite(op) || op == READ_REQUEST || isAtomic(op);
    }

    /** The first packet of its message (First or Only). */
    public static boolean isFirst(int op) {
        return op == SEND_FIRST || op == SEND_ONLY || op == SEND_ONLY_IMM || op == SEND_ONLY_INVALIDATE
                || op == WRITE_FIRST || op == WRITE_ONLY || op == WRITE_ONLY_IMM || op == READ_REQUEST
                || op == READ_RESPONSE_FIRST || op == READ_RESPONSE_ONLY || isAtomic(op);
    }

    /** The last packet of its message (Last or Only). */
    public static boolean isLast(int op) {
        return op == SEND_LAST || op == SEND_LAST_IMM || op == SEND_ONLY || op == SEND_ONLY_IMM
                || op == SEND_LAST_INVALIDATE || op == SEND_ONLY_INVALIDATE || op == WRITE_LAST
                || op == WRITE_LAST_IMM || op == WRITE_ONLY || op == WRITE_ONLY_IMM || op == READ_REQUEST
                || op == READ_RESPONSE_LAST || op == READ_RESPONSE_ONLY || isAtomic(op);
    }
}

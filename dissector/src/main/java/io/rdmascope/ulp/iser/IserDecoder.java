package io.rdmascope.ulp.iser;

import io.rdmascope.fields.Hex;
import io.rdmascope.ksy.Iser.Ahs;
import io.rdmascope.ksy.Iser.AhsType;
import io.rdmascope.ksy.Iser.Bhs;
import io.rdmascope.ksy.Iser.Cdb;
import io.rdmascope.ksy.Iser.CmPrivateData;
import io.rdmascope.ksy.Iser.IserHeader;
import io.rdmascope.ksy.Iser.Opcode;
import io.rdmascope.ksy.Iser.ScsiCommandFields;
import io.rdmascope.ksy.Iser.ScsiOperation;
import io.rdmascope.ksy.Iser.ScsiResponseFields;
import io.rdmascope.ksy.Iser.ScsiStatus;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.HashMap;
import java.util.Map;

/**
 * Decodes the iSER messages of one connection through the parsers generated from
 * {@code ksy/iser.ksy}: the iSER header, the iSCSI Basic Header Segment after it and, for a
 * bidirectional SCSI Command, its Bidirectional Read Expected Data Transfer Length AHS.
 *
 * <p>The Write STag's region is the Data-Out the target still has to fetch: the command's Expected
 * Data Transfer Length less the unsolicited data (Linux's initiator advances the Write Base Offset
 * past it). The unsolicited data is the immediate data the command carries, and, when the login
 * negotiated InitialR2T=No, the unsolicited Data-Out up to FirstBurstLength: the decoder takes both
 * keys from the target's Login Responses (whose values are the outcome of the negotiation). The
 * Read STag's region is the Expected Data Transfer Length (of a bidirectional command, its read
 * length from the AHS).
 */
final class IserDecoder implements Ulp.Decoder {
    /** Octets of the iSER header. */
    static final int ISER_HEADER = 28;
    /** Octets of the iSCSI Basic Header Segment. */
    static final int BHS = 48;
    /** Octets of the iSER private data after MPA's IRD and ORD. */
    static final int CM_PRIVATE_DATA = 4;

    static final int TYPE_CONTROL = 0x1, TYPE_HELLO = 0x2, TYPE_HELLO_REPLY = 0x3;
    static final int NOP_OUT = 0x00, SCSI_COMMAND = 0x01, TASK_MANAGEMENT = 0x02, LOGIN = 0x03, TEXT = 0x04,
            LOGOUT = 0x06, NOP_IN = 0x20, SCSI_RESPONSE = 0x21, TASK_MANAGEMENT_RESPONSE = 0x22,
            LOGIN_RESPONSE = 0x23, TEXT_RESPONSE = 0x24, SCSI_DATA_IN = 0x25, LOGOUT_RESPONSE = 0x26,
            READY_TO_TRANSFER = 0x31;
    static final long RESERVED_ITT = 0xFFFFFFFFL;

    /** RFC 7143's defaults until the target's Login Response says otherwise (section 13). */
    static final long DEFAULT_FIRST_BURST_LENGTH = 65536;

    private final SegmentStream stream = new SegmentStream();
    /** Negotiated InitialR2T: no unsolicited Data-Out beyond the immediate data. */
    private boolean initialR2T = true;
    private long firstBurstLength = DEFAULT_FIRST_BURST_LENGTH;
    /** The initiator said in its connection request that it takes no Send with Invalidate. */
    private boolean noRemoteInvalidate;
    /** The most tasks whose STags are remembered until their response. */
    static final int MAX_TASKS = 4096;
    /** The STags each open task advertised, by Initiator Task Tag. */
    private final Map<Long, long[]> tasks = new HashMap<>();

    @Override
    public UlpMessage send(UlpInput m) {
        if (m == null) {
            return null;
        }
        UlpMessage u = new UlpMessage();
        if (!inBounds(m.buf(), m.off(), m.len())) {
            return u.problem("iSER message bounds lie outside its buffer");
        }
        try {
            decode(m, u);
        } catch (RuntimeException e) {
            // The lengths are checked before each parse, so this is a defect: report it as data.
            u.role = UlpMessage.Role.NONE;
            u.advertisements.clear();
            u.problem("iSER message could not be decoded: " + e);
        }
        return u;
    }

    @Override
    public UlpMessage privateData(byte[] buf, int off, int len, boolean fromInitiator) {
        UlpMessage u = new UlpMessage();
        if (!inBounds(buf, off, len)) {
            return u.problem("iSER private data bounds lie outside its buffer");
        }
        String what = fromInitiator ? "iSER connection request" : "iSER connection accept";
        if (len < CM_PRIVATE_DATA) {
            u.summary = what + ", " + len + " octets of private data";
            return u.problem(what + " private data of " + len + " octets is shorter than the 4-octet iSER CM header");
        }
        try {
            CmPrivateData p = new CmPrivateData(stream.reset(buf, off, len));
            StringBuilder s = new StringBuilder(what).append(": ");
            s.append(p.zbvaNotSupported() ? "virtual addresses" : "zero-based offsets allowed");
            s.append(p.sendWithInvalidateNotSupported() ? ", no Send with Invalidate" : ", Send with Invalidate");
            u.summary = s.toString();
            if (fromInitiator) {
                noRemoteInvalidate = p.sendWithInvalidateNotSupported();
            }
            if (p.flagsReserved() != 0 || p.reservedHigh() != 0 || p.reservedLow() != 0) {
                u.problem("reserved bits of the iSER CM header are set");
            }
        } catch (RuntimeException e) {
            u.problem("iSER private data could not be decoded: " + e);
        }
        return u;
    }

    private void decode(UlpInput m, UlpMessage u) {
        long whole = m.messageLength();
        if (whole < ISER_HEADER || m.len() < ISER_HEADER) {
            u.summary = "iSER message, " + whole + " octets";
            u.problem(whole < ISER_HEADER
                    ? "iSER message of " + whole + " octets is shorter than the 28-octet iSER header (RFC 7145 section 9.2)"
                    : "only " + m.len() + " of the iSER message's " + whole + " octets are at hand, fewer than its header");
            return;
        }
        IserHeader h = new IserHeader(stream.reset(m.buf(), m.off(), ISER_HEADER));
        int type = (int) h.messageType();
        switch (type) {
            case TYPE_CONTROL:
                control(m, h, u);
                return;
            case TYPE_HELLO:
            case TYPE_HELLO_REPLY: {
                boolean hello = type == TYPE_HELLO;
                u.summary = "iSER " + (hello ? "Hello" : "Hello Reply") + ": MaxVer " + (h.version() >> 4)
                        + ", " + (hello ? "MinVer" : "CurVer") + " " + (h.version() & 0xF)
                        + ", iSER-" + (hello ? "IRD" : "ORD") + " " + h.irdOrd()
                        + (!hello && h.reject() ? ", rejected" : "");
                if (hello != m.fromInitiator()) {
                    u.problem((hello ? "iSER Hello from the target" : "iSER Hello Reply from the initiator")
                            + " (RFC 7145 sections 9.3 and 9.4)");
                }
                return;
            }
            default:
                u.summary = "iSER message of type 0x" + Integer.toHexString(type);
                u.problem("iSER message type " + Hex.atLeast(type, 1) + " is not defined (RFC 7145 section 9.2)");
        }
    }

    private void control(UlpInput m, IserHeader h, UlpMessage u) {
        if (h.flagsReserved() || h.reject() || h.version() != 0 || h.irdOrd() != 0) {
            u.problem("reserved bits of the iSER header of an iSCSI control-type PDU are set (RFC 7145 section 9.2)");
        }
        if ((h.writeValid() || h.readValid()) && !m.fromInitiator()) {
            u.problem("the target's iSER header announces "
                    + (h.writeValid() ? h.readValid() ? "a Write and a Read STag" : "a Write STag" : "a Read STag")
                    + ": only the initiator advertises its buffers (RFC 7145 section 9.2)");
        }
        long whole = m.messageLength();
        if (whole < ISER_HEADER + BHS || m.len() < ISER_HEADER + BHS) {
            u.summary = "iSER iSCSI control-type PDU, " + whole + " octets";
            u.problem(whole < ISER_HEADER + BHS
                    ? "iSCSI control-type PDU of " + whole + " octets is shorter than the iSER header and the 48-octet "
                            + "Basic Header Segment (RFC 7143 section 11.2)"
                    : "only " + m.len() + " of the iSCSI control-type PDU's " + whole + " octets are at hand, fewer than "
                            + "the iSER header and the 48-octet Basic Header Segment");
            if (m.fromInitiator()) {
                advertise(h, Advertisement.UNKNOWN_LENGTH, Advertisement.UNKNOWN_LENGTH, "a truncated PDU", u);
            }
            return;
        }
        Bhs b = new Bhs(stream.reset(m.buf(), m.off() + ISER_HEADER, BHS));
        int opcode = b.opcode();
        long itt = b.itt();
        String opName = opcodeName(opcode, b.kind());
        String ittText = Hex.atLeast(itt, 8);
        boolean initiatorOpcode = opcode < 0x20;
        if (initiatorOpcode != m.fromInitiator()) {
            u.problem(opName + " from the " + (m.fromInitiator() ? "initiator" : "target") + ": opcodes 0x"
                    + (initiatorOpcode ? "00 to 0x1F are the initiator's" : "20 to 0x3F are the target's")
                    + " (RFC 7143 section 11.2.1.2)");
        }
        if (b.reservedBit()) {
            u.problem("reserved bit 0x80 of the Basic Header Segment's first octet is set");
        }
        if (b.kind() == null) {
            u.problem("iSCSI opcode " + Hex.atLeast(opcode, 2) + " is not defined (RFC 7143 section 11.2.1.2)");
        }
        long ahs = 4L * b.totalAhsLength();
        long dsl = b.dataSegmentLength();
        long after = whole - ISER_HEADER - BHS;
        if (ahs + dsl > after) {
            u.problem("TotalAHSLength " + b.totalAhsLength() + " words and DataSegmentLength " + dsl + " run past the "
                    + after + " octets after the Basic Header Segment");
        } else if (after - ahs - dsl > 3) {
            u.problem((after - ahs - dsl) + " octets follow the " + dsl + "-octet data segment");
        }

        String cdbName = null;
        StringBuilder s = new StringBuilder("iSCSI ").append(opName);
        if (m.fromInitiator() && initiatorOpcode) {
            boolean call = opcode == SCSI_COMMAND || opcode == TASK_MANAGEMENT || opcode == LOGIN || opcode == TEXT
                    || opcode == LOGOUT || opcode == NOP_OUT && itt != RESERVED_ITT;
            long writeLength = Advertisement.UNKNOWN_LENGTH, readLength = Advertisement.UNKNOWN_LENGTH;
            if (opcode == SCSI_COMMAND) {
                ScsiCommandFields f = (ScsiCommandFields) b.specific();
                cdbName = cdbName(f.cdb());
                long edtl = f.expectedDataTransferLength();
                s.append(' ').append(cdbName);
                if (itt == RESERVED_ITT) {
                    u.problem("SCSI Command with the reserved Initiator Task Tag 0xffffffff (RFC 7143 section 11.2.1.8)");
                }
                if (dsl > edtl) {
                    u.problem(dsl + " octets of immediate data exceed the Expected Data Transfer Length " + edtl);
                }
                long unsolicited = initialR2T ? dsl : Math.max(dsl, Math.min(firstBurstLength, edtl));
                writeLength = Math.max(0, edtl - unsolicited);
                readLength = edtl;
                if (b.readFlag() && b.writeFlag()) {
                    readLength = bidirectionalReadLength(m, b, u);
                }
                consistency(h, b, cdbName, edtl, unsolicited, u);
                s.append(" itt ").append(ittText);
                if (edtl > 0) {
                    s.append(", ").append(edtl).append(" octets");
                }
            } else {
                s.append(" itt ").append(ittText);
            }
            String target = (cdbName != null ? cdbName : opName) + " itt " + ittText;
            advertise(h, writeLength, readLength, target, u);
            if (call && tasks.size() < MAX_TASKS) {
                tasks.put(itt, u.advertisements.stream().mapToLong(Advertisement::stag).toArray());
            }
            if (h.writeValid()) {
                s.append(", Write STag ").append(Hex.atLeast(h.writeStag(), 8))
                        .append(" at ").append(Hex.atLeast(h.writeBaseOffset(), 1));
            }
            if (h.readValid()) {
                s.append(", Read STag ").append(Hex.atLeast(h.readStag(), 8))
                        .append(" at ").append(Hex.atLeast(h.readBaseOffset(), 1));
            }
            if (call) {
                u.role = UlpMessage.Role.CALL;
                u.correlation = itt;
                u.fields.put("itt", ittText);
                u.fields.put("opcode", (long) opcode);
                u.fields.put("cdb", cdbName);
                u.fields.put("opcodeName", opName);
            }
        } else if (!m.fromInitiator() && !initiatorOpcode) {
            boolean reply = opcode == SCSI_RESPONSE || opcode == TASK_MANAGEMENT_RESPONSE || opcode == LOGIN_RESPONSE
                    || opcode == TEXT_RESPONSE || opcode == LOGOUT_RESPONSE || opcode == NOP_IN && itt != RESERVED_ITT;
            s.append(" itt ").append(ittText);
            if (opcode == SCSI_RESPONSE) {
                ScsiResponseFields f = (ScsiResponseFields) b.specific();
                s.append(": ").append(statusName(b.octet3()));
                if (b.octet2() != 0) {
                    s.append(b.octet2() == 1 ? ", target failure" : ", response " + Hex.atLeast(b.octet2(), 2));
                }
                if ((b.opcodeFlags() & 0x02) != 0) {
                    s.append(", ").append(f.residualCount()).append(" octets short");
                } else if ((b.opcodeFlags() & 0x04) != 0) {
                    s.append(", ").append(f.residualCount()).append(" octets over");
                }
            } else if (opcode == LOGIN_RESPONSE) {
                negotiated(m, ISER_HEADER + BHS + ahs, dsl);
            } else if (opcode == SCSI_DATA_IN) {
                u.problem("SCSI Data-In PDU in a Send: iSER moves Data-In by RDMA Write (RFC 7145 section 7.3)");
            } else if (opcode == READY_TO_TRANSFER) {
                u.problem("R2T PDU in a Send: iSER fetches solicited Data-Out by RDMA Read (RFC 7145 section 7.3)");
            }
            if (reply) {
                u.role = UlpMessage.Role.REPLY;
                u.correlation = itt;
                invalidation(m.invalidateStag(), itt, tasks.remove(itt), u);
            }
        }
        if (m.invalidateStag() != 0) {
            s.append(", invalidates ").append(Hex.atLeast(m.invalidateStag(), 8));
        }
        u.summary = s.toString();
    }

    /**
     * Takes InitialR2T and FirstBurstLength from the key=value pairs (each ending in a zero octet)
     * of a Login Response's data segment, as far as the octets at hand hold it.
     */
    private void negotiated(UlpInput m, long start, long length) {
        long end = Math.min(start + length, m.len());
        byte[] b = m.buf();
        int i = (int) Math.min(start, end);
        while (i < end) {
            int j = i;
            while (j < end && b[m.off() + j] != 0) {
                j++;
            }
            String pair = new String(b, m.off() + i, j - i, java.nio.charset.StandardCharsets.US_ASCII);
            if (pair.equals("InitialR2T=No")) {
                initialR2T = false;
            } else if (pair.equals("InitialR2T=Yes")) {
                initialR2T = true;
            } else if (pair.startsWith("FirstBurstLength=") && pair.length() <= 17 + 10) {
                try {
                    firstBurstLength = Long.parseLong(pair.substring(17));
                } catch (NumberFormatException notANumber) {
                    // an unparsable value leaves the previous one
                }
            }
            i = j + 1;
        }
    }

    /** Whether a response's Send with Invalidate names an STag of its own task, as the initiator allows. */
    private void invalidation(long stag, long itt, long[] advertised, UlpMessage u) {
        if (stag == 0) {
            return;
        }
        if (noRemoteInvalidate) {
            u.problem("Send with Invalidate of STag " + Hex.atLeast(stag, 8) + ", though the initiator's connection "
                    + "request said it does not take Send with Invalidate");
        }
        if (advertised != null && java.util.Arrays.stream(advertised).noneMatch(a -> a == stag)) {
            u.problem("the response to itt " + Hex.atLeast(itt, 8) + " invalidates STag " + Hex.atLeast(stag, 8)
                    + ", which its command did not advertise");
        }
    }

    /** The Write and Read STags the initiator's iSER header announces. */
    private static void advertise(IserHeader h, long writeLength, long readLength, String target, UlpMessage u) {
        if (h.writeValid()) {
            u.advertisements.add(new Advertisement(h.writeStag(), h.writeBaseOffset(), writeLength, Advertisement.REMOTE_READ,
                    "Write STag of " + target));
        }
        if (h.readValid()) {
            u.advertisements.add(new Advertisement(h.readStag(), h.readBaseOffset(), readLength, Advertisement.REMOTE_WRITE,
                    "Read STag of " + target));
        }
    }

    /** What in a SCSI Command's iSER header and SCSI flags contradicts each other. */
    /**
     * {@code unsolicited}: the octets the initiator sends without being asked, immediate data and
     * unsolicited Data-Out (with InitialR2T=No up to FirstBurstLength); only the rest is read by RDMA.
     */
    private static void consistency(IserHeader h, Bhs b, String cdb, long edtl, long unsolicited, UlpMessage u) {
        if (b.writeFlag() && edtl > unsolicited && !h.writeValid()) {
            u.problem(cdb + " writes " + (edtl - unsolicited) + " octets beyond its unsolicited data, but the iSER header "
                    + "announces no Write STag (RFC 7145 section 9.2)");
        }
        if (h.writeValid() && !b.writeFlag()) {
            u.problem("the iSER header announces a Write STag, but the SCSI Command's W bit is clear");
        }
        if (b.readFlag() && edtl > 0 && !h.readValid()) {
            u.problem(cdb + " reads up to " + edtl + " octets, but the iSER header announces no Read STag "
                    + "(RFC 7145 section 9.2)");
        }
        if (h.readValid() && !b.readFlag()) {
            u.problem("the iSER header announces a Read STag, but the SCSI Command's R bit is clear");
        }
    }

    /** The read length of a bidirectional command from its AHS, or UNKNOWN_LENGTH with a problem. */
    private long bidirectionalReadLength(UlpInput m, Bhs b, UlpMessage u) {
        int ahs = 4 * b.totalAhsLength();
        int at = ISER_HEADER + BHS;
        int avail = Math.min(ahs, m.len() - at);
        if (avail >= 8) {
            Ahs a = new Ahs(stream.reset(m.buf(), m.off() + at, avail));
            if (a.ahsType() == AhsType.BIDIRECTIONAL_READ_LENGTH && a.readExpectedDataTransferLength() != null) {
                return a.readExpectedDataTransferLength();
            }
        }
        u.problem("bidirectional SCSI Command without a Bidirectional Read Expected Data Transfer Length AHS as its first "
                + "AHS (RFC 7143 section 11.2.2.4)");
        return Advertisement.UNKNOWN_LENGTH;
    }

    /** The SCSI name of a CDB's command: "READ(10)", "TEST UNIT READY", "READ CAPACITY(16)". */
    static String cdbName(Cdb c) {
        ScsiOperation op = c.operation();
        if (op == null) {
            return "operation " + Hex.atLeast(c.operationCode(), 2);
        }
        int sa = c.serviceAction();
        switch (op) {
            case SERVICE_ACTION_IN_16:
                if (sa == 0x10) {
                    return "READ CAPACITY(16)";
                }
                if (sa == 0x12) {
                    return "GET LBA STATUS";
                }
                break;
            case MAINTENANCE_IN:
                if (sa == 0x0A) {
                    return "REPORT TARGET PORT GROUPS";
                }
                if (sa == 0x0C) {
                    return "REPORT SUPPORTED OPERATION CODES";
                }
                if (sa == 0x0D) {
                    return "REPORT SUPPORTED TASK MANAGEMENT FUNCTIONS";
                }
                break;
            default:
                return scsiWords(op.name());
        }
        return scsiWords(op.name()) + " service action " + Hex.atLeast(sa, 2);
    }

    /** "READ_10" as "READ(10)", "TEST_UNIT_READY" as "TEST UNIT READY". */
    static String scsiWords(String enumName) {
        String s = enumName.replace('_', ' ');
        int sp = s.lastIndexOf(' ');
        if (sp > 0 && s.substring(sp + 1).chars().allMatch(Character::isDigit)) {
            s = s.substring(0, sp) + "(" + s.substring(sp + 1) + ")";
        }
        return s;
    }

    static String opcodeName(int opcode, Opcode kind) {
        if (kind == null) {
            return "opcode " + Hex.atLeast(opcode & 0xFFFFFFFFL, 2);
        }
        switch (kind) {
            case NOP_OUT: return "NOP-Out";
            case SCSI_COMMAND: return "SCSI Command";
            case TASK_MANAGEMENT_REQUEST: return "Task Management Function Request";
            case LOGIN_REQUEST: return "Login Request";
            case TEXT_REQUEST: return "Text Request";
            case SCSI_DATA_OUT: return "SCSI Data-Out";
            case LOGOUT_REQUEST: return "Logout Request";
            case SNACK_REQUEST: return "SNACK Request";
            case NOP_IN: return "NOP-In";
            case SCSI_RESPONSE: return "SCSI Response";
            case TASK_MANAGEMENT_RESPONSE: return "Task Management Function Response";
            case LOGIN_RESPONSE: return "Login Response";
            case TEXT_RESPONSE: return "Text Response";
            case SCSI_DATA_IN: return "SCSI Data-In";
            case LOGOUT_RESPONSE: return "Logout Response";
            case READY_TO_TRANSFER: return "R2T";
            case ASYNCHRONOUS_MESSAGE: return "Asynchronous Message";
            case REJECT: return "Reject";
            default: return kind.name();
        }
    }

    static String statusName(int status) {
        ScsiStatus st = ScsiStatus.byId(status);
        return st == null ? "status " + Hex.atLeast(status & 0xFFFFFFFFL, 2) : st.name().replace('_', ' ');
    }

    // ---------------------------------------------------------------- recognition

    /**
     * Strictly plausible: a Hello from the initiator or Hello Reply from the target with RFC 7145's
     * version 10, or an iSCSI control-type PDU whose iSER header has its reserved bits clear (and W
     * and R only from the initiator) and whose Basic Header Segment has a defined opcode of the
     * sender's side and lengths that fit the message.
     */
    static boolean plausible(UlpInput m) {
        if (m == null || !inBounds(m.buf(), m.off(), m.len()) || m.len() < ISER_HEADER || m.messageLength() < ISER_HEADER) {
            return false;
        }
        try {
            SegmentStream s = new SegmentStream();
            IserHeader h = new IserHeader(s.reset(m.buf(), m.off(), ISER_HEADER));
            int type = (int) h.messageType();
            if (type == TYPE_HELLO || type == TYPE_HELLO_REPLY) {
                return (type == TYPE_HELLO) == m.fromInitiator() && h.version() == 0xAA && !h.writeValid() && !h.readValid();
            }
            if (type != TYPE_CONTROL || h.flagsReserved() || h.reject() || h.version() != 0 || h.irdOrd() != 0
                    || !m.fromInitiator() && (h.writeValid() || h.readValid())) {
                return false;
            }
            if (m.len() < ISER_HEADER + BHS || m.messageLength() < ISER_HEADER + BHS) {
                return false;
            }
            Bhs b = new Bhs(s.reset(m.buf(), m.off() + ISER_HEADER, BHS));
            if (b.reservedBit() || b.kind() == null || (b.opcode() < 0x20) != m.fromInitiator()) {
                return false;
            }
            long after = m.messageLength() - ISER_HEADER - BHS;
            long rest = after - 4L * b.totalAhsLength() - b.dataSegmentLength();
            return rest >= 0 && rest <= 3;
        } catch (RuntimeException e) {
            return false;
        }
    }

    static boolean inBounds(byte[] buf, int off, int len) {
        return buf != null && off >= 0 && len >= 0 && off <= buf.length && len <= buf.length - off;
    }
}

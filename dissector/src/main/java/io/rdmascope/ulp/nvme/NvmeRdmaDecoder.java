package io.rdmascope.ulp.nvme;

import io.rdmascope.fields.Hex;
import io.rdmascope.ksy.NvmeRdma.AdminOpcode;
import io.rdmascope.ksy.NvmeRdma.CmReply;
import io.rdmascope.ksy.NvmeRdma.CmRequest;
import io.rdmascope.ksy.NvmeRdma.CommandCapsule;
import io.rdmascope.ksy.NvmeRdma.CommandFlags;
import io.rdmascope.ksy.NvmeRdma.FabricsStatus;
import io.rdmascope.ksy.NvmeRdma.FabricsType;
import io.rdmascope.ksy.NvmeRdma.GenericStatus;
import io.rdmascope.ksy.NvmeRdma.IoOpcode;
import io.rdmascope.ksy.NvmeRdma.KeyedFields;
import io.rdmascope.ksy.NvmeRdma.ResponseCapsule;
import io.rdmascope.ksy.NvmeRdma.SglDescriptor;
import io.rdmascope.ksy.NvmeRdma.UnkeyedFields;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Decodes the capsules of one NVMe/RDMA connection through the parsers generated from
 * {@code ksy/nvme_rdma.ksy}. The connection carries one queue; which one is known from the RDMA CM
 * private data of its MPA Request or from its Fabrics Connect command, and decides whether an opcode
 * is an admin or an I/O command. Until it is known, a command is named by its opcode and data
 * direction only.
 */
final class NvmeRdmaDecoder implements Ulp.Decoder {
    /** Octets of a submission queue entry, the start of every command capsule. */
    static final int SQE = 64;
    /** Octets of a completion queue entry, the whole of a response capsule. */
    static final int CQE = 16;
    /** Octets of an SGL descriptor. */
    static final int SGL = 16;
    /** Octets of the RDMA CM private data of NVMe/RDMA. */
    static final int CM_PRIVATE_DATA = 32;
    /** The most keyed descriptors of one command that are advertised. */
    static final int MAX_ADVERTISEMENTS = 64;

    static final int SGL_DATA_BLOCK = 0x0, SGL_SEGMENT = 0x2, SGL_LAST_SEGMENT = 0x3, SGL_KEYED = 0x4;
    static final int SUBTYPE_ADDRESS = 0x0, SUBTYPE_OFFSET = 0x1, SUBTYPE_INVALIDATE = 0xF;
    static final int FABRICS = 0x7F, FCTYPE_CONNECT = 0x01;

    /** The queue the connection carries. */
    enum Queue { UNKNOWN, ADMIN, IO }

    private final SegmentStream stream = new SegmentStream();
    private final SegmentStream descriptorStream = new SegmentStream();
    private Queue queue = Queue.UNKNOWN;
    private int qid = -1;
    /** Command identifier of the last Fabrics Connect, -1 when none is pending. */
    private int connectCid = -1;
    /**
     * The commands not yet answered, by command identifier (at most 65536): the key each asked the
     * controller to invalidate with its response (keyed SGL subtype 0xF), or {@link #NO_KEY}.
     */
    private final Map<Integer, Long> outstanding = new HashMap<>();
    static final long NO_KEY = -1;
    /** The key the last command asked to have invalidated (set by {@link #dataPointer}). */
    private long invalidateKey;

    Queue queue() {
        return queue;
    }

    @Override
    public UlpMessage send(UlpInput m) {
        if (m == null) {
            return null;
        }
        UlpMessage u = new UlpMessage();
        if (!inBounds(m.buf(), m.off(), m.len())) {
            return u.problem("NVMe/RDMA message bounds lie outside its buffer");
        }
        try {
            if (m.fromInitiator()) {
                command(m, u);
            } else {
                response(m, u);
            }
        } catch (RuntimeException e) {
            // The lengths are checked before each parse, so this is a defect: report it as data.
            u.role = UlpMessage.Role.NONE;
            u.advertisements.clear();
            u.problem("NVMe/RDMA capsule could not be decoded: " + e);
        }
        return u;
    }

    @Override
    public UlpMessage privateData(byte[] buf, int off, int len, boolean fromInitiator) {
        UlpMessage u = new UlpMessage();
        if (!inBounds(buf, off, len)) {
            return u.problem("NVMe/RDMA private data bounds lie outside its buffer");
        }
        try {
            if (fromInitiator) {
                if (len < 10) {
                    u.summary = "NVMe/RDMA connection request, " + len + " octets of private data";
                    return u.problem("NVMe/RDMA connection request private data of " + len
                            + " octets is shorter than its 10 octets of fields (NVMe over Fabrics 1.1 section 7.3)");
                }
                CmRequest r = new CmRequest(stream.reset(buf, off, len));
                if (r.recfmt() != 0) {
                    u.problem("NVMe/RDMA connection request record format " + r.recfmt() + " is not 0");
                }
                noteQueue(r.qid(), u, "connection request");
                u.summary = "NVMe/RDMA connection request: queue " + r.qid() + " (" + (r.qid() == 0 ? "admin" : "I/O")
                        + "), hrqsize " + r.hrqsize() + ", hsqsize " + r.hsqsize()
                        + (r.qid() == 0 ? "" : ", controller " + Hex.atLeast(r.cntlid(), 4));
            } else {
                if (len < 4) {
                    u.summary = "NVMe/RDMA connection accept, " + len + " octets of private data";
                    return u.problem("NVMe/RDMA connection accept private data of " + len
                            + " octets is shorter than its 4 octets of fields (NVMe over Fabrics 1.1 section 7.3)");
                }
                CmReply r = new CmReply(stream.reset(buf, off, len));
                if (r.recfmt() != 0) {
                    u.problem("NVMe/RDMA connection accept record format " + r.recfmt() + " is not 0");
                }
                u.summary = "NVMe/RDMA connection accept: crqsize " + r.crqsize();
            }
            // the InfiniBand CM's private data fields are of fixed size: rdma_cm pads the 32 octets with zeros
            if (len < CM_PRIVATE_DATA || len > CM_PRIVATE_DATA && !zeros(buf, off + CM_PRIVATE_DATA,
                    len - CM_PRIVATE_DATA)) {
                u.problem("NVMe/RDMA private data of " + len + " octets, not " + CM_PRIVATE_DATA);
            }
        } catch (RuntimeException e) {
            u.problem("NVMe/RDMA private data could not be decoded: " + e);
        }
        return u;
    }

    private static boolean zeros(byte[] buf, int off, int len) {
        for (int i = 0; i < len; i++) {
            if (buf[off + i] != 0) {
                return false;
            }
        }
        return true;
    }

    private void noteQueue(int q, UlpMessage u, String where) {
        if (qid >= 0 && qid != q) {
            u.problem("the " + where + " names queue " + q + " but the connection carries queue " + qid);
        }
        qid = q;
        queue = q == 0 ? Queue.ADMIN : Queue.IO;
    }

    // ---------------------------------------------------------------- commands

    private void command(UlpInput m, UlpMessage u) {
        long whole = m.messageLength();
        if (whole < SQE || m.len() < SQE) {
            u.summary = "NVMe command capsule, " + whole + " octets";
            u.problem(shorter("command capsule", whole, m.len(), SQE, "submission queue entry (NVMe over Fabrics 1.1 section 2.1)"));
            return;
        }
        CommandCapsule c = new CommandCapsule(stream.reset(m.buf(), m.off(), m.len()));
        int opcode = c.opcode();
        int cid = c.cid();
        boolean fabrics = c.fabrics();
        int fctype = fabrics ? c.fctype().intValue() : -1;
        String connectNote = "";
        if (fabrics && fctype == FCTYPE_CONNECT) {
            int q = c.connect().qid();
            noteQueue(q, u, "Fabrics Connect");
            connectCid = cid;
            connectNote = " queue " + q + " (" + (q == 0 ? "admin" : "I/O") + "), sqsize " + c.connect().sqsize()
                    + (q == 0 ? ", keep alive " + c.connect().kato() + " ms" : "");
            if (c.connect().recfmt() != 0) {
                u.problem("Fabrics Connect record format " + c.connect().recfmt() + " is not 0");
            }
        }
        String name = opcodeName(opcode, fctype);
        int direction = c.transferDirection();

        u.role = UlpMessage.Role.CALL;
        u.correlation = cid;
        u.fields.put("cid", (long) cid);
        u.fields.put("opcode", (long) opcode);
        u.fields.put("nsid", fabrics ? 0L : c.nsid());
        u.fields.put("opcodeName", name);

        flags(c.flags(), u);
        long inCapsule = whole - SQE;
        String data = dataPointer(m, c.dptr(), name, cid, direction, inCapsule, u);
        u.fields.put("dataLength", dataLength);
        outstanding.put(cid, invalidateKey);

        StringBuilder s = new StringBuilder("NVMe ").append(name).append(" cid ").append(cid);
        if (!fabrics && c.nsid() != 0) {
            s.append(" nsid ").append(c.nsid());
        }
        s.append(connectNote).append(data);
        u.summary = s.toString();
    }

    private static void flags(CommandFlags f, UlpMessage u) {
        if (f.psdt() == 0) {
            u.problem("PSDT 00b (PRPs) in a command capsule: NVMe over Fabrics carries SGLs (NVMe over Fabrics 1.1 section 2.1)");
        } else if (f.psdt() == 3) {
            u.problem("PSDT 11b is reserved (NVMe 1.4 section 4.2)");
        }
        if (f.reserved() != 0) {
            u.problem("reserved command flag bits 5:2 are " + Hex.atLeast(f.reserved(), 1) + ", not 0");
        }
        if (f.fuse() == 3) {
            u.problem("fused operation 11b is reserved (NVMe 1.4 section 4.2)");
        }
    }

    /** Total octets the last command's descriptors name (set by {@link #dataPointer}). */
    private long dataLength;

    /** Reads SGL entry 1; adds the advertisements and problems; returns the summary's data part. */
    private String dataPointer(UlpInput m, SglDescriptor d, String name, int cid, int direction, long inCapsule,
                               UlpMessage u) {
        dataLength = 0;
        invalidateKey = NO_KEY;
        int id = d.identifier();
        int type = id >> 4, subtype = id & 0xF;
        switch (type) {
            case SGL_KEYED: {
                KeyedFields k = (KeyedFields) d.body();
                dataLength = k.length();
                if (subtype == SUBTYPE_INVALIDATE) {
                    invalidateKey = k.key();
                }
                keyed(d, k, subtype, name, cid, direction, u);
                if (inCapsule > 0) {
                    u.problem(inCapsule + " octets follow the submission queue entry, but its data pointer is a keyed SGL data block");
                }
                if (k.length() == 0) {
                    return "";
                }
                return ", " + k.length() + " octets " + directionWords(direction) + " key " + Hex.atLeast(k.key(), 8)
                        + " at " + Hex.atLeast(d.address(), 1);
            }
            case SGL_DATA_BLOCK: {
                UnkeyedFields b = (UnkeyedFields) d.body();
                dataLength = b.length();
                if (subtype != SUBTYPE_OFFSET) {
                    u.problem("SGL data block with subtype " + Hex.atLeast(subtype, 1) + ": over RDMA only in-capsule data "
                            + "(offset subtype 0x1) is described without a key (NVMe over Fabrics 1.1 section 7.3)");
                    return ", " + b.length() + " octets at address 0x" + Long.toHexString(d.address());
                }
                if (b.length() > 0 && (direction & 1) == 0) {
                    u.problem("in-capsule data for a command that moves no data from the host (" + name + ")");
                }
                inCapsuleRange(d.address(), b.length(), inCapsule, "in-capsule data", u);
                return b.length() == 0 ? "" : ", " + b.length() + " octets in the capsule";
            }
            case SGL_LAST_SEGMENT: {
                UnkeyedFields b = (UnkeyedFields) d.body();
                if (subtype != SUBTYPE_OFFSET) {
                    u.problem("Last Segment descriptor with subtype " + Hex.atLeast(subtype, 1) + ": over RDMA the "
                            + "descriptor list is in the capsule (offset subtype 0x1)");
                    return "";
                }
                int n = segment(m, d.address(), b.length(), inCapsule, name, cid, direction, u);
                return ", " + dataLength + " octets " + directionWords(direction) + " " + n + " keyed SGL data blocks";
            }
            case SGL_SEGMENT:
                u.problem("SGL Segment descriptor in a command capsule: the capsule holds at most a Last Segment "
                        + "of descriptors (NVMe over Fabrics 1.1 section 2.3)");
                return "";
            default:
                u.problem("SGL descriptor type " + Hex.atLeast(type, 1) + " is not one the RDMA transport uses "
                        + "(NVMe over Fabrics 1.1 section 7.3)");
                return "";
        }
    }

    private void keyed(SglDescriptor d, KeyedFields k, int subtype, String name, int cid, int direction, UlpMessage u) {
        if (subtype != SUBTYPE_ADDRESS && subtype != SUBTYPE_INVALIDATE) {
            u.problem("keyed SGL data block with subtype " + Hex.atLeast(subtype, 1) + " (0x0 address and 0xF "
                    + "invalidate key are defined)");
        }
        if (k.length() == 0) {
            return; // a null descriptor: no data
        }
        if (direction == 0) {
            u.problem("keyed SGL data block of " + k.length() + " octets (key " + Hex.atLeast(k.key(), 8) + ") on " + name
                    + ", which moves no data");
            return;
        }
        if (u.advertisements.size() >= MAX_ADVERTISEMENTS) {
            return;
        }
        int access = (direction & 1) != 0 ? Advertisement.REMOTE_READ : 0;
        access |= (direction & 2) != 0 ? Advertisement.REMOTE_WRITE : 0;
        u.advertisements.add(new Advertisement(k.key(), d.address(), k.length(), access, "keyed SGL data block of " + name + " cid " + cid));
    }

    private static void inCapsuleRange(long offset, long length, long inCapsule, String what, UlpMessage u) {
        if (Long.compareUnsigned(offset, inCapsule) > 0 || length > inCapsule - offset) {
            u.problem(what + " of " + length + " octets at offset " + Long.toUnsignedString(offset) + " runs past the "
                    + inCapsule + " octets that follow the submission queue entry");
        }
    }

    /** The keyed descriptors of an in-capsule Last Segment; returns how many were read. */
    private int segment(UlpInput m, long offset, long length, long inCapsule, String name, int cid, int direction,
                        UlpMessage u) {
        inCapsuleRange(offset, length, inCapsule, "descriptor list", u);
        if (length % SGL != 0) {
            u.problem("descriptor list of " + length + " octets is not a whole number of 16-octet descriptors");
        }
        long listed = length / SGL;
        // Only descriptors wholly within the octets at hand are read, and at most MAX_ADVERTISEMENTS.
        long start = Long.compareUnsigned(offset, inCapsule) > 0 ? -1 : SQE + offset;
        long fit = start < 0 ? 0 : Math.max(0, (m.len() - start) / SGL);
        long n = Math.min(Math.min(listed, fit), MAX_ADVERTISEMENTS);
        if (listed > MAX_ADVERTISEMENTS) {
            u.problem("descriptor list of " + listed + " descriptors: only the first " + MAX_ADVERTISEMENTS + " are read");
        } else if (n < listed && start >= 0 && m.len() < m.messageLength()) {
            u.problem("descriptor list continues past the " + m.len() + " octets of the capsule that were kept");
        }
        for (int i = 0; i < n; i++) {
            int at = (int) (m.off() + start + (long) i * SGL);
            SglDescriptor e = new SglDescriptor(descriptorStream.reset(m.buf(), at, SGL));
            int id = e.identifier();
            if (id >> 4 != SGL_KEYED) {
                u.problem("descriptor " + i + " of the list is of type " + Hex.atLeast(id >> 4, 1)
                        + ", not a keyed SGL data block");
                continue;
            }
            KeyedFields k = (KeyedFields) e.body();
            dataLength += k.length();
            keyed(e, k, id & 0xF, name, cid, direction, u);
        }
        return (int) n;
    }

    private static String directionWords(int direction) {
        switch (direction) {
            case 1: return "from the host by";
            case 2: return "to the host by";
            case 3: return "both ways by";
            default: return "by";
        }
    }

    /** The command's name for the connection's queue ("Read", "Identify", "Fabrics Connect"). */
    String opcodeName(int opcode, int fctype) {
        if (opcode == FABRICS) {
            FabricsType t = FabricsType.byId(fctype);
            return t == null ? "Fabrics command type " + Hex.atLeast(fctype & 0xFFFFFFFFL, 2) : "Fabrics " + words(t.name());
        }
        switch (queue) {
            case ADMIN: {
                AdminOpcode a = AdminOpcode.byId(opcode);
                return a == null ? "admin opcode " + Hex.atLeast(opcode & 0xFFFFFFFFL, 2) : words(a.name());
            }
            case IO: {
                IoOpcode o = IoOpcode.byId(opcode);
                return o == null ? "I/O opcode " + Hex.atLeast(opcode & 0xFFFFFFFFL, 2) : words(o.name());
            }
            default:
                return "opcode " + Hex.atLeast(opcode & 0xFFFFFFFFL, 2) + " (" + directionName(opcode & 3) + ")";
        }
    }

    private static String directionName(int direction) {
        switch (direction) {
            case 1: return "host to controller";
            case 2: return "controller to host";
            case 3: return "bidirectional";
            default: return "no data";
        }
    }

    /** "GET_LOG_PAGE" as "Get Log Page", "CREATE_IO_SQ" as "Create I/O SQ". */
    static String words(String enumName) {
        StringBuilder b = new StringBuilder();
        for (String w : enumName.toLowerCase(Locale.ROOT).split("_")) {
            if (b.length() > 0) {
                b.append(' ');
            }
            switch (w) {
                case "io": b.append("I/O"); break;
                case "sq": case "cq": case "nvm": case "lba": case "id": case "sgl": b.append(w.toUpperCase(Locale.ROOT)); break;
                case "nvme": b.append("NVMe"); break;
                case "mi": b.append("MI"); break;
                case "in": case "of": case "or": case "to": case "due": case "and": b.append(w); break;
                default: b.append(Character.toUpperCase(w.charAt(0))).append(w, 1, w.length());
            }
        }
        return b.toString().replace("NVMe MI", "NVMe-MI");
    }

    // ---------------------------------------------------------------- responses

    private void response(UlpInput m, UlpMessage u) {
        long whole = m.messageLength();
        if (whole < CQE || m.len() < CQE) {
            u.summary = "NVMe response capsule, " + whole + " octets";
            u.problem(shorter("response capsule", whole, m.len(), CQE, "completion queue entry (NVMe over Fabrics 1.1 section 2.2)"));
            return;
        }
        if (whole != CQE) {
            u.problem("response capsule of " + whole + " octets: over RDMA a response capsule is the " + CQE
                    + "-octet completion queue entry alone (NVMe over Fabrics 1.1 section 7.3)");
        }
        ResponseCapsule r = new ResponseCapsule(stream.reset(m.buf(), m.off(), m.len()));
        int cid = r.cid();
        u.role = UlpMessage.Role.REPLY;
        u.correlation = cid;
        StringBuilder s = new StringBuilder("NVMe response cid ").append(cid).append(": ").append(status(r));
        if (cid == connectCid) {
            connectCid = -1;
            if (r.statusCodeType() != null && r.statusCode() == 0 && r.statusCodeType().id() == 0) {
                s.append(", controller ").append(Hex.atLeast(r.dw0() & 0xFFFF, 4));
            }
        }
        if (m.invalidateStag() != 0) {
            s.append(", invalidates ").append(Hex.atLeast(m.invalidateStag(), 8));
        }
        u.summary = s.toString();
        Long asked = outstanding.remove(cid);
        if (m.invalidateStag() != 0 && asked != null) {
            if (asked == NO_KEY) {
                u.problem("the response to cid " + cid + " invalidates STag " + Hex.atLeast(m.invalidateStag(), 8)
                        + ", but the command did not ask for remote invalidation (keyed SGL subtype 0xF)");
            } else if (asked != m.invalidateStag()) {
                u.problem("the response to cid " + cid + " invalidates STag " + Hex.atLeast(m.invalidateStag(), 8)
                        + ", but the command's keyed SGL data block named key " + Hex.atLeast(asked, 8));
            }
        }
        if (qid >= 0 && r.sqId() != qid) {
            u.problem("response names submission queue " + r.sqId() + " on the connection of queue " + qid);
        }
    }

    private static String status(ResponseCapsule r) {
        int sct = (int) ((r.status() >> 9) & 7);
        int sc = r.statusCode();
        if (sct == 0 && sc == 0) {
            return "success";
        }
        String name = null;
        if (sct == 0) {
            GenericStatus g = GenericStatus.byId(sc);
            name = g == null ? null : words(g.name());
        } else if (sct == 1) {
            FabricsStatus f = FabricsStatus.byId(sc);
            name = f == null ? null : words(f.name());
        }
        StringBuilder b = new StringBuilder();
        if (name != null) {
            b.append(name).append(' ');
        }
        b.append("(status code type ").append(sct).append(", status code ").append(Hex.atLeast(sc, 2)).append(')');
        if (r.doNotRetry() != 0) {
            b.append(", do not retry");
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- recognition

    /**
     * Strictly plausible: a command capsule from the initiator whose PSDT says SGLs, whose reserved
     * flag bits are clear, whose opcode is a defined admin, I/O or Fabrics command and whose data
     * pointer is a keyed SGL data block, or in-capsule data that the capsule holds; or a 16-octet
     * response capsule from the responder whose status is success with no other status bit (and a
     * command identifier or submission queue head that is not zero), or a
     * failure of a defined status code type (a named generic status) with clear phase tag, retry
     * delay and more bits.
     */
    static boolean plausible(UlpInput m) {
        if (m == null || !inBounds(m.buf(), m.off(), m.len())) {
            return false;
        }
        try {
            SegmentStream s = new SegmentStream();
            if (m.fromInitiator()) {
                if (m.messageLength() < SQE || m.len() < SQE) {
                    return false;
                }
                CommandCapsule c = new CommandCapsule(s.reset(m.buf(), m.off(), m.len()));
                CommandFlags f = c.flags();
                if (f.psdt() != 1 && f.psdt() != 2 || f.reserved() != 0 || f.fuse() == 3) {
                    return false;
                }
                int op = c.opcode();
                if (c.fabrics() ? FabricsType.byId(c.fctype()) == null
                                : AdminOpcode.byId(op) == null && IoOpcode.byId(op) == null) {
                    return false;
                }
                int id = c.dptr().identifier();
                long inCapsule = m.messageLength() - SQE;
                if (id >> 4 == SGL_KEYED) {
                    int sub = id & 0xF;
                    return inCapsule == 0 && (sub == SUBTYPE_ADDRESS || sub == SUBTYPE_INVALIDATE);
                }
                if (id == (SGL_DATA_BLOCK << 4 | SUBTYPE_OFFSET)) {
                    long len = ((UnkeyedFields) c.dptr().body()).length();
                    long off = c.dptr().address();
                    return Long.compareUnsigned(off, inCapsule) <= 0 && len <= inCapsule - off && (op & 1) != 0;
                }
                return false;
            }
            if (m.messageLength() != CQE || m.len() != CQE) {
                return false;
            }
            ResponseCapsule r = new ResponseCapsule(s.reset(m.buf(), m.off(), m.len()));
            int sct = (int) ((r.status() >> 9) & 7);
            if (r.status() == 0) {
                // a success names its command or the queue position it reached: sixteen zero octets
                // (rping's go-ahead) or a short text (perftest's version) does neither
                return r.sqHead() != 0 || r.cid() != 0;
            }
            // a failure of a defined kind, without the retry delay and more-information bits
            return r.phase() == 0 && r.retryDelay() == 0 && r.more() == 0 && r.statusCode() != 0
                    && (sct == 0 ? GenericStatus.byId(r.statusCode()) != null : sct <= 3);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Strictly plausible RDMA CM private data: 32 octets, record format 0, reserved octets zero. */
    static boolean plausiblePrivateData(byte[] buf, int off, int len, boolean request) {
        if (!inBounds(buf, off, len) || len != CM_PRIVATE_DATA) {
            return false;
        }
        try {
            SegmentStream s = new SegmentStream().reset(buf, off, len);
            int fields;
            if (request) {
                CmRequest r = new CmRequest(s);
                if (r.recfmt() != 0 || r.hsqsize() == 0 || r.hrqsize() == 0) {
                    return false;
                }
                fields = 10;
            } else {
                CmReply r = new CmReply(s);
                if (r.recfmt() != 0 || r.crqsize() == 0) {
                    return false;
                }
                fields = 4;
            }
            for (int i = off + fields; i < off + len; i++) {
                if (buf[i] != 0) {
                    return false;
                }
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Why a message too short for its fixed part cannot be read: too short, or too little of it kept. */
    static String shorter(String what, long whole, int kept, int need, String part) {
        if (whole < need) {
            return what + " of " + whole + " octets is shorter than the " + need + "-octet " + part;
        }
        return "only " + kept + " of the " + whole + " octets of the " + what + " are at hand, fewer than the " + need
                + "-octet " + part;
    }

    static boolean inBounds(byte[] buf, int off, int len) {
        return buf != null && off >= 0 && len >= 0 && off <= buf.length && len <= buf.length - off;
    }
}

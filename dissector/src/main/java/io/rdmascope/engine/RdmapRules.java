package io.rdmascope.engine;

import static io.rdmascope.engine.Words.hex;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.ddp.DdpMessage;
import io.rdmascope.ddp.DdpStream;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;

/**
 * The DDP and RDMAP header rules (RFC 5041, RFC 5040, RFC 7306): versions and reserved bits, the
 * opcode and the kind of DDP header it travels on, the queue number and Invalidate STag of
 * untagged segments, the order of MSN and MO on untagged queues, the MPA ready-to-receive message
 * that may open a direction, and the Terminate message.
 */
final class RdmapRules {
    /** Why a zero-length first message is not judged against the STag table. */
    static final String READY_TO_RECEIVE = "MPA ready-to-receive message (RFC 6581 section 8)";

    private final Reporter reporter;

    RdmapRules(Reporter reporter) {
        this.reporter = reporter;
    }

    /**
     * Judges the header fields of a segment; returns whether its opcode {@code op} is defined for
     * its kind of DDP header (only then does the segment reach the other rule sets).
     */
    boolean headers(Conn c, int d, long f, DdpSegment s, Opcode op) {
        if (s.dv != 1 || s.reserved != 0 || s.rdmapVersion != 1 || s.rdmapReserved != 0) {
            headerBits(c, d, f, s);
        }
        boolean opOk = op != null && op.tagged == s.tagged;
        if (!opOk) {
            opcodeInvalid(c, d, f, s, op);
        } else if (!s.tagged && ((op.queue() >= 0 && s.qn != op.queue()) || (!op.invalidates() && s.invalidateStag != 0))) {
            untaggedFields(c, d, f, s, op);
        }
        return opOk;
    }

    /**
     * Whether the segment is the first FPDU of direction d and the ready-to-receive message of MPA
     * revision 2's peer-to-peer mode (RFC 6581 section 8): a zero-length RDMA Write, RDMA Read
     * Request or Send. Notes that the direction has sent an FPDU.
     */
    boolean readyToReceive(Conn c, int d, DdpSegment s, Opcode op) {
        boolean rtr = !c.sentFpdu[d] && readyToReceive(c, s, op);
        c.sentFpdu[d] = true;
        return rtr;
    }

    private static boolean readyToReceive(Conn c, DdpSegment s, Opcode op) {
        if (op == null || s.sv || s.ab) {
            return false;
        }
        boolean handshakeless = !c.requestSeen && !c.replySeen;
        if (!c.peerToPeer && !handshakeless) {
            return false;
        }
        if (op == Opcode.RDMA_WRITE || (op.isSend() && c.peerToPeer)) {
            return s.payloadLength == 0 && s.last && (s.tagged || s.mo == 0);
        }
        return op == Opcode.RDMA_READ_REQUEST && s.readRequest != null && s.readRequest.readSize() == 0;
    }

    /** A Terminate message: reported; returns why its connection closes. */
    String terminate(Conn c, int d, long f, DdpSegment.Terminate term) {
        String from = "Terminate from " + c.endpoint[d];
        if (term == null) {
            reporter.report(ViolationCode.RDMAP_TERMINATE, f, c, null, null, from + " (no Terminate header)");
        } else {
            reporter.report(ViolationCode.RDMAP_TERMINATE, ViolationCode.RDMAP_TERMINATE.severity, f, c, null, null,
                    from + ": " + TerminateCodes.describe(term.layer(), term.errorType(), term.errorCode()),
                    TerminateCodes.reference(term.layer()));
        }
        return from;
    }

    // The violations are worded in methods of their own (see MpaRules).

    private void headerBits(Conn c, int d, long f, DdpSegment s) {
        String from = c.endpoint[d];
        if (s.dv != 1) {
            reporter.report(ViolationCode.DDP_VERSION, f, c, null, null, "DDP segment from " + from + " has version "
                    + s.dv + " (1 expected)");
        }
        if (s.reserved != 0) {
            reporter.report(ViolationCode.DDP_RESERVED, f, c, null, null, "DDP segment from " + from
                    + " has reserved control bits " + hex(s.reserved << 2) + " set");
        }
        if (s.rdmapVersion != 1) {
            reporter.report(ViolationCode.RDMAP_VERSION, f, c, null, null, "RDMAP header from " + from
                    + " has version " + s.rdmapVersion + " (1 expected)");
        }
        if (s.rdmapReserved != 0) {
            reporter.report(ViolationCode.RDMAP_RESERVED, f, c, null, null, "RDMAP header from " + from
                    + " has reserved bits " + hex(s.rdmapReserved) + " set");
        }
    }

    /** An opcode that RDMAP does not define, or defines for the other kind of DDP header. */
    private void opcodeInvalid(Conn c, int d, long f, DdpSegment s, Opcode op) {
        String from = c.endpoint[d];
        if (op == null) {
            reporter.report(ViolationCode.RDMAP_OPCODE_INVALID, f, c, null, null, "RDMAP opcode " + hex(s.opcode)
                    + " from " + from + " is not defined");
        } else {
            reporter.report(ViolationCode.RDMAP_OPCODE_INVALID, f, c, null, null, op.displayName + " from " + from
                    + " on " + (s.tagged ? "a tagged" : "an untagged") + " DDP header");
        }
    }

    /** The queue number and Invalidate STag of an untagged segment with a valid opcode. */
    private void untaggedFields(Conn c, int d, long f, DdpSegment s, Opcode op) {
        String from = c.endpoint[d];
        if (op.queue() >= 0 && s.qn != op.queue()) {
            reporter.report(ViolationCode.DDP_QN_INVALID, f, c, null, null, op.displayName + " from " + from
                    + " on queue " + s.qn + " (RFC 5040 puts it on queue " + op.queue() + ")");
        }
        if (!op.invalidates() && s.invalidateStag != 0) {
            reporter.report(ViolationCode.RDMAP_RESERVED, f, c, null, null, op.displayName + " from " + from
                    + " carries Invalidate STag " + stag(s.invalidateStag) + " but invalidates nothing");
        }
    }

    /** What {@link DdpStream#untagged} found out of sequence ({@code r}: its result bits). */
    void untaggedGaps(Conn c, int d, long f, DdpSegment s, Opcode op, DdpStream stream, int r) {
        String from = c.endpoint[d];
        String name = op == null ? "segment" : op.displayName;
        if ((r & DdpStream.MSN_GAP) != 0) {
            reporter.report(ViolationCode.DDP_MSN_GAP, f, c, null, null, name + " from " + from + " on queue " + s.qn
                    + " has MSN " + s.msn + " where MSN " + stream.expectedMsn + " was expected");
        }
        if ((r & DdpStream.MO_GAP) != 0) {
            reporter.report(ViolationCode.DDP_MO_GAP, f, c, null, null, name + " from " + from + " (queue " + s.qn
                    + ", MSN " + s.msn + ") has MO " + s.mo + " where the message continues at MO "
                    + stream.expectedOffset);
        }
        if ((r & DdpStream.DROPPED) != 0) {
            DdpMessage dm = stream.dropped;
            reporter.report(ViolationCode.DDP_MO_GAP, f, c, null, null, "message MSN " + dm.msn + " on queue "
                    + dm.qn + " from " + from + " never received its last segment (" + dm.bytes
                    + " octets from MO " + dm.startOffset + "); more than " + DdpStream.MAX_OPEN_PER_QUEUE
                    + " messages were open on the queue");
        }
    }
}

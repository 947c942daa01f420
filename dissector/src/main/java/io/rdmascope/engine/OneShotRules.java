package io.rdmascope.engine;

import static io.rdmascope.engine.Words.hex;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.model.Nic;
import io.rdmascope.model.StagEntry;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;

/**
 * The rules of the one-shot extension: the SV and AB bits and the fields they announce, the
 * initiation that binds a region, and the end of the capture with an initiation still open.
 *
 * <p>An untagged Send or Send with SE with SV and AB is an initiation: it gets the next
 * transaction id ("t1", "t2", ... in order of initiation), owned by its sender (the advertiser),
 * and binds the STag to the region in the sender's NIC, on that connection only. Writes and Read
 * Requests of the peer into the STag, and the Read Responses that answer such Read Requests, are
 * its data ({@link Transaction#dataFrames}, {@link Transaction#bytes}). A Send with (SE and)
 * Invalidate naming the STag, or an untagged Send with SV (AB clear) naming it, sent by the peer on
 * that connection, completes it ({@link StagRules#completion}): the NIC de-associates the STag and
 * frees its buffer. An initiation the NIC refuses (STag still valid: ONESHOT_STAG_IN_USE; pool
 * full: BUFFER_POOL_EXHAUSTED) still gets a transaction id; it ends at once with status
 * {@code violated}, and the STag (if it was not in use) is remembered as invalid, so that later
 * accesses report STAG_INVALIDATED.
 *
 * <p>TRANSACTION_INCOMPLETE is reported at the last frame of the capture (the capture ended there
 * with the initiation still open), naming the transaction; the message gives the initiation frame.
 */
final class OneShotRules {
    private final NicSettings settings;
    private final Ledger ledger;
    private final Reporter reporter;
    private final Decisions decisions;

    OneShotRules(NicSettings settings, Ledger ledger, Reporter reporter, Decisions decisions) {
        this.settings = settings;
        this.ledger = ledger;
        this.reporter = reporter;
        this.decisions = decisions;
    }

    /** The entry's one-shot transaction, when a one-shot initiation advertised it. */
    static Transaction of(StagEntry e) {
        return e != null && e.owner() instanceof Transaction t ? t : null;
    }

    /** A segment the parser found malformed: its one-shot bits, if any, are judged. */
    void malformed(Conn c, int d, long f, DdpSegment s) {
        if (s.ab && !s.sv) {
            abWithoutSv(c, d, f);
        } else if (s.sv || s.ab) {
            tooShort(c, d, f, s, ": " + s.malformed);
        }
    }

    /** Checks the one-shot bits; true when the segment carries well-formed one-shot fields for its opcode. */
    boolean bits(Conn c, int d, long f, DdpSegment s, Opcode op, boolean opOk) {
        if (!s.sv && !s.ab) {
            return false;
        }
        if (s.ab && !s.sv) {
            abWithoutSv(c, d, f);
            return false;
        }
        if (s.optionalStag == null || (s.ab && s.advertised == null)) {
            tooShort(c, d, f, s, "");
            return false;
        }
        if (!opOk || (op != Opcode.SEND && op != Opcode.SEND_WITH_SE)) {
            wrongOpcode(c, d, f, s, op);
            return false;
        }
        if (s.ab && (s.advertised.reserved() != 0 || (s.advertised.access() & ~0x03) != 0)) {
            advertisedReserved(c, d, f, s);
        }
        return true;
    }

    /** An initiation: the advertiser's NIC binds the region, or refuses to. */
    void initiation(Conn c, int d, long f, DdpSegment s) {
        long stag = s.optionalStag;
        DdpSegment.Advertised a = s.advertised;
        int access = a.access() & 0x03;
        String advertiser = c.endpoint[d];
        Nic nic = c.nic(d);
        Transaction t = new Transaction(ledger.nextId(TransactionKind.ONESHOT), c.id, advertiser, stag, a.to(),
                a.length(), access, f, 0);
        ledger.initiated(t);
        decisions.oneShotAdvertised(c, d, f, t);
        Nic.Admission admission = nic.admit(c.id, d, stag, access);
        if (admission == Nic.Admission.OK) {
            nic.bind(c.id, d, advertiser, stag, a.to(), a.length(), access, f, t.id, t);
            ledger.admitted(t);
            decisions.oneShotBound(c, d, f, nic, t);
            return;
        }
        refused(c, d, f, nic, t, admission);
    }

    /** An initiation the NIC refused: the transaction is open only for the violation that names it, then ends. */
    private void refused(Conn c, int d, long f, Nic nic, Transaction t, Nic.Admission admission) {
        long stag = t.stag;
        ledger.admitted(t);
        if (admission == Nic.Admission.IN_USE) {
            StagEntry held = nic.find(stag);
            reporter.report(ViolationCode.ONESHOT_STAG_IN_USE, f, c, stag, t, "initiation " + t.id + " from "
                    + t.advertiser + " advertises STag " + stag(stag) + ", still valid since frame "
                    + held.advertisedFrame()
                    + (held.transaction() != null ? " (" + held.transaction() + " on " + held.connection() + ")" : ""));
            decisions.bindRefusedInUse(c, f, t);
            ledger.end(t);
            return;
        }
        nic.reject(c.id, d, t.advertiser, stag, t.to, t.length, t.access, f, t.id, t);
        reporter.report(ViolationCode.BUFFER_POOL_EXHAUSTED, f, c, stag, t, "initiation " + t.id + " from "
                + t.advertiser + " of STag " + stag(stag) + " for " + Words.access(t.access)
                + " is beyond the buffer pool: " + poolFull(admission));
        decisions.bindRefusedNoBuffer(c, f, t);
        ledger.end(t);
    }

    private String poolFull(Nic.Admission admission) {
        switch (admission) {
            case QP_FULL:
                return "the queue pair already holds " + settings.buffersPerQp() + " regions (buffersPerQp)";
            case WRITE_FULL:
                return "the queue pair already holds " + settings.maxPerOperation()
                       + " regions for remote write (maxPerOperation)";
            case READ_FULL:
                return "the queue pair already holds " + settings.maxPerOperation()
                       + " regions for remote read (maxPerOperation)";
            default:
                return "the NIC's STag table is full";
        }
    }

    /** The capture ended (at {@code lastFrame}) with the open one-shot transaction {@code t}. */
    void incomplete(Conn c, Transaction t, long lastFrame) {
        incomplete(c, t, lastFrame, "the capture ends");
    }

    /**
     * The connection of the open one-shot transaction {@code t} is over (in frame {@code f}) while
     * the capture goes on: it can no longer complete, and ends as at the end of the capture.
     */
    void connectionOver(Conn c, Transaction t, long f) {
        incomplete(c, t, f, "the connection is over");
    }

    private void incomplete(Conn c, Transaction t, long f, String when) {
        reporter.report(ViolationCode.TRANSACTION_INCOMPLETE, f, c, t.stag, t, when + " with "
                + t.id + " (STag " + stag(t.stag) + ", initiated in frame " + t.initiationFrame + ") not completed");
        ledger.ended(t, TransactionStatus.INCOMPLETE);
    }

    // The violations are worded in methods of their own (see MpaRules).

    private void abWithoutSv(Conn c, int d, long f) {
        reporter.report(ViolationCode.ONESHOT_MALFORMED, f, c, null, null, "DDP segment from " + c.endpoint[d]
                + " has AB set without SV");
    }

    /** A segment too short for its one-shot fields; {@code detail} ends the message. */
    private void tooShort(Conn c, int d, long f, DdpSegment s, String detail) {
        reporter.report(ViolationCode.ONESHOT_MALFORMED, f, c, null, null, "DDP segment from " + c.endpoint[d]
                + " is too short for the fields " + (s.ab ? "SV and AB announce" : "SV announces") + detail);
    }

    private void wrongOpcode(Conn c, int d, long f, DdpSegment s, Opcode op) {
        reporter.report(ViolationCode.ONESHOT_MALFORMED, f, c, s.optionalStag, null, (op == null
                ? "a segment with an unknown opcode" : op.displayName) + " from " + c.endpoint[d] + " carries "
                + (s.ab ? "SV and AB" : "SV") + ", which only an untagged Send or Send with SE may carry");
    }

    private void advertisedReserved(Conn c, int d, long f, DdpSegment s) {
        DdpSegment.Advertised a = s.advertised;
        reporter.report(ViolationCode.ONESHOT_MALFORMED, Severity.WARNING, f, c, s.optionalStag, null,
                "advertised buffer from " + c.endpoint[d] + " has " + (a.reserved() != 0 ? "reserved octets "
                + hex(a.reserved()) : "unknown access bits " + hex(a.access() & ~0x03)) + " set", null);
    }
}

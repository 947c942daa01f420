package io.rdmascope.engine;

import static io.rdmascope.engine.Words.range;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.model.Driver;
import io.rdmascope.model.Nic;
import io.rdmascope.model.NicModel;
import io.rdmascope.model.StagEntry;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.MessageNotes;
import java.util.List;

/**
 * The STag rules: every tagged access (an RDMA Write, the source of an RDMA Read Request) judged
 * against the STag table of the NIC it addresses (advertised, still valid, bound to this
 * connection, with the access asked for, within the region), the completions that invalidate an
 * STag (Send with Invalidate, one-shot Send with SV), and the regions a connection still holds when
 * it closes.
 *
 * <p>A violation about one message is reported once per kind ({@link MessageNotes#firstReport}, where
 * the transport's stage keeps notes on its messages);
 * STAG_UNADVERTISED once per STag and connection, for at most
 * {@link Engine#MAX_UNADVERTISED_PER_CONNECTION} STags per connection.
 */
final class StagRules {
    static final int ACCESS_WRITE = 0x01, ACCESS_READ = 0x02;
    // bits of MessageNotes.firstReport
    private static final int R_ACCESS = 1, R_BOUNDS = 2, R_INVALIDATED = 4, R_WRONG = 8, R_UNADVERTISED = 32;

    private final NicSettings settings;
    private final NicModel model;
    private final Connections conns;
    private final Ledger ledger;
    private final Reporter reporter;
    private final Decisions decisions;

    StagRules(NicSettings settings, NicModel model, Connections conns, Ledger ledger, Reporter reporter,
              Decisions decisions) {
        this.settings = settings;
        this.model = model;
        this.conns = conns;
        this.ledger = ledger;
        this.reporter = reporter;
        this.decisions = decisions;
    }

    /** The transaction a violation about this entry names: its one-shot transaction, else the operation. */
    static Transaction named(StagEntry e, Transaction operation) {
        Transaction t = OneShotRules.of(e);
        return t != null ? t : operation;
    }

    // ------------------------------------------------------------------ tagged access

    /**
     * Judges a tagged access from direction d to the peer's STag (RDMA Write, or the source of an
     * RDMA Read Request) needing access bits {@code need}; returns the entry when the access is
     * allowed. {@code m} holds the notes of the message judged packet by packet (null for a message judged
     * once), {@code operation} its transaction.
     */
    StagEntry access(Conn c, int d, long f, MessageNotes m, long stag, long to, long length, int need,
                     String opName, Transaction operation) {
        Nic nic = c.nic(1 - d);
        StagEntry e = nic.find(stag);
        if (e == null) {
            StagEntry elsewhere = advertisedToOnOtherConnection(c, d, stag);
            if (elsewhere != null) {
                if (m == null || m.firstReport(R_WRONG)) {
                    wrongConnection(c, d, f, elsewhere, stag, opName, named(elsewhere, operation));
                }
                if (operation != null) {
                    operation.advertisedFrame = elsewhere.advertisedFrame();
                }
                return null;
            }
            if ((m == null || m.firstReport(R_UNADVERTISED)) && unadvertisedPending(c, stag)) {
                unadvertised(c, f, stag, opName + " from " + c.endpoint[d]);
            }
            return null;
        }
        if (allows(c, d, e, to, length, need)) {
            return e;
        }
        for (StagEntry x = e.earlier(); x != null; x = x.earlier()) {
            if (allows(c, d, x, to, length, need)) {
                return x;
            }
        }
        StagEntry valid = e.newestValid();
        return denied(c, d, f, m, valid != null ? valid : e, stag, to, length, need, opName, operation);
    }

    private boolean allows(Conn c, int d, StagEntry e, long to, long length, int need) {
        return e.valid() && boundHere(c, d, e) && (e.access() & need) != 0 && e.contains(to, length);
    }

    /**
     * Whether an access on connection c from direction d may use the entry: a one-shot region is
     * bound to its connection; a region an upper-layer message advertised belongs to the
     * advertiser's memory registration, which the host it was advertised to may use on any of its
     * connections to the advertiser (perftest, for one, exchanges its STags on a connection of its own).
     */
    private boolean boundHere(Conn c, int d, StagEntry e) {
        if (e.connection().equals(c.id)) {
            return true;
        }
        if (!(e.owner() instanceof UpperLayer.Advert)) {
            return false;
        }
        String[] where = conns.addresses(e.connection());
        return where != null && where[1 - e.direction()].equals(c.address[d])
                && where[e.direction()].equals(c.address[1 - d]);
    }

    /**
     * A valid region of this STag that was advertised to the accessor (direction d's source) on
     * another connection, by a host other than the one it now addresses; or null.
     */
    private StagEntry advertisedToOnOtherConnection(Conn c, int d, long stag) {
        String accessor = c.address[d];
        for (Nic n : model.nics()) {
            StagEntry e = n.find(stag);
            if (e == null || !e.valid() || e.connection().equals(c.id)) {
                continue;
            }
            String[] other = conns.addresses(e.connection());
            if (other != null && other[1 - e.direction()].equals(accessor)) {
                return e;
            }
        }
        return null;
    }

    /** Judges an access to an advertised STag that is not plainly allowed; returns the entry if it still is. */
    private StagEntry denied(Conn c, int d, long f, MessageNotes m, StagEntry e, long stag, long to, long length,
                             int need, String opName, Transaction operation) {
        String what = opName + " from " + c.endpoint[d];
        Transaction t = named(e, operation);
        if (!e.valid()) {
            if (m == null || m.firstReport(R_INVALIDATED)) {
                reporter.report(ViolationCode.STAG_INVALIDATED, f, c, stag, null, what + " names STag " + stag(stag)
                        + ", " + Words.invalidSince(e));
            }
            return null;
        }
        if (!boundHere(c, d, e)) {
            if (m == null || m.firstReport(R_WRONG)) {
                boundElsewhere(c, f, e, stag, what, t);
            }
            return null;
        }
        boolean ok = true;
        if ((e.access() & need) == 0) {
            ok = false;
            if (m == null || m.firstReport(R_ACCESS)) {
                reporter.report(ViolationCode.STAG_ACCESS, f, c, stag, t, what + " needs " + Words.access(need)
                        + " on STag " + stag(stag) + ", advertised in frame " + e.advertisedFrame() + " for "
                        + Words.access(e.access()));
            }
        }
        if (!e.contains(to, length)) {
            ok = false;
            if (m == null || m.firstReport(R_BOUNDS)) {
                reporter.report(ViolationCode.STAG_BOUNDS, f, c, stag, t, opName + " " + range(e.to(), to, length)
                        + " leaves the region advertised in frame " + e.advertisedFrame());
            }
        }
        return ok ? e : null;
    }

    private void wrongConnection(Conn c, int d, long f, StagEntry e, long stag, String opName, Transaction t) {
        reporter.report(ViolationCode.STAG_WRONG_CONNECTION, f, c, stag, t, opName + " from " + c.endpoint[d] + " on "
                + c.id + " names STag " + stag(stag) + ", which " + e.advertiser() + " advertised to it on "
                + e.connection() + " in frame " + e.advertisedFrame());
    }

    private void boundElsewhere(Conn c, long f, StagEntry e, long stag, String what, Transaction t) {
        reporter.report(ViolationCode.STAG_WRONG_CONNECTION, f, c, stag, t, what + " on " + c.id + " names STag "
                + stag(stag) + (e.owner() instanceof UpperLayer.Advert a
                ? ", advertised to another host on " + e.connection() + " (" + a.what + ") in frame "
                : ", bound to " + e.connection() + " by the initiation in frame ") + e.advertisedFrame());
    }

    /** Whether STAG_UNADVERTISED is still to be reported for this STag on this connection. */
    private static boolean unadvertisedPending(Conn c, long stag) {
        return c.unadvertised.get(stag) == null && c.unadvertised.size() < Engine.MAX_UNADVERTISED_PER_CONNECTION;
    }

    private void unadvertised(Conn c, long f, long stag, String what) {
        if (!unadvertisedPending(c, stag)) {
            return;
        }
        c.unadvertised.put(stag, Boolean.TRUE);
        reporter.report(ViolationCode.STAG_UNADVERTISED,
                settings.strict() ? Severity.ERROR : ViolationCode.STAG_UNADVERTISED.severity, f, c, stag, null,
                what + " names STag " + stag(stag) + ", which nothing in the capture advertised (no one-shot"
                + " initiation, no upper-layer message that rdmascope decodes" + (c.snapped
                        ? "; the snapshot length cut messages of the connection, which may have advertised it)"
                        : ")"), null);
    }

    // ------------------------------------------------------------------ invalidation

    /**
     * A completion from direction d naming {@code stag}: a Send with (SE and) Invalidate, or a
     * one-shot Send with SV. The receiver (the advertiser) invalidates the STag if it advertised it
     * to the sender on this connection, which completes its one-shot transaction.
     */
    void completion(Conn c, int d, long f, long stag, CompletionKind kind, Opcode op) {
        int a = 1 - d; // the advertiser receives the completion
        Nic nic = c.nic(a);
        StagEntry e = nic.find(stag);
        decisions.completionReceived(c, d, f, stag, op);
        if (e == null) {
            completionUnknown(c, d, f, stag, kind, op);
            return;
        }
        StagEntry valid = e.newestValid();
        if (valid != null) {
            e = valid;
        }
        Transaction t = OneShotRules.of(e);
        if (!e.valid()) {
            completionInvalid(c, d, f, e, stag, op);
            return;
        }
        if (e.owner() instanceof UpperLayer.Advert advert) {
            remoteInvalidate(c, d, f, nic, e, advert, op);
            return;
        }
        Driver.Compare cmp = nic.driver().compare(c.id, a, stag);
        if (!e.connection().equals(c.id) || e.direction() != a || cmp != Driver.Compare.EQUAL) {
            completionElsewhere(c, d, f, e, stag, op);
            return;
        }
        nic.invalidate(e, f);
        Transaction ending = ledger.isOpen(t) ? t : null;
        decisions.invalidated(c, d, f, nic, stag, ending);
        if (ending != null) {
            ledger.completed(ending, kind, f);
        }
    }

    /**
     * A Send with Invalidate naming a region an upper-layer message advertised (RFC 8167, and the
     * NVMe/RDMA, iSER and SMB Direct targets): the receiver's NIC invalidates it.
     */
    private void remoteInvalidate(Conn c, int d, long f, Nic nic, StagEntry e, UpperLayer.Advert advert, Opcode op) {
        if (!e.connection().equals(c.id) || e.direction() != 1 - d) {
            completionElsewhere(c, d, f, e, e.stag(), op);
            return;
        }
        nic.invalidate(e, f);
        decisions.remoteInvalidated(c, d, f, e, advert, op);
        // the STag names one registration: the regions it was advertised for beside this one go too
        for (StagEntry x = e.earlier(); x != null; x = x.earlier()) {
            nic.invalidate(x, f);
        }
    }

    /** A completion naming an STag that its receiver never advertised. */
    private void completionUnknown(Conn c, int d, long f, long stag, CompletionKind kind, Opcode op) {
        String what = op.displayName + " from " + c.endpoint[d];
        if (kind == CompletionKind.SEND_SV) {
            reporter.report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, null, what + " names STag " + stag(stag)
                    + ", which no open initiation of " + c.endpoint[1 - d] + " advertised");
        } else {
            unadvertised(c, f, stag, what);
        }
    }

    /** A completion naming an STag no longer valid. */
    private void completionInvalid(Conn c, int d, long f, StagEntry e, long stag, Opcode op) {
        reporter.report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, null, op.displayName + " from "
                + c.endpoint[d] + " names STag " + stag(stag) + ", which is no longer valid: " + Words.invalidSince(e));
        decisions.completionNotSent(c, d, f, stag);
    }

    /** A completion naming an STag advertised on another connection, or by the other side. */
    private void completionElsewhere(Conn c, int d, long f, StagEntry e, long stag, Opcode op) {
        reporter.report(ViolationCode.COMPLETION_MISMATCH, f, c, stag, OneShotRules.of(e), op.displayName + " from "
                + c.endpoint[d] + " on " + c.id + " names STag " + stag(stag) + ", advertised by "
                + e.advertiser() + " on " + e.connection() + " in frame " + e.advertisedFrame());
        decisions.completionDifferent(c, d, f);
    }

    // ------------------------------------------------------------------ teardown

    /**
     * Connection c closed ({@code reason}): each NIC deallocates the regions still bound to it,
     * and the one-shot transactions of those regions end aborted.
     */
    void release(Conn c, long f, String reason) {
        for (int a = 0; a < 2; a++) {
            Nic nic = model.find(c.address[a]);
            if (nic == null || (a == 1 && c.address[1].equals(c.address[0]))) {
                continue;
            }
            List<StagEntry> freed = nic.release(c.id, f);
            for (StagEntry e : freed) {
                Transaction t = OneShotRules.of(e);
                reporter.report(ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS, f, c, e.stag(), t, c.id + " closed ("
                        + reason + ") with the region of STag " + stag(e.stag()) + " advertised by " + e.advertiser()
                        + " in frame " + e.advertisedFrame() + " still allocated");
                decisions.deallocated(c, f, e);
                ledger.ended(t, TransactionStatus.ABORTED);
            }
        }
    }
}

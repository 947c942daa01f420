package io.rdmascope.engine;

import static io.rdmascope.engine.Words.hex;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.model.OutstandingReads;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.MessageNotes;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayDeque;

/**
 * The operations of an iWARP connection as transactions (analysis contract, "Transactions of every
 * kind"), judged on the transport-neutral events its DDP stage makes of each segment placed in its
 * message ({@link io.rdmascope.ddp.DdpEvents}): each RDMA Write message and each Send message with
 * all its DDP segments, each RDMA Read Request with every segment of its Read Response, each Atomic
 * Request with its Response. iWARP has no acknowledgement above TCP, so an operation is complete with
 * its last segment (a Read with the response segment that delivers the last of the requested octets
 * or carries the Last flag), where {@link Verbs} waits for the acknowledgement of a RoCE or
 * InfiniBand responder; one still open when its connection closes is aborted, when the capture ends
 * incomplete. The rules every transport shares are reached the same way from both: the STag table
 * ({@link StagRules}) and whole messages ({@link Messages}).
 *
 * <p>Read Responses answer the Read Requests of their connection in order; a response that answers
 * none, or a later one, is RDMAP_READ_RESPONSE_UNSOLICITED. More Read Requests outstanding than the
 * IRD the responder announced in its MPA handshake (RFC 6581), or than
 * {@link Engine#MAX_OUTSTANDING_READS}, is RDMAP_ORD_EXCEEDED. The data an operation moves into or
 * out of a one-shot region, or of a region of an upper-layer call, is accounted to that transaction
 * too.
 */
final class Operations implements OperationRules {
    /** Bound on Atomic Requests awaiting their Response, per direction of a connection. */
    static final int MAX_OUTSTANDING_ATOMICS = 1024;
    /** A bit of {@link MessageNotes#firstReport}, apart from those of {@link StagRules}. */
    private static final int R_UNSOLICITED = 16;

    private final Ledger ledger;
    private final Reporter reporter;
    private final Decisions decisions;
    private final StagRules stags;
    private final Messages messages;

    Operations(Ledger ledger, Reporter reporter, Decisions decisions, StagRules stags, Messages messages) {
        this.ledger = ledger;
        this.reporter = reporter;
        this.decisions = decisions;
        this.stags = stags;
        this.messages = messages;
    }

    @Override
    public void event(Conn c, RdmaEvent e) {
        switch (e.kind) {
            case SEND -> send(c, e);
            case WRITE -> {
                Transaction t = message(c, e);
                write(c, e, t);
                if (e.last) {
                    messages.writeDelivered(c, e, t, t.stag, t.to);
                }
            }
            case READ_REQUEST -> {
                if (e.first) {
                    readRequest(c, e);
                }
            }
            case READ_RESPONSE -> readResponse(c, e);
            case ATOMIC_REQUEST -> {
                if (e.first) {
                    atomicRequest(c, e);
                }
            }
            case ATOMIC_RESPONSE -> {
                if (e.first) {
                    atomicResponse(c, e);
                }
            }
            default -> { }
        }
    }

    // ------------------------------------------------------------------ writes and sends

    /**
     * A segment of a Send: accounted to its message's transaction, placed in a receive buffer; the
     * whole message, with its last segment, to the rules every transport shares.
     */
    private void send(Conn c, RdmaEvent e) {
        Transaction t = message(c, e);
        if (e.last) {
            messages.sendDelivered(c, e, t);
        }
        if (!e.invalidates) {
            decisions.sendPlaced(c, e.direction, e.frame, e);
        }
    }

    /**
     * Accounts a segment of an RDMA Write or Send to its message's transaction, beginning the
     * transaction with the message's first segment; returns it, or null for other operations.
     */
    Transaction message(Conn c, RdmaEvent e) {
        TransactionKind kind = e.kind == RdmaEvent.Kind.WRITE ? TransactionKind.WRITE
                : e.kind == RdmaEvent.Kind.SEND ? TransactionKind.SEND : null;
        if (kind == null) {
            return null;
        }
        int d = e.direction;
        long f = e.frame;
        MessageNotes m = e.notes;
        Transaction t = m != null && m.attachment() instanceof Transaction a && !e.first ? a : null;
        if (t == null) {
            t = kind == TransactionKind.WRITE
                    ? ledger.begin(c, d, f, kind, e.key, e.address, 0, StagRules.ACCESS_WRITE)
                    : ledger.begin(c, d, f, kind, 0, 0, 0, 0);
            if (kind == TransactionKind.SEND) {
                t.opcode = e.opcode;
                t.qn = e.queue;
                t.msn = e.message;
                t.invalidateStag = e.invalidates ? Long.valueOf(e.invalidateKey) : null;
            }
            if (m != null) {
                m.attach(t);
            }
        } else {
            t.addDataFrame(f);
        }
        t.bytes += e.bytes;
        if (e.last) {
            ledger.completed(t, f);
        }
        return t;
    }

    /** A segment of an RDMA Write (of transaction {@code operation}): judged against the peer's STag table, its data accounted. */
    private void write(Conn c, RdmaEvent e, Transaction operation) {
        int d = e.direction;
        long f = e.frame;
        decisions.writeSent(c, d, f, e);
        if (e.first) {
            messages.link(c, d, operation, e.key, e.address, e.bytes);
        }
        StagEntry x = stags.access(c, d, f, e.notes, e.key, e.address, e.bytes, StagRules.ACCESS_WRITE, e.operation,
                operation);
        ledger.partOfCall(operation, f, e.bytes);
        if (x == null) {
            return;
        }
        Transaction t = OneShotRules.of(x);
        if (t != null && ledger.isOpen(t)) {
            t.bytes += e.bytes;
            t.addDataFrame(f);
        }
        decisions.writePlaced(c, d, f, e);
    }

    /** The MPA ready-to-receive message: an operation of its own, not judged against the STag table. */
    void readyToReceive(Conn c, RdmaEvent e) {
        Transaction t = e.kind == RdmaEvent.Kind.READ_REQUEST ? readyToReceiveRead(c, e) : message(c, e);
        if (t != null) {
            t.note = RdmapRules.READY_TO_RECEIVE;
        }
        decisions.readyToReceive(c, e.direction, e.frame, e);
    }

    // ------------------------------------------------------------------ reads

    /**
     * Begins the transaction of an RDMA Read Request (its source: {@link RdmaEvent#key},
     * {@link RdmaEvent#address}, {@link RdmaEvent#length}; its sink: {@link RdmaEvent#sinkKey},
     * {@link RdmaEvent#sinkAddress}); its responses are added by {@link #response}.
     */
    private Transaction beginRead(Conn c, RdmaEvent e) {
        Transaction t = ledger.begin(c, e.direction, e.frame, TransactionKind.READ, e.key, e.address, e.length,
                StagRules.ACCESS_READ);
        t.opcode = Opcode.RDMA_READ_REQUEST.code;
        t.sinkStag = e.sinkKey;
        t.sinkTo = e.sinkAddress;
        return t;
    }

    /** A zero-length Read Request that is the ready-to-receive message: queued for its response only. */
    private Transaction readyToReceiveRead(Conn c, RdmaEvent e) {
        Transaction operation = beginRead(c, e);
        OutstandingReads.Read read = new OutstandingReads.Read(e.sinkKey, e.sinkAddress, e.length, e.key, e.address,
                e.frame, null);
        read.operation = operation;
        c.reads[e.direction].add(read);
        return operation;
    }

    /** An RDMA Read Request: its transaction, judged against the peer's STag table, and queued for its responses. */
    private void readRequest(Conn c, RdmaEvent e) {
        int d = e.direction;
        long f = e.frame;
        Transaction operation = beginRead(c, e);
        messages.link(c, d, operation, e.key, e.address, e.length);
        ledger.partOfCall(operation, f, 0);
        decisions.readRequested(c, d, f, e);
        StagEntry x = stags.access(c, d, f, null, e.key, e.address, e.length, StagRules.ACCESS_READ,
                "RDMA Read Request", operation);
        Transaction t = null;
        if (x != null) {
            t = OneShotRules.of(x);
            if (t != null && ledger.isOpen(t)) {
                t.addDataFrame(f);
            } else {
                t = null;
            }
            decisions.readServed(c, d, f, e);
        }
        OutstandingReads.Read read = new OutstandingReads.Read(e.sinkKey, e.sinkAddress, e.length, e.key, e.address,
                f, t);
        read.operation = operation;
        outstanding(c, d, f, read, t != null ? t : operation);
    }

    /**
     * An RDMA Read Request whose body the capture's snapshot length cut: its transaction, queued for
     * its responses, the first of which gives the sink it places into; its source and size are unknown.
     */
    void blindReadRequest(Conn c, int d, long f) {
        Transaction operation = ledger.begin(c, d, f, TransactionKind.READ, 0, 0, 0, StagRules.ACCESS_READ);
        operation.opcode = Opcode.RDMA_READ_REQUEST.code;
        OutstandingReads.Read read = new OutstandingReads.Read(0, 0, -1, 0, 0, f, null);
        read.blind = true;
        read.operation = operation;
        outstanding(c, d, f, read, operation);
    }

    /** Queues a Read Request for its responses; judges the number outstanding against the responder's IRD. */
    private void outstanding(Conn c, int d, long f, OutstandingReads.Read read, Transaction named) {
        OutstandingReads q = c.reads[d];
        OutstandingReads.Read dropped = q.add(read);
        if (dropped != null && dropped.operation instanceof Transaction lost) {
            ledger.ended(lost, TransactionStatus.INCOMPLETE);
        }
        Integer ird = peerIrd(c, d);
        if (dropped != null) {
            reporter.report(ViolationCode.RDMAP_ORD_EXCEEDED, f, c, null, null, "RDMA Read Request from "
                    + c.endpoint[d] + ": more than " + Engine.MAX_OUTSTANDING_READS + " Read Requests outstanding,"
                    + " more than any IRD; the oldest, of frame " + dropped.frame + ", is forgotten");
        } else if (ird != null && q.size() > ird) {
            reporter.report(ViolationCode.RDMAP_ORD_EXCEEDED, f, c, null, named, "RDMA Read Request from "
                    + c.endpoint[d] + " makes " + q.size() + " Read Requests outstanding; " + c.endpoint[1 - d]
                    + (d == 1 && !ird.equals(known(c.mpa.initiatorIrd))
                            ? " accepted the ORD of " + ird + " of the MPA Reply"
                            : " announced an IRD of " + ird + " in its MPA " + (d == 0 ? "Reply" : "Request")));
        }
    }

    /** Whether the capture began after the connection did: neither its SYN nor its MPA handshake is in it. */
    private static boolean begunBeforeCapture(Conn c) {
        TcpConnection tcp = c.mpa.tcp();
        return c.mpa.assumed && (tcp == null || !tcp.synSeen());
    }

    /**
     * The Read Requests the peer of the requester of direction d agreed to hold (RFC 6581), or null.
     * The responder's IRD is final in its Reply. The initiator's is its Request's, unless the
     * Reply asked for a larger ORD and the initiator went on: it accepted it (Linux siw's relaxed
     * IRD negotiation raises its IRD to the Reply's ORD), so the larger of the two is the limit.
     */
    private static Integer peerIrd(Conn c, int d) {
        MpaConnection m = c.mpa;
        if (m.revision != 2) {
            return null;
        }
        if (d == Direction.FROM_INITIATOR.ordinal()) {
            return known(m.responderIrd);
        }
        Integer ird = known(m.initiatorIrd);
        Integer ord = known(m.responderOrd);
        return ird == null ? null : ord == null ? ird : Integer.valueOf(Math.max(ird, ord));
    }

    private static Integer known(Integer value) {
        return value == null || value >= Words.IRD_NONE ? null : value;
    }

    /**
     * A segment of an RDMA Read Response, placing into the sink {@link RdmaEvent#key} at
     * {@link RdmaEvent#address} of the requester of its direction: it answers the requester's oldest
     * Read Request.
     */
    private void readResponse(Conn c, RdmaEvent e) {
        int d = 1 - e.direction;
        long f = e.frame;
        OutstandingReads q = c.reads[e.direction];
        OutstandingReads.Read r = q.head();
        if (r != null && r.blind && r.answered == 0) {
            r.sinkStag = e.key;
            r.sinkTo = e.address;
            if (r.operation instanceof Transaction t) {
                t.sinkStag = e.key;
                t.sinkTo = e.address;
            }
        }
        if (r == null || r.sinkStag != e.key || r.nextTo() != e.address) {
            r = outOfOrder(c, d, f, e, q, r);
            if (r == null) {
                return;
            }
        }
        r.answered += e.bytes;
        Transaction t = (Transaction) r.owner;
        if (t != null && ledger.isOpen(t)) {
            t.bytes += e.bytes;
            t.addDataFrame(f);
            decisions.readReturned(c, d, f, e, t);
        }
        decisions.readPlaced(c, d, f, e);
        boolean done = e.last || Long.compareUnsigned(r.answered, r.readSize) >= 0;
        if (r.operation instanceof Transaction op) {
            ledger.partOfCall(op, f, e.bytes);
            response(op, f, e.bytes, done);
        }
        if (done) {
            q.removeHead();
        }
    }

    /**
     * A Read Response (from direction d) that does not continue the oldest outstanding Read Request
     * {@code head}: returns the later request it answers (those before it are given up), or null
     * when it answers none.
     */
    private OutstandingReads.Read outOfOrder(Conn c, int d, long f, RdmaEvent e, OutstandingReads q,
                                             OutstandingReads.Read head) {
        String what = "RDMA Read Response from " + c.endpoint[d];
        OutstandingReads.Read later = q.findLater(e.key, e.address);
        if (later == null && head == null && !q.everAdded() && begunBeforeCapture(c)) {
            // the capture began on a connection already up: this answers a request sent before it
            return null;
        }
        if (later == null && head == null && c.snapped) {
            // the request may lie in octets the snapshot length cut
            return null;
        }
        if (later == null) {
            if (e.notes == null || e.notes.firstReport(R_UNSOLICITED)) {
                reporter.report(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, f, c, e.key, null, what + " to STag "
                        + stag(e.key) + " at TO " + hex(e.address) + " answers no outstanding Read Request"
                        + (head == null ? " (none is outstanding)" : " (the next one expected: STag "
                        + stag(head.sinkStag) + " at TO " + hex(head.nextTo()) + ", frame " + head.frame + ")"));
            }
            return null;
        }
        Transaction named = later.owner != null ? (Transaction) later.owner : (Transaction) later.operation;
        reporter.report(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, f, c, e.key, named, what
                + " answers the Read Request of frame " + later.frame + " while the one of frame " + head.frame
                + " is still outstanding (responses complete requests in order)");
        while (q.head() != later) {
            OutstandingReads.Read skipped = q.removeHead();
            if (skipped.operation instanceof Transaction lost) {
                ledger.ended(lost, TransactionStatus.INCOMPLETE);
            }
        }
        return later;
    }

    /** A Read Response segment of {@code bytes} answering the read of {@code t}; {@code done} when it answers the last octets. */
    private void response(Transaction t, long f, int bytes, boolean done) {
        if (t == null || !ledger.isOpen(t)) {
            return;
        }
        t.bytes += bytes;
        t.addDataFrame(f);
        if (done) {
            ledger.completed(t, f);
        }
    }

    // ------------------------------------------------------------------ atomics

    /**
     * An Atomic Operation Request (RFC 7306 section 6.1): begins its transaction, to be paired in
     * order, its remote STag judged against the peer's table.
     */
    private void atomicRequest(Conn c, RdmaEvent e) {
        int d = e.direction;
        long f = e.frame;
        Transaction t = ledger.begin(c, d, f, TransactionKind.ATOMIC, e.key, e.address, 8,
                StagRules.ACCESS_READ | StagRules.ACCESS_WRITE);
        t.opcode = e.opcode;
        // the eight octets at the remote address are read and written: judged as RoCE's atomics are
        stags.access(c, d, f, null, e.key, e.address, 8, StagRules.ACCESS_READ | StagRules.ACCESS_WRITE, "Atomic", t);
        ArrayDeque<Transaction> q = c.atomics[d];
        if (q.size() >= MAX_OUTSTANDING_ATOMICS) {
            Transaction old = q.pollFirst();
            ledger.ended(old, TransactionStatus.INCOMPLETE);
        }
        q.addLast(t);
    }

    /** An Atomic Response (RFC 7306 section 6.2) to the requester of its direction: completes its oldest request. */
    private void atomicResponse(Conn c, RdmaEvent e) {
        long f = e.frame;
        Transaction t = c.atomics[e.direction].pollFirst();
        if (t == null || !ledger.isOpen(t)) {
            return;
        }
        t.bytes += 8;
        t.addDataFrame(f);
        ledger.completed(t, f);
    }

    // ------------------------------------------------------------------ ends

    /** A message the DDP stage dropped unfinished: its transaction ends incomplete. */
    void dropped(MessageNotes m, long f) {
        if (m != null && m.attachment() instanceof Transaction t && ledger.isOpen(t)) {
            ledger.ended(t, TransactionStatus.INCOMPLETE);
        }
    }

    @Override
    public void closed(Conn c) {
        c.reads[0].clear();
        c.reads[1].clear();
        c.atomics[0].clear();
        c.atomics[1].clear();
    }
}

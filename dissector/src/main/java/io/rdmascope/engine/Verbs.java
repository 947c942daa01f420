package io.rdmascope.engine;

import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.tcp.Direction;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The RDMA operations of a transport-neutral connection as transactions, judged against the same
 * NIC/driver model as iWARP's: each Send and RDMA Write message, each RDMA Read with every packet
 * of its response, each atomic with its response. A Send or Write ends with the acknowledgement
 * that covers it (its latency is first packet to acknowledgement), or with its last packet on an
 * unreliable service ({@link io.rdmascope.rdma.RdmaConnection#reliable()}), a Read with its
 * response's last packet, an atomic with its response. Every remote key named is judged against
 * the peer's STag table ({@link StagRules}); the whole Sends and Writes go to the rules every
 * transport shares ({@link Messages}: the keys the upper-layer protocols advertise are learned, a
 * Send with Invalidate invalidates its key). Retransmissions are the transport at work, not
 * violations: they are counted on their transaction's connection by the transport's stage. NAKs,
 * losses the capture itself made and findings of the transport's stage about its wire are reported
 * with their codes.
 */
final class Verbs implements OperationRules {
    /** Bound on the transactions of one direction awaiting their acknowledgement or response. */
    static final int MAX_OPEN = 1 << 14;

    private final Ledger ledger;
    private final Reporter reporter;
    private final StagRules stags;
    private final Messages messages;
    private final Decisions decisions;

    Verbs(Ledger ledger, Reporter reporter, StagRules stags, Messages messages, Decisions decisions) {
        this.ledger = ledger;
        this.reporter = reporter;
        this.stags = stags;
        this.messages = messages;
        this.decisions = decisions;
    }

    /** What the engine keeps of one direction's operations on a transport-neutral connection. */
    static final class Side {
        /** Transactions begun and not yet ended, in order of their message number. */
        final ArrayDeque<Open> open = new ArrayDeque<>();
    }

    private static final class Open {
        final long message;
        final Transaction t;

        Open(long message, Transaction t) {
            this.message = message;
            this.t = t;
        }
    }

    @Override
    public void event(Conn c, RdmaEvent e) {
        int d = e.direction;
        long f = e.frame;
        switch (e.kind) {
            case SEND -> send(c, d, f, e);
            case WRITE -> write(c, d, f, e);
            case READ_REQUEST -> readRequest(c, d, f, e);
            case READ_RESPONSE -> response(c, f, e);
            case ATOMIC_REQUEST -> atomic(c, d, f, e);
            case ATOMIC_RESPONSE -> response(c, f, e);
            case ACK -> acknowledged(c, d, f, e.message);
            case NAK -> nak(c, d, f, e);
            case RETRANSMISSION -> retransmission(c, d, f, e);
            case DUPLICATE -> decisions.duplicated(c, 1 - d, f, e);
            case LOSS -> reporter.report(ViolationCode.IB_CAPTURE_LOSS, f, c, null, null, e.text);
            case WIRE -> wire(c, d, f, e);
            case CLOSE -> { }
        }
    }

    private Side state(Conn c, int d) {
        if (c.verbs[d] == null) {
            c.verbs[d] = new Side();
        }
        return c.verbs[d];
    }

    private Transaction find(Conn c, int d, long message) {
        for (Open o : state(c, d).open) {
            if (o.message == message) {
                return o.t;
            }
        }
        return null;
    }

    private Transaction begin(Conn c, int d, long f, long message, TransactionKind kind, long key, long address,
                              long length, int access) {
        Transaction t = ledger.begin(c, d, f, kind, key, address, length, access);
        ArrayDeque<Open> q = state(c, d).open;
        if (q.size() >= MAX_OPEN) {
            ledger.ended(q.pollFirst().t, TransactionStatus.INCOMPLETE);
        }
        q.addLast(new Open(message, t));
        return t;
    }

    private void send(Conn c, int d, long f, RdmaEvent e) {
        Transaction t = e.first ? begin(c, d, f, e.message, TransactionKind.SEND, 0, 0, 0, 0) : find(c, d, e.message);
        if (t == null) {
            return;
        }
        if (e.first) {
            t.opcode = e.opcode;
            t.opcodeName = e.operation;
            t.qn = e.queue;
            t.msn = e.message;
        } else {
            t.addDataFrame(f);
        }
        t.bytes += e.bytes;
        decisions.sendReceived(c, d, f, e);
        if (e.last) {
            if (e.invalidates) {
                t.invalidateStag = e.invalidateKey;
            }
            messages.sendDelivered(c, e, t);
            sent(c, d, f, t);
        }
    }

    /** The last packet of a Send or Write of an unreliable service is its end: nothing will answer it. */
    private void sent(Conn c, int d, long f, Transaction t) {
        if (!c.link.reliable() && ledger.isOpen(t)) {
            remove(c, d, t);
            ledger.completed(t, f);
        }
    }

    private void write(Conn c, int d, long f, RdmaEvent e) {
        Transaction t;
        if (e.first) {
            t = begin(c, d, f, e.message, TransactionKind.WRITE, e.key, e.address, e.length, StagRules.ACCESS_WRITE);
            t.opcode = e.opcode;
            if (e.length > 0) {
                // a zero-length RDMA Write touches no memory: its R_Key is not checked (IBA volume 1 chapter 9)
                messages.link(c, d, t, e.key, e.address, e.length);
                stags.access(c, d, f, null, e.key, e.address, e.length, StagRules.ACCESS_WRITE, "RDMA Write", t);
            }
        } else {
            t = find(c, d, e.message);
            if (t == null) {
                return;
            }
            t.addDataFrame(f);
        }
        t.bytes += e.bytes;
        ledger.partOfCall(t, f, e.bytes);
        decisions.writeReceived(c, d, f, e, t.stag);
        if (e.last) {
            messages.writeDelivered(c, e, t, t.stag, t.to);
            sent(c, d, f, t);
        }
    }

    private void readRequest(Conn c, int d, long f, RdmaEvent e) {
        Transaction t = begin(c, d, f, e.message, TransactionKind.READ, e.key, e.address, e.length,
                StagRules.ACCESS_READ);
        t.opcode = e.opcode;
        if (e.length > 0) {
            // a zero-length RDMA Read touches no memory: its R_Key is not checked (IBA volume 1 chapter 9)
            messages.link(c, d, t, e.key, e.address, e.length);
            stags.access(c, d, f, null, e.key, e.address, e.length, StagRules.ACCESS_READ, "RDMA Read Request", t);
        }
        decisions.readAsked(c, d, f, e);
        ledger.partOfCall(t, f, 0);
        depth(c, d, f, t);
    }

    /** More Reads and atomics outstanding than the responder said it holds (its responder resources). */
    private void depth(Conn c, int d, long f, Transaction t) {
        Integer limit = c.link.readDepth(Direction.values()[d]);
        if (limit == null || limit <= 0) {
            return;
        }
        int outstanding = 0;
        for (Open o : state(c, d).open) {
            if (o.t.kind == TransactionKind.READ || o.t.kind == TransactionKind.ATOMIC) {
                outstanding++;
            }
        }
        if (outstanding > limit) {
            reporter.report(ViolationCode.RDMAP_ORD_EXCEEDED, f, c, null, t, "RDMA Read Request from " + c.endpoint[d]
                    + " makes " + outstanding + " Reads and atomics outstanding; " + c.endpoint[1 - d]
                    + " offered responder resources of " + limit + " in its CM message");
        }
    }

    private void atomic(Conn c, int d, long f, RdmaEvent e) {
        Transaction t = begin(c, d, f, e.message, TransactionKind.ATOMIC, e.key, e.address, 8,
                StagRules.ACCESS_READ | StagRules.ACCESS_WRITE);
        t.opcode = e.opcode;
        stags.access(c, d, f, null, e.key, e.address, 8, StagRules.ACCESS_READ | StagRules.ACCESS_WRITE, "Atomic", t);
        depth(c, d, f, t);
    }

    /** A packet of a Read Response or an atomic's response; its direction names the requester's. */
    private void response(Conn c, long f, RdmaEvent e) {
        int d = e.direction;
        Transaction t = e.message < 0 ? null : find(c, d, e.message);
        if (t == null) {
            if (e.first && e.message < 0 && !c.link.assumed()) {
                reporter.report(ViolationCode.RDMAP_READ_RESPONSE_UNSOLICITED, f, c, null, null,
                        "RDMA Read Response to " + c.endpoint[d] + " answers no outstanding Read Request");
            }
            return;
        }
        t.bytes += e.bytes;
        t.addDataFrame(f);
        ledger.partOfCall(t, f, e.bytes);
        decisions.responseReturned(c, d, f, e, t);
        if (e.last) {
            remove(c, d, t);
            ledger.completed(t, f);
        }
    }

    private void remove(Conn c, int d, Transaction t) {
        for (Iterator<Open> it = state(c, d).open.iterator(); it.hasNext(); ) {
            if (it.next().t == t) {
                it.remove();
                return;
            }
        }
    }

    /** The responder acknowledged direction d's messages up to {@code message}: their Sends and Writes are complete. */
    private void acknowledged(Conn c, int d, long f, long message) {
        for (Iterator<Open> it = state(c, d).open.iterator(); it.hasNext(); ) {
            Open o = it.next();
            if (o.message > message) {
                break;
            }
            if (o.t.kind == TransactionKind.SEND || o.t.kind == TransactionKind.WRITE) {
                it.remove();
                if (ledger.isOpen(o.t)) {
                    ledger.completed(o.t, f);
                    decisions.acknowledged(c, d, f, o.t);
                }
            }
        }
    }

    private void nak(Conn c, int d, long f, RdmaEvent e) {
        Transaction t = e.message < 0 ? null : find(c, d, e.message);
        ViolationCode code = e.code == 0 ? ViolationCode.IB_NAK_SEQUENCE
                : (e.code & 0x20) != 0 ? ViolationCode.IB_NAK_RNR : ViolationCode.IB_NAK_ERROR;
        reporter.report(code, f, c, null, code == ViolationCode.IB_NAK_ERROR ? t : null,
                e.text + " (from " + c.endpoint[1 - d] + (t == null ? "" : ", answering " + t.id) + ")");
    }

    private void retransmission(Conn c, int d, long f, RdmaEvent e) {
        Transaction t = e.message < 0 ? null : find(c, d, e.message);
        if (t != null) {
            t.addDataFrame(f);
            t.retransmissions++;
        }
        decisions.resent(c, d, f, e);
    }

    private void wire(Conn c, int d, long f, RdmaEvent e) {
        ViolationCode code = e.finding == null ? ViolationCode.IB_MALFORMED : switch (e.finding) {
            case CHECKSUM -> ViolationCode.IB_ICRC_MISMATCH;
            case LENGTH -> ViolationCode.IB_PACKET_LENGTH;
            case SEQUENCE -> ViolationCode.IB_OPCODE_SEQUENCE;
            case REJECTED -> ViolationCode.IB_CM_REJECT;
            case MALFORMED -> ViolationCode.IB_MALFORMED;
        };
        reporter.report(code, f, c, null, null, e.text);
    }

    /** The connection closed: what is still open on it is aborted by the engine's close. */
    @Override
    public void closed(Conn c) {
        c.verbs[0] = null;
        c.verbs[1] = null;
    }
}

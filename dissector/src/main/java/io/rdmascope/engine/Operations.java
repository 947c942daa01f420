package io.rdmascope.engine;

import io.rdmascope.ddp.DdpMessage;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import java.util.ArrayDeque;

/**
 * The RDMAP operations of a capture as transactions (analysis contract, "Transactions of every
 * kind"): each RDMA Write message and each Send message with all its DDP segments, each RDMA Read
 * Request with every segment of its Read Response, each Atomic Request with its Response. An
 * operation is complete with its last segment (a Read with the response segment that delivers the
 * last of the requested octets or carries the Last flag); one still open when its connection closes
 * is aborted, when the capture ends incomplete.
 */
final class Operations {
    /** Bound on Atomic Requests awaiting their Response, per direction of a connection. */
    static final int MAX_OUTSTANDING_ATOMICS = 1024;

    private final Engine engine;

    Operations(Engine engine) {
        this.engine = engine;
    }

    /**
     * Accounts a segment of an RDMA Write or Send to its message's transaction, beginning the
     * transaction with the message's first segment; returns it, or null for other opcodes.
     */
    Transaction segment(Engine.Conn c, int d, long f, DdpSegment s, DdpMessage m, Opcode op, boolean first) {
        TransactionKind kind = op == Opcode.RDMA_WRITE ? TransactionKind.WRITE
                : op.isSend() ? TransactionKind.SEND : null;
        if (kind == null) {
            return null;
        }
        Transaction t = m != null && m.attachment instanceof Transaction a && !first ? a : null;
        if (t == null) {
            t = kind == TransactionKind.WRITE ? begin(c, d, f, kind, s.stag, s.to, 0, Engine.ACCESS_WRITE)
                    : begin(c, d, f, kind, 0, 0, 0, 0);
            if (kind == TransactionKind.SEND) {
                t.opcode = op.code;
                t.qn = s.qn;
                t.msn = s.msn;
                t.invalidateStag = op.invalidates() ? s.invalidateStag : null;
            }
            if (m != null) {
                m.attachment = t;
            }
        } else {
            t.addDataFrame(f);
        }
        t.bytes += s.payloadLength;
        if (s.last) {
            engine.completed(t, f);
        }
        return t;
    }

    /** Begins the transaction of an RDMA Read Request; its responses are added by {@link #response}. */
    Transaction readRequest(Engine.Conn c, int d, long f, DdpSegment.ReadRequest rr) {
        Transaction t = begin(c, d, f, TransactionKind.READ, rr.sourceStag(), rr.sourceTo(), rr.readSize(),
                Engine.ACCESS_READ);
        t.opcode = Opcode.RDMA_READ_REQUEST.code;
        t.sinkStag = rr.sinkStag();
        t.sinkTo = rr.sinkTo();
        return t;
    }

    /** A Read Response segment answering the read of {@code t}; {@code done} when it answers the last octets. */
    void response(Transaction t, long f, DdpSegment s, boolean done) {
        if (t == null || !engine.isOpen(t)) {
            return;
        }
        t.bytes += s.payloadLength;
        t.addDataFrame(f);
        if (done) {
            engine.completed(t, f);
        }
    }

    /** An Atomic Operation Request (RFC 7306 section 6.1): begins its transaction, to be paired in order. */
    void atomicRequest(Engine.Conn c, int d, long f, DdpSegment.AtomicRequest a) {
        Transaction t = begin(c, d, f, TransactionKind.ATOMIC, a.remoteStag(), a.remoteTo(), 8,
                Engine.ACCESS_READ | Engine.ACCESS_WRITE);
        t.opcode = a.atomicOpcode();
        ArrayDeque<Transaction> q = c.atomics[d];
        if (q.size() >= MAX_OUTSTANDING_ATOMICS) {
            Transaction old = q.pollFirst();
            engine.ended(old, TransactionStatus.INCOMPLETE);
        }
        q.addLast(t);
    }

    /** An Atomic Response (RFC 7306 section 6.2) from direction d: completes the peer's oldest request. */
    void atomicResponse(Engine.Conn c, int d, long f, DdpSegment s) {
        Transaction t = c.atomics[1 - d].pollFirst();
        if (t == null || !engine.isOpen(t)) {
            return;
        }
        t.bytes += 8;
        t.addDataFrame(f);
        engine.completed(t, f);
    }

    /** A message the DDP stage dropped unfinished: its transaction ends incomplete. */
    void dropped(DdpMessage m, long f) {
        if (m != null && m.attachment instanceof Transaction t && engine.isOpen(t)) {
            engine.ended(t, TransactionStatus.INCOMPLETE);
        }
    }

    private Transaction begin(Engine.Conn c, int d, long f, TransactionKind kind, long stag, long to, long length,
                              int access) {
        Transaction t = new Transaction(engine.nextId(kind), kind, c.id, c.endpoint[d], stag, to, length, access, f, 0);
        engine.opened(t);
        return t;
    }
}

package io.rdmascope.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The transactions of a capture from beginning to end: their ids, which are open, their capture
 * times, and their delivery to the {@link EngineListener} once ended.
 *
 * <h2>Times</h2>
 * Each event the engine judges carries the capture time of its frame ({@link #event}): a
 * transaction begun or completed by the event gets that time, whenever the event comes (the MPA
 * stage may deliver the events of a stream it held back after later frames are done).
 *
 * <h2>Status of a transaction</h2>
 * {@code complete} when completed without any violation naming it; {@code violated} as soon as a
 * violation names it while it is open ({@link Reporter}), whatever its end; otherwise
 * {@code aborted} when its connection closed first (FIN, RST or Terminate) and {@code incomplete}
 * when the capture ended first. A transaction is handed to the listener when it ends, after the
 * frame that ended it (so that what the rest of that frame adds to it is in), and at the end of
 * the capture for those still open, in order of beginning.
 */
final class Ledger {
    private final EngineListener listener;
    /**
     * Transactions begun, in order of beginning, each at its {@link Transaction#openSlot}; an
     * ended one leaves a null behind until the list is compacted (a transaction is thus opened,
     * looked up and ended without a hash or a node of its own, and whatever its number).
     */
    private final ArrayList<Transaction> open = new ArrayList<>();
    /** Nulls in {@link #open}. */
    private int holes;
    private final ArrayList<Transaction> ended = new ArrayList<>();
    private final int[] idCounts = new int[TransactionKind.values().length];
    private long lastFrame;
    /** The capture time of the frame of the event being judged. */
    private long eventTime;

    Ledger(EngineListener listener) {
        this.listener = listener;
    }

    /** An event of a frame captured at {@code timeNanos} is being judged. */
    void event(long timeNanos) {
        eventTime = timeNanos;
    }

    /** The next id of a kind: "t1", "r1", "w1", ... in order of beginning. */
    String nextId(TransactionKind kind) {
        int n = ++idCounts[kind.ordinal()];
        if (created != null) {
            long[] c = created[kind.ordinal()];
            if (c.length < n) {
                c = java.util.Arrays.copyOf(c, Math.max(16, c.length * 2));
                created[kind.ordinal()] = c;
            }
            c[n - 1] = eventFrame;
        }
        return kind.idPrefix + n;
    }

    /** The frame of the event being judged ({@link Long#MAX_VALUE} once the capture ended). */
    private long eventFrame;
    /** Per kind, the {@link #eventFrame} at which each id was given, when asked to keep them. */
    private long[][] created;

    /** The event being judged is of frame {@code frame}. */
    void at(long frame) {
        eventFrame = frame;
    }

    /** Keeps, from now on, the frame at which each id is given ({@link #creationFrames}). */
    void keepCreationFrames() {
        if (created == null) {
            created = new long[TransactionKind.values().length][0];
        }
    }

    /** The frames of the events that gave the ids of a kind, by number (index 0 for "w1"). */
    long[] creationFrames(TransactionKind kind) {
        return created == null ? new long[0]
                : java.util.Arrays.copyOf(created[kind.ordinal()], idCounts[kind.ordinal()]);
    }

    /**
     * A transaction began with the event being judged: open until it completes, its connection
     * closes or the capture ends; its initiation time is the event's.
     */
    void opened(Transaction t) {
        opened(t, eventTime);
    }

    /** A transaction began in an earlier event, captured at {@code initiationTimeNanos}. */
    void opened(Transaction t, long initiationTimeNanos) {
        t.initiationTimeNanos = initiationTimeNanos;
        open(t);
    }

    /** A transaction initiated by the event being judged, to be opened apart ({@link #admitted}). */
    void initiated(Transaction t) {
        t.initiationTimeNanos = eventTime;
    }

    /** An initiated transaction is open. */
    void admitted(Transaction t) {
        open(t);
    }

    /**
     * Begins and opens the transaction of an RDMA operation that endpoint {@code d} of {@code c}
     * starts in frame f, naming the region of {@code key} from {@code address}: the same for every
     * transport.
     */
    Transaction begin(Conn c, int d, long f, TransactionKind kind, long key, long address, long length, int access) {
        Transaction t = new Transaction(nextId(kind), kind, c.id, c.endpoint[d], key, address, length, access, f, 0);
        opened(t);
        return t;
    }

    /**
     * Frame f of operation {@code t} moved {@code bytes} octets (0 for a request that moves none):
     * they count for the upper-layer call the operation is part of too, while that call is open.
     */
    void partOfCall(Transaction t, long f, long bytes) {
        Transaction call = t.parent;
        if (call != null && isOpen(call)) {
            call.addDataFrame(f);
            call.bytes += bytes;
        }
    }

    boolean isOpen(Transaction t) {
        return t != null && t.openSlot >= 0;
    }

    private void open(Transaction t) {
        if (t.openSlot < 0) {
            t.openSlot = open.size();
            open.add(t);
        }
    }

    /**
     * An open transaction completed with frame f, the frame of the event being judged (violated
     * if a violation named it while open).
     */
    void completed(Transaction t, long f) {
        if (!isOpen(t)) {
            return;
        }
        t.completionFrame = f;
        t.completionTimeNanos = eventTime;
        if (f > t.lastFrame) {
            t.lastFrame = f;
        }
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = TransactionStatus.COMPLETE;
        }
        end(t);
    }

    /** An open one-shot transaction completed by {@code kind} in frame f, the frame of the event being judged. */
    void completed(Transaction t, CompletionKind kind, long f) {
        t.completion = kind;
        t.completionFrame = f;
        t.completionTimeNanos = eventTime;
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = TransactionStatus.COMPLETE;
        }
        end(t);
    }

    /** An open transaction ended without completing ({@code status}: aborted or incomplete). */
    void ended(Transaction t, TransactionStatus status) {
        if (!isOpen(t)) {
            return;
        }
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = status;
        }
        end(t);
    }

    /** Ends a transaction as it stands. */
    void end(Transaction t) {
        int slot = t.openSlot;
        if (slot >= 0) {
            open.set(slot, null);
            t.openSlot = -1;
            if (++holes > 64 && holes > open.size() / 2) {
                compact();
            }
        }
        ended.add(t);
    }

    /** Closes up the holes of {@link #open}, keeping the order of beginning. */
    private void compact() {
        int n = 0;
        for (int i = 0; i < open.size(); i++) {
            Transaction t = open.get(i);
            if (t != null) {
                t.openSlot = n;
                open.set(n++, t);
            }
        }
        open.subList(n, open.size()).clear();
        holes = 0;
    }

    /** The connection closed: the operations (every kind but one-shot) still open on it end aborted. */
    void abortOperations(String connection) {
        for (Transaction t : openOfEveryKind()) {
            if (!t.oneShot() && t.connection.equals(connection)) {
                ended(t, TransactionStatus.ABORTED);
            }
        }
    }

    /** One-shot transactions open, in order of initiation (a copy). */
    List<Transaction> openOneShots() {
        List<Transaction> out = new ArrayList<>();
        for (Transaction t : open) {
            if (t != null && t.oneShot()) {
                out.add(t);
            }
        }
        return out;
    }

    /** Transactions of every kind open, in order of beginning (a copy). */
    List<Transaction> openOfEveryKind() {
        List<Transaction> out = new ArrayList<>(open.size() - holes);
        for (Transaction t : open) {
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    /** A frame seen in an event: the end of the capture is reported at the last one. */
    void seen(long frame) {
        if (frame > lastFrame) {
            lastFrame = frame;
        }
    }

    long lastFrame() {
        return lastFrame;
    }

    /** Every event of a frame is judged: the transactions that ended are handed on. */
    void frameDone(long frame) {
        seen(frame);
        flush();
    }

    /** Hands on, in the order they ended, the transactions that ended since the last call. */
    void flush() {
        if (!ended.isEmpty()) {
            for (int i = 0; i < ended.size(); i++) {
                listener.transaction(ended.get(i));
            }
            ended.clear();
        }
    }
}

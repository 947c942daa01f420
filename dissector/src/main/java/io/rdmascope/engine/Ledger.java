package io.rdmascope.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The transactions of a capture from beginning to end: their ids, which are open, their capture
 * times, and their delivery to the {@link EngineListener} once ended.
 *
 * <h2>Status of a transaction</h2>
 * {@code complete} when completed without any violation naming it; {@code violated} as soon as a
 * violation names it while it is open ({@link Reporter}), whatever its end; otherwise
 * {@code aborted} when its connection closed first (FIN, RST or Terminate) and {@code incomplete}
 * when the capture ended first. A transaction is handed to the listener when it ends, after the
 * frame that ended it (so that its times are known), and at the end of the capture for those
 * still open, in order of beginning.
 */
final class Ledger {
    /**
     * Capture times of the most recent frames, by frame number modulo their count: the MPA stage
     * may deliver a PDU of a handshake-less connection after later frames are done, and its
     * transaction must still carry its own frame's time.
     */
    private static final int RECENT_FRAMES = 1 << 14;

    private final EngineListener listener;
    /** Transactions begun and not ended, in order of beginning (identity: a Transaction has no equals of its own). */
    private final LinkedHashSet<Transaction> open = new LinkedHashSet<>();
    private final ArrayList<Transaction> needInitiationTime = new ArrayList<>();
    private final ArrayList<Transaction> needCompletionTime = new ArrayList<>();
    private final ArrayList<Transaction> ended = new ArrayList<>();
    private final int[] idCounts = new int[TransactionKind.values().length];
    private final long[] recentFrame = new long[RECENT_FRAMES];
    private final long[] recentTime = new long[RECENT_FRAMES];
    private long lastFrame;
    private long lastTimestamp;

    Ledger(EngineListener listener) {
        this.listener = listener;
    }

    /** The next id of a kind: "t1", "r1", "w1", ... in order of beginning. */
    String nextId(TransactionKind kind) {
        return kind.idPrefix + (++idCounts[kind.ordinal()]);
    }

    /** A transaction began: open until it completes, its connection closes or the capture ends. */
    void opened(Transaction t) {
        open.add(t);
        needInitiationTime.add(t);
    }

    /** A transaction whose initiation time is to be set when its frame is done (opened apart, by {@link #admitted}). */
    void initiated(Transaction t) {
        needInitiationTime.add(t);
    }

    /** A transaction whose initiation time is already asked for is open. */
    void admitted(Transaction t) {
        open.add(t);
    }

    boolean isOpen(Transaction t) {
        return t != null && open.contains(t);
    }

    /** An open transaction completed with frame f (violated if a violation named it while open). */
    void completed(Transaction t, long f) {
        if (!isOpen(t)) {
            return;
        }
        t.completionFrame = f;
        if (f > t.lastFrame) {
            t.lastFrame = f;
        }
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = TransactionStatus.COMPLETE;
        }
        needCompletionTime.add(t);
        end(t);
    }

    /** An open one-shot transaction completed by {@code kind} in frame f. */
    void completed(Transaction t, CompletionKind kind, long f) {
        t.completion = kind;
        t.completionFrame = f;
        if (t.status != TransactionStatus.VIOLATED) {
            t.status = TransactionStatus.COMPLETE;
        }
        needCompletionTime.add(t);
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
        open.remove(t);
        ended.add(t);
    }

    /** The connection closed: the operations (every kind but one-shot) still open on it end aborted. */
    void abortOperations(String connection) {
        for (Transaction t : new ArrayList<>(open)) {
            if (!t.oneShot() && t.connection.equals(connection)) {
                ended(t, TransactionStatus.ABORTED);
            }
        }
    }

    /** One-shot transactions open, in order of initiation (a copy). */
    List<Transaction> openOneShots() {
        List<Transaction> out = new ArrayList<>();
        for (Transaction t : open) {
            if (t.oneShot()) {
                out.add(t);
            }
        }
        return out;
    }

    /** Transactions of every kind open, in order of beginning (a copy). */
    List<Transaction> openOfEveryKind() {
        return new ArrayList<>(open);
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

    /** Every event of a frame is judged: the transactions it began or ended get its time, those ended are handed on. */
    void frameDone(long frame, long timestampNanos) {
        seen(frame);
        lastTimestamp = timestampNanos;
        int slot = (int) (frame & (RECENT_FRAMES - 1));
        recentFrame[slot] = frame;
        recentTime[slot] = timestampNanos;
        flush(timestampNanos);
    }

    /** Hands on what ended since the last frame, with the time of the last frame for times still unknown. */
    void flush() {
        flush(lastTimestamp);
    }

    /** The time of {@code frame} if it is among the recent frames, else {@code fallback}. */
    private long timeOf(long frame, long fallback) {
        int slot = (int) (frame & (RECENT_FRAMES - 1));
        return frame > 0 && recentFrame[slot] == frame ? recentTime[slot] : fallback;
    }

    private void flush(long ts) {
        if (!needInitiationTime.isEmpty()) {
            for (Transaction t : needInitiationTime) {
                t.initiationTimeNanos = timeOf(t.initiationFrame, ts);
            }
            needInitiationTime.clear();
        }
        if (!needCompletionTime.isEmpty()) {
            for (Transaction t : needCompletionTime) {
                t.completionTimeNanos = timeOf(t.completionFrame, ts);
            }
            needCompletionTime.clear();
        }
        if (!ended.isEmpty()) {
            List<Transaction> done = new ArrayList<>(ended);
            ended.clear();
            for (Transaction t : done) {
                listener.transaction(t);
            }
        }
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.FrameList;
import io.rdmascope.engine.Transaction;
import io.rdmascope.pipeline.AnalysisRecords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which transactions a frame takes part in, found from the transactions themselves: a frame takes
 * part in a transaction when it is its initiation, one of its listed data frames or its completion
 * frame, as they were when the engine reported it. Per block of 256 frames this keeps the
 * transactions (by their index in report order) that have a frame in the block; a question for one
 * frame then looks at that block's few transactions and searches their own frame lists.
 *
 * <p>On the 200 MB bulk capture (210,307 frames, 11,140 transactions) this takes 0.07 MB instead
 * of the 1.8 MB of two transaction columns per frame (and a map for frames in more than two).
 */
final class FrameTransactions {
    private static final int BLOCK_SHIFT = 8;
    private static final int[] EMPTY = new int[1];

    /** Per block: its number of transactions, then their indexes in increasing order. */
    private int[][] blocks = new int[0][];
    /** Per transaction: how many of its data frames were listed when reported, negative when not in order. */
    private final Columns.Ints listed = new Columns.Ints(0);

    /** Files transaction {@code t}, the {@code index}th reported, under the blocks of its frames. */
    void file(Transaction t, int index) {
        FrameList data = t.dataFrames;
        int n = data.size();
        boolean ordered = true;
        add(t.initiationFrame, index);
        for (int k = 0; k < n; k++) {
            long f = data.getLong(k);
            ordered &= k == 0 || data.getLong(k - 1) < f;
            add(f, index);
        }
        if (t.completionFrame >= 0) {
            add(t.completionFrame, index);
        }
        listed.set(index, ordered ? n : -n - 1);
    }

    private void add(long frame, int index) {
        if (frame < 1 || frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int b = (int) ((frame - 1) >>> BLOCK_SHIFT);
        if (b >= blocks.length) {
            blocks = Arrays.copyOf(blocks, Math.max(b + 1, blocks.length * 2));
        }
        int[] a = blocks[b] == null ? EMPTY : blocks[b];
        int size = a[0];
        if (size > 0 && a[size] == index) {
            return;
        }
        if (size + 1 == a.length) {
            a = Arrays.copyOf(a, Math.max(4, a.length * 2));
        }
        a[++size] = index;
        a[0] = size;
        blocks[b] = a;
    }

    /**
     * Ids of the transactions of {@code transactions} that {@code frame} takes part in, each once,
     * in report order. The answers for the whole block are worked out at the first question about
     * it and kept until a question about another block: a display filter asks frame after frame,
     * and walking each transaction's frames once per block costs about 0.1 µs a frame on the bulk
     * capture where a search per frame and transaction cost 0.5 µs.
     */
    List<String> at(long frame, TransactionStore transactions) {
        int b = frame < 1 || frame > Integer.MAX_VALUE - 8 ? -1 : (int) ((frame - 1) >>> BLOCK_SHIFT);
        int[] a = b < 0 || b >= blocks.length || blocks[b] == null ? EMPTY : blocks[b];
        if (a[0] == 0) {
            return new ArrayList<>(1);
        }
        if (b != cachedBlock || a[0] != cachedCount) {
            answer(b, a, transactions);
        }
        List<String> ids = cached[(int) (frame - 1) & ((1 << BLOCK_SHIFT) - 1)];
        return ids == null ? new ArrayList<>(1) : new ArrayList<>(ids);
    }

    /** Where the frames of a transaction looked at are read to. */
    private final AnalysisRecords.Frames frames = new AnalysisRecords.Frames();
    /**
     * The frames of the last few transactions of more than {@value #LONG} frames read, by index:
     * such a transaction spans many blocks, and reading all its frames again for each of them would
     * cost its length times their number.
     */
    private static final int LONG = 256, LONG_SLOTS = 4;
    private final AnalysisRecords.Frames[] longFrames = new AnalysisRecords.Frames[LONG_SLOTS];
    private final int[] longIndex = {-1, -1, -1, -1};
    /** The block whose answers {@link #cached} holds, and how many transactions it had then. */
    private int cachedBlock = -1, cachedCount;
    @SuppressWarnings("unchecked")
    private final List<String>[] cached = new List[1 << BLOCK_SHIFT];

    private void answer(int b, int[] a, TransactionStore transactions) {
        Arrays.fill(cached, null);
        long first = ((long) b << BLOCK_SHIFT) + 1, end = first + (1 << BLOCK_SHIFT);
        for (int k = 1; k <= a[0]; k++) {
            AnalysisRecords.Frames t = framesOf(a[k], transactions);
            int listed = this.listed.get(a[k]);
            note(t.initiationFrame, t.id, first, end);
            long[] data = t.data;
            int n = listed < 0 ? -listed - 1 : listed;
            for (int i = listed < 0 ? 0 : lowerBound(data, listed, first); i < n; i++) {
                long f = data[i];
                if (listed >= 0 && f >= end) {
                    break;
                }
                note(f, t.id, first, end);
            }
            if (t.completionFrame >= 0) {
                note(t.completionFrame, t.id, first, end);
            }
        }
        cachedBlock = b;
        cachedCount = a[0];
    }

    private AnalysisRecords.Frames framesOf(int index, TransactionStore transactions) {
        int slot = index & (LONG_SLOTS - 1);
        if (longIndex[slot] == index) {
            return longFrames[slot];
        }
        transactions.frames(index, frames);
        if (frames.count <= LONG) {
            return frames;
        }
        AnalysisRecords.Frames kept = new AnalysisRecords.Frames();
        kept.id = frames.id;
        kept.initiationFrame = frames.initiationFrame;
        kept.completionFrame = frames.completionFrame;
        kept.data = Arrays.copyOf(frames.data, frames.count);
        kept.count = frames.count;
        longFrames[slot] = kept;
        longIndex[slot] = index;
        return kept;
    }

    private void note(long frame, String id, long first, long end) {
        if (frame < first || frame >= end) {
            return;
        }
        int i = (int) (frame - first);
        List<String> ids = cached[i];
        if (ids == null) {
            cached[i] = ids = new ArrayList<>(2);
        }
        if (!ids.contains(id)) {
            ids.add(id);
        }
    }

    /** The first of the {@code n} ordered frames of {@code data} at or after {@code frame}. */
    private static int lowerBound(long[] data, int n, long frame) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (data[mid] < frame) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}

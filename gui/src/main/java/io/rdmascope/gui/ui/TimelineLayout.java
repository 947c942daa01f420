package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.gui.model.ConnectionInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongUnaryOperator;

/**
 * Where the {@link TimelineView timeline} puts each transaction, worked out once per capture: its
 * lane (its connection), its row there and the times its bar spans, by its place in the list
 * shown. The view reads a transaction itself only to draw a bar on screen or to tell about it,
 * so a capture's transactions need not be kept as objects for it.
 *
 * <p>Within a lane, upper-layer exchanges take the upper rows and the operations they are made of
 * the rows below, overlapping transactions each a row of their own, up to {@value #MAX_ROWS} per
 * group; more share the least busy.
 */
final class TimelineLayout {
    static final double ROW = 20, LANE_GAP = 8;
    /** Rows per group (upper-layer, operations) of one lane; more overlapping transactions share the last. */
    private static final int MAX_ROWS = 4;
    private static final TransactionKind[] KINDS = TransactionKind.values();

    /** The lanes' connections, in order, and their labels. */
    final List<String> lanes = new ArrayList<>();
    final Map<String, String> laneLabels = new LinkedHashMap<>();
    final Map<String, Integer> laneIndex = new HashMap<>();
    /** Per lane: its top, in content coordinates (lanes start at 0); one more entry for the end. */
    final double[] laneTop;
    /** Per transaction: when its bar starts (its initiation) and ends (its completion or last data frame). */
    final long[] starts, ends;
    /** Per transaction: its lane, its row in that lane and its kind. */
    final int[] laneOf, rowOf;
    private final byte[] kindOf;
    /** The kinds of the transactions, for the legend. */
    final Set<TransactionKind> kinds = new TreeSet<>();
    /** The earliest start and latest end (MAX_VALUE and MIN_VALUE without transactions). */
    final long start, end;

    /** @param timeOf capture time in nanoseconds of a frame */
    TimelineLayout(List<ConnectionInfo> connections, List<Transaction> txs, LongUnaryOperator timeOf) {
        for (ConnectionInfo c : connections) {
            laneLabels.put(c.id(), c.label());
        }
        int n = txs.size();
        starts = new long[n];
        ends = new long[n];
        laneOf = new int[n];
        rowOf = new int[n];
        kindOf = new byte[n];
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        String[] connectionOf = new String[n];
        for (int i = 0; i < n; i++) {
            Transaction t = txs.get(i);
            if (!laneLabels.containsKey(t.connection)) {
                laneLabels.put(t.connection, t.connection);
            }
            connectionOf[i] = t.connection;
            starts[i] = t.initiationTimeNanos;
            ends[i] = lastTime(t, timeOf);
            kindOf[i] = (byte) t.kind.ordinal();
            kinds.add(t.kind);
            first = Math.min(first, starts[i]);
            last = Math.max(last, ends[i]);
        }
        start = first;
        end = last;
        lanes.addAll(laneLabels.keySet());
        for (int i = 0; i < lanes.size(); i++) {
            laneIndex.put(lanes.get(i), i);
        }
        for (int i = 0; i < n; i++) {
            laneOf[i] = laneIndex.get(connectionOf[i]);
        }
        laneTop = new double[lanes.size() + 1];
        layout();
    }

    boolean upperLayer(int i) {
        return KINDS[kindOf[i]].upperLayer();
    }

    /** Gives each transaction its row in its lane and each lane its height. */
    private void layout() {
        int n = starts.length;
        int[] upperRows = new int[lanes.size()];
        List<List<long[]>> upperEnds = new ArrayList<>();
        List<List<long[]>> opEnds = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            upperEnds.add(new ArrayList<>());
            opEnds.add(new ArrayList<>());
        }
        // by initiation time (the sort is stable: transactions that start together keep their order)
        Integer[] sorted = new Integer[n];
        Arrays.setAll(sorted, i -> i);
        Arrays.sort(sorted, (a, b) -> Long.compare(starts[a], starts[b]));
        for (int i : sorted) {
            List<long[]> group = upperLayer(i) ? upperEnds.get(laneOf[i]) : opEnds.get(laneOf[i]);
            rowOf[i] = pack(group, starts[i], ends[i]);
        }
        for (int l = 0; l < lanes.size(); l++) {
            upperRows[l] = upperEnds.get(l).size();
            int rows = Math.max(1, upperRows[l] + opEnds.get(l).size());
            laneTop[l + 1] = laneTop[l] + rows * ROW + LANE_GAP;
        }
        for (int i = 0; i < n; i++) {
            if (!upperLayer(i)) {
                rowOf[i] += upperRows[laneOf[i]];
            }
        }
    }

    /** The row of a group whose last transaction ended before {@code from}, a new one, or the least busy. */
    private static int pack(List<long[]> ends, long from, long to) {
        for (int r = 0; r < ends.size(); r++) {
            if (ends.get(r)[0] < from) {
                ends.get(r)[0] = to;
                return r;
            }
        }
        if (ends.size() < MAX_ROWS) {
            ends.add(new long[] {to});
            return ends.size() - 1;
        }
        int best = 0;
        for (int r = 1; r < ends.size(); r++) {
            if (ends.get(r)[0] < ends.get(best)[0]) {
                best = r;
            }
        }
        ends.get(best)[0] = Math.max(ends.get(best)[0], to);
        return best;
    }

    /** When a transaction's bar ends: its completion, else its last data frame. */
    static long lastTime(Transaction t, LongUnaryOperator timeOf) {
        if (t.completionFrame >= 0) {
            return Math.max(t.completionTimeNanos, t.initiationTimeNanos);
        }
        long last = t.initiationTimeNanos;
        for (int k = 0; k < t.dataFrames.size(); k++) {
            last = Math.max(last, timeOf.applyAsLong(t.dataFrames.getLong(k)));
        }
        return last;
    }
}

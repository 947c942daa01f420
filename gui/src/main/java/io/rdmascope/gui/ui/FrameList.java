package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.FrameRow;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import javafx.collections.ObservableListBase;

/**
 * The packet list's items: a read-only view over the model's frame index that holds no row. It
 * shows either every frame read so far or the frames a display filter matched (their numbers in
 * one int array); {@link #get} builds a row when the table asks for one, and keeps the last few
 * hundred in a small cache so that repainting and selection reuse them.
 */
public final class FrameList extends ObservableListBase<FrameRow> {
    private static final int CACHE = 512;

    private LongFunction<FrameRow> rowOf = f -> null;
    private int count;
    private int[] matches;
    /**
     * The display filter whose matches are shown, applied to the frames that become known later
     * (a live capture, a file still loading); null when every frame is shown.
     */
    private LongPredicate filter;
    /** The last frame {@link #filter} was applied to. */
    private int filteredUpTo;
    /** The frames shown in a sorted order (a permutation of the unsorted ones), or null. */
    private int[] order;
    /** Where each frame stands in {@link #order}: index by frame number; -1 when not shown. */
    private int[] positions;
    private Runnable onShow = () -> {};
    private final Map<Integer, FrameRow> cache = new LinkedHashMap<>(CACHE * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, FrameRow> e) {
            return size() > CACHE;
        }
    };

    @Override
    public int size() {
        return order != null ? order.length : matches == null ? count : matches.length;
    }

    @Override
    public FrameRow get(int index) {
        int frame = frameAt(index);
        FrameRow r = cache.get(frame);
        if (r == null) {
            r = rowOf.apply(frame);
            if (r == null) {
                r = new FrameRow(frame, 0, "", "", "", 0, "");
            } else {
                cache.put(frame, r);
            }
        }
        return r;
    }

    /** The frame number shown at {@code index}. */
    public int frameAt(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        return order != null ? order[index] : matches == null ? index + 1 : matches[index];
    }

    /** Called after the filter changed what is shown (to sort the new rows again). */
    public void setOnShow(Runnable r) {
        onShow = r == null ? () -> {} : r;
    }

    /** The frames shown, unsorted: ascending; a new array. */
    public int[] unsortedFrames() {
        if (matches != null) {
            return matches.clone();
        }
        int[] all = new int[count];
        for (int i = 0; i < count; i++) {
            all[i] = i + 1;
        }
        return all;
    }

    /** Shows the same frames in {@code sorted} order (a permutation of {@link #unsortedFrames}), or unsorted when null. */
    public void order(int[] sorted) {
        if (sorted != null && sorted.length != size()) {
            return;
        }
        List<FrameRow> old = snapshot();
        order = sorted;
        positions = null;
        if (sorted != null) {
            positions = new int[count + 1];
            Arrays.fill(positions, -1);
            for (int i = 0; i < sorted.length; i++) {
                positions[sorted[i]] = i;
            }
        }
        beginChange();
        nextReplace(0, size(), old);
        endChange();
    }

    /** Whether the rows are shown in a sorted order. */
    public boolean isSorted() {
        return order != null;
    }

    /** Where {@code frame} is shown, or -1 when the filter hides it or it is not read yet. */
    public int indexOfFrame(long frame) {
        if (order != null) {
            return frame >= 1 && frame < positions.length ? positions[(int) frame] : -1;
        }
        if (matches == null) {
            return frame >= 1 && frame <= count ? (int) frame - 1 : -1;
        }
        int i = frame > Integer.MAX_VALUE ? -1 : Arrays.binarySearch(matches, (int) frame);
        return i < 0 ? -1 : i;
    }

    /** Frames read so far; while every frame is shown, the new ones are appended. */
    public int frameCount() {
        return count;
    }

    /** Whether a filter's matches are shown rather than every frame. */
    public boolean filtered() {
        return matches != null;
    }

    /** Starts over with another model. */
    public void reset(LongFunction<FrameRow> rows) {
        List<FrameRow> old = snapshot();
        rowOf = rows;
        count = 0;
        matches = null;
        filter = null;
        order = null;
        positions = null;
        cache.clear();
        if (!old.isEmpty()) {
            beginChange();
            nextRemove(0, old);
            endChange();
        }
    }

    /** Frames 1 to {@code n} are known now. */
    public void grow(long n) {
        int next = (int) Math.min(Integer.MAX_VALUE - 8, n);
        if (next <= count) {
            return;
        }
        int old = count;
        count = next;
        if (matches == null && order == null) {
            beginChange();
            nextAdd(old, next);
            endChange();
        } else if (filter != null && order == null) {
            filterNewFrames();
        }
    }

    /** Adds the frames after {@link #filteredUpTo} that the filter accepts. */
    private void filterNewFrames() {
        int[] add = new int[16];
        int k = 0;
        for (int f = filteredUpTo + 1; f <= count; f++) {
            if (filter.test(f)) {
                if (k == add.length) {
                    add = Arrays.copyOf(add, k * 2);
                }
                add[k++] = f;
            }
        }
        filteredUpTo = count;
        if (k == 0) {
            return;
        }
        int old = matches.length;
        matches = Arrays.copyOf(matches, old + k);
        System.arraycopy(add, 0, matches, old, k);
        beginChange();
        nextAdd(old, old + k);
        endChange();
    }

    /** Shows only {@code frames} (ascending), or every frame when null. */
    public void show(int[] frames) {
        show(frames, null, 0);
    }

    /**
     * Shows {@code frames}, the frames 1 to {@code upTo} that {@code filter} accepts; the frames
     * known later are shown as they come if {@code filter} accepts them.
     */
    public void show(int[] frames, LongPredicate filter, int upTo) {
        List<FrameRow> old = snapshot();
        matches = frames;
        order = null;
        positions = null;
        this.filter = frames == null ? null : filter;
        filteredUpTo = upTo;
        beginChange();
        nextReplace(0, size(), old);
        endChange();
        if (this.filter != null) {
            filterNewFrames();
        }
        onShow.run();
    }

    /** The rows shown now, as a lazy list (for change events; nothing is built unless asked). */
    private List<FrameRow> snapshot() {
        int[] m = order != null ? order : matches;
        int n = size();
        LongFunction<FrameRow> rows = rowOf;
        return new AbstractList<>() {
            @Override
            public FrameRow get(int i) {
                long f = m == null ? i + 1 : m[i];
                FrameRow r = rows.apply(f);
                return r != null ? r : new FrameRow(f, 0, "", "", "", 0, "");
            }

            @Override
            public int size() {
                return n;
            }
        };
    }
}

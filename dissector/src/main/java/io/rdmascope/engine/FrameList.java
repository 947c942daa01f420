package io.rdmascope.engine;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * A growable list of frame numbers kept as a {@code long[]}: the engine appends one per data
 * segment of a transaction without boxing, readers see an ordinary {@code List<Long>} (values are
 * boxed only when read through it) or use {@link #getLong} and {@link #size}. Appending (also
 * through {@link #add}) is the only change the list supports.
 */
public final class FrameList extends AbstractList<Long> implements RandomAccess {
    private long[] frames = new long[8];
    private int size;

    /** Appends a frame number. */
    public void addLong(long frame) {
        if (size == frames.length) {
            frames = Arrays.copyOf(frames, size * 2);
        }
        frames[size++] = frame;
    }

    /** The frame number at {@code index}, without boxing. */
    public long getLong(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + ", size " + size);
        }
        return frames[index];
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

    /** A copy of the frame numbers. */
    public long[] toLongArray() {
        return Arrays.copyOf(frames, size);
    }
}

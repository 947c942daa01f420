package io.rdmascope.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A read-only file seen through a sliding memory-mapped window, so that files larger than the
 * 2 GiB a single {@link MappedByteBuffer} can address are read without copying them to the heap.
 *
 * <p>Callers ask for a range with {@link #window(long, int)}; when the range is not inside the
 * current window, a new window starting at the range is mapped. Ranges are bounded by the readers
 * (a record is at most a few MiB), so one window always holds a whole record.
 */
final class MappedFile {
    /** Default window: large enough that small and medium captures are mapped once. */
    static final int DEFAULT_WINDOW = 1 << 30;

    private final FileChannel channel;
    private final long size;
    private final int windowSize;
    private MappedByteBuffer window;
    private long windowStart;
    private long windowEnd;
    private ByteOrder order = ByteOrder.BIG_ENDIAN;

    MappedFile(FileChannel channel, long size, int windowSize) {
        this.channel = channel;
        this.size = size;
        this.windowSize = windowSize;
    }

    long size() {
        return size;
    }

    /** Byte order used by the buffers returned from now on. */
    void order(ByteOrder order) {
        this.order = order;
        if (window != null) {
            window.order(order);
        }
    }

    ByteOrder order() {
        return order;
    }

    /**
     * Makes {@code [position, position + length)} readable and returns the window holding it; the
     * range starts at index {@code position - base()} of the returned buffer. The caller checks
     * that the range lies inside the file.
     */
    ByteBuffer window(long position, int length) throws IOException {
        if (position < windowStart || position + length > windowEnd || window == null) {
            long mapLength = Math.min(size - position, Math.max((long) windowSize, length));
            window = channel.map(FileChannel.MapMode.READ_ONLY, position, mapLength);
            window.order(order);
            windowStart = position;
            windowEnd = position + mapLength;
        }
        return window;
    }

    /** File position of index 0 of the current window. */
    long base() {
        return windowStart;
    }

    void close() throws IOException {
        window = null;
        channel.close();
    }
}

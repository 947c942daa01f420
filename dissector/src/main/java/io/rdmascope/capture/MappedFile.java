package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A read-only file seen through a sliding window: a heap buffer that positional reads refill, so
 * that files of any size are read with a fixed amount of memory.
 *
 * <p>Mapping the file instead would make the process's resident set grow with the capture (every
 * page read stays mapped until the mapping is collected), and copying from the page cache into one
 * reused buffer costs about as much as the copy out of a mapping that the readers would make
 * anyway. Because the window is a heap buffer, readers may hand its backing array to their
 * {@link Packet} directly ({@link #array()}), without copying the record.
 *
 * <p>Callers ask for a range with {@link #window(long, int)}; when the range is not inside the
 * current window, the window is refilled starting at the range. Ranges are bounded by the readers
 * (a record is at most a few MiB), so one window always holds a whole record.
 *
 * <p>{@link StreamFile} reads a stream (a pipe, a decompressor) through the same window.
 */
class MappedFile {
    /**
     * Default window: 256 KiB. The read copies each window into the core's cache, and the decoders
     * then find it there; a 1 MiB window no longer fits beside the rest of the reading thread's
     * work, and the 200 MB bulk capture took about 8 ms longer with it (docs/performance.md).
     */
    static final int DEFAULT_WINDOW = 1 << 18;

    private final RandomAccessFile file;
    private final long size;
    final int windowSize;
    ByteBuffer window;
    long windowStart;
    long windowEnd;
    private ByteOrder order = ByteOrder.BIG_ENDIAN;

    MappedFile(RandomAccessFile file, long size, int windowSize) {
        this.file = file;
        this.size = size;
        this.windowSize = windowSize;
    }

    /** Size of the file in octets, or -1 when unknown (a stream). */
    long size() {
        return size;
    }

    /**
     * Octets readable from {@code position} on: at least {@code wanted} unless the input ends
     * sooner (then exactly what is left; 0 or less at or past the end).
     */
    long available(long position, int wanted) throws IOException {
        return size - position;
    }

    /** Whether earlier ranges can be read again ({@link CaptureReader#readAt}). */
    boolean seekable() {
        return true;
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
     * that the range lies inside the file. The contents of earlier windows are overwritten.
     */
    ByteBuffer window(long position, int length) throws IOException {
        if (position < windowStart || position + length > windowEnd || window == null) {
            refill(position, length);
        }
        return window;
    }

    /** Makes the window start at {@code position} and hold at least {@code length} octets. */
    void refill(long position, int length) throws IOException {
        int fill = (int) Math.min(size - position, Math.max((long) windowSize, length));
        if (window == null || window.capacity() < fill) {
            window = ByteBuffer.allocate(Math.max(fill, window == null ? 0 : window.capacity()));
        }
        // Straight into the heap array: a channel would read into a direct buffer and copy that.
        byte[] a = window.array();
        file.seek(position);
        for (int done = 0; done < fill; ) {
            int n = file.read(a, done, fill - done);
            if (n < 0) {
                throw new EOFException("the file ended at offset " + (position + done) + ", before its size " + size);
            }
            done += n;
        }
        window.clear();
        window.order(order);
        windowStart = position;
        windowEnd = position + fill;
    }

    /** File position of index 0 of the current window. */
    long base() {
        return windowStart;
    }

    /** The array behind the current window: index {@code i} of the window is {@code array()[i]}. */
    byte[] array() {
        return window.array();
    }

    void close() throws IOException {
        window = null;
        file.close();
    }
}

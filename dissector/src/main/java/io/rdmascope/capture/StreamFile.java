package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A capture read once from start to end, through the same window as a {@link MappedFile}: standard
 * input, a pipe, a decompressing stream. Only the octets from the range last asked for to the end
 * of what was read are kept, so memory stays bounded by the window (or by the largest record) however
 * long the stream; ranges must be asked for in increasing order, and nothing is read again
 * ({@link #seekable()} is false).
 */
final class StreamFile extends MappedFile {
    private final InputStream in;
    /** What the stream holds, for messages: "standard input", "gzip-compressed data". */
    private final String what;
    private boolean ended;

    StreamFile(InputStream in, String what, int windowSize) {
        super(null, -1, windowSize);
        this.in = in;
        this.what = what;
    }

    @Override
    long available(long position, int wanted) throws IOException {
        if (position + wanted > windowEnd && !ended) {
            fill(position, wanted);
        }
        return windowEnd - position;
    }

    @Override
    boolean seekable() {
        return false;
    }

    @Override
    void refill(long position, int length) throws IOException {
        fill(position, length);
        if (windowEnd - position < length) {
            throw new EOFException(what + " ended at offset " + windowEnd + ", inside a record");
        }
    }

    /**
     * Moves the window to start at {@code position} (keeping what was read from there on) and reads
     * until it holds {@code length} octets or the stream ends.
     */
    private void fill(long position, int length) throws IOException {
        if (window == null) {
            window = ByteBuffer.allocate(Math.max(windowSize, length));
        }
        if (position < windowStart) {
            throw new IOException(what + " cannot be read backwards (offset " + position + ")");
        }
        byte[] a = window.array();
        while (windowEnd < position && !ended) { // skip what lies before the range
            int n = read(a, 0, (int) Math.min(a.length, position - windowEnd));
            if (n > 0) {
                windowEnd += n;
            }
        }
        if (windowEnd < position) {
            windowStart = windowEnd;
            return;
        }
        int keep = (int) (windowEnd - position);
        if (a.length < length) {
            byte[] bigger = new byte[length];
            System.arraycopy(a, (int) (position - windowStart), bigger, 0, keep);
            a = bigger;
            window = ByteBuffer.wrap(a);
        } else if (keep > 0 && position != windowStart) {
            System.arraycopy(a, (int) (position - windowStart), a, 0, keep);
        }
        window.clear();
        window.order(order());
        windowStart = position;
        int filled = keep;
        while (filled < length && !ended) {
            int n = read(a, filled, a.length - filled);
            if (n > 0) {
                filled += n;
            }
        }
        windowEnd = position + filled;
    }

    /** One read; sets {@link #ended} at the end; a failure of the stream becomes a one-line reason. */
    private int read(byte[] a, int offset, int length) throws IOException {
        int n;
        try {
            n = in.read(a, offset, length);
        } catch (EOFException e) {
            throw new CaptureException(what + " is cut short after " + windowEnd + " octets", e);
        } catch (IOException e) {
            throw new CaptureException(what + " is damaged after " + windowEnd + " octets: " + e.getMessage(), e);
        }
        if (n < 0) {
            ended = true;
        }
        return n;
    }

    @Override
    void close() throws IOException {
        window = null;
        in.close();
    }
}

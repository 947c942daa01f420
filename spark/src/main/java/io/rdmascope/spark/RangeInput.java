package io.rdmascope.spark;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * The octets of some byte ranges of a file, one after the other, read by positioned reads (a seek
 * per range, never the octets between them), a buffer at a time: what one task of a split capture
 * reads of a file on any Hadoop file system.
 */
final class RangeInput extends InputStream {
    private static final int BUFFER = 1 << 18;

    private final FSDataInputStream in;
    private final long[] starts;
    private final long[] ends;
    private final byte[] buffer = new byte[BUFFER];
    private int range;
    /** The file offset of the next octet to read from the file. */
    private long next;
    private int at;
    private int have;

    RangeInput(FSDataInputStream in, long[] starts, long[] ends) {
        this.in = in;
        this.starts = starts;
        this.ends = ends;
        next = starts.length > 0 ? starts[0] : 0;
    }

    /** Fills the buffer from the current range on; false at the end of the last one. */
    private boolean fill() throws IOException {
        while (range < starts.length && next >= ends[range]) {
            range++;
            if (range < starts.length) {
                next = starts[range];
            }
        }
        if (range >= starts.length) {
            return false;
        }
        int n = (int) Math.min(buffer.length, ends[range] - next);
        in.readFully(next, buffer, 0, n);
        next += n;
        at = 0;
        have = n;
        return true;
    }

    @Override
    public int read() throws IOException {
        if (at == have && !fill()) {
            return -1;
        }
        return buffer[at++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (at == have && !fill()) {
            return -1;
        }
        int n = Math.min(len, have - at);
        System.arraycopy(buffer, at, b, off, n);
        at += n;
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}

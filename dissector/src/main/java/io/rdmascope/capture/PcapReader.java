package io.rdmascope.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reader of the classic libpcap format: a 24-octet file header (magic, version, time zone,
 * accuracy, snapshot length, link type) followed by records of a 16-octet header (seconds,
 * micro- or nanoseconds, captured length, original length) and the captured octets.
 *
 * <p>The magic 0xa1b2c3d4 announces microsecond timestamps, 0xa1b23c4d nanoseconds; read in the
 * other byte order they tell that the writer was of the other endianness. A packet's octets are
 * left where they lie in the file's read window, not copied.
 */
final class PcapReader extends FileCaptureReader {
    static final int MAGIC_MICRO = 0xa1b2c3d4;
    static final int MAGIC_NANO = 0xa1b23c4d;
    static final int FILE_HEADER = 24;
    static final int RECORD_HEADER = 16;
    /** Largest captured length accepted (Wireshark's largest snapshot length). */
    static final int MAX_RECORD = 256 * 1024;

    private final boolean nanos;
    /** The records' byte order is the writer's: little-endian unless the magic reads big-endian. */
    private final boolean littleEndian;
    private final int snapLength;
    private final int linkType;
    private long frame;

    PcapReader(MappedFile file) throws CaptureException {
        super(file, FILE_HEADER);
        try {
            ByteBuffer b = file.window(0, FILE_HEADER);
            int base = (int) (0 - file.base());
            int magic = b.order(ByteOrder.BIG_ENDIAN).getInt(base);
            ByteOrder order;
            if (magic == MAGIC_MICRO || magic == MAGIC_NANO) {
                order = ByteOrder.BIG_ENDIAN;
            } else {
                order = ByteOrder.LITTLE_ENDIAN;
                magic = Integer.reverseBytes(magic);
            }
            file.order(order);
            littleEndian = order == ByteOrder.LITTLE_ENDIAN;
            b = file.window(0, FILE_HEADER);
            nanos = magic == MAGIC_NANO;
            snapLength = b.getInt(base + 16);
            linkType = b.getInt(base + 20) & 0xffff;
        } catch (IOException e) {
            throw new CaptureException("cannot read the file header: " + e.getMessage(), e);
        }
    }

    int linkType() {
        return linkType;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (problem != null) {
            return false;
        }
        long p = position;
        int n = read(p, frame + 1, into);
        if (n < 0) {
            return false;
        }
        frame++;
        position = p + n;
        recordStart = p;
        recordEnd = position;
        return true;
    }

    /** Reads the record at {@code p}; returns its total size, or -1 at the end or on a problem. */
    private int read(long p, long number, Packet into) throws IOException {
        long have = file.available(p, RECORD_HEADER);
        if (have <= 0) {
            return -1;
        }
        if (have < RECORD_HEADER) {
            problem = record(number, p) + " is cut short: header " + have + " of " + RECORD_HEADER + " octets";
            return -1;
        }
        file.window(p, RECORD_HEADER);
        byte[] a = file.array();
        int i = (int) (p - file.base());
        long seconds = int32(a, i) & 0xffffffffL;
        long fraction = int32(a, i + 4) & 0xffffffffL;
        int captured = int32(a, i + 8);
        int original = int32(a, i + 12);
        if (captured < 0 || captured > MAX_RECORD || (snapLength != 0 && Integer.compareUnsigned(captured, snapLength) > 0)) {
            problem = impossibleLength(number, p, captured);
            return -1;
        }
        have = file.available(p, RECORD_HEADER + captured) - RECORD_HEADER;
        if (have < captured) {
            problem = cutShort(number, p, have, captured);
            return -1;
        }
        file.window(p, RECORD_HEADER + captured);
        i = (int) (p - file.base());
        into.frame = number;
        into.timestampNanos = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000L);
        into.linkType = linkType;
        into.data = file.array();
        into.offset = i + RECORD_HEADER;
        into.length = captured;
        into.originalLength = original < captured || original < 0 ? captured : original;
        return RECORD_HEADER + captured;
    }

    /**
     * A record header's field, read from the window's array: the client compiler does not make
     * {@code ByteBuffer.getInt} plain loads (each goes through the memory-access checks and a byte
     * swap call), and this runs four times per record.
     */
    private int int32(byte[] a, int i) {
        if (littleEndian) {
            return (a[i] & 0xff) | (a[i + 1] & 0xff) << 8 | (a[i + 2] & 0xff) << 16 | a[i + 3] << 24;
        }
        return a[i] << 24 | (a[i + 1] & 0xff) << 16 | (a[i + 2] & 0xff) << 8 | (a[i + 3] & 0xff);
    }

    // The problems are worded apart from read, which runs for every record and is compiled whole.

    private static String record(long number, long p) {
        return "record " + number + " at offset 0x" + Long.toHexString(p);
    }

    private String impossibleLength(long number, long p, int captured) {
        return record(number, p) + " has an impossible captured length " + Integer.toUnsignedString(captured)
                + " (snapshot length " + Integer.toUnsignedString(snapLength) + ")";
    }

    private static String cutShort(long number, long p, long have, int captured) {
        return record(number, p) + " is cut short: " + have + " of " + captured + " octets";
    }

    @Override
    public boolean readAt(long position, long frame, Packet into) throws IOException {
        if (!file.seekable() || position < FILE_HEADER || position >= file.size()) {
            return false;
        }
        String saved = problem;
        int n = read(position, frame, into);
        problem = saved;
        return n >= 0;
    }
}

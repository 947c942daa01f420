package io.rdmascope.gui.live;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Packet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads records of the file a {@link LiveSpool} writes, at the positions it told, while the file
 * still grows (the readers of {@link io.rdmascope.capture.Captures} see a file as long as it was
 * when opened). Random access only; closing it deletes the file when the file belongs to the
 * capture shown alone (a ring's files stay, see {@link LiveSession}).
 */
final class SpoolReader implements CaptureReader {
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer header = ByteBuffer.allocate(LiveSpool.FILE_HEADER).order(ByteOrder.LITTLE_ENDIAN);

    private final boolean deleteOnClose;

    SpoolReader(Path file) throws IOException {
        this(file, true);
    }

    SpoolReader(Path file, boolean deleteOnClose) throws IOException {
        this.file = file;
        this.deleteOnClose = deleteOnClose;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
    }

    @Override
    public boolean next(Packet into) {
        return false;
    }

    @Override
    public synchronized boolean readAt(long position, long frame, Packet into) throws IOException {
        if (position < LiveSpool.FILE_HEADER) {
            return false;
        }
        header.clear().limit(LiveSpool.RECORD_HEADER);
        if (!readFully(header, position)) {
            return false;
        }
        long seconds = header.getInt(0) & 0xffffffffL;
        long nanos = header.getInt(4) & 0xffffffffL;
        int captured = header.getInt(8);
        int original = header.getInt(12);
        if (captured < 0 || captured > (1 << 20)) {
            return false;
        }
        ByteBuffer data = ByteBuffer.allocate(captured);
        if (!readFully(data, position + LiveSpool.RECORD_HEADER)) {
            return false;
        }
        header.clear().limit(LiveSpool.FILE_HEADER);
        readFully(header, 0);
        into.frame = frame;
        into.timestampNanos = seconds * 1_000_000_000L + nanos;
        into.linkType = header.getInt(20) & 0xffff;
        into.data = data.array();
        into.offset = 0;
        into.length = captured;
        into.originalLength = Math.max(captured, original);
        return true;
    }

    private boolean readFully(ByteBuffer b, long at) throws IOException {
        long p = at;
        while (b.hasRemaining()) {
            int n = channel.read(b, p);
            if (n <= 0) {
                return false;
            }
            p += n;
        }
        return true;
    }

    @Override
    public long position() {
        return 0;
    }

    @Override
    public long size() {
        try {
            return channel.size();
        } catch (IOException e) {
            return -1;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            channel.close();
        } finally {
            if (deleteOnClose) {
                Files.deleteIfExists(file);
            }
        }
    }
}

package io.rdmascope.gui.live;

import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.Packet;
import io.rdmascope.gui.pipeline.LiveSource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The frames of a live capture, each also written to a pcap file as it is read (as {@code capture
 * -w} does), so that any of them can be read again while the capture goes on ({@link SpoolReader}).
 * {@link #position} is where a frame lies in that file; each frame is on disk before the next is
 * read.
 */
final class LiveSpool implements LiveSource {
    /** The octets of pcap's file header and of each record's header. */
    static final int FILE_HEADER = 24, RECORD_HEADER = 16;

    private final LiveCaptureReader live;
    private final CaptureWriter writer;
    /** Where the next record will be written. */
    private long position = FILE_HEADER;

    LiveSpool(LiveCaptureReader live, Path file) throws IOException {
        this.live = live;
        this.writer = new CaptureWriter(file, CaptureWriter.Format.pcap);
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (!live.next(into)) {
            writer.flush();
            return false;
        }
        writer.write(into);
        writer.flush();
        position += RECORD_HEADER + into.length;
        return true;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long size() {
        return -1;
    }

    @Override
    public String problem() {
        return live.problem();
    }

    @Override
    public void stop() {
        live.stop();
    }

    @Override
    public void whenIdle(Runnable action) {
        live.whenIdle(action);
    }

    @Override
    public io.rdmascope.capture.CaptureStatistics counts() {
        return live.statistics();
    }

    /** Frames captured so far. */
    long frames() {
        return live.frames();
    }

    /** Closes the interface, then the file (so that what was captured is on disk). */
    @Override
    public void close() throws IOException {
        try {
            live.close();
        } finally {
            writer.close();
        }
    }
}

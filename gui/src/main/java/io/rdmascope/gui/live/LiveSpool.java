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
 * read. With a limit, the file ends after so many frames ({@link #full}) and the interface stays
 * open for the next file; otherwise the file ends when the capture stops, and closing it closes the
 * interface.
 */
final class LiveSpool implements LiveSource {
    /** The octets of pcap's file header and of each record's header. */
    static final int FILE_HEADER = 24, RECORD_HEADER = 16;

    private final LiveCaptureReader live;
    private final CaptureWriter writer;
    /** Frames this file holds at most, 0 for no limit. */
    private final long limit;
    /** Where the next record will be written. */
    private long position = FILE_HEADER;
    private long frames;
    private boolean full;

    LiveSpool(LiveCaptureReader live, Path file) throws IOException {
        this(live, file, 0);
    }

    /** @param limit frames the file holds at most (0: no limit) */
    LiveSpool(LiveCaptureReader live, Path file, long limit) throws IOException {
        this.live = live;
        this.limit = limit;
        this.writer = new CaptureWriter(file, CaptureWriter.Format.pcap);
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (limit > 0 && frames >= limit) {
            full = true;
            writer.flush();
            return false;
        }
        if (!live.next(into)) {
            writer.flush();
            return false;
        }
        writer.write(into);
        writer.flush();
        position += RECORD_HEADER + into.length;
        frames++;
        if (limit > 0) {
            // the frame numbers of a file start at 1, as a file read on its own has them
            into.frame = frames;
        }
        return true;
    }

    /** Whether the file ended because it holds its limit of frames (the capture goes on). */
    boolean full() {
        return full;
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

    /**
     * Closes the file (so that what was captured is on disk), and the interface unless the file
     * ended full, for the next file to go on from it.
     */
    @Override
    public void close() throws IOException {
        try {
            if (!full) {
                live.close();
            }
        } finally {
            writer.close();
        }
    }
}

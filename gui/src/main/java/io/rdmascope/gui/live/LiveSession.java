package io.rdmascope.gui.live;

import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;

/**
 * One capture on an interface, shown as one capture file or, with a {@link Ring}, as a ring of
 * files as Wireshark's capture options make one: each file holds at most so many frames, the
 * window shows the file being written (its frames numbered from 1, analysed as a file is), and the
 * files before it stay on disk, the oldest deleted past the number kept. So a capture left running
 * for days keeps a window of rows, and the memory of one file's analysis, while the whole capture
 * (as far as the ring reaches) is on disk in {@link #folder}.
 *
 * <p>The interface is opened once: no frame is lost between two files.
 */
public final class LiveSession implements Closeable {
    /**
     * A new file every {@code framesPerFile} frames (0: one file), keeping the last {@code filesKept}
     * (0: all of them).
     */
    public record Ring(long framesPerFile, int filesKept) {
        /** A single file, as long as the capture runs. */
        public static final Ring NONE = new Ring(0, 0);

        public Ring {
            if (framesPerFile < 0 || filesKept < 0) {
                throw new IllegalArgumentException("a ring takes counts of 0 or more");
            }
        }

        boolean rotates() {
            return framesPerFile > 0;
        }
    }

    private final String iface;
    private final LiveCaptureReader reader;
    private final Ring ring;
    private final Path folder;
    private final ArrayDeque<Path> files = new ArrayDeque<>();
    private int fileNumber;
    private LiveSpool current;
    private volatile boolean stopped;

    private LiveSession(String iface, LiveCaptureReader reader, Ring ring, Path folder) {
        this.iface = iface;
        this.reader = reader;
        this.ring = ring;
        this.folder = folder;
    }

    /**
     * Opens {@code iface} now, so that a missing interface, a missing permission or a bad filter is
     * told here; {@link #nextFile} then gives the model of each file in turn.
     *
     * @param filter a capture filter, or null or blank for every frame
     * @throws IOException with a one-line reason
     */
    public static LiveSession open(String iface, String filter, Ring ring) throws IOException {
        String bpf = filter == null || filter.isBlank() ? null : filter.trim();
        LiveCaptureReader reader = new LiveCaptureReader(iface, bpf, 0, 0);
        try {
            Path folder = Files.createTempDirectory("rdmascope-" + safe(iface) + "-");
            folder.toFile().deleteOnExit();
            return new LiveSession(iface, reader, ring, folder);
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    private static String safe(String iface) {
        return iface.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * The model of the next file: the first one, or the one after a file that filled. Past the
     * number of files kept, the oldest is deleted.
     */
    public CaptureModel nextFile() throws IOException {
        fileNumber++;
        Path file = folder.resolve(String.format("%s_%05d.pcap", safe(iface), fileNumber));
        file.toFile().deleteOnExit();
        LiveSpool spool = new LiveSpool(reader, file, ring.framesPerFile());
        current = spool;
        files.addLast(file);
        while (ring.filesKept() > 0 && files.size() > ring.filesKept()) {
            Files.deleteIfExists(files.removeFirst());
        }
        // with a ring, the files are the capture on disk: the model leaves its file when it closes
        return PipelineCaptureModel.live(spool, file, new SpoolReader(file, !ring.rotates()), NicSettings.DEFAULTS);
    }

    /** Frames captured so far, in every file. */
    public long capturedFrames() {
        return reader.frames();
    }

    /** The number of the file being written, from 1 (0 before the first). */
    public int fileNumber() {
        return fileNumber;
    }

    /** The interface captured on. */
    public String iface() {
        return iface;
    }

    /** The name the window gives the file shown: the interface, and with a ring the file's number. */
    public String name() {
        return ring.rotates() ? iface + " (file " + fileNumber + ")" : iface;
    }

    /** Whether the file shown ended because it was full and the capture goes on in a next file. */
    public boolean continues() {
        return !stopped && current != null && current.full();
    }

    /** The capture is to end with the file shown (Capture &gt; Stop). */
    public void stop() {
        stopped = true;
    }

    /** Where the files are written. */
    public Path folder() {
        return folder;
    }

    /** The files on disk now, oldest first. */
    public java.util.List<Path> files() {
        return java.util.List.copyOf(files);
    }

    /** Ends the capture: closes the interface (the files stay until the application exits). */
    @Override
    public void close() {
        stopped = true;
        if (!reader.closed()) {
            reader.close();
        }
    }
}

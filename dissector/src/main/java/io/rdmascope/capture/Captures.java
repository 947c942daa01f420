package io.rdmascope.capture;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens captures, recognising pcap and pcapng by their magic numbers. A regular file is read
 * through a window that moves over it ({@link MappedFile}); standard input ({@code -}), pipes,
 * FIFOs and the {@code /dev/fd/N} of a process substitution are read once from start to end as a
 * stream ({@link StreamFile}), and so are gzip, zstd, xz and bzip2 captures, recognised by their
 * magic octets ({@link Decompression}).
 */
public final class Captures {
    /** The name that stands for standard input. */
    public static final String STDIN = "-";

    private Captures() {}

    /** @throws CaptureException with a one-line reason when the file is not a readable capture */
    public static CaptureReader open(Path file) throws CaptureException {
        return open(file, MappedFile.DEFAULT_WINDOW);
    }

    /** Whether {@code file} names standard input. */
    public static boolean isStdin(Path file) {
        return STDIN.equals(file.toString());
    }

    /** Whether {@code file} can be read only once, from start to end (standard input, a pipe, a device). */
    public static boolean isStream(Path file) {
        return isStdin(file) || (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file));
    }

    /** Captures made of consecutive files ({@link #stitch}), by the name that stands for them. */
    private static final java.util.Map<Path, List<Path>> STITCHED = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * From now on, {@code name} stands for the files {@code parts} read one after the other as one
     * capture ({@link StitchedCaptureReader}): every reader of the process that opens {@code name}
     * (the analysis, a second pass of a display filter) reads them.
     */
    public static void stitch(Path name, List<Path> parts) {
        STITCHED.put(name, List.copyOf(parts));
    }

    /** {@code name} no longer stands for files ({@link #stitch}). */
    public static void unstitch(Path name) {
        STITCHED.remove(name);
    }

    /** The files {@code name} stands for ({@link #stitch}), or null. */
    public static List<Path> stitched(Path name) {
        return STITCHED.get(name);
    }

    /** As {@link #open(Path)}, mapping the file through windows of {@code windowSize} octets. */
    public static CaptureReader open(Path file, int windowSize) throws CaptureException {
        List<Path> parts = STITCHED.get(file);
        if (parts != null) {
            return new StitchedCaptureReader(parts, windowSize);
        }
        if (isStdin(file)) {
            return openStream(file, System.in, "standard input", windowSize);
        }
        if (!Files.exists(file)) {
            throw new CaptureException(file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new CaptureException(file + ": is a folder, not a capture file");
        }
        if (!Files.isRegularFile(file)) {
            try {
                // a FileInputStream reads on; the channel of Files.newInputStream would seek, which pipes refuse
                return openStream(file, new FileInputStream(file.toFile()), "the stream", windowSize);
            } catch (FileNotFoundException e) {
                throw new CaptureException(file + (Files.isReadable(file) ? ": cannot be opened: " + e.getMessage()
                        : ": permission denied"), e);
            }
        }
        RandomAccessFile raf;
        try {
            raf = new RandomAccessFile(file.toFile(), "r");
        } catch (FileNotFoundException e) {
            if (!Files.exists(file)) {
                throw new CaptureException(file + ": no such file", e);
            }
            if (!Files.isReadable(file)) {
                throw new CaptureException(file + ": permission denied", e);
            }
            throw new CaptureException(file + ": cannot be opened: " + e.getMessage(), e);
        }
        try {
            CaptureReader reader = open(file, raf, windowSize);
            raf = null;
            return reader;
        } finally {
            if (raf != null) {
                try {
                    raf.close();
                } catch (IOException ignored) {
                    // the open failed already; its reason is the one worth reporting
                }
            }
        }
    }

    /**
     * Reads a capture from {@code in} once, from start to end, decompressing it when its first
     * octets say so (the octets of a file handed over by another file system).
     *
     * @param file the capture as messages name it
     */
    public static CaptureReader open(Path file, InputStream in) throws CaptureException {
        return openStream(file, in, "the stream", MappedFile.DEFAULT_WINDOW);
    }

    /**
     * Reads a capture from {@code in} once, decompressing it when its first octets say so.
     *
     * @param what the stream as messages name it
     */
    static CaptureReader openStream(Path file, InputStream in, String what, int windowSize) throws CaptureException {
        boolean done = false;
        try {
            InputStream raw = new BufferedInputStream(in, 1 << 16);
            String format = Decompression.peek(raw);
            InputStream data = format == null ? raw : Decompression.open(file, format, raw);
            StreamFile stream = new StreamFile(data, format != null ? format + "-compressed data" : what, windowSize);
            CaptureReader reader = reader(file, stream, -1);
            done = true;
            return reader;
        } catch (CaptureException e) {
            throw e;
        } catch (IOException e) {
            throw new CaptureException(file + ": cannot be read: " + e.getMessage(), e);
        } finally {
            if (!done) {
                try {
                    in.close();
                } catch (IOException ignored) {
                    // the open failed already; its reason is the one worth reporting
                }
            }
        }
    }

    private static CaptureReader open(Path file, RandomAccessFile raf, int windowSize) throws CaptureException {
        FileChannel channel = raf.getChannel();
        long size;
        byte[] head = new byte[Decompression.MAGIC_LENGTH];
        int n;
        try {
            size = channel.size();
            if (size == 0) {
                throw new CaptureException(file + ": empty file");
            }
            n = (int) Math.min(head.length, size);
            ByteBuffer b = ByteBuffer.wrap(head, 0, n);
            while (b.hasRemaining() && channel.read(b, b.position()) > 0) {
                // read the magic
            }
        } catch (CaptureException e) {
            throw e;
        } catch (IOException e) {
            throw new CaptureException(file + ": cannot be read: " + e.getMessage(), e);
        }
        if (Decompression.format(head, n) != null) {
            try {
                channel.position(0);
            } catch (IOException e) {
                throw new CaptureException(file + ": cannot be read: " + e.getMessage(), e);
            }
            // the stream reads through the channel, which closes the file with it
            return openStream(file, java.nio.channels.Channels.newInputStream(channel), "the file", windowSize);
        }
        return reader(file, new MappedFile(raf, size, windowSize), size);
    }

    /**
     * The reader of the format that the first octets of {@code file} announce.
     *
     * @param size the size in octets, or -1 for a stream
     */
    private static CaptureReader reader(Path file, MappedFile data, long size) throws CaptureException {
        long have;
        byte[] head = new byte[4];
        try {
            have = data.available(0, 28);
            if (have <= 0) {
                throw new CaptureException(file + ": empty " + (size < 0 ? "input" : "file"));
            }
            ByteBuffer w = data.window(0, (int) Math.min(4, have));
            w.get((int) -data.base(), head, 0, (int) Math.min(4, have));
        } catch (CaptureException e) {
            throw e.getMessage().startsWith(file + ": ") ? e : new CaptureException(file + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file + ": cannot be read: " + e.getMessage(), e);
        }
        int magic = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        if (have >= 4 && (magic == PcapReader.MAGIC_MICRO || magic == PcapReader.MAGIC_NANO
                || magic == Integer.reverseBytes(PcapReader.MAGIC_MICRO) || magic == Integer.reverseBytes(PcapReader.MAGIC_NANO))) {
            if (have < PcapReader.FILE_HEADER) {
                throw new CaptureException(file + ": pcap file cut inside the file header: " + have + " of "
                        + PcapReader.FILE_HEADER + " octets");
            }
            return new PcapReader(data);
        }
        if (have >= 4 && magic == PcapngReader.SHB) {
            if (have < 28) {
                throw new CaptureException(file + ": pcapng file cut inside the section header: " + have + " of 28 octets");
            }
            try {
                return new PcapngReader(data);
            } catch (CaptureException e) {
                throw new CaptureException(file + ": " + e.getMessage(), e);
            }
        }
        throw new CaptureException(file + ": not a capture " + (size < 0 ? "" : "file ") + "("
                + describe(head, (int) Math.min(4, have)) + ")");
    }

    private static String describe(byte[] head, int n) {
        StringBuilder hex = new StringBuilder("magic 0x");
        for (int i = 0; i < n; i++) {
            hex.append(Character.forDigit((head[i] >> 4) & 0xf, 16)).append(Character.forDigit(head[i] & 0xf, 16));
        }
        if (n < 4) {
            return "only " + n + " octet" + (n == 1 ? "" : "s") + ", " + hex;
        }
        int m = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        if (m == 0xa1b2cd34 || m == 0x34cdb2a1) {
            return hex + ": the modified (Kuznetsov) pcap format, which is not supported";
        }
        return hex + ", neither pcap nor pcapng";
    }
}

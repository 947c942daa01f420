package io.rdmascope.capture;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens capture files, recognising pcap and pcapng by their magic numbers. */
public final class Captures {
    private Captures() {}

    /** @throws CaptureException with a one-line reason when the file is not a readable capture */
    public static CaptureReader open(Path file) throws CaptureException {
        return open(file, MappedFile.DEFAULT_WINDOW);
    }

    /** As {@link #open(Path)}, mapping the file through windows of {@code windowSize} octets. */
    static CaptureReader open(Path file, int windowSize) throws CaptureException {
        if (!Files.exists(file)) {
            throw new CaptureException(file + ": no such file");
        }
        if (Files.isDirectory(file)) {
            throw new CaptureException(file + ": is a folder, not a capture file");
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

    private static CaptureReader open(Path file, RandomAccessFile raf, int windowSize) throws CaptureException {
        FileChannel channel = raf.getChannel();
        long size;
        byte[] head = new byte[4];
        try {
            size = channel.size();
            if (size == 0) {
                throw new CaptureException(file + ": empty file");
            }
            ByteBuffer b = ByteBuffer.wrap(head, 0, (int) Math.min(4, size));
            while (b.hasRemaining() && channel.read(b, b.position()) > 0) {
                // read the magic
            }
        } catch (CaptureException e) {
            throw e;
        } catch (IOException e) {
            throw new CaptureException(file + ": cannot be read: " + e.getMessage(), e);
        }
        int magic = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        MappedFile mapped = new MappedFile(raf, size, windowSize);
        if (size >= 4 && (magic == PcapReader.MAGIC_MICRO || magic == PcapReader.MAGIC_NANO
                || magic == Integer.reverseBytes(PcapReader.MAGIC_MICRO) || magic == Integer.reverseBytes(PcapReader.MAGIC_NANO))) {
            if (size < PcapReader.FILE_HEADER) {
                throw new CaptureException(file + ": pcap file cut inside the file header: " + size + " of "
                        + PcapReader.FILE_HEADER + " octets");
            }
            return new PcapReader(mapped);
        }
        if (size >= 4 && magic == PcapngReader.SHB) {
            if (size < 28) {
                throw new CaptureException(file + ": pcapng file cut inside the section header: " + size + " of 28 octets");
            }
            try {
                return new PcapngReader(mapped);
            } catch (CaptureException e) {
                throw new CaptureException(file + ": " + e.getMessage(), e);
            }
        }
        throw new CaptureException(file + ": not a capture file (" + describe(head, (int) Math.min(4, size)) + ")");
    }

    private static String describe(byte[] head, int n) {
        StringBuilder hex = new StringBuilder("magic 0x");
        for (int i = 0; i < n; i++) {
            hex.append(Character.forDigit((head[i] >> 4) & 0xf, 16)).append(Character.forDigit(head[i] & 0xf, 16));
        }
        if (n < 4) {
            return "only " + n + " octet" + (n == 1 ? "" : "s") + ", " + hex;
        }
        if ((head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return hex + ": a gzip-compressed file, decompress it first";
        }
        int m = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        if (m == 0xa1b2cd34 || m == 0x34cdb2a1) {
            return hex + ": the modified (Kuznetsov) pcap format, which is not supported";
        }
        return hex + ", neither pcap nor pcapng";
    }
}

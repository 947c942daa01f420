package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;

/**
 * Compressed captures, recognised by the magic octets their format starts with (never by the
 * file's name): gzip (the JDK's own decoder), zstd (zstd-jni), xz and bzip2 (Apache Commons
 * Compress). The capture inside is then read as a stream.
 */
final class Decompression {
    /** Octets needed to recognise every format. */
    static final int MAGIC_LENGTH = 6;
    private static final int BUFFER = 1 << 16;

    private Decompression() {}

    /** The compression format that {@code head} (its first {@code n} octets) starts with, or null. */
    static String format(byte[] head, int n) {
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return "gzip";
        }
        if (n >= 4 && (head[0] & 0xff) == 0x28 && (head[1] & 0xff) == 0xb5 && (head[2] & 0xff) == 0x2f
                && (head[3] & 0xff) == 0xfd) {
            return "zstd";
        }
        if (n >= 6 && (head[0] & 0xff) == 0xfd && head[1] == '7' && head[2] == 'z' && head[3] == 'X' && head[4] == 'Z'
                && head[5] == 0) {
            return "xz";
        }
        if (n >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') {
            return "bzip2";
        }
        return null;
    }

    /** The compression format {@code in} starts with, or null; reads nothing away ({@code in} supports mark). */
    static String peek(InputStream in) throws IOException {
        byte[] head = new byte[MAGIC_LENGTH];
        in.mark(MAGIC_LENGTH);
        int n = 0;
        while (n < head.length) {
            int r = in.read(head, n, head.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        in.reset();
        return format(head, n);
    }

    /**
     * The decompressed content of {@code in}.
     *
     * @throws CaptureException when the compressed stream's header is cut short or damaged, or
     *     its decoder is not available
     */
    static InputStream open(Path file, String format, InputStream in) throws CaptureException {
        try {
            return "gzip".equals(format) ? new GZIPInputStream(in, BUFFER) : Libraries.open(format, in);
        } catch (EOFException e) {
            throw new CaptureException(file + ": " + format + "-compressed file cut short inside its header", e);
        } catch (IOException e) {
            throw new CaptureException(file + ": damaged " + format + "-compressed file: " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException(file + ": " + format + " decompression is not available on this system: "
                    + e.getMessage(), e);
        }
    }

    /**
     * The decoders of the libraries, apart: the JVM loads this class, and the libraries' classes
     * with it, only when a capture is compressed with one of their formats. A class that named them
     * in its own code would bring them (and the manifests of their jars) into every start, since the
     * start-up cache holds what the verifier loaded.
     */
    private static final class Libraries {
        private Libraries() {}

        static InputStream open(String format, InputStream in) throws IOException {
            switch (format) {
                case "zstd":
                    return new ZstdCompressorInputStream(in);
                case "xz":
                    return new XZCompressorInputStream(in, true);
                case "bzip2":
                    return new BZip2CompressorInputStream(in, true);
                default:
                    throw new IllegalArgumentException(format);
            }
        }
    }
}

package io.rdmascope.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Which files of a folder are captures, for the commands and the Spark job that take a folder:
 * {@code .pcap}, {@code .pcapng} and {@code .cap}, plain or compressed ({@code .pcap.gz},
 * {@code .pcapng.zst}, {@code .cap.xz}, {@code .pcap.bz2}; the readers recognise the compression
 * by its content), in the folder and its subfolders, leaving out what starts with {@code .} or
 * {@code _} (hidden files, Hadoop's {@code _temporary} and {@code _SUCCESS}).
 */
public final class CaptureFiles {
    private CaptureFiles() {}

    /** The endings of a capture file's name, before any compression's. */
    public static final List<String> SUFFIXES = List.of(".pcap", ".pcapng", ".cap");

    private static final List<String> COMPRESSED = List.of(".gz", ".zst", ".zstd", ".xz", ".bz2");

    /** Whether a file of this name is taken as a capture. */
    public static boolean isCapture(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        for (String c : COMPRESSED) {
            if (n.endsWith(c)) {
                n = n.substring(0, n.length() - c.length());
                break;
            }
        }
        for (String s : SUFFIXES) {
            if (n.endsWith(s)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a path in a folder ({@code /}-separated) has a part that is left out. */
    public static boolean hidden(String relative) {
        for (String part : relative.split("/")) {
            if (part.startsWith(".") || part.startsWith("_")) {
                return true;
            }
        }
        return false;
    }

    /** The capture files under {@code dir}, at any depth, sorted by their path in it. */
    public static List<Path> under(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(Files::isRegularFile)
                    .filter(f -> isCapture(f.getFileName().toString()) && !hidden(relative(dir, f)))
                    .forEach(files::add);
        }
        files.sort(Comparator.comparing(f -> relative(dir, f)));
        return files;
    }

    private static String relative(Path dir, Path file) {
        return dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }
}

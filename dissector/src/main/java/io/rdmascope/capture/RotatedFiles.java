package io.rdmascope.capture;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Files that continue each other: the files of a ring buffer ({@code tshark -b}, {@code dumpcap
 * -b}), named {@code PREFIX_NNNNN_YYYYMMDDhhmmss.pcapng} (or {@code .pcap}, {@code .cap}, plain or
 * compressed), grouped by folder, prefix and extension and ordered by their number (then their
 * time), each group one capture ({@link StitchedCaptureReader}). Files named otherwise are, in the
 * order given, one more capture.
 */
public final class RotatedFiles {
    private RotatedFiles() {}

    /** The name a ring buffer gives its files: prefix, number, time, extension. */
    static final Pattern RING = Pattern.compile(
            "(.+)_([0-9]{5,})_([0-9]{14})(\\.(?:pcapng|pcap|cap)(?:\\.(?:gz|gzip|zst|zstd|xz|bz2))?)");

    /**
     * One capture made of consecutive files.
     *
     * @param name the capture as reports name it: {@code FOLDER/PREFIX_*.pcapng} for a ring
     *     buffer, the one file's name for a single file, else the names joined by {@code +}
     * @param parts the files in order, as named
     */
    public record Stitched(String name, List<String> parts) {
        /** The parts as local paths. */
        public List<Path> paths() {
            List<Path> out = new ArrayList<>();
            parts.forEach(p -> out.add(Path.of(p)));
            return out;
        }
    }

    /**
     * The captures that {@code files} make, in order of their first file; the names are split at
     * their last {@code /} into folder and file, so that they may be URIs of any file system.
     */
    public static List<Stitched> group(List<String> files) {
        Map<String, List<String[]>> rings = new LinkedHashMap<>();
        List<String> others = new ArrayList<>();
        Map<String, Integer> firstAt = new LinkedHashMap<>();
        for (int i = 0; i < files.size(); i++) {
            String f = files.get(i);
            int slash = f.lastIndexOf('/');
            Matcher m = RING.matcher(f.substring(slash + 1));
            if (m.matches()) {
                String key = f.substring(0, slash + 1) + m.group(1) + "_*" + m.group(4);
                rings.computeIfAbsent(key, k -> new ArrayList<>()).add(new String[] {m.group(2), m.group(3), f});
                firstAt.putIfAbsent(key, i);
            } else {
                others.add(f);
                firstAt.putIfAbsent("", i);
            }
        }
        List<Stitched> out = new ArrayList<>();
        for (String key : firstAt.keySet()) {
            if (key.isEmpty()) {
                out.add(new Stitched(String.join("+", others), List.copyOf(others)));
                continue;
            }
            List<String[]> ring = rings.get(key);
            ring.sort(Comparator.<String[], String>comparing(r -> pad(r[0])).thenComparing(r -> r[1]));
            List<String> parts = new ArrayList<>();
            ring.forEach(r -> parts.add(r[2]));
            out.add(new Stitched(ring.size() == 1 ? ring.get(0)[2] : key, parts));
        }
        return out;
    }

    /** A file number for comparing: numbers of more digits are larger. */
    private static String pad(String digits) {
        return "0".repeat(Math.max(0, 20 - digits.length())) + digits;
    }
}

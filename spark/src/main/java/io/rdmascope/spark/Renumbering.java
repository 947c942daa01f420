package io.rdmascope.spark;

import io.rdmascope.engine.TransactionKind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ids of the whole capture's analysis for the rows of its groups ({@code --split-connections}).
 * Each group numbers its MPA connections and transactions by itself; with the frame at which each
 * got its number ({@link Keys}), the groups' numbers are merged in frame order, which is the order
 * in which the analysis of the whole file gives them (the stages hand the judge the events of a
 * frame together, and a frame is of one group). RoCE connections take their ids from the index,
 * which numbered them as the whole file's analysis does. A transaction id given at the end of the
 * capture, from what the stages flush then, follows every id given while the frames were read, as
 * in the whole file; such ids of several groups are put in the order of their events' frames,
 * while the whole file gives them connection by connection, which can differ. The frames table's
 * TCP streams ({@code tcp.stream}, numbered from 0 in order of their first frames) are merged the
 * same way, by their first frames: a stream's frames are all of one group.
 */
final class Renumbering implements Serializable {
    /**
     * What one group tells: per MPA connection, in the order of its own ids ("c1" first), the frame
     * being read when it was recognised ({@link Long#MAX_VALUE} at the end of the capture) and its
     * TCP connection's first frame; per transaction kind, the frame of the event that gave each id;
     * how many of each kind it gave while the frames were read (the others, from what the stages
     * flush at the end of the capture, are given after every frame of the file);
     * its RoCE connections' ids in the whole capture; per TCP stream of its frames table, in the
     * order of its own numbers (0 first), the stream's first frame.
     */
    record Keys(String capture, int group, long[] connectionFrames, long[] connectionFirst,
                Map<String, long[]> created, Map<String, Integer> givenWhileReading,
                Map<String, String> queuePairs, long[] streamFirst)
            implements Serializable {}

    private final Map<String, String> connections;
    private final Map<String, int[]> transactions;
    /** The whole capture's number (from 1) of each of the group's TCP streams, by the group's. */
    private final int[] streams;

    private Renumbering(Map<String, String> connections, Map<String, int[]> transactions, int[] streams) {
        this.connections = connections;
        this.transactions = transactions;
        this.streams = streams;
    }

    /** The renumbering of each group of each capture, by {@link #key}. */
    static Map<String, Renumbering> of(List<Keys> keys) {
        Map<String, List<Keys>> byCapture = new HashMap<>();
        for (Keys k : keys) {
            byCapture.computeIfAbsent(k.capture(), c -> new ArrayList<>()).add(k);
        }
        Map<String, Renumbering> out = new HashMap<>();
        for (List<Keys> groups : byCapture.values()) {
            groups.sort(Comparator.comparingInt(Keys::group));
            Map<Integer, Map<String, String>> conns = new HashMap<>();
            Map<Integer, Map<String, int[]>> txs = new HashMap<>();
            for (Keys k : groups) {
                conns.put(k.group(), new HashMap<>(k.queuePairs()));
                txs.put(k.group(), new HashMap<>());
            }
            // MPA connections: by recognition frame, then the TCP connection's first frame
            long[][] frames = new long[groups.size()][];
            long[][] ties = new long[groups.size()][];
            for (int g = 0; g < frames.length; g++) {
                frames[g] = groups.get(g).connectionFrames();
                ties[g] = groups.get(g).connectionFirst();
            }
            int[][] numbers = merge(frames, ties);
            for (int g = 0; g < frames.length; g++) {
                Map<String, String> m = conns.get(groups.get(g).group());
                for (int i = 0; i < numbers[g].length; i++) {
                    m.put("c" + (i + 1), "c" + numbers[g][i]);
                }
            }
            for (TransactionKind kind : TransactionKind.values()) {
                for (int g = 0; g < frames.length; g++) {
                    Keys k = groups.get(g);
                    long[] created = k.created().getOrDefault(kind.idPrefix, new long[0]);
                    int reading = k.givenWhileReading().getOrDefault(kind.idPrefix, created.length);
                    frames[g] = created.clone();
                    ties[g] = new long[created.length];
                    for (int i = reading; i < created.length; i++) {
                        // after the last frame, in the order of the frames of their events
                        frames[g][i] = Long.MAX_VALUE;
                        ties[g][i] = created[i];
                    }
                }
                numbers = merge(frames, ties);
                for (int g = 0; g < frames.length; g++) {
                    txs.get(groups.get(g).group()).put(kind.idPrefix, numbers[g]);
                }
            }
            for (int g = 0; g < frames.length; g++) {
                frames[g] = groups.get(g).streamFirst();
                ties[g] = new long[frames[g].length];
            }
            int[][] streams = merge(frames, ties);
            for (int g = 0; g < frames.length; g++) {
                Keys k = groups.get(g);
                out.put(key(k.capture(), k.group()), new Renumbering(conns.get(k.group()), txs.get(k.group()),
                        streams[g]));
            }
        }
        return out;
    }

    /**
     * The whole capture's numbers (from 1) of the groups' records, each group's in its own order:
     * the groups' sequences merged, each kept in its order (the whole file's analysis numbers a
     * group's records in the group's order), taking next the record of the lowest frame, then the
     * lowest tie, then the first group.
     */
    static int[][] merge(long[][] frames, long[][] ties) {
        int[][] out = new int[frames.length][];
        int[] next = new int[frames.length];
        int total = 0;
        for (int g = 0; g < frames.length; g++) {
            out[g] = new int[frames[g].length];
            total += frames[g].length;
        }
        for (int n = 1; n <= total; n++) {
            int best = -1;
            for (int g = 0; g < frames.length; g++) {
                if (next[g] < frames[g].length && (best < 0 || frames[g][next[g]] < frames[best][next[best]]
                        || (frames[g][next[g]] == frames[best][next[best]] && ties[g][next[g]] < ties[best][next[best]]))) {
                    best = g;
                }
            }
            out[best][next[best]++] = n;
        }
        return out;
    }

    static String key(String capture, int group) {
        return group + "/" + capture;
    }

    private static final Pattern ID = Pattern.compile("^(c|q|[a-z]+)([0-9]+)$");
    private static final Pattern IN_TEXT = Pattern.compile(
            "(?<![A-Za-z0-9_.])(c|q|t|r|w|s|a|rpc|nvme|iser|smb)([0-9]+)(?![A-Za-z0-9_])");

    /** The whole capture's id of a group's id; an id it does not know stays as it is. */
    String id(String id) {
        Matcher m = ID.matcher(id);
        if (!m.matches()) {
            return id;
        }
        return map(id, m.group(1), m.group(2));
    }

    private String map(String id, String prefix, String digits) {
        if (prefix.equals("c") || prefix.equals("q")) {
            return connections.getOrDefault(id, id);
        }
        int[] numbers = transactions.get(prefix);
        if (numbers == null || digits.length() > 9) {
            return id;
        }
        int n = Integer.parseInt(digits);
        return n >= 1 && n <= numbers.length && numbers[n - 1] > 0 ? prefix + numbers[n - 1] : id;
    }

    /** The whole capture's {@code tcp.stream} of a group's; one it does not know stays as it is. */
    long stream(long stream) {
        return stream >= 0 && stream < streams.length ? streams[(int) stream] - 1 : stream;
    }

    /** A text with the ids it names ("initiation t3 from ...", "(t2 on c1)") renumbered. */
    String text(String s) {
        Matcher m = IN_TEXT.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(map(m.group(), m.group(1), m.group(2))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A column value: an id or an array of them. */
    Object value(Object v) {
        if (v instanceof String s) {
            return id(s);
        }
        if (v instanceof String[] a) {
            String[] out = Arrays.copyOf(a, a.length);
            for (int i = 0; i < out.length; i++) {
                out[i] = out[i] == null ? null : id(out[i]);
            }
            return out;
        }
        return v;
    }
}

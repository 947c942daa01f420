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
 * which numbered them as the whole file's analysis does.
 */
final class Renumbering implements Serializable {
    /**
     * What one group tells: per MPA connection, in the order of its own ids ("c1" first), the frame
     * being read when it was recognised ({@link Long#MAX_VALUE} at the end of the capture) and its
     * TCP connection's first frame; per transaction kind, the frame of the event that gave each id;
     * its RoCE connections' ids in the whole capture.
     */
    record Keys(String capture, int group, long[] connectionFrames, long[] connectionFirst,
                Map<String, long[]> created, Map<String, String> queuePairs) implements Serializable {}

    private final Map<String, String> connections;
    private final Map<String, int[]> transactions;

    private Renumbering(Map<String, String> connections, Map<String, int[]> transactions) {
        this.connections = connections;
        this.transactions = transactions;
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
            List<long[]> cs = new ArrayList<>();
            for (Keys k : groups) {
                for (int i = 0; i < k.connectionFrames().length; i++) {
                    cs.add(new long[] {k.connectionFrames()[i], k.connectionFirst()[i], k.group(), i});
                }
            }
            cs.sort(ORDER);
            for (int n = 0; n < cs.size(); n++) {
                long[] c = cs.get(n);
                conns.get((int) c[2]).put("c" + (c[3] + 1), "c" + (n + 1));
            }
            for (TransactionKind kind : TransactionKind.values()) {
                List<long[]> ts = new ArrayList<>();
                for (Keys k : groups) {
                    long[] frames = k.created().getOrDefault(kind.idPrefix, new long[0]);
                    txs.get(k.group()).put(kind.idPrefix, new int[frames.length]);
                    for (int i = 0; i < frames.length; i++) {
                        ts.add(new long[] {frames[i], 0, k.group(), i});
                    }
                }
                ts.sort(ORDER);
                for (int n = 0; n < ts.size(); n++) {
                    long[] t = ts.get(n);
                    txs.get((int) t[2]).get(kind.idPrefix)[(int) t[3]] = n + 1;
                }
            }
            for (Keys k : groups) {
                out.put(key(k.capture(), k.group()), new Renumbering(conns.get(k.group()), txs.get(k.group())));
            }
        }
        return out;
    }

    /** Frame, then tie, then group, then the group's own order. */
    private static final Comparator<long[]> ORDER = (a, b) -> {
        for (int i = 0; i < a.length; i++) {
            int c = Long.compare(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };

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

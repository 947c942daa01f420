package io.rdmascope.gui.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * How per-connection views order and cut connections: ids in natural order (c1, c2, ... c10, not
 * c1, c10, c2), and, when there are many, the few that moved the most octets with one "others"
 * entry for the rest, so that a chart of hundreds of connections stays readable.
 */
public final class ConnectionOrder {
    private ConnectionOrder() {}

    /** The entry that stands for every connection left out. */
    public static final String OTHERS = "others";

    /** Compares text with the numbers in it taken as numbers: "c2" before "c10". */
    public static final Comparator<String> NATURAL = ConnectionOrder::compare;

    private static int compare(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i), y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int ei = i, ej = j;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                String na = a.substring(i, ei).replaceFirst("^0+(?=.)", ""), nb = b.substring(j, ej).replaceFirst("^0+(?=.)", "");
                int c = na.length() != nb.length() ? Integer.compare(na.length(), nb.length()) : na.compareTo(nb);
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /**
     * The {@code n} entries of greatest value in natural order of their keys, then {@link #OTHERS}
     * with the sum of the rest when there is a rest.
     */
    public static Map<String, Long> top(Map<String, Long> values, int n) {
        return top(new ArrayList<>(values.entrySet()), Map.Entry::getKey, Map.Entry::getValue, n);
    }

    /** The same for any items: their keys and values by the given functions. */
    public static <T> Map<String, Long> top(List<T> items, java.util.function.Function<T, String> key,
                                            ToLongFunction<T> value, int n) {
        List<T> byValue = new ArrayList<>(items);
        byValue.sort(Comparator.comparingLong(value).reversed().thenComparing(key, NATURAL));
        List<T> kept = new ArrayList<>(byValue.subList(0, Math.min(n, byValue.size())));
        kept.sort(Comparator.comparing(key, NATURAL));
        Map<String, Long> out = new LinkedHashMap<>();
        for (T t : kept) {
            out.put(key.apply(t), value.applyAsLong(t));
        }
        if (byValue.size() > n) {
            long rest = 0;
            for (T t : byValue.subList(n, byValue.size())) {
                rest += value.applyAsLong(t);
            }
            out.put(OTHERS + " (" + (byValue.size() - n) + ")", rest);
        }
        return out;
    }

    /**
     * Lets the bars of the connections named be read beside an "others" bar many times taller: the
     * value axis then ends a little above the tallest of them, the others bar cut at the top.
     * Returns whether it did; otherwise the axis ranges by itself.
     */
    static boolean scaleOthers(Map<String, Long> bars, javafx.scene.chart.NumberAxis axis) {
        long top = 0, others = 0;
        for (Map.Entry<String, Long> e : bars.entrySet()) {
            if (e.getKey().startsWith(OTHERS)) {
                others = e.getValue();
            } else {
                top = Math.max(top, e.getValue());
            }
        }
        boolean cut = top > 0 && others > 3 * top;
        axis.setAutoRanging(!cut);
        if (cut) {
            axis.setLowerBound(0);
            axis.setUpperBound(top * 1.25);
            axis.setTickUnit(top * 1.25 / 5);
        }
        return cut;
    }
}

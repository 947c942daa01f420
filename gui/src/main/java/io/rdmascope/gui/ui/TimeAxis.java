package io.rdmascope.gui.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ticks of a time axis: a step of 1, 2 or 5 times a power of ten nanoseconds, about one tick
 * per hundred pixels, labelled with the time since the start of the capture in the unit the step
 * fits (ns, µs, ms or s).
 */
final class TimeAxis {
    private TimeAxis() {}

    /** Pixels between ticks that the step aims at. */
    static final double TICK_PIXELS = 100;

    /** A tick: its time (ns since the epoch) and its label. */
    record Tick(long nanos, String label) {}

    /** The step between ticks for {@code span} nanoseconds over {@code pixels}: 1, 2 or 5 times 10^k ns. */
    static long step(double span, double pixels) {
        double raw = Math.max(1, span / Math.max(1, pixels / TICK_PIXELS));
        long pow = 1;
        while (pow <= Long.MAX_VALUE / 10 && pow * 10 <= raw) {
            pow *= 10;
        }
        return raw <= pow ? pow : raw <= 2 * pow ? 2 * pow : raw <= 5 * pow ? 5 * pow : 10 * pow;
    }

    /** The ticks from {@code from} to {@code to} (ns since the epoch), labelled from {@code origin}. */
    static List<Tick> ticks(long origin, long from, long to, double pixels) {
        long step = step(to - from, pixels);
        List<Tick> out = new ArrayList<>();
        long first = origin + Math.floorDiv(from - origin + step - 1, step) * step;
        for (long t = first; t <= to && out.size() < 1000; t += step) {
            out.add(new Tick(t, label(t - origin, step)));
        }
        return out;
    }

    /**
     * An offset from the start of the capture in the unit of its step ("250 µs", "1.5 s", with as
     * many decimals as the step needs); in seconds once the figure in that unit would be long.
     */
    static String label(long offset, long step) {
        long unit = step >= 100_000_000L ? 1_000_000_000L : step >= 100_000 ? 1_000_000 : step >= 1_000 ? 1_000 : 1;
        String suffix = unit == 1_000_000_000L ? " s" : unit == 1_000_000 ? " ms" : unit == 1_000 ? " \u00b5s" : " ns";
        if (Math.abs(offset) / unit < 100_000) {
            return format((double) offset / unit, decimals(step, unit)) + suffix;
        }
        return format(offset / 1e9, decimals(step, 1_000_000_000L)) + " s";
    }

    /** Decimals that tell steps of {@code step} apart in {@code unit}. */
    private static int decimals(long step, long unit) {
        int d = 0;
        for (double v = (double) step / unit; v < 1 - 1e-9 && d < 9; v *= 10) {
            d++;
        }
        return d;
    }

    private static String format(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** A span for people, in the unit that fits it ("6 ms", "1.25 s", "800 ns"). */
    static String span(long nanos) {
        if (nanos >= 1_000_000_000L) {
            return format(nanos / 1e9, nanos >= 100_000_000_000L ? 0 : 2) + " s";
        }
        if (nanos >= 1_000_000) {
            return format(nanos / 1e6, nanos >= 100_000_000 ? 0 : 1) + " ms";
        }
        if (nanos >= 1_000) {
            return format(nanos / 1e3, nanos >= 100_000 ? 0 : 1) + " \u00b5s";
        }
        return nanos + " ns";
    }
}

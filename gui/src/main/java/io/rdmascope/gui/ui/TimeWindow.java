package io.rdmascope.gui.ui;

/**
 * The part of a time range that a view shows, zoomed and panned within that range: never wider
 * than the range, never narrower than {@link #MIN_SPAN}, never outside it. Times are nanoseconds.
 */
final class TimeWindow {
    /** The narrowest span shown: a few frames apart on a fast link. */
    static final double MIN_SPAN = 100;

    private long start, end;
    private double from, span = 1;

    /** Shows all of {@code [start, end]} (a range of no length is widened to a microsecond). */
    void reset(long start, long end) {
        if (end <= start) {
            start -= 500;
            end = start + 1000;
        }
        this.start = start;
        this.end = end;
        fit();
    }

    void fit() {
        from = start;
        span = end - start;
    }

    long start() {
        return start;
    }

    long end() {
        return end;
    }

    double fullSpan() {
        return end - start;
    }

    double from() {
        return from;
    }

    double to() {
        return from + span;
    }

    double span() {
        return span;
    }

    boolean zoomed() {
        return span < fullSpan();
    }

    /** Multiplies the span by {@code factor}, keeping {@code anchor} where it is on screen. */
    void zoom(double factor, double anchor) {
        double next = Math.max(Math.min(MIN_SPAN, fullSpan()), Math.min(fullSpan(), span * factor));
        double a = Math.max(from, Math.min(to(), anchor));
        from = a - (a - from) * next / span;
        span = next;
        panTo(from);
    }

    /** Moves the left edge to {@code t}, within the range. */
    void panTo(double t) {
        from = Math.max(start, Math.min(end - span, t));
    }

    /** Pans (keeping the span) so that {@code [a, b]} is in view, or its start when it is wider. */
    void reveal(long a, long b) {
        if (a >= from && b <= to()) {
            return;
        }
        panTo(b - a > span * 0.8 ? a - span * 0.1 : (a + b) / 2.0 - span / 2);
    }
}

package io.rdmascope.monitor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A summary of each period of a live analysis ({@code --summary-interval S}): frames, bytes,
 * what the capture dropped, transactions by kind with their latency percentiles, violations by
 * code, gaps put down to capture loss. Written as a text line, or as a JSON object on a line of
 * its own, when the period ends, and for the last (shorter) period when the capture ends.
 * Latencies are kept for the percentiles up to {@value #MAX_LATENCIES} per kind and period (past
 * that, one in two, then one in four, ... is kept).
 */
public final class PeriodSummaries implements EngineListener {
    static final int MAX_LATENCIES = 65_536;

    /** Latencies of one kind in one period, thinned when there are too many. */
    private static final class Kind {
        long count;
        long completed;
        double[] latencies = new double[64];
        int size;
        int stride = 1;

        void add(double seconds) {
            completed++;
            if (completed % stride != 0) {
                return;
            }
            if (size == latencies.length) {
                if (size >= MAX_LATENCIES) {
                    for (int i = 0; i < size / 2; i++) {
                        latencies[i] = latencies[2 * i];
                    }
                    size /= 2;
                    stride *= 2;
                } else {
                    latencies = Arrays.copyOf(latencies, size * 2);
                }
            }
            latencies[size++] = seconds;
        }

        double percentile(double[] sorted, double q) {
            return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
        }
    }

    private final LiveCaptureReader reader;
    private final LiveMetrics metrics;
    private final long intervalNanos;
    private final boolean json;
    private final PrintStream out;
    private final JsonFactory factory = new JsonFactory();
    private long startNanos = System.nanoTime();
    private long startFrames;
    private long startBytes;
    private long startLoss;
    private CaptureStatistics startCounts;
    private Map<String, Kind> kinds = new TreeMap<>();
    private Map<String, Long> codes = new TreeMap<>();

    public LiveMetrics metrics() {
        return metrics;
    }

    /**
     * @param seconds the length of a period
     * @param json JSON lines instead of text
     */
    public PeriodSummaries(LiveCaptureReader reader, LiveMetrics metrics, double seconds, boolean json, PrintStream out) {
        this.reader = reader;
        this.metrics = metrics;
        this.intervalNanos = (long) (seconds * 1e9);
        this.json = json;
        this.out = out;
        this.startCounts = reader.statistics();
        metrics.follow(this);
        reader.addTicker(this::tick);
    }

    @Override
    public synchronized void violation(Violation v) {
        codes.merge(v.code().name(), 1L, Long::sum);
    }

    @Override
    public synchronized void transaction(Transaction t) {
        Kind k = kinds.computeIfAbsent(t.kind.jsonName, n -> new Kind());
        k.count++;
        if (t.completionFrame >= 0 && t.completionTimeNanos >= t.initiationTimeNanos) {
            k.add((t.completionTimeNanos - t.initiationTimeNanos) / 1e9);
        }
    }

    private void tick() {
        if (System.nanoTime() - startNanos >= intervalNanos) {
            emit();
        }
    }

    /** Writes the summary of the period under way and begins the next one. */
    public void emit() {
        CaptureStatistics now = reader.sample();
        Map<String, Kind> k;
        Map<String, Long> c;
        long frames = reader.frames();
        long bytes = reader.position();
        long loss = metrics.captureLoss();
        CaptureStatistics period;
        long f0, b0, l0;
        synchronized (this) {
            k = kinds;
            c = codes;
            kinds = new TreeMap<>();
            codes = new TreeMap<>();
            period = now.since(startCounts);
            f0 = startFrames;
            b0 = startBytes;
            l0 = startLoss;
            startCounts = now;
            startFrames = frames;
            startBytes = bytes;
            startLoss = loss;
            startNanos = System.nanoTime();
        }
        String line = json ? json(period, frames - f0, bytes - b0, loss - l0, k, c)
                : text(period, frames - f0, bytes - b0, loss - l0, k, c);
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    private static String time(long epochNanos) {
        return Instant.ofEpochSecond(0, epochNanos).toString();
    }

    private static String seconds(double s) {
        if (s < 1e-3) {
            return String.format(Locale.ROOT, "%.1f µs", s * 1e6);
        }
        if (s < 1) {
            return String.format(Locale.ROOT, "%.2f ms", s * 1e3);
        }
        return String.format(Locale.ROOT, "%.3f s", s);
    }

    private static String text(CaptureStatistics p, long frames, long bytes, long loss, Map<String, Kind> kinds,
                               Map<String, Long> codes) {
        StringBuilder sb = new StringBuilder();
        sb.append(time(p.endNanos())).append("  ").append(frames).append(frames == 1 ? " frame, " : " frames, ")
                .append(bytes).append(" B, ").append(p.dropped()).append(" dropped (kernel ").append(p.droppedByKernel())
                .append(", interface ").append(p.droppedByInterface()).append(')');
        sb.append("; transactions:");
        if (kinds.isEmpty()) {
            sb.append(" none");
        }
        String sep = " ";
        for (Map.Entry<String, Kind> e : kinds.entrySet()) {
            Kind k = e.getValue();
            sb.append(sep).append(e.getKey()).append(' ').append(k.count);
            double[] sorted = Arrays.copyOf(k.latencies, k.size);
            Arrays.sort(sorted);
            if (sorted.length > 0) {
                sb.append(" (p50 ").append(seconds(k.percentile(sorted, 0.5))).append(", p90 ")
                        .append(seconds(k.percentile(sorted, 0.9))).append(", p99 ")
                        .append(seconds(k.percentile(sorted, 0.99))).append(')');
            }
            sep = ", ";
        }
        sb.append("; violations:");
        if (codes.isEmpty()) {
            sb.append(" none");
        }
        sep = " ";
        for (Map.Entry<String, Long> e : codes.entrySet()) {
            sb.append(sep).append(e.getKey()).append(' ').append(e.getValue());
            sep = ", ";
        }
        if (loss > 0) {
            sb.append("; capture loss: ").append(loss);
        }
        return sb.toString();
    }

    private String json(CaptureStatistics p, long frames, long bytes, long loss, Map<String, Kind> kinds,
                        Map<String, Long> codes) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = factory.createGenerator(w)) {
            g.writeStartObject();
            g.writeObjectFieldStart("summary");
            g.writeStringField("start", time(p.startNanos()));
            g.writeStringField("end", time(p.endNanos()));
            g.writeNumberField("frames", frames);
            g.writeNumberField("bytes", bytes);
            g.writeNumberField("received", p.received());
            g.writeNumberField("droppedByKernel", p.droppedByKernel());
            g.writeNumberField("droppedByInterface", p.droppedByInterface());
            g.writeObjectFieldStart("transactions");
            for (Map.Entry<String, Kind> e : kinds.entrySet()) {
                Kind k = e.getValue();
                g.writeObjectFieldStart(e.getKey());
                g.writeNumberField("count", k.count);
                g.writeNumberField("completed", k.completed);
                double[] sorted = Arrays.copyOf(k.latencies, k.size);
                Arrays.sort(sorted);
                if (sorted.length > 0) {
                    g.writeObjectFieldStart("latencySeconds");
                    g.writeNumberField("p50", k.percentile(sorted, 0.5));
                    g.writeNumberField("p90", k.percentile(sorted, 0.9));
                    g.writeNumberField("p99", k.percentile(sorted, 0.99));
                    g.writeNumberField("max", sorted[sorted.length - 1]);
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeObjectFieldStart("violations");
            for (Map.Entry<String, Long> e : codes.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("captureLoss", loss);
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}

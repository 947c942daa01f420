package io.rdmascope.cli;

import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.monitor.LiveMetrics;
import io.rdmascope.monitor.PeriodSummaries;
import java.io.IOException;
import picocli.CommandLine.Option;

/**
 * What a live capture tells while it runs: a summary per period on standard error
 * ({@code --summary-interval}) and the metrics served to Prometheus ({@code --metrics-port}).
 * Shared by {@code analyze} and {@code capture}.
 */
final class MonitorOptions {
    @Option(names = "--summary-interval", paramLabel = "S",
            description = "with -i: every S seconds, a summary of the period on standard error (frames, bytes, drops, "
                    + "transactions by kind with latency percentiles, violations by code): text, or JSON lines with "
                    + "--format json")
    Double summaryInterval;

    @Option(names = "--metrics-port", paramLabel = "N",
            description = "with -i: serve the metrics as Prometheus text on http://127.0.0.1:N/metrics while capturing "
                    + "(0: a free port, told on standard error)")
    Integer metricsPort;

    /** Why the options are wrong, or null. */
    String check(boolean live) {
        if (!live && (summaryInterval != null || metricsPort != null)) {
            return (summaryInterval != null ? "--summary-interval" : "--metrics-port")
                    + " tells about a live capture: it needs -i IFACE";
        }
        if (summaryInterval != null && !(summaryInterval >= 0.1 && summaryInterval < 1e9)) {
            return "--summary-interval takes a number of seconds, at least 0.1";
        }
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
            return "--metrics-port takes a TCP port number (0 to 65535)";
        }
        return null;
    }

    /**
     * The metrics of {@code reader}, with the summaries and the server the options ask for; null
     * after an error, told on standard error, {@code opened} (what the command opened for the
     * capture) then closed.
     */
    Monitor start(LiveCaptureReader reader, boolean json, Main.Env env, java.io.Closeable opened) {
        LiveMetrics metrics = new LiveMetrics(reader);
        PeriodSummaries summaries = summaryInterval == null ? null
                : new PeriodSummaries(reader, metrics, summaryInterval, json, env.err());
        if (metricsPort != null) {
            try {
                metrics.serve(metricsPort);
                env.err().println("Metrics on http://127.0.0.1:" + metrics.port() + "/metrics");
                env.err().flush();
            } catch (IOException | RuntimeException e) {
                env.error("--metrics-port " + metricsPort + ": cannot serve the metrics: "
                        + (e.getMessage() != null ? e.getMessage() : e.toString()));
                try {
                    opened.close();
                } catch (IOException closing) {
                    // the metrics' failure is the one reported
                }
                return null;
            }
        }
        return new Monitor(metrics, summaries);
    }

    /** The metrics of a live capture and its summaries (or null). */
    record Monitor(LiveMetrics metrics, PeriodSummaries summaries) {
        /** The capture has ended: the gaps still held are counted, the last period summarised. */
        void finish() {
            metrics.finish();
            if (summaries != null) {
                summaries.emit();
            }
        }

        void close() {
            metrics.close();
        }
    }
}

package io.rdmascope.cli;

import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.FrameListener;
import io.rdmascope.pipeline.PduListeners;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.report.Statistics;
import io.rdmascope.report.TrafficStatistics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import picocli.CommandLine.Option;

/**
 * {@code -z STAT} of {@code analyze}, as tshark's: statistics printed after the report (text), or
 * under each file's {@code "statistics"} object (JSON). Without {@code -z} nothing of this runs:
 * the analysis is the one it always was.
 */
final class StatisticsOptions {
    @Option(names = "-z", paramLabel = "STAT", completionCandidates = Completion.StatisticNames.class,
            description = "statistics after the report (repeatable): conv,iwarp | conv,roce | rdma,lat | io,stat,INTERVAL "
                    + "(seconds) | expert")
    List<String> names = new ArrayList<>();

    private final List<Statistics.Request> requests = new ArrayList<>();
    /** The traffic counted beside each file's analysis, by the file's name. */
    private final Map<String, TrafficStatistics> traffic = new ConcurrentHashMap<>();

    /** Checks the requests; returns why one is wrong, or null. */
    String check() {
        requests.clear();
        for (String n : names) {
            Statistics.Request r = Statistics.Request.parse(n);
            if (r == null) {
                return "-z " + n + ": unknown statistics; the known ones are "
                        + String.join(", ", Statistics.Request.KNOWN)
                        + (n.startsWith("io,stat") ? " (INTERVAL in seconds, at least 0.000001)" : "");
            }
            for (Statistics.Request before : requests) {
                if (before.intervalNanos() > 0 && r.intervalNanos() > 0 && before.intervalNanos() != r.intervalNanos()) {
                    return "-z " + n + ": one io,stat interval at a time";
                }
            }
            requests.add(r);
        }
        return null;
    }

    boolean active() {
        return !requests.isEmpty();
    }

    /** The analysis of one file, with its traffic counted when a statistic needs it. */
    FileAnalysis analyze(Analyzer analyzer, Path file, String name) throws IOException {
        return analyze(analyzer, file, name, null, null);
    }

    /**
     * The analysis of one file, with its traffic counted when a statistic needs it.
     *
     * @param frames also told of every frame; may be null
     * @param extra another listener fed after the engine; may be null
     */
    FileAnalysis analyze(Analyzer analyzer, Path file, String name, FrameListener frames, PduListener extra)
            throws IOException {
        long interval = 0;
        boolean needed = false;
        for (Statistics.Request r : requests) {
            needed |= r.needsTraffic();
            interval = Math.max(interval, r.intervalNanos());
        }
        if (!needed) {
            return frames == null && extra == null ? analyzer.analyze(file, name)
                    : analyzer.analyze(file, name, frames, extra, null, null);
        }
        TrafficStatistics t = new TrafficStatistics(interval);
        FileAnalysis a = analyzer.analyze(file, name, frames, PduListeners.tee(t, extra), null, null);
        traffic.put(name, t);
        return a;
    }

    private TrafficStatistics traffic(FileAnalysis f) {
        return traffic.getOrDefault(f.path(), new TrafficStatistics(0));
    }

    /**
     * The statistics of each file, after the text report.
     *
     * @param afterReport whether a report comes before them (else they start the output)
     */
    void writeText(List<FileAnalysis> files, PrintWriter out, boolean afterReport) {
        if (!active()) {
            return;
        }
        boolean first = !afterReport;
        for (FileAnalysis f : files) {
            if (files.size() > 1) {
                if (!first) {
                    out.println();
                }
                out.println("Statistics of " + f.path());
                first = false;
            }
            if (!first) {
                out.println();
            }
            first = false;
            Statistics.text(requests, f, traffic(f), out);
        }
        out.flush();
    }

    /** Writes each file's {@code "statistics"} object; null when no statistic was asked for. */
    AnalysisJsonWriter.FileExtras json() {
        return !active() ? null : (g, f) -> Statistics.json(requests, f, traffic(f), g);
    }
}

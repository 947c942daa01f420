package io.rdmascope.cli;

import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.PacketSink;
import io.rdmascope.capture.PacketSinks;
import io.rdmascope.capture.RingBuffer;
import io.rdmascope.capture.RotatedFiles;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.CaptureSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Source;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.report.AnalysisSelection;
import io.rdmascope.report.AnalysisTextWriter;
import io.rdmascope.report.CaptureSpan;
import io.rdmascope.report.ExplainWriter;
import io.rdmascope.report.ParquetFramesWriter;
import java.io.PrintWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code analyze}: transactions, violations and a summary for each capture. Several files are
 * analysed in parallel, one per core; the output keeps the order of the arguments. A file that
 * cannot be read is reported on standard error (exit status 2) and the others are still analysed.
 */
@Command(name = "analyze",
        description = "Report the transactions and violations of each capture.",
        footer = {"", "A FOLDER stands for the capture files in it (*.pcap, *.pcapng, *.cap), sorted by name;"
                + " - for standard input (a pipe). Compressed captures are recognised by their content.",
            "With -i, frames are captured live until -c, -a or Ctrl-C; each transaction and violation is printed as"
                + " it is found (text), then the report.",
            "With -Y, only the violations and transactions whose frames match the filter are reported."})
final class AnalyzeCommand implements Callable<Integer> {
    private final Main.Env env;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "capture files (pcap or pcapng, plain or gzip-, zstd- or xz-compressed), folders, "
                    + "or - for standard input")
    List<String> files;

    @Option(names = {"-r", "--read-file"}, paramLabel = "FILE", description = "a capture file to read (as FILE)")
    List<String> readFiles;

    @Mixin
    CaptureOptions capture = new CaptureOptions();

    @Option(names = {"-w", "--write"}, paramLabel = "FILE",
            description = "with -i: also write the frames captured to this file (pcapng), or with -b to a series of files")
    Path captureFile;
    CaptureWriter.Format captureFormat = CaptureWriter.Format.pcapng;

    @Option(names = "--format", paramLabel = "text|json|parquet", description = "output format (default: ${DEFAULT-VALUE})",
            defaultValue = "text")
    Format format;

    @Mixin
    ParquetOutput parquet = new ParquetOutput();

    @Option(names = "--strict", description = "report STags used without an advertisement as errors")
    boolean strict;

    @Option(names = "--stitch", description = "read consecutive files of one capture point as one capture: "
            + "the files of a ring buffer (PREFIX_NNNNN_YYYYMMDDhhmmss.pcapng) by their number, other files "
            + "in the order given")
    boolean stitch;

    @Option(names = "--buffers-per-qp", paramLabel = "N", defaultValue = "64",
            description = "advertised regions a queue pair may hold at once (default: ${DEFAULT-VALUE})")
    int buffersPerQp;

    @Option(names = "--max-per-operation", paramLabel = "N", defaultValue = "32",
            description = "advertised regions per operation type (remote write, remote read) at once "
                    + "(default: ${DEFAULT-VALUE})")
    int maxPerOperation;

    @Option(names = "--fail-on", paramLabel = "never|info|warning|error", defaultValue = "never",
            description = "exit with status 1 when a violation at or above this severity is found "
                    + "(default: ${DEFAULT-VALUE})")
    FailOn failOn;

    @Option(names = {"-Y", "--display-filter"}, paramLabel = "FILTER",
            description = "keep the violations and transactions whose frames match this display filter")
    String filterText;

    @Option(names = "--explain",
            description = "tell, frame by frame, what each endpoint's driver and NIC did according to the model, "
                    + "with the violations where they happen (text, instead of the report; files one after another)")
    boolean explain;

    @Option(names = "-q", description = "the -z statistics alone, without the report (tshark's quiet mode)")
    boolean quiet;

    @Mixin
    TsharkOptions tshark = new TsharkOptions();

    @Option(names = "-V", description = "the packet details of tshark -V: dissect prints them (rdmascope dissect -V FILE)")
    boolean details;

    @Mixin
    MonitorOptions monitor = new MonitorOptions();

    @Option(names = "--keep-connections", paramLabel = "N",
            description = "connections over (closed, or idle past --idle-timeout) listed in full in the report: "
                    + "the first N, the others counted (default: " + LIVE_KEPT_CONNECTIONS + " with -i, all for files; "
                    + "0: all)")
    Integer keepConnections;

    /** Connections over that a live analysis lists in full unless told otherwise ({@code --keep-connections}). */
    static final int LIVE_KEPT_CONNECTIONS = 10_000;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "files analysed at once (default: the number of cores)")
    Integer jobs;


    @Mixin
    StatisticsOptions statistics = new StatisticsOptions();

    AnalyzeCommand(Main.Env env) {
        this.env = env;
    }

    /** The analysis of one argument, or why it failed. */
    private record Outcome(FileAnalysis analysis, String name, String error) {}

    private NicSettings settings() {
        return new NicSettings(buffersPerQp, maxPerOperation, strict);
    }

    @Override
    public Integer call() {
        if (capture.listInterfaces) {
            return Live.listInterfaces(env);
        }
        if (details) {
            env.error("-V: analyze reports transactions and violations; the packet details of each frame are "
                    + "dissect's: rdmascope dissect -V FILE");
            return Main.EXIT_INPUT;
        }
        if (buffersPerQp < 1 || maxPerOperation < 1) {
            env.error("--buffers-per-qp and --max-per-operation must be at least 1");
            return Main.EXIT_INPUT;
        }
        if (keepConnections != null && keepConnections < 0) {
            env.error("--keep-connections must be 0 (all) or more");
            return Main.EXIT_INPUT;
        }
        if (jobs != null && jobs < 1) {
            env.error("-j must be at least 1");
            return Main.EXIT_INPUT;
        }
        if (explain && format != Format.text) {
            env.error("--explain tells the story in text only: it cannot be combined with --format " + format);
            return Main.EXIT_INPUT;
        }
        String misfit = parquet.check(format);
        if (misfit != null) {
            env.error(misfit);
            return Main.EXIT_INPUT;
        }
        DisplayFilter filter;
        try {
            filter = DisplayFilter.compile(filterText);
        } catch (FilterException e) {
            env.error(e.getMessage());
            return Main.EXIT_INPUT;
        }
        String wrong = statistics.check();
        if (wrong == null) {
            wrong = tshark.check();
        }
        if (wrong == null) {
            wrong = monitor.check(capture.iface != null);
        }
        if (wrong == null && quiet && (format != Format.text || explain)) {
            wrong = "-q keeps the -z statistics of the text report alone; it cannot be combined with "
                    + (explain ? "--explain" : "--format " + format);
        }
        if (wrong != null) {
            env.error(wrong);
            return Main.EXIT_INPUT;
        }
        NicSettings settings = settings();
        List<String> names = new ArrayList<>();
        if (files != null) {
            names.addAll(files);
        }
        if (readFiles != null) {
            names.addAll(readFiles);
        }
        if (capture.iface != null) {
            if (!names.isEmpty()) {
                env.error("-i captures live: it cannot be combined with capture files");
                return Main.EXIT_INPUT;
            }
            return live(settings, filter);
        }
        String liveOnly = captureFile != null ? "-w writes the frames of a live capture: it needs -i IFACE"
                : capture.liveOnly();
        if (liveOnly != null) {
            env.error(liveOnly);
            return Main.EXIT_INPUT;
        }
        if (names.isEmpty()) {
            env.error("no capture to read: name a FILE (- for standard input), -r FILE or -i INTERFACE");
            return Main.EXIT_INPUT;
        }
        Source source = Live.fileSource(capture, env);
        if (source == null) {
            return Main.EXIT_INPUT;
        }
        Analyzer analyzer = new Analyzer(settings, source, env.engines())
                .keepingConnections(keepConnections != null ? keepConnections : 0);
        List<Inputs.Input> inputs = Inputs.expand(names);
        if (stitch) {
            inputs = stitched(inputs);
        }
        if (explain) {
            return explainAll(analyzer, inputs);
        }
        return report(analyzeAll(analyzer, filter, inputs));
    }

    /**
     * {@code --stitch}: the readable files grouped into the captures they continue
     * ({@link RotatedFiles}), each group one input in place of its first file; standard input and
     * inputs with an error stay as they are.
     */
    static List<Inputs.Input> stitched(List<Inputs.Input> inputs) {
        List<String> files = new ArrayList<>();
        for (Inputs.Input in : inputs) {
            if (in.error() == null && !Captures.isStdin(in.path())) {
                files.add(in.path().toString());
            }
        }
        java.util.Map<String, Inputs.Input> byFirst = new java.util.HashMap<>();
        for (RotatedFiles.Stitched s : RotatedFiles.group(files)) {
            Inputs.Input in;
            if (s.parts().size() == 1) {
                in = null; // the file's own input
            } else {
                Path name = Path.of(s.name());
                Captures.stitch(name, s.paths());
                in = new Inputs.Input(name, s.name(), null);
            }
            for (int i = 0; i < s.parts().size(); i++) {
                byFirst.put(s.parts().get(i), i == 0 ? in : STITCHED_AWAY);
            }
        }
        List<Inputs.Input> out = new ArrayList<>();
        for (Inputs.Input in : inputs) {
            Inputs.Input s = in.error() == null ? byFirst.get(in.path().toString()) : null;
            if (s == null) {
                out.add(in);
            } else if (s != STITCHED_AWAY) {
                out.add(s);
            }
        }
        return out;
    }

    /** Marks a file read as part of a stitched capture that an earlier input stands for. */
    private static final Inputs.Input STITCHED_AWAY = new Inputs.Input(null, null, null);

    /**
     * {@code -i}: the frames of an interface, each transaction and violation printed as the engine
     * finds it (text output, no display filter), then the report of the whole capture.
     */
    private int live(NicSettings settings, DisplayFilter filter) {
        if (captureFile != null && captureFile.toString().equals("-")) {
            env.error("-w - would mix the frames with the report on standard output: give -w FILE");
            return Main.EXIT_INPUT;
        }
        boolean[] failed = {false};
        RingBuffer.Limits ring = Live.ringLimits(capture, captureFile, env, failed);
        if (failed[0]) {
            return Main.EXIT_INPUT;
        }
        LiveCaptureReader reader = Live.open(capture, env);
        if (reader == null) {
            return Main.EXIT_INPUT;
        }
        Live.LiveSource source;
        try {
            // the second pass of a display filter reads the whole capture again: a file of its own
            // when the frames go to a ring of files
            Path spool = captureFile != null && ring == null ? captureFile : filter.matchesAll() ? null : Live.spoolFile();
            PacketSink written = captureFile == null ? null : Live.sink(reader, captureFile, captureFormat, ring);
            PacketSink spooled = spool == null || spool.equals(captureFile) ? null
                    : Live.sink(reader, new CaptureWriter(spool, CaptureWriter.Format.pcapng));
            source = new Live.LiveSource(reader, PacketSinks.both(written, spooled), spool, capture.idleNanos());
        } catch (IOException e) {
            reader.close();
            env.error((captureFile != null ? captureFile : "temporary file") + ": " + Inputs.reason(e));
            return Main.EXIT_INPUT;
        }
        MonitorOptions.Monitor live = monitor.start(reader, format == Format.json, env, source::close);
        if (live == null) {
            return Main.EXIT_INPUT;
        }
        if (format == Format.text && !explain && filter.matchesAll()) {
            // each finding printed as the metrics count it: a gap once it is known not to be capture loss
            live.metrics().follow(Live.printer(env.out()));
        }
        Analyzer.EngineFactory engines = (s, listener) -> env.engines().create(s,
                EngineListener.both(listener, live.metrics()));
        Analyzer analyzer = new Analyzer(settings, source, engines)
                .keepingConnections(keepConnections != null ? keepConnections : LIVE_KEPT_CONNECTIONS);
        List<Inputs.Input> inputs = List.of(new Inputs.Input(Path.of(capture.iface), capture.iface, null));
        return Live.guarded(reader, env, () -> {
            try {
                if (explain) {
                    return explainAll(analyzer, inputs);
                }
                List<Outcome> analysed = analyzeAll(analyzer, filter, inputs);
                live.finish();
                List<Outcome> outcomes = new ArrayList<>();
                for (Outcome o : analysed) {
                    outcomes.add(o.analysis == null ? o : new Outcome(CaptureSummary.apply(o.analysis, capture.iface,
                            reader.statistics(), reader.lossPeriods()), o.name, o.error));
                }
                return report(outcomes);
            } finally {
                live.close();
                source.close();
            }
        });
    }

    /** Writes the analyses (and on standard error the failures) in the order of the arguments. */
    private int report(List<Outcome> outcomes) {
        int status = 0;
        List<FileAnalysis> done = new ArrayList<>();
        List<Map.Entry<String, String>> failures = new ArrayList<>();
        for (Outcome o : outcomes) {
            if (o.error != null) {
                env.error(o.name + ": " + o.error);
                failures.add(Map.entry(o.name, o.error));
                status = Main.EXIT_INPUT;
                continue;
            }
            if (o.analysis.problem() != null) {
                env.error(o.name + ": reading stopped early: " + o.analysis.problem());
            }
            done.add(o.analysis);
        }
        try {
            if (format == Format.json) {
                AnalysisJsonWriter.write(done, env.out(), statistics.json());
                env.out().flush();
            } else if (format == Format.parquet) {
                parquet.write(done, failures, settings());
            } else {
                PrintWriter text = env.outWriter();
                if (!quiet) {
                    AnalysisTextWriter.write(done, text);
                }
                statistics.writeText(done, text, !quiet);
            }
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            env.error("cannot write the output: " + Inputs.reason(cause));
            return Main.EXIT_INPUT;
        } finally {
            for (FileAnalysis f : done) {
                f.close();
            }
        }
        if (status == 0 && failOn.threshold != null) {
            for (FileAnalysis f : done) {
                if (f.hasViolationAtLeast(failOn.threshold)) {
                    status = Main.EXIT_VIOLATIONS;
                    break;
                }
            }
        }
        return status;
    }

    /**
     * {@code --explain}: each file analysed with a narrator listening to the engine beside the
     * analysis, then narrated; the display filter does not apply (the narration is the whole story).
     */
    private int explainAll(Analyzer analyzer, List<Inputs.Input> inputs) {
        PrintWriter out = env.outWriter();
        int status = 0;
        boolean first = true;
        for (Inputs.Input in : inputs) {
            ExplainWriter narrator = new ExplainWriter();
            Analyzer.EngineFactory engines = analyzer.engines();
            Analyzer narrated = new Analyzer(analyzer.settings(), analyzer.source(),
                    (settings, listener) -> engines.create(settings, narrator.alongside(listener)))
                    .keepingConnections(analyzer.keptConnections());
            Outcome o = analyzeOne(narrated, DisplayFilter.all(), in, false, -1);
            if (o.error != null) {
                env.error(o.name + ": " + o.error);
                status = Main.EXIT_INPUT;
                continue;
            }
            if (o.analysis.problem() != null) {
                env.error(o.name + ": reading stopped early: " + o.analysis.problem());
            }
            if (!first) {
                out.println();
            }
            first = false;
            try {
                narrator.write(o.analysis, out);
            } finally {
                o.analysis.close();
            }
            if (status == 0 && failOn.threshold != null && o.analysis.hasViolationAtLeast(failOn.threshold)) {
                status = Main.EXIT_VIOLATIONS;
            }
        }
        out.flush();
        return status;
    }

    private List<Outcome> analyzeAll(Analyzer analyzer, DisplayFilter filter, List<Inputs.Input> inputs) {
        int threads = Math.max(1, Math.min(jobs != null ? jobs : Runtime.getRuntime().availableProcessors(),
                inputs.size()));
        List<Outcome> out = new ArrayList<>(inputs.size());
        if (threads == 1) {
            for (Inputs.Input in : inputs) {
                out.add(analyzeOne(analyzer, filter, in, inputs.size() > 1, out.size()));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "rdmascope-analyze");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Outcome>> futures = new ArrayList<>();
            for (Inputs.Input in : inputs) {
                int index = futures.size();
                futures.add(pool.submit(() -> analyzeOne(analyzer, filter, in, true, index)));
            }
            for (int i = 0; i < futures.size(); i++) {
                try {
                    out.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    out.add(new Outcome(null, inputs.get(i).name(), "internal error: " + e.getCause()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    out.add(new Outcome(null, inputs.get(i).name(), "interrupted"));
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return out;
    }

    /**
     * Analyses one file; every failure becomes a one-line reason.
     *
     * @param park whether the analysis waits for others before it is written ({@link FileAnalysis#park})
     * @param index the input's place among the arguments, for the frames table
     */
    private Outcome analyzeOne(Analyzer analyzer, DisplayFilter filter, Inputs.Input in, boolean park, int index) {
        if (in.error() != null) {
            return new Outcome(null, in.name(), in.error());
        }
        Path spooled = null;
        ParquetFramesWriter frames = null;
        try {
            Path path = in.path();
            if (!filter.matchesAll() && !(analyzer.source() instanceof Live.LiveSource) && Captures.isStream(path)) {
                // the display filter reads the capture twice; a stream is read once, so it is kept
                spooled = Inputs.spool(path);
                path = spooled;
            }
            frames = index < 0 ? null : parquet.frames(index, in.name());
            CaptureSpan span = index < 0 ? null : parquet.span();
            FileAnalysis a = span == null ? statistics.analyze(analyzer, path, in.name())
                    : statistics.analyze(analyzer, path, in.name(), span.and(frames == null ? null : frames.frames()),
                    frames == null ? null : frames.pdus());
            a = AnalysisSelection.select(a, filter, analyzer.source(), path);
            if (span != null) {
                parquet.analysed(a, span, Files.isRegularFile(path) ? Files.size(path) : null);
            }
            if (frames != null) {
                frames.finish();
                parquet.framesDone(a, frames.file());
                frames = null;
            }
            if (park) {
                a.park();
            }
            return new Outcome(a, in.name(), null);
        } catch (IOException e) {
            return new Outcome(null, in.name(), Inputs.reason(e, in.path()));
        } catch (UncheckedIOException e) {
            return new Outcome(null, in.name(), Inputs.reason(e.getCause(), in.path()));
        } catch (RuntimeException | StackOverflowError e) {
            if (System.getenv("RDMASCOPE_DEBUG") != null) {
                e.printStackTrace();
            }
            return new Outcome(null, in.name(), e instanceof RuntimeException
                    ? Inputs.internal((RuntimeException) e) : "internal error: " + e);
        } finally {
            Inputs.delete(spooled);
            discard(frames);
        }
    }

    /** Deletes the frames table of an input whose analysis failed. */
    private static void discard(ParquetFramesWriter frames) {
        if (frames != null) {
            try {
                frames.close();
            } catch (IOException | RuntimeException e) {
                // the analysis' failure is the one reported
            }
        }
    }
}

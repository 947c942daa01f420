package io.rdmascope.cli;

import io.rdmascope.capture.Captures;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.RingBuffer;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.DissectionResult;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.PduListeners;
import io.rdmascope.pipeline.Source;
import io.rdmascope.report.DissectJsonWriter;
import io.rdmascope.report.FrameCollector;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.FrameTextWriter;
import io.rdmascope.report.FrameSink;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dissect}: one record per captured frame, streamed as frames are read. When the filter
 * names {@code violation} or {@code transaction} fields the capture is analysed first, so that
 * each frame's violations and transactions are known when it is written.
 */
@Command(name = "dissect",
        description = "Print every frame with its TCP, MPA, DDP and RDMAP fields.",
        footer = {"", "FILE may be - for standard input, and compressed (gzip, zstd, xz). With -i, frames are "
                + "captured live and printed as they come, until -c, -a or Ctrl-C."})
final class DissectCommand implements Callable<Integer> {
    private final Main.Env env;

    @Parameters(paramLabel = "FILE", arity = "0..1", description = "a capture file (pcap or pcapng), or - for standard input")
    String file;

    @Option(names = {"-r", "--read-file"}, paramLabel = "FILE", description = "the capture file to read (as FILE)")
    String readFile;

    @Mixin
    CaptureOptions capture = new CaptureOptions();

    @Option(names = "-V", description = "the packet details: each frame's tree (link, IP, TCP, then MPA, DDP and "
            + "RDMAP of every PDU it completes) instead of its summary line")
    boolean details;

    @Option(names = "-x", description = "the octets of each frame in hex and ASCII (after the tree with -V)")
    boolean hex;

    @Option(names = "-q", description = "no output per frame (tshark's quiet mode)")
    boolean quiet;

    @Mixin
    TsharkOptions tshark = new TsharkOptions();

    @Option(names = "--format", paramLabel = "text|json", description = "output format (default: ${DEFAULT-VALUE})",
            defaultValue = "text")
    Format format;

    @Option(names = {"-Y", "--display-filter"}, paramLabel = "FILTER",
            description = "print only the frames that match this display filter")
    String filterText;

    @Option(names = "--strict", description = "with a violation filter: judge as analyze --strict does")
    boolean strict;

    @Mixin
    FieldsOutput fieldsOutput = new FieldsOutput();

    @Mixin
    MonitorOptions monitor = new MonitorOptions();

    /** With -i and a summary interval or a metrics port: the engine that feeds them, beside the frames. */
    private PduListener judged;

    @Option(names = {"-w", "--write"}, paramLabel = "FILE",
            description = "with -i: also write the frames captured to this file (pcapng), or with -b to a series of files")
    Path captureFile;

    DissectCommand(Main.Env env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        if (capture.listInterfaces) {
            return Live.listInterfaces(env);
        }
        String wrong = fieldsOutput.check();
        if (wrong == null) {
            wrong = tshark.check();
        }
        if (wrong == null) {
            wrong = monitor.check(capture.iface != null);
        }
        if (wrong != null) {
            env.error(wrong);
            return Main.EXIT_INPUT;
        }
        format = fieldsOutput.format(format);
        if ((details || hex) && (format != Format.text || fieldsOutput.active())) {
            String other = fieldsOutput.active() ? "-T fields" : "--format " + format;
            env.error(details ? "-V prints the detail tree of the text output; " + other + " has no tree to print"
                    : "-x prints the octets in the text output; it cannot be combined with " + other);
            return Main.EXIT_INPUT;
        }
        DisplayFilter filter;
        try {
            filter = DisplayFilter.compile(filterText);
        } catch (FilterException e) {
            env.error(e.getMessage());
            return Main.EXIT_INPUT;
        }
        if (file != null && readFile != null) {
            env.error("one capture file is read: " + file + " and -r " + readFile + " name two");
            return Main.EXIT_INPUT;
        }
        if (file == null) {
            file = readFile;
        }
        if (capture.iface != null) {
            if (file != null) {
                env.error("-i captures live: it cannot be combined with a capture file");
                return Main.EXIT_INPUT;
            }
            return live(filter);
        }
        if (file == null) {
            env.error("no capture to read: name a FILE (- for standard input), -r FILE or -i INTERFACE");
            return Main.EXIT_INPUT;
        }
        String liveOnly = captureFile != null ? "-w writes the frames of a live capture: it needs -i IFACE"
                : capture.liveOnly();
        if (liveOnly != null) {
            env.error(liveOnly);
            return Main.EXIT_INPUT;
        }
        Source source = Live.fileSource(capture, env);
        if (source == null) {
            return Main.EXIT_INPUT;
        }
        Path spooled = null;
        try {
            if (Captures.isStream(Path.of(file)) && (filter.uses("violation") || filter.uses("transaction"))) {
                // the capture is analysed first and then read again: a stream is read once, so it is kept
                spooled = Inputs.spool(Path.of(file));
            }
        } catch (IOException e) {
            env.error(file + ": " + Inputs.reason(e));
            return Main.EXIT_INPUT;
        }
        try {
            return dissect(filter, source, spooled);
        } finally {
            Inputs.delete(spooled);
        }
    }

    /** {@code -i}: each frame printed as it is captured. */
    private int live(DisplayFilter filter) {
        if (filter.uses("violation") || filter.uses("transaction")) {
            env.error("a filter on violations or transactions needs the whole capture first: capture with "
                    + "rdmascope capture -w FILE, then dissect the file");
            return Main.EXIT_INPUT;
        }
        if (captureFile != null && captureFile.toString().equals("-")) {
            env.error("-w - would mix the frames with the dissection on standard output: give -w FILE");
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
            source = new Live.LiveSource(reader, captureFile == null ? null
                    : Live.sink(reader, captureFile, CaptureWriter.Format.pcapng, ring), null, capture.idleNanos());
        } catch (IOException e) {
            reader.close();
            env.error(captureFile + ": " + Inputs.reason(e));
            return Main.EXIT_INPUT;
        }
        MonitorOptions.Monitor live = null;
        if (monitor.summaryInterval != null || monitor.metricsPort != null) {
            // the summaries and the metrics count transactions and violations: the engine judges
            // the frames as analyze -i does, while they are printed
            live = monitor.start(reader, format == Format.json, env, source::close);
            if (live == null) {
                return Main.EXIT_INPUT;
            }
            judged = env.engines().create(new NicSettings(NicSettings.DEFAULTS.buffersPerQp(),
                    NicSettings.DEFAULTS.maxPerOperation(), strict), live.metrics());
        }
        file = capture.iface;
        MonitorOptions.Monitor monitored = live;
        return Live.guarded(reader, env, () -> {
            try {
                int status = dissect(filter, source, null);
                if (monitored != null) {
                    monitored.finish();
                }
                return status;
            } finally {
                if (monitored != null) {
                    monitored.close();
                }
                source.close();
            }
        });
    }

    /** Writes the frames of {@link #file} (or of {@code spooled}, its copy). */
    private int dissect(DisplayFilter filter, Source source, Path spooled) {
        if (spooled != null || source instanceof Live.LiveSource) {
            return write(filter, source, new Inputs.Input(spooled != null ? spooled : Path.of(file), file, null));
        }
        List<Inputs.Input> inputs = Inputs.expand(List.of(file));
        Inputs.Input in = inputs.get(0);
        if (in.error() != null || inputs.size() != 1 || !in.path().toString().equals(Path.of(file).toString())) {
            env.error(file + ": " + (in.error() != null ? in.error() : "a single capture file is expected"));
            return Main.EXIT_INPUT;
        }
        return write(filter, source, in);
    }

    /** {@code -q}: the frames are read (and the filter judged) but nothing is written. */
    private static final FrameSink QUIET = new FrameSink() {
        @Override
        public void frame(FrameRecord record) {
            // quiet
        }

        @Override
        public void finish() {
            // quiet
        }
    };

    private int write(DisplayFilter filter, Source source, Inputs.Input in) {
        boolean columns = fieldsOutput.active();
        PrintWriter text = format == Format.text || columns ? env.outWriter() : null;
        try {
            FrameSink sink = quiet ? QUIET : columns ? fieldsOutput.writer(text)
                    : text != null ? new FrameTextWriter(text, details, hex) : new DissectJsonWriter(env.out());
            boolean summaries = !quiet && text != null && !columns && !details && !hex;
            FrameCollector collector = new FrameCollector(filter, sink, !quiet && details)
                    .keep(summaries || filter.uses("_ws.col") || fieldsOutput.uses("_ws.col"),
                            !quiet && hex || filter.fields().contains("frame"));
            FileAnalysis a = null;
            DissectionResult result;
            try {
                if (filter.uses("violation") || filter.uses("transaction") || fieldsOutput.uses("violation")
                        || fieldsOutput.uses("transaction")) {
                    Analyzer analyzer = new Analyzer(new NicSettings(NicSettings.DEFAULTS.buffersPerQp(),
                            NicSettings.DEFAULTS.maxPerOperation(), strict), source, env.engines());
                    a = analyzer.analyze(in.path(), file);
                    collector.withAnalysis(a.violations(), a.transactions());
                }
                result = source.run(in.path(), collector, PduListeners.tee(judged, collector), null, null);
            } finally {
                if (a != null) {
                    a.close();
                }
            }
            env.out().flush();
            if (result.problem() != null) {
                env.error(file + ": reading stopped early: " + result.problem());
            }
            return 0;
        } catch (IOException e) {
            env.out().flush();
            env.error(file + ": " + Inputs.reason(e, Path.of(file)));
            return Main.EXIT_INPUT;
        } catch (UncheckedIOException e) {
            env.out().flush();
            env.error(file + ": " + Inputs.reason(e.getCause(), Path.of(file)));
            return Main.EXIT_INPUT;
        } catch (RuntimeException e) {
            env.out().flush();
            if (System.getenv("RDMASCOPE_DEBUG") != null) {
                e.printStackTrace(env.err());
            }
            env.error(file + ": " + Inputs.internal(e));
            return Main.EXIT_INPUT;
        }
    }
}

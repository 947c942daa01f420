package io.rdmascope.cli;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.DissectionResult;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Source;
import io.rdmascope.report.DissectJsonWriter;
import io.rdmascope.report.DissectTextWriter;
import io.rdmascope.report.FrameCollector;
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
@Command(name = "dissect", mixinStandardHelpOptions = true,
        description = "Print every frame with its TCP, MPA, DDP and RDMAP fields.")
final class DissectCommand implements Callable<Integer> {
    private final Main.Env env;

    @Parameters(paramLabel = "FILE", description = "a capture file (pcap or pcapng)")
    String file;

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
    FrameCount frameCount = new FrameCount();

    DissectCommand(Main.Env env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        DisplayFilter filter;
        try {
            filter = DisplayFilter.compile(filterText);
        } catch (FilterException e) {
            env.error(e.getMessage());
            return Main.EXIT_INPUT;
        }
        String wrong = frameCount.check() != null ? frameCount.check() : fieldsOutput.check();
        if (wrong != null) {
            env.error(wrong);
            return Main.EXIT_INPUT;
        }
        Format format = fieldsOutput.format(this.format);
        Source source = frameCount.limit(env.source());
        List<Inputs.Input> inputs = Inputs.expand(List.of(file));
        Inputs.Input in = inputs.get(0);
        if (in.error() != null || inputs.size() != 1 || !in.path().toString().equals(Path.of(file).toString())) {
            env.error(file + ": " + (in.error() != null ? in.error() : "a single capture file is expected"));
            return Main.EXIT_INPUT;
        }
        boolean columns = fieldsOutput.active();
        PrintWriter text = format == Format.text || columns ? env.outWriter() : null;
        try {
            FrameSink sink = columns ? fieldsOutput.writer(text)
                    : text != null ? new DissectTextWriter(text) : new DissectJsonWriter(env.out());
            FrameCollector collector = new FrameCollector(filter, sink, text != null && !columns);
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
                result = source.run(in.path(), collector, collector, null, null);
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

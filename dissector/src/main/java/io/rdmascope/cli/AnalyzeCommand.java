package io.rdmascope.cli;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.report.AnalysisSelection;
import io.rdmascope.report.AnalysisTextWriter;
import io.rdmascope.report.ExplainWriter;
import java.io.PrintWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Report the transactions and violations of each capture.",
        footer = {"", "A FOLDER stands for the capture files in it (*.pcap, *.pcapng, *.cap), sorted by name.",
            "With -Y, only the violations and transactions whose frames match the filter are reported."})
final class AnalyzeCommand implements Callable<Integer> {
    private final Main.Env env;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "capture files (pcap or pcapng) or folders")
    List<String> files;

    @Option(names = "--format", paramLabel = "text|json|parquet", description = "output format (default: ${DEFAULT-VALUE})",
            defaultValue = "text")
    Format format;

    @Mixin
    ParquetOutput parquet = new ParquetOutput();

    @Option(names = "--strict", description = "report STags used without an advertisement as errors")
    boolean strict;

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

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "files analysed at once (default: the number of cores)")
    Integer jobs;

    AnalyzeCommand(Main.Env env) {
        this.env = env;
    }

    /** The analysis of one argument, or why it failed. */
    private record Outcome(FileAnalysis analysis, String name, String error) {}

    @Override
    public Integer call() {
        if (buffersPerQp < 1 || maxPerOperation < 1) {
            env.error("--buffers-per-qp and --max-per-operation must be at least 1");
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
        Analyzer analyzer = new Analyzer(new NicSettings(buffersPerQp, maxPerOperation, strict), env.source(),
                env.engines());
        List<Inputs.Input> inputs = Inputs.expand(files);
        if (explain) {
            return explainAll(analyzer, inputs);
        }
        List<Outcome> outcomes = analyzeAll(analyzer, filter, inputs);

        int status = 0;
        List<FileAnalysis> done = new ArrayList<>();
        for (Outcome o : outcomes) {
            if (o.error != null) {
                env.error(o.name + ": " + o.error);
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
                AnalysisJsonWriter.write(done, env.out());
                env.out().flush();
            } else if (format == Format.parquet) {
                parquet.write(done);
            } else {
                AnalysisTextWriter.write(done, env.outWriter());
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
                    (settings, listener) -> engines.create(settings, narrator.alongside(listener)));
            Outcome o = analyzeOne(narrated, DisplayFilter.all(), in, false);
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
                out.add(analyzeOne(analyzer, filter, in, inputs.size() > 1));
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
                futures.add(pool.submit(() -> analyzeOne(analyzer, filter, in, true)));
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
     */
    private static Outcome analyzeOne(Analyzer analyzer, DisplayFilter filter, Inputs.Input in, boolean park) {
        if (in.error() != null) {
            return new Outcome(null, in.name(), in.error());
        }
        try {
            FileAnalysis a = analyzer.analyze(in.path(), in.name());
            a = AnalysisSelection.select(a, filter, analyzer.source(), in.path());
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
        }
    }
}

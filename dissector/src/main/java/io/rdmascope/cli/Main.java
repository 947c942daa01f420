package io.rdmascope.cli;

import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.synth.SynthCommand;
import io.rdmascope.pipeline.Source;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code rdmascope} command: {@code analyze}, {@code dissect}, {@code capture}, {@code gui} and {@code synth}.
 *
 * <p>Exit status: 0 success; 1 a violation at or above {@code --fail-on} was found; 2 a file could
 * not be read, a bad option or a bad filter (2 wins over 1).
 */
@Command(name = "rdmascope",
        description = "Dissector and analyzer for iWARP RDMA traffic (MPA, DDP, RDMAP, one-shot extension).",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Exit status: 0 ok, 1 a violation at or above --fail-on, 2 unreadable input or bad usage."})
public final class Main implements Callable<Integer> {
    public static final String VERSION = "0.1.0";
    /** Exit status when a violation at or above the --fail-on threshold was found. */
    public static final int EXIT_VIOLATIONS = 1;
    /** Exit status for unreadable input, bad options or a bad filter. */
    public static final int EXIT_INPUT = 2;

    private final Env env;
    @Spec
    CommandSpec spec;

    Main(Env env) {
        this.env = env;
    }

    /** What the commands read from and write to; tests put fakes here. */
    record Env(PrintStream out, PrintStream err, Source source, Analyzer.EngineFactory engines) {
        PrintWriter outWriter() {
            return new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
        }

        void error(String message) {
            err.println("rdmascope: " + message);
            err.flush();
        }
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        System.out.flush();
        // Success returns: the threads left are daemons, so the JVM ends here, without the logger
        // that System.exit starts (on Java 21 and later) to log the exit.
        if (status != 0) {
            System.exit(status);
        }
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, new Env(out, err, Source.PIPELINED, Analyzer.EngineFactory.ENGINE));
    }

    static int run(String[] args, Env env) {
        args = tsharkStyle(args);
        Callable<Integer> quick = QuickArgs.command(args, env);
        if (quick != null) {
            try {
                return quick.call();
            } catch (Exception e) {
                return internalError(e, env);
            }
        }
        return commandLine(env).execute(args);
    }

    /** The options of the {@code rdmascope} command itself; any other option starts a tshark command line. */
    private static final java.util.Set<String> OWN_OPTIONS = java.util.Set.of("-h", "--help", "-v", "--version", "-D",
            "--list-interfaces");

    /**
     * A tshark command line ({@code rdmascope -r FILE ...}, starting with an option that is not the
     * command's own) is read as {@code dissect} (one summary line per frame, as tshark), or as
     * {@code analyze} when it asks for {@code -z} statistics.
     */
    static String[] tsharkStyle(String[] args) {
        if (args.length == 0 || !args[0].startsWith("-") || OWN_OPTIONS.contains(args[0])) {
            return args;
        }
        String[] out = new String[args.length + 1];
        out[0] = "dissect";
        for (int i = 0; i < args.length; i++) {
            out[i + 1] = args[i];
            if (args[i].equals("-z") || args[i].startsWith("-z") && args[i].length() > 2) {
                out[0] = "analyze";
            }
        }
        return out;
    }

    private static int internalError(Throwable ex, Env env) {
        env.error("internal error: " + ex);
        if (System.getenv("RDMASCOPE_DEBUG") != null) {
            ex.printStackTrace(env.err());
        }
        return EXIT_INPUT;
    }

    static CommandLine commandLine(Env env) {
        CommandLine cl = new CommandLine(new Main(env));
        cl.addSubcommand("analyze", new AnalyzeCommand(env));
        cl.addSubcommand("dissect", new DissectCommand(env));
        cl.addSubcommand("capture", new CaptureCommand(env));
        cl.addSubcommand("gui", new GuiCommand(env));
        cl.addSubcommand("synth", new SynthCommand());
        cl.addSubcommand("fields", new FieldsCommand(env));
        StandardOptions.addTo(cl);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(new PrintWriter(new OutputStreamWriter(env.out(), StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(env.err(), StandardCharsets.UTF_8), true));
        cl.setExecutionExceptionHandler((ex, line, parsed) -> internalError(ex, env));
        cl.setParameterExceptionHandler((ex, args) -> {
            String message = ex.getMessage() == null ? ex.toString() : ex.getMessage().lines().findFirst().orElse("");
            env.error(message + " ('" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' lists the options)");
            return EXIT_INPUT;
        });
        return cl;
    }

    @picocli.CommandLine.Option(names = {"-D", "--list-interfaces"},
            description = "list the interfaces to capture on and exit (as tshark -D)")
    boolean listInterfaces;

    /** A bare {@code rdmascope}: the commands, on standard error, and a status of bad usage. */
    @Override
    public Integer call() {
        if (listInterfaces) {
            return Live.listInterfaces(env);
        }
        spec.commandLine().usage(env.err());
        return EXIT_INPUT;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"rdmascope " + VERSION};
        }
    }
}

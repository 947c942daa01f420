package io.rdmascope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code -h}/{@code --help} and {@code -v}/{@code --version}, on every command, as tshark spells
 * them. picocli's standard help options would give {@code -V} to the version, which tshark (and
 * {@code dissect}) use for the packet details; they are replaced by these.
 */
final class StandardOptions {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "Print the version and exit.")
    boolean version;

    private StandardOptions() {}

    /** Gives {@code command} and each of its subcommands these options and the version to print. */
    static void addTo(CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        spec.addMixin("standardOptions", CommandSpec.forAnnotatedObject(new StandardOptions()));
        spec.versionProvider(new Main.Version());
        for (CommandLine sub : command.getSubcommands().values()) {
            addTo(sub);
        }
    }
}

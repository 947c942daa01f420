package io.rdmascope.cli;

import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;

/**
 * Writes the bash completion script of the command line, generated from its picocli model (so that
 * it names every command and option there is): {@code Completion FILE}. Run by the release build.
 */
public final class Completion {
    private Completion() {}

    public static void main(String[] args) throws IOException {
        Main.Env env = new Main.Env(System.out, System.err, Source.PIPELINED, Analyzer.EngineFactory.ENGINE);
        String script = AutoComplete.bash("rdmascope", Main.commandLine(env));
        Path out = Path.of(args[0]);
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Files.writeString(out, script, StandardCharsets.UTF_8);
    }
}

package io.rdmascope.cli;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Source;
import io.rdmascope.report.Statistics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.AutoComplete;

/**
 * Writes the bash completion script of the command line, generated from its picocli model (so that
 * it names every command and option there is, and the values of {@code -T}, {@code -z} and
 * {@code -e}): {@code Completion FILE}. Run by the release build.
 */
public final class Completion {
    private Completion() {}

    /** The values of {@code -T}. */
    static final class OutputFormats implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("fields", "text", "json").iterator();
        }
    }

    /** The values of {@code -z}, with an interval of one second for {@code io,stat}. */
    static final class StatisticNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> out = new ArrayList<>();
            for (String known : Statistics.Request.KNOWN) {
                out.add(known.replace(",INTERVAL", ",1"));
            }
            return out.iterator();
        }
    }

    /** The values of {@code -e}: every filter field, by its name and by its Wireshark name. */
    static final class FieldNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            Set<String> out = new LinkedHashSet<>();
            for (Field f : Fields.all()) {
                if (f.filterable()) {
                    out.add(f.name());
                    if (f.wireshark() != null) {
                        out.add(f.wireshark());
                    }
                }
            }
            return out.iterator();
        }
    }

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

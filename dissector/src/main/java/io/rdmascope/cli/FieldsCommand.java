package io.rdmascope.cli;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fields}: the field registry, one line per field, as {@code tshark -G fields} lists
 * Wireshark's: name, type, Wireshark name and description (tab-separated), or a JSON array, or
 * the Markdown table of docs/fields.md.
 */
@Command(name = "fields",
        description = "List the fields of the detail tree, the dissect JSON and the display filters.")
final class FieldsCommand implements Callable<Integer> {
    /** Output formats of this command. */
    enum Layout { text, json, markdown }

    private final Main.Env env;

    @Option(names = "--format", paramLabel = "text|json|markdown",
            description = "output format (default: ${DEFAULT-VALUE})", defaultValue = "text")
    Layout format;

    @Option(names = "--all", description = "also the fields that only the detail tree shows")
    boolean all;

    FieldsCommand(Main.Env env) {
        this.env = env;
    }

    @Override
    public Integer call() throws IOException {
        List<Field> fields = FieldTable.fields(all);
        if (format == Layout.json) {
            FieldTable.json(fields, env.out());
            env.out().flush();
            return 0;
        }
        PrintWriter out = env.outWriter();
        out.print(format == Layout.markdown ? FieldTable.markdown() : FieldTable.text(fields));
        out.flush();
        return 0;
    }
}

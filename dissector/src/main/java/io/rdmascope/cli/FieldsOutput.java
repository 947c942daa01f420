package io.rdmascope.cli;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.report.FieldsWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code -T fields -e FIELD ... -E KEY=VALUE}: the columns of {@code tshark -T fields}, for the
 * {@code dissect} command. A field is named by its rdmascope name or its Wireshark name; the
 * registry ({@link Fields}) resolves both.
 */
final class FieldsOutput {
    @Option(names = "-T", paramLabel = "fields|text|json", completionCandidates = Completion.OutputFormats.class,
            description = "output format, as tshark's -T: fields (the -e columns), text or json (as --format)")
    String format;

    @Option(names = "-e", paramLabel = "FIELD", completionCandidates = Completion.FieldNames.class,
            description = "with -T fields: a column, by rdmascope or Wireshark field name (repeatable)")
    List<String> names = new ArrayList<>();

    @Option(names = "-E", paramLabel = "KEY=VALUE",
            description = "with -T fields: header=y|n, separator=/t|/s|C, quote=d|s|n, occurrence=f|l|a, "
                    + "aggregator=/s|C (repeatable)")
    List<String> settings = new ArrayList<>();

    private List<Field> fields;
    private FieldsWriter.Options options;

    /** Whether {@code -T fields} was asked for. */
    boolean active() {
        return "fields".equals(format);
    }

    /** The format {@code -T text} or {@code -T json} stands for, else {@code given}. */
    Format format(Format given) {
        return "json".equals(format) ? Format.json : "text".equals(format) ? Format.text : given;
    }

    /** Checks the options and resolves the fields; returns why they are wrong, or null. */
    String check() {
        if (format != null && !active() && !format.equals("text") && !format.equals("json")) {
            return "-T " + format + ": the output formats are fields, text and json";
        }
        if (!active()) {
            return names.isEmpty() && settings.isEmpty() ? null : "-e and -E need -T fields";
        }
        if (names.isEmpty()) {
            return "-T fields needs at least one field (-e FIELD)";
        }
        fields = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            Field f = Fields.get(n);
            if (f == null || !f.filterable()) {
                unknown.add(n);
            } else {
                fields.add(f);
            }
        }
        if (!unknown.isEmpty()) {
            return "unknown field" + (unknown.size() > 1 ? "s" : "") + ": " + String.join(", ", unknown)
                    + " ('rdmascope fields' lists them)";
        }
        return parseSettings();
    }

    private String parseSettings() {
        FieldsWriter.Options o = FieldsWriter.Options.DEFAULT;
        String separator = o.separator();
        boolean header = o.header();
        char quote = o.quote();
        char occurrence = o.occurrence();
        String aggregator = o.aggregator();
        for (String s : settings) {
            int eq = s.indexOf('=');
            String key = eq < 0 ? s : s.substring(0, eq);
            String value = eq < 0 ? "" : s.substring(eq + 1);
            switch (key) {
                case "header":
                    if (!value.equals("y") && !value.equals("n")) {
                        return "-E header=" + value + ": y or n";
                    }
                    header = value.equals("y");
                    break;
                case "separator":
                case "aggregator":
                    String sep = value.equals("/t") ? "\t" : value.equals("/s") ? " " : value;
                    if (sep.isEmpty()) {
                        return "-E " + key + "= needs a character, /t (tab) or /s (space)";
                    }
                    if (key.equals("separator")) {
                        separator = sep;
                    } else {
                        aggregator = sep;
                    }
                    break;
                case "quote":
                    if (!value.equals("d") && !value.equals("s") && !value.equals("n")) {
                        return "-E quote=" + value + ": d (double), s (single) or n (none)";
                    }
                    quote = value.equals("d") ? '"' : value.equals("s") ? '\'' : 0;
                    break;
                case "occurrence":
                    if (!value.equals("f") && !value.equals("l") && !value.equals("a")) {
                        return "-E occurrence=" + value + ": f (first), l (last) or a (all)";
                    }
                    occurrence = value.charAt(0);
                    break;
                default:
                    return "-E " + s + ": the settings are header, separator, quote, occurrence and aggregator";
            }
        }
        options = new FieldsWriter.Options(separator, header, quote, occurrence, aggregator);
        return null;
    }

    /** Whether a column is a field of {@code layer} or under it (violation, transaction). */
    boolean uses(String layer) {
        if (fields != null) {
            for (Field f : fields) {
                if (f.name().equals(layer) || f.name().startsWith(layer + ".")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The writer of the columns; after {@link #check()}. */
    FieldsWriter writer(PrintWriter out) {
        return new FieldsWriter(out, fields, names, options);
    }
}

package io.rdmascope.fields;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The registry as a table, in the spirit of {@code tshark -G fields}: for {@code rdmascope fields}
 * (text and JSON) and for the field table of docs/fields.md (Markdown).
 */
public final class FieldTable {
    private FieldTable() {}

    /** The fields display filters know, or with {@code all} also those only the detail tree shows. */
    public static List<Field> fields(boolean all) {
        List<Field> out = new ArrayList<>();
        for (Field f : Fields.all()) {
            if (all || f.filterable()) {
                out.add(f);
            }
        }
        return out;
    }

    public static String type(Field f) {
        return f.type().name().toLowerCase(Locale.ROOT);
    }

    /** One line per field: name, type, Wireshark name (empty when none), description; tab-separated. */
    public static String text(List<Field> fields) {
        StringBuilder b = new StringBuilder();
        for (Field f : fields) {
            b.append(f.name()).append('\t').append(type(f)).append('\t')
                    .append(f.wireshark() == null ? "" : f.wireshark()).append('\t')
                    .append(oneLine(f.description())).append('\n');
        }
        return b.toString();
    }

    /** A JSON array with one object per field. */
    public static void json(List<Field> fields, OutputStream out) throws IOException {
        JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.useDefaultPrettyPrinter();
        g.writeStartArray();
        for (Field f : fields) {
            g.writeStartObject();
            g.writeStringField("name", f.name());
            g.writeStringField("type", type(f));
            g.writeStringField("wireshark", f.wireshark());
            g.writeStringField("layer", f.layer());
            g.writeStringField("json", f.jsonKey());
            g.writeBooleanField("filter", f.filterable());
            g.writeStringField("label", f.label());
            g.writeStringField("description", f.description());
            g.writeStringField("spec", f.specPath());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeRaw('\n');
        g.flush();
    }

    /** A Markdown table of every field, the detail tree's own included. */
    public static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("| name | type | Wireshark | filter | spec | description |\n");
        b.append("|---|---|---|---|---|---|\n");
        for (Field f : fields(true)) {
            b.append("| `").append(f.name()).append("` | ").append(type(f)).append(" | ")
                    .append(f.wireshark() == null ? "" : "`" + f.wireshark() + "`").append(" | ")
                    .append(f.filterable() ? "yes" : "tree only").append(" | ")
                    .append(f.specPath() == null ? "" : "`" + f.specPath() + "`").append(" | ")
                    .append(oneLine(f.description()).replace("|", "\\|")).append(" |\n");
        }
        return b.toString();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").strip();
    }
}

package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * Jackson's default pretty printer's layout (two spaces per level, the system's line separator,
 * {@code " : "} between a name and its value, arrays on one line as {@code [ 1, 2 ]}), with its
 * separators and indentations encoded once: the default printer hands each one to the generator
 * as a {@code String}, which copies it into characters and encodes them again, several times per
 * value of a report.
 *
 * <p>Why: on the 200 MB bulk capture of {@code bench/compare.sh}, the report's 7.8 MB of JSON spent
 * about a quarter of its time there (docs/performance.md has the figures).
 */
final class EncodedPrettyPrinter implements PrettyPrinter {
    private static final SerializableString ROOT_SEPARATOR = new SerializedString(" ");
    private static final SerializableString NAME_SEPARATOR = new SerializedString(" : ");
    private static final SerializableString ARRAY_SEPARATOR = new SerializedString(", ");
    private static final SerializableString EMPTY = new SerializedString(" ");
    /** Levels whose indentation is made once; deeper ones are made when first needed. */
    private static final int LEVELS = 16;
    private static final SerializableString[] INDENT = new SerializableString[LEVELS];
    private static final SerializableString[] ENTRY_SEPARATOR = new SerializableString[LEVELS];

    static {
        for (int level = 0; level < LEVELS; level++) {
            INDENT[level] = new SerializedString(indentation(level));
            ENTRY_SEPARATOR[level] = new SerializedString("," + indentation(level));
        }
    }

    private int nesting;

    private static String indentation(int level) {
        return System.lineSeparator() + " ".repeat(2 * level);
    }

    private void indent(JsonGenerator g) throws IOException {
        g.writeRaw(nesting < LEVELS ? INDENT[nesting] : new SerializedString(indentation(nesting)));
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(ROOT_SEPARATOR);
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        g.writeRaw('{');
        nesting++;
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
        indent(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(NAME_SEPARATOR);
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        if (nesting < LEVELS) {
            g.writeRaw(ENTRY_SEPARATOR[nesting]);
        } else {
            g.writeRaw(',');
            indent(g);
        }
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        nesting--;
        if (entries > 0) {
            indent(g);
        } else {
            g.writeRaw(EMPTY);
        }
        g.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        g.writeRaw('[');
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) throws IOException {
        g.writeRaw(' ');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(ARRAY_SEPARATOR);
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        g.writeRaw(' ');
        g.writeRaw(']');
    }
}

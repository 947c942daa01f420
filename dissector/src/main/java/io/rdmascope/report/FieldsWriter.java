package io.rdmascope.report;

import io.rdmascope.fields.Field;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * The {@code dissect -T fields} output, as {@code tshark -T fields} prints it: one line per frame
 * with the values of the chosen fields, separated by the separator (a tab by default). A field
 * with several values in the frame (two PDUs, two violations) gives all of them joined by the
 * aggregator (a comma by default), or only the first or last ({@code -E occurrence=f|l}); an
 * absent field gives an empty column. With {@code -E header=y} a first line names the fields as
 * they were asked for; with {@code -E quote=d|s} every non-empty value is quoted.
 */
public final class FieldsWriter implements FrameSink {
    /** The {@code -E} settings. */
    public record Options(String separator, boolean header, char quote, char occurrence, String aggregator) {
        public static final Options DEFAULT = new Options("\t", false, (char) 0, 'a', ",");
    }

    private final PrintWriter out;
    private final List<Field> fields;
    private final List<String> names;
    private final Options options;
    private boolean headerDone;
    private final StringBuilder line = new StringBuilder();

    /**
     * @param fields the registry's fields, in column order
     * @param names the fields as the user named them (for the header)
     */
    public FieldsWriter(PrintWriter out, List<Field> fields, List<String> names, Options options) {
        this.out = out;
        this.fields = fields;
        this.names = names;
        this.options = options;
    }

    private void header() {
        if (headerDone) {
            return;
        }
        headerDone = true;
        if (options.header()) {
            out.print(String.join(options.separator(), names));
            out.print('\n');
        }
    }

    @Override
    public void frame(FrameRecord r) throws IOException {
        header();
        line.setLength(0);
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(options.separator());
            }
            Field f = fields.get(i);
            List<?> values = r.values(f);
            if (values.isEmpty()) {
                continue;
            }
            int from = options.occurrence() == 'l' ? values.size() - 1 : 0;
            int to = options.occurrence() == 'f' ? 1 : values.size();
            if (options.quote() != 0) {
                line.append(options.quote());
            }
            for (int k = from; k < to; k++) {
                if (k > from) {
                    line.append(options.aggregator());
                }
                line.append(f.text(values.get(k)));
            }
            if (options.quote() != 0) {
                line.append(options.quote());
            }
        }
        line.append('\n');
        out.print(line);
        if (out.checkError()) {
            throw new IOException("cannot write the output");
        }
    }

    @Override
    public void finish() {
        header();
        out.flush();
    }
}

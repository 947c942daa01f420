package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.filter.FilterException;
import io.rdmascope.filter.FilterFields;
import io.rdmascope.gui.model.FrameRow;
import java.util.List;
import java.util.Locale;

/**
 * Display filters made from what the user points at, as Wireshark's "Apply as Filter" makes them:
 * from a detail-tree field ({@code ddp.stag == 0x0a000100}), a packet-list cell ({@code ip.src ==
 * 10.0.0.1 && tcp.srcport == 40000}) or a violation ({@code violation.code == "STAG_BOUNDS"}).
 * Every filter returned compiles; null means there is no filter for the thing.
 */
public final class FieldFilters {
    private FieldFilters() {}

    /** The filter that selects frames with the value of this detail-tree node, or null. */
    public static String of(FieldNode n) {
        if (n == null) {
            return null;
        }
        if (n.value() instanceof Violation v) {
            return of(v);
        }
        long link = ExpertItems.target(n);
        if (link > 0) {
            return checked("frame.number == " + link);
        }
        String name = filterName(n.name());
        if (name == null) {
            return null;
        }
        Object v = n.value();
        if (v == null) {
            return checked(name);
        }
        return checked(name + " == " + literal(v, n.display()));
    }

    /** The display filter name of a tree node's name (its registry name), or null when filters do not know it. */
    public static String filterName(String treeName) {
        String name = Fields.canonical(treeName);
        return FilterFields.known(name) ? FilterFields.canonical(name) : null;
    }

    /** The filter of a violation: its code. */
    public static String of(Violation v) {
        return checked("violation.code == \"" + v.code().name() + "\"");
    }

    /** The filter of a severity: {@code violation.severity == "error"}. */
    public static String of(Severity s) {
        return checked("violation.severity == \"" + s.name().toLowerCase(Locale.ROOT) + "\"");
    }

    /** The filter of a packet-list cell of {@code column} ("No.", "Source", ...) in {@code row}. */
    public static String of(FrameRow row, String column) {
        String f = null;
        if ("Source".equals(column)) {
            f = endpoint(row.source(), "ip.src", "tcp.srcport");
        } else if ("Destination".equals(column)) {
            f = endpoint(row.destination(), "ip.dst", "tcp.dstport");
        } else if ("Protocol".equals(column) && row.protocol() != null) {
            String p = row.protocol().toLowerCase(Locale.ROOT);
            f = checked(p.contains("rdmap") ? "rdmap" : p);
        }
        return f != null ? f : checked("frame.number == " + row.number());
    }

    private static String endpoint(String text, String address, String port) {
        if (text == null || text.isBlank()) {
            return null;
        }
        int colon = text.lastIndexOf(':');
        boolean v4 = colon > 0 && text.indexOf(':') == colon;
        String addr = v4 ? text.substring(0, colon) : text;
        String p = v4 ? text.substring(colon + 1) : "";
        String f = checked(address + " == " + addr + (p.matches("\\d+") ? " && " + port + " == " + p : ""));
        return f != null ? f : checked(address + " == \"" + addr + "\"");
    }

    /** A value as the filter language writes it: hexadecimal when the tree shows it so, strings quoted. */
    static String literal(Object v, String display) {
        if (v instanceof Boolean b) {
            return b ? "true" : "false";
        }
        if (v instanceof Number num) {
            long x = num.longValue();
            if (display != null && display.matches("0x[0-9a-fA-F]+")) {
                return display;
            }
            return display != null && display.startsWith("0x") ? "0x" + Long.toHexString(x) : Long.toUnsignedString(x);
        }
        return "\"" + String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** {@code text} when it compiles, else null. */
    static String checked(String text) {
        try {
            DisplayFilter.compile(text);
            return text;
        } catch (FilterException | RuntimeException e) {
            return null;
        }
    }

    /**
     * A field's values in a frame as a column shows them ("" when absent): numbers in hexadecimal
     * with {@code hexDigits} digits when positive (as the tree showed the field), else as the
     * registry displays them.
     */
    public static String column(FilterContext c, String field, int hexDigits) {
        List<?> values = c.values(field);
        if (values.isEmpty()) {
            return "";
        }
        Field f = Fields.get(field);
        StringBuilder b = new StringBuilder();
        for (Object v : values) {
            if (b.length() > 0) {
                b.append(',');
            }
            if (hexDigits > 0 && v instanceof Number n) {
                String h = Long.toHexString(n.longValue());
                b.append("0x").append("0".repeat(Math.max(0, hexDigits - h.length()))).append(h);
            } else {
                b.append(f != null && (v instanceof Number || v instanceof Boolean) ? display(f, v) : String.valueOf(v));
            }
        }
        return b.toString();
    }

    /** The hexadecimal digits of a tree display ("0x0a000100": 8), or 0 when it is not hexadecimal. */
    public static int hexDigits(String display) {
        return display != null && display.matches("0x[0-9a-fA-F]+") ? display.length() - 2 : 0;
    }

    private static String display(Field f, Object v) {
        try {
            return f.display(v);
        } catch (RuntimeException e) {
            return String.valueOf(v);
        }
    }
}

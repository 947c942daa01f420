package io.rdmascope.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.rdmascope.report.AnalysisTables;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows each columnar table should hold, read from the {@code analyze --format json} document,
 * in one plain form that the tests of every columnar writer convert their rows to: strings,
 * {@code Long} for every integer (unsigned ones as their 64-bit pattern), {@code Boolean},
 * {@code List} for lists and {@code Map<String, String>} for the upper-layer fields; null where
 * the JSON object has no such key or a null value. The columns that the JSON does not have (the
 * times) are left out.
 */
public final class AnalysisRows {
    private AnalysisRows() {}

    /** The columns compared with the JSON: all but the times (timestamps and their nanoseconds). */
    public static <T> List<AnalysisTables.Column<T>> compared(AnalysisTables.Table<T> table) {
        Set<String> times = new HashSet<>();
        for (AnalysisTables.Column<T> c : table.columns()) {
            if (c.type() == AnalysisTables.Type.TIMESTAMP_NANOS) {
                times.add(c.name());
                times.add(c.name() + "Ns");
            }
        }
        List<AnalysisTables.Column<T>> out = new ArrayList<>();
        for (AnalysisTables.Column<T> c : table.columns()) {
            if (!times.contains(c.name())) {
                out.add(c);
            }
        }
        return out;
    }

    /** The expected rows of {@code table} for every file of the JSON document, in order. */
    public static List<Map<String, Object>> expected(JsonNode document, AnalysisTables.Table<?> table) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JsonNode file : document.get("files")) {
            for (JsonNode record : file.get(table.name())) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(AnalysisTables.CAPTURE, file.get("path").asText());
                for (AnalysisTables.Column<?> c : compared(table)) {
                    JsonNode v = record.get(c.name());
                    if (v == null && record.has("mpa")) {
                        v = record.get("mpa").get(c.name());
                    }
                    if (v == null && record.has("roce")) {
                        v = record.get("roce").get(c.name());
                    }
                    if (v == null && table == AnalysisTables.CONNECTIONS && c.name().equals("transport")) {
                        v = new com.fasterxml.jackson.databind.node.TextNode("iwarp"); // written for other transports only
                    }
                    row.put(c.name(), v == null || v.isNull() ? null : value(c.type(), v));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object value(AnalysisTables.Type type, JsonNode v) {
        switch (type) {
            case STRING:
                return v.asText();
            case INT32:
            case INT64:
                return v.asLong();
            case UINT64:
                return Long.parseUnsignedLong(v.asText().substring(2), 16);
            case BOOLEAN:
                return v.asBoolean();
            case INT64_LIST: {
                List<Object> l = new ArrayList<>();
                v.forEach(x -> l.add(x.asLong()));
                return l;
            }
            case STRING_LIST: {
                List<Object> l = new ArrayList<>();
                v.forEach(x -> l.add(x.asText()));
                return l;
            }
            case STRING_MAP: {
                Map<String, String> m = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    m.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText());
                }
                return m;
            }
            default:
                throw new IllegalArgumentException("not in the JSON: " + type);
        }
    }
}

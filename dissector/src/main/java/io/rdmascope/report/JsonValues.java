package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

/** Writes the plain values of the record maps: unsigned numbers, Booleans, strings, nested maps. */
final class JsonValues {
    private JsonValues() {}

    @SuppressWarnings("unchecked")
    static void write(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof PduRecord.Layer) {
            ((PduRecord.Layer) v).write(g);
        } else if (v instanceof Long) {
            long l = (Long) v;
            if (l >= 0) {
                g.writeNumber(l);
            } else {
                g.writeNumber(Long.toUnsignedString(l));
            }
        } else if (v instanceof BigDecimal) {
            g.writeNumber((BigDecimal) v);
        } else if (v instanceof Integer) {
            g.writeNumber((Integer) v);
        } else if (v instanceof Boolean) {
            g.writeBoolean((Boolean) v);
        } else if (v instanceof Map) {
            g.writeStartObject();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                g.writeFieldName(e.getKey());
                write(g, e.getValue());
            }
            g.writeEndObject();
        } else {
            g.writeString(v.toString());
        }
    }

    /** A count or frame number, null when negative (unknown). */
    static void writeNullableLong(JsonGenerator g, String name, long v) throws IOException {
        if (v < 0) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    static void writeNullableInt(JsonGenerator g, String name, Integer v) throws IOException {
        g.writeFieldName(name);
        if (v == null) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }
}

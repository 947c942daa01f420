package io.rdmascope.filter;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields display filters know, with their value types: the filterable fields of the registry
 * ({@link Fields}). The MPA, DDP and RDMAP names are the names of the dissect JSON objects,
 * prefixed with their layer; the others describe the frame, its addresses and what the analysis
 * said about it. A field's Wireshark name ({@code iwarp_ddp.stag}) is a synonym of its name, and
 * the protocols ({@code mpa}, {@code ddp}, {@code rdmap}, or {@code iwarp_mpa}, {@code iwarp_ddp},
 * {@code iwarp_rdma}) can be tested for presence.
 */
public final class FilterFields {
    /** The kind of values a field holds. */
    public enum Type { NUMBER, SECONDS, BOOLEAN, STRING, BYTES, PROTOCOL }

    private static final Map<String, Type> FIELDS = new LinkedHashMap<>();

    static {
        for (Field f : Fields.all()) {
            if (f.filterable()) {
                FIELDS.put(f.name(), type(f));
            }
        }
    }

    private FilterFields() {}

    private static Type type(Field f) {
        switch (f.type()) {
            case NUMBER: return Type.NUMBER;
            case SECONDS: return Type.SECONDS;
            case BOOLEAN: return Type.BOOLEAN;
            case PROTOCOL:
            case NONE:
                return Type.PROTOCOL;
            case BYTES: return Type.BYTES;
            default: return Type.STRING;
        }
    }

    /** Every known field by its name, in documentation order. */
    public static Map<String, Type> all() {
        return Collections.unmodifiableMap(FIELDS);
    }

    /** Whether {@code name} is a field's name or its Wireshark name. */
    public static boolean known(String name) {
        return FIELDS.containsKey(canonical(name));
    }

    /** The name of the field that {@code name} (a name or a Wireshark name) denotes; itself otherwise. */
    public static String canonical(String name) {
        if (FIELDS.containsKey(name)) {
            return name;
        }
        Field f = Fields.get(name);
        return f != null && f.filterable() && name.equals(f.wireshark()) ? f.name() : name;
    }
}

package io.rdmascope.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.pdu.DdpSegment;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/** Decoded segments compared field by field. */
public final class Segments {
    private Segments() {}

    /** Every public field of the two segments, arrays by content. */
    public static void assertSame(DdpSegment inPlace, DdpSegment parsed, String where) {
        for (Field f : fields()) {
            assertThat(value(f, inPlace)).as("%s: %s", where, f.getName()).isEqualTo(value(f, parsed));
        }
    }

    /** Every public field of a segment as text, arrays by content, records component by component. */
    public static String describe(DdpSegment s) {
        StringBuilder out = new StringBuilder();
        for (Field f : fields()) {
            out.append(f.getName()).append('=').append(value(f, s)).append(' ');
        }
        return out.toString();
    }

    private static java.util.List<Field> fields() {
        return Arrays.stream(DdpSegment.class.getFields()).filter(f -> !Modifier.isStatic(f.getModifiers())).toList();
    }

    private static String value(Field f, DdpSegment s) {
        try {
            return canonical(f.get(s));
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** A value as text, arrays by content, records component by component. */
    private static String canonical(Object v) throws IllegalAccessException {
        if (v instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (v instanceof Record r) {
            StringBuilder out = new StringBuilder(r.getClass().getSimpleName()).append('[');
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    out.append(c.getName()).append('=').append(canonical(c.getAccessor().invoke(r))).append(' ');
                } catch (InvocationTargetException e) {
                    throw new AssertionError(e);
                }
            }
            return out.append(']').toString();
        }
        return String.valueOf(v);
    }
}

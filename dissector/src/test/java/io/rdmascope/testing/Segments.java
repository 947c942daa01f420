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
        for (Field f : DdpSegment.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            try {
                assertThat(canonical(f.get(inPlace))).as("%s: %s", where, f.getName())
                        .isEqualTo(canonical(f.get(parsed)));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
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

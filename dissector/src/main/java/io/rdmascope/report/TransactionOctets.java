package io.rdmascope.report;

import com.fasterxml.jackson.core.SerializableString;
import io.rdmascope.engine.FrameList;
import io.rdmascope.engine.Transaction;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One transaction's JSON object encoded straight into octets, as the generator's default pretty
 * printer lays it out at the depth of the report's transactions (fields six spaces in, the closing
 * brace four), and handed to the generator whole as a raw value ({@link #encode}). The fields and
 * their order are those of {@link AnalysisJsonWriter}, written through the same {@link
 * TransactionFields} code.
 *
 * <p>A speed trick, worth its place by this figure: the report of the 200 MB bulk capture of
 * {@code bench/compare.sh} is 7.8 MB, nearly all of it the 11,140 transactions and their frame
 * lists, and the generator's work value by value (separators, indentation, number and string
 * encoding) made writing it the largest part of the reading thread's work after the analysis.
 * Encoded here, the first write in a fresh JVM with the launcher's options takes 53-60 ms of its
 * thread's CPU instead of 67-75 ms, a second write 19-24 ms instead of 38 ms; the whole process
 * about 0.03 s less CPU time of about 0.45 s (docs/performance.md).
 *
 * <p>Only text that the generator writes unchanged is encoded here (printable ASCII other than
 * {@code "} and {@code \}): a transaction with any other character in a string, or with nested
 * upper-layer fields, is left to the generator ({@link #encode} returns false).
 */
final class TransactionOctets implements SerializableString, TransactionFields {
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[] FIELD_START = ",\n      \"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NAME_END = "\" : ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OBJECT_END = "\n    }".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf = new byte[8192];
    private int len;
    private boolean plain;

    /**
     * Encodes {@code t}; false when the generator has to write it (a string with characters that
     * it escapes or encodes, or upper-layer fields).
     */
    boolean encode(Transaction t) throws IOException {
        len = 0;
        plain = true;
        put((byte) '{');
        AnalysisJsonWriter.fields(this, t);
        put(OBJECT_END);
        return plain;
    }

    @Override
    public void string(String name, String value) {
        name(name);
        if (value == null) {
            put(NULL);
        } else {
            quoted(value);
        }
    }

    @Override
    public void strings(String name, List<String> values) {
        name(name);
        put((byte) '[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                put((byte) ',');
            }
            put((byte) ' ');
            quoted(values.get(i));
        }
        put((byte) ' ');
        put((byte) ']');
    }

    /** {@code s} in quotes; a character the generator would escape or encode makes the object its. */
    private void quoted(String s) {
        int n = s.length();
        room(n + 2);
        byte[] b = buf;
        int p = len;
        b[p++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                plain = false;
            }
            b[p++] = (byte) c;
        }
        b[p++] = '"';
        len = p;
    }

    @Override
    public void number(String name, long value) {
        name(name);
        digits(value);
    }

    @Override
    public void numberOrNull(String name, long value, boolean isNull) {
        name(name);
        if (isNull) {
            put(NULL);
        } else {
            digits(value);
        }
    }

    /** Left to the generator: the nested {@code ulp} object. */
    @Override
    public void upperLayer(Transaction t) {
        plain = false;
    }

    /** {@code [ 1, 2, 3 ]}, or {@code [ ]}. */
    @Override
    public void frames(String name, FrameList frames) {
        name(name);
        int n = frames.size();
        room(4 + n * (2 + MAX_INT_DIGITS));
        byte[] b = buf;
        int p = len;
        b[p++] = '[';
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b[p++] = ',';
            }
            b[p++] = ' ';
            long frame = frames.getLong(i);
            if (frame >= 0 && frame <= Integer.MAX_VALUE) {
                p = digits(b, p, (int) frame);
            } else {
                len = p;
                digits(frame);
                room(2 + (n - i) * (2 + MAX_INT_DIGITS));
                b = buf;
                p = len;
            }
        }
        b[p++] = ' ';
        b[p++] = ']';
        len = p;
    }

    /** The separator before a field (none before the first), its indentation and its quoted name. */
    private void name(String name) {
        int n = name.length();
        room(FIELD_START.length + n + NAME_END.length);
        byte[] b = buf;
        int p = len;
        int skip = p == 1 ? 1 : 0;
        System.arraycopy(FIELD_START, skip, b, p, FIELD_START.length - skip);
        p += FIELD_START.length - skip;
        for (int i = 0; i < n; i++) {
            b[p++] = (byte) name.charAt(i);
        }
        System.arraycopy(NAME_END, 0, b, p, NAME_END.length);
        len = p + NAME_END.length;
    }

    private static final int MAX_INT_DIGITS = 10;

    /** A number in decimal, as the generator writes it. */
    private void digits(long value) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            String s = Long.toString(value);
            room(s.length());
            for (int i = 0; i < s.length(); i++) {
                buf[len++] = (byte) s.charAt(i);
            }
            return;
        }
        room(MAX_INT_DIGITS);
        len = digits(buf, len, (int) value);
    }

    /**
     * The decimal digits of {@code v} (at least 0) at {@code p} in {@code b}; returns the position
     * after them. Frame numbers, sizes and latencies fit in an {@code int}: their digits are taken by
     * multiplying (v / 10 is v * 0xCCCCCCCD >>> 35 for every {@code int} v &ge; 0), since the client
     * compiler divides by a constant with a division instruction, several times slower. Written
     * with local variables, which the client compiler keeps in registers, unlike fields.
     */
    private static int digits(byte[] b, int p, int v) {
        int end = p + decimalLength(v);
        int q = end;
        do {
            int tenth = (int) ((v * 0xCCCCCCCDL) >>> 35);
            b[--q] = (byte) ('0' + (v - tenth * 10));
            v = tenth;
        } while (v != 0);
        return end;
    }

    private static int decimalLength(int v) {
        int n = 1;
        for (int limit = 10; n < MAX_INT_DIGITS && v >= limit; limit *= 10) {
            n++;
        }
        return n;
    }

    private void put(byte b) {
        room(1);
        buf[len++] = b;
    }

    private void put(byte[] b) {
        room(b.length);
        System.arraycopy(b, 0, buf, len, b.length);
        len += b.length;
    }

    private void room(int more) {
        if (len + more > buf.length) {
            buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }

    // What the generator asks of a raw value: the octets, copied into its buffer when they fit.

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + len > buffer.length) {
            return -1;
        }
        System.arraycopy(buf, 0, buffer, offset, len);
        return len;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return java.util.Arrays.copyOf(buf, len);
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(buf, 0, len);
        return len;
    }

    @Override
    public String getValue() {
        return new String(buf, 0, len, StandardCharsets.US_ASCII);
    }

    @Override
    public int charLength() {
        return len;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        if (offset + len > buffer.length) {
            return -1;
        }
        for (int i = 0; i < len; i++) {
            buffer[offset + i] = (char) buf[i];
        }
        return len;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer out) {
        if (out.remaining() < len) {
            return -1;
        }
        out.put(buf, 0, len);
        return len;
    }

    // A raw value is never written quoted.

    @Override
    public char[] asQuotedChars() {
        throw new UnsupportedOperationException();
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw new UnsupportedOperationException();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int putQuotedUTF8(ByteBuffer out) {
        throw new UnsupportedOperationException();
    }
}

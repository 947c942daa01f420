package io.rdmascope.report;

import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A raw JSON value of ASCII characters that need no escaping (digits, brackets, commas, spaces),
 * built in place in a reusable array and handed to the generator as it is
 * ({@link com.fasterxml.jackson.core.JsonGenerator#writeRawValue(SerializableString)}): the UTF-8
 * generator copies the octets instead of encoding characters one by one. Its quoted and unquoted
 * forms are the same.
 */
final class AsciiValue implements SerializableString {
    private byte[] bytes = new byte[1024];
    private int length;

    /** The array to build the text in, at least {@code capacity} long; its contents are not kept. */
    byte[] room(int capacity) {
        if (bytes.length < capacity) {
            bytes = new byte[capacity];
        }
        return bytes;
    }

    /** Ends the text after its first {@code length} octets. */
    void length(int length) {
        this.length = length;
    }

    @Override
    public String getValue() {
        return new String(bytes, 0, length, StandardCharsets.US_ASCII);
    }

    @Override
    public int charLength() {
        return length;
    }

    @Override
    public char[] asQuotedChars() {
        return getValue().toCharArray();
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return Arrays.copyOf(bytes, length);
    }

    @Override
    public byte[] asQuotedUTF8() {
        return asUnquotedUTF8();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        return appendUnquotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        return appendUnquoted(buffer, offset);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (length > buffer.length - offset) {
            return -1;
        }
        System.arraycopy(bytes, 0, buffer, offset, length);
        return length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        if (length > buffer.length - offset) {
            return -1;
        }
        for (int i = 0; i < length; i++) {
            buffer[offset + i] = (char) bytes[i];
        }
        return length;
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
        return writeUnquotedUTF8(out);
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
        return length;
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        return putUnquotedUTF8(buffer);
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (length > buffer.remaining()) {
            return -1;
        }
        buffer.put(bytes, 0, length);
        return length;
    }

    @Override
    public String toString() {
        return getValue();
    }
}

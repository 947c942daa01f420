package io.rdmascope.fields;

import java.nio.charset.StandardCharsets;

/** Hexadecimal forms shared by every output (the analysis contract's STag and TO forms among them), written without {@code String.format}. */
public final class Hex {
    private static final byte[] DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private Hex() {}

    /** An STag: {@code 0x} and 8 hex digits. */
    public static String stag(long stag) {
        return hex(stag & 0xFFFFFFFFL, 8);
    }

    /** A tagged offset: {@code 0x} and 16 hex digits. */
    public static String to(long to) {
        return hex(to, 16);
    }

    /** {@code 0x} and exactly {@code digits} hex digits of the low bits of {@code value}. */
    public static String hex(long value, int digits) {
        byte[] b = new byte[digits + 2];
        put(value, digits, b, 0);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** Exactly {@code digits} hex digits of the low bits of {@code value}, without {@code 0x} (as Wireshark shows octets). */
    public static String digits(long value, int digits) {
        return hex(value, digits).substring(2);
    }

    /**
     * {@code 0x} and at least {@code minDigits} hex digits of {@code value} read as unsigned, more
     * when it needs them: {@code String.format("0x%0" + minDigits + "x", value)} for a value that
     * is not negative, without the formatter (whose first use costs milliseconds of start-up).
     */
    public static String atLeast(long value, int minDigits) {
        int digits = Math.max(minDigits, (64 - Long.numberOfLeadingZeros(value) + 3) / 4);
        return hex(value, Math.max(1, digits));
    }

    /** Octets as hex digits, two per octet, without separators ({@code 4d504120}), as tshark prints bytes. */
    public static String octets(byte[] b) {
        byte[] out = new byte[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            out[2 * i] = DIGITS[(b[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[b[i] & 0xF];
        }
        return new String(out, StandardCharsets.ISO_8859_1);
    }

    /**
     * Puts {@code 0x} and exactly {@code digits} hex digits of the low bits of {@code value} into
     * {@code into} at {@code at}, in ASCII, for writers of octets.
     *
     * @return the position after the last digit
     */
    public static int put(long value, int digits, byte[] into, int at) {
        into[at] = '0';
        into[at + 1] = 'x';
        for (int i = at + digits + 1; i >= at + 2; i--) {
            into[i] = DIGITS[(int) (value & 0xF)];
            value >>>= 4;
        }
        return at + digits + 2;
    }
}

package io.rdmascope.fields;

/** Hexadecimal forms shared by every output (the analysis contract's STag and TO forms among them), written without {@code String.format}. */
public final class Hex {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

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
        char[] c = new char[digits + 2];
        c[0] = '0';
        c[1] = 'x';
        for (int i = digits + 1; i >= 2; i--) {
            c[i] = DIGITS[(int) (value & 0xF)];
            value >>>= 4;
        }
        return new String(c);
    }
}

package io.rdmascope.fields;

/** Digit strings padded with zeros, for outputs written without {@code String.format}. */
public final class Digits {
    private Digits() {}

    /**
     * {@code digits} left-padded with zeros to {@code width} characters; a longer one is kept whole
     * (as {@code %0Nd} and {@code %0Nx} keep a number that needs more digits).
     */
    public static String zeroPadded(CharSequence digits, int width) {
        StringBuilder b = new StringBuilder(Math.max(width, digits.length()));
        for (int i = digits.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(digits).toString();
    }
}

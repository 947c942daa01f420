package io.rdmascope.filter;

/** Searching octets, as the filter's {@code contains} and the desktop's Find Packet do. */
public final class Octets {
    private Octets() {}

    /** Where {@code part} first stands in {@code in}, or -1. */
    public static int indexOf(byte[] in, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= in.length; i++) {
            for (int k = 0; k < part.length; k++) {
                if (in[i + k] != part[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}

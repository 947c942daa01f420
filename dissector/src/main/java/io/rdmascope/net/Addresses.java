package io.rdmascope.net;

/** Textual forms of IP addresses, as Wireshark shows them. */
public final class Addresses {
    private Addresses() {}

    /** Dotted decimal form of an IPv4 address held in an int (first octet in the high bits). */
    public static String ipv4(int a) {
        return ((a >>> 24) & 0xff) + "." + ((a >>> 16) & 0xff) + "." + ((a >>> 8) & 0xff) + "." + (a & 0xff);
    }

    /** Reads a big-endian 32-bit value. */
    public static int int32(byte[] d, int o) {
        return ((d[o] & 0xff) << 24) | ((d[o + 1] & 0xff) << 16) | ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    static long int64(byte[] d, int o) {
        return ((long) int32(d, o) << 32) | (int32(d, o + 4) & 0xffffffffL);
    }

    /**
     * RFC 5952 text of the IPv6 address at {@code d[o..o+16)}: lower-case hexadecimal groups
     * without leading zeros, the first longest run of two or more zero groups replaced by "::",
     * and the IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) forms in dotted decimal
     * for the last 32 bits, as the BSD inet_ntop that Wireshark relies on prints them.
     */
    public static String ipv6(byte[] d, int o) {
        int[] w = new int[8];
        for (int i = 0; i < 8; i++) {
            w[i] = ((d[o + 2 * i] & 0xff) << 8) | (d[o + 2 * i + 1] & 0xff);
        }
        int bestBase = -1, bestLen = 0;
        for (int i = 0; i < 8; ) {
            if (w[i] == 0) {
                int j = i;
                while (j < 8 && w[j] == 0) {
                    j++;
                }
                if (j - i > bestLen) {
                    bestBase = i;
                    bestLen = j - i;
                }
                i = j;
            } else {
                i++;
            }
        }
        if (bestLen < 2) {
            bestBase = -1;
        }
        StringBuilder s = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (bestBase >= 0 && i >= bestBase && i < bestBase + bestLen) {
                if (i == bestBase) {
                    s.append(':');
                }
                continue;
            }
            if (i != 0) {
                s.append(':');
            }
            if (i == 6 && bestBase == 0 && (bestLen == 6 || (bestLen == 5 && w[5] == 0xffff))) {
                s.append(d[o + 12] & 0xff).append('.').append(d[o + 13] & 0xff).append('.')
                        .append(d[o + 14] & 0xff).append('.').append(d[o + 15] & 0xff);
                return s.toString();
            }
            s.append(Integer.toHexString(w[i]));
        }
        if (bestBase >= 0 && bestBase + bestLen == 8) {
            s.append(':');
        }
        return s.toString();
    }

    /** Colon-separated hexadecimal octets, as Ethernet addresses are shown. */
    static String hex(byte[] d, int o, int n, char separator) {
        StringBuilder s = new StringBuilder(n * 3);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                s.append(separator);
            }
            s.append(Character.forDigit((d[o + i] >> 4) & 0xf, 16)).append(Character.forDigit(d[o + i] & 0xf, 16));
        }
        return s.toString();
    }
}

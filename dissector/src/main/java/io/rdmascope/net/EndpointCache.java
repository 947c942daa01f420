package io.rdmascope.net;

/**
 * Interns {@link Endpoint}s by address and port so that decoding a packet of a known flow
 * allocates nothing: two open-addressing tables (IPv4 keyed by a long, IPv6 by two longs and the
 * port). The tables are cleared when they reach {@link #MAX_ENTRIES}, which bounds their memory
 * on captures with very many flows.
 */
final class EndpointCache {
    static final int MAX_ENTRIES = 1 << 20;

    private long[] keys4 = new long[1024];
    private Endpoint[] values4 = new Endpoint[1024];
    private int size4;

    private long[] hi6 = new long[256];
    private long[] lo6 = new long[256];
    private int[] port6 = new int[256];
    private Endpoint[] values6 = new Endpoint[256];
    private int size6;

    private static int mix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        return (int) k;
    }

    /**
     * The last two IPv4 endpoints returned, with their keys: a flow's packets and its peer's
     * acknowledgements mostly follow each other, so most lookups end here.
     */
    private Endpoint lastA, lastB;
    private long keyA = -1, keyB = -1;

    Endpoint ipv4(int address, int port) {
        long key = ((address & 0xffffffffL) << 16) | port;
        if (key == keyA) {
            return lastA;
        }
        if (key == keyB) {
            return lastB;
        }
        Endpoint e = lookup4(key, address, port);
        lastB = lastA;
        keyB = keyA;
        lastA = e;
        keyA = key;
        return e;
    }

    private Endpoint lookup4(long key, int address, int port) {
        int mask = keys4.length - 1;
        int i = mix(key) & mask;
        while (values4[i] != null) {
            if (keys4[i] == key) {
                return values4[i];
            }
            i = (i + 1) & mask;
        }
        Endpoint e = new Endpoint(Addresses.ipv4(address), port);
        if (size4 >= MAX_ENTRIES) {
            keys4 = new long[1024];
            values4 = new Endpoint[1024];
            size4 = 0;
        } else if (2 * (size4 + 1) > keys4.length) {
            grow4();
        } else {
            keys4[i] = key;
            values4[i] = e;
            size4++;
            return e;
        }
        put4(key, e);
        size4++;
        return e;
    }

    private void put4(long key, Endpoint e) {
        int mask = keys4.length - 1;
        int i = mix(key) & mask;
        while (values4[i] != null) {
            i = (i + 1) & mask;
        }
        keys4[i] = key;
        values4[i] = e;
    }

    private void grow4() {
        long[] k = keys4;
        Endpoint[] v = values4;
        keys4 = new long[k.length * 2];
        values4 = new Endpoint[k.length * 2];
        for (int j = 0; j < k.length; j++) {
            if (v[j] != null) {
                put4(k[j], v[j]);
            }
        }
    }

    /** The endpoint of the IPv6 address at {@code d[o..o+16)} and {@code port}. */
    Endpoint ipv6(byte[] d, int o, int port) {
        long hi = Addresses.int64(d, o);
        long lo = Addresses.int64(d, o + 8);
        int mask = hi6.length - 1;
        int i = mix(hi * 31 + lo * 17 + port) & mask;
        while (values6[i] != null) {
            if (hi6[i] == hi && lo6[i] == lo && port6[i] == port) {
                return values6[i];
            }
            i = (i + 1) & mask;
        }
        Endpoint e = new Endpoint(Addresses.ipv6(d, o), port);
        if (size6 >= MAX_ENTRIES) {
            hi6 = new long[256];
            lo6 = new long[256];
            port6 = new int[256];
            values6 = new Endpoint[256];
            size6 = 0;
        } else if (2 * (size6 + 1) > hi6.length) {
            long[] h = hi6, l = lo6;
            int[] p = port6;
            Endpoint[] v = values6;
            hi6 = new long[h.length * 2];
            lo6 = new long[h.length * 2];
            port6 = new int[h.length * 2];
            values6 = new Endpoint[h.length * 2];
            for (int j = 0; j < h.length; j++) {
                if (v[j] != null) {
                    put6(h[j], l[j], p[j], v[j]);
                }
            }
        }
        put6(hi, lo, port, e);
        size6++;
        return e;
    }

    private void put6(long hi, long lo, int port, Endpoint e) {
        int mask = hi6.length - 1;
        int i = mix(hi * 31 + lo * 17 + port) & mask;
        while (values6[i] != null) {
            i = (i + 1) & mask;
        }
        hi6[i] = hi;
        lo6[i] = lo;
        port6[i] = port;
        values6[i] = e;
    }
}

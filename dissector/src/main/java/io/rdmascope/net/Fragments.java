package io.rdmascope.net;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reassembles fragmented IP datagrams (IPv4, RFC 791; IPv6 fragment header, RFC 8200 section
 * 4.5). Datagrams are identified by addresses, identification and (IPv4) protocol. Memory is
 * bounded: at most {@link #maxPending} incomplete datagrams (the oldest is dropped to make room)
 * and at most {@link #MAX_DATAGRAM} octets of fragmentable payload each (a fragment reaching
 * beyond drops its datagram).
 */
final class Fragments {
    static final int MAX_DATAGRAM = 65535;

    record Key(int family, long a, long b, long c, long d, long id) {}

    /** A datagram being reassembled: its payload so far and the ranges received. */
    static final class Datagram {
        byte[] buffer = new byte[2048];
        /** Received ranges, sorted and merged: [start0, end0, start1, end1, ...]. */
        int[] ranges = new int[8];
        int rangeCount;
        /** Payload length, known once the last fragment arrived; -1 before. */
        int total = -1;
        /** Protocol of the payload (the IPv6 next header of the first fragment). */
        int nextHeader = -1;

        boolean complete() {
            return total >= 0 && rangeCount == 1 && ranges[0] == 0 && ranges[1] == total;
        }

        void add(int start, int end) {
            int[] r = new int[(rangeCount + 1) * 2];
            int n = 0;
            boolean placed = false;
            for (int i = 0; i < rangeCount; i++) {
                int s = ranges[2 * i], e = ranges[2 * i + 1];
                if (e < start || s > end) {
                    if (!placed && s > end) {
                        r[n++] = start;
                        r[n++] = end;
                        placed = true;
                    }
                    r[n++] = s;
                    r[n++] = e;
                } else {
                    start = Math.min(start, s);
                    end = Math.max(end, e);
                }
            }
            if (!placed) {
                r[n++] = start;
                r[n++] = end;
            }
            ranges = r;
            rangeCount = n / 2;
        }
    }

    private final int maxPending;
    private final LinkedHashMap<Key, Datagram> pending;

    Fragments(int maxPending) {
        this.maxPending = maxPending;
        this.pending = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Datagram> eldest) {
                return size() > Fragments.this.maxPending;
            }
        };
    }

    int pending() {
        return pending.size();
    }

    /**
     * Adds a fragment of {@code length} octets at payload offset {@code offset}.
     *
     * @param last true when the fragment has no "more fragments" flag
     * @param nextHeader the protocol of the payload when known from this fragment, else -1
     * @return the completed datagram (payload from index 0, {@link Datagram#total} octets), or
     *     null while it is incomplete or when the fragment is unusable
     */
    Datagram add(Key key, int offset, byte[] d, int o, int length, boolean last, int nextHeader) {
        int end = offset + length;
        if (offset < 0 || length < 0 || end > MAX_DATAGRAM) {
            pending.remove(key);
            return null;
        }
        Datagram g = pending.get(key);
        if (g == null) {
            if (last && offset == 0) {
                return null;
            }
            g = new Datagram();
            pending.put(key, g);
        }
        if (last) {
            if (g.total >= 0 && g.total != end) {
                pending.remove(key);
                return null;
            }
            g.total = end;
        }
        if (g.total >= 0 && end > g.total) {
            pending.remove(key);
            return null;
        }
        if (nextHeader >= 0) {
            g.nextHeader = nextHeader;
        }
        if (g.buffer.length < end) {
            g.buffer = Arrays.copyOf(g.buffer, Math.min(MAX_DATAGRAM, Math.max(end, g.buffer.length * 2)));
        }
        System.arraycopy(d, o, g.buffer, offset, length);
        if (length > 0) {
            g.add(offset, end);
        }
        if (g.complete()) {
            pending.remove(key);
            return g;
        }
        return null;
    }
}

package io.rdmascope.gui.pipeline;

import java.util.Arrays;

/**
 * Growable primitive columns for the frame index. Values live in fixed-size chunks, so growing
 * never copies what is already stored and never leaves more than one partly used chunk: the heap
 * holds about the values' own size (8 octets per long, 4 per int...) whatever the row count.
 * Not thread-safe: the model guards its columns with its own lock.
 */
final class Columns {
    private Columns() {}

    static final int SHIFT = 15;
    static final int CHUNK = 1 << SHIFT;
    static final int MASK = CHUNK - 1;

    /**
     * Chunks as allocated: each one grows by doubling until full, so that small captures stay small
     * and the last chunk of a column holds at most twice its rows (on the 200 MB bulk capture the
     * index's columns take 0.5 MB less than with the last chunk allocated whole).
     */
    private static int chunkSize(int index) {
        return Math.min(CHUNK, Math.max(64, Integer.highestOneBit(Math.max(1, index & MASK)) << 1));
    }

    static final class Longs {
        private long[][] chunks = new long[0][];
        private final long fill;

        Longs(long fill) {
            this.fill = fill;
        }

        long get(int i) {
            int c = i >>> SHIFT;
            long[] a = c < chunks.length ? chunks[c] : null;
            int j = i & MASK;
            return a == null || j >= a.length ? fill : a[j];
        }

        void set(int i, long v) {
            int c = i >>> SHIFT;
            if (c >= chunks.length) {
                chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
            }
            long[] a = chunks[c];
            int j = i & MASK;
            if (a == null || j >= a.length) {
                long[] b = new long[chunkSize(j)];
                Arrays.fill(b, fill);
                if (a != null) {
                    System.arraycopy(a, 0, b, 0, a.length);
                }
                chunks[c] = a = b;
            }
            a[j] = v;
        }
    }

    static final class Ints {
        private int[][] chunks = new int[0][];
        private final int fill;

        Ints(int fill) {
            this.fill = fill;
        }

        int get(int i) {
            int c = i >>> SHIFT;
            int[] a = c < chunks.length ? chunks[c] : null;
            int j = i & MASK;
            return a == null || j >= a.length ? fill : a[j];
        }

        void set(int i, int v) {
            int c = i >>> SHIFT;
            if (c >= chunks.length) {
                chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
            }
            int[] a = chunks[c];
            int j = i & MASK;
            if (a == null || j >= a.length) {
                int[] b = new int[chunkSize(j)];
                Arrays.fill(b, fill);
                if (a != null) {
                    System.arraycopy(a, 0, b, 0, a.length);
                }
                chunks[c] = a = b;
            }
            a[j] = v;
        }
    }

    static final class Shorts {
        private short[][] chunks = new short[0][];
        private final short fill;

        Shorts(short fill) {
            this.fill = fill;
        }

        short get(int i) {
            int c = i >>> SHIFT;
            short[] a = c < chunks.length ? chunks[c] : null;
            int j = i & MASK;
            return a == null || j >= a.length ? fill : a[j];
        }

        void set(int i, short v) {
            int c = i >>> SHIFT;
            if (c >= chunks.length) {
                chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
            }
            short[] a = chunks[c];
            int j = i & MASK;
            if (a == null || j >= a.length) {
                short[] b = new short[chunkSize(j)];
                Arrays.fill(b, fill);
                if (a != null) {
                    System.arraycopy(a, 0, b, 0, a.length);
                }
                chunks[c] = a = b;
            }
            a[j] = v;
        }
    }

    static final class Bytes {
        private byte[][] chunks = new byte[0][];

        byte get(int i) {
            int c = i >>> SHIFT;
            byte[] a = c < chunks.length ? chunks[c] : null;
            int j = i & MASK;
            return a == null || j >= a.length ? 0 : a[j];
        }

        void set(int i, byte v) {
            int c = i >>> SHIFT;
            if (c >= chunks.length) {
                chunks = Arrays.copyOf(chunks, Math.max(c + 1, chunks.length * 2));
            }
            byte[] a = chunks[c];
            int j = i & MASK;
            if (a == null || j >= a.length) {
                byte[] b = new byte[chunkSize(j)];
                if (a != null) {
                    System.arraycopy(a, 0, b, 0, a.length);
                }
                chunks[c] = a = b;
            }
            a[j] = v;
        }
    }

    /**
     * Longs that change little from row to row (file positions, capture times): a base per block
     * of 256 rows and an int difference per row, about 4 octets a row. Rows are set in increasing
     * order; a value too far from its block's base is kept in a sparse map.
     */
    static final class DeltaLongs {
        private static final int BLOCK = 8;
        private static final int FAR = Integer.MIN_VALUE;
        private final Longs bases = new Longs(0);
        private final Ints deltas = new Ints(0);
        private final java.util.Map<Integer, Long> far = new java.util.HashMap<>();
        private final long fill;

        DeltaLongs(long fill) {
            this.fill = fill;
        }

        long get(int i) {
            int d = deltas.get(i);
            if (d == FAR) {
                Long v = far.get(i);
                return v == null ? fill : v;
            }
            return bases.get(i >>> BLOCK) + d;
        }

        void set(int i, long v) {
            if ((i & ((1 << BLOCK) - 1)) == 0) {
                bases.set(i >>> BLOCK, v);
            }
            long d = v - bases.get(i >>> BLOCK);
            if (d > Integer.MIN_VALUE && d <= Integer.MAX_VALUE) {
                deltas.set(i, (int) d);
                if (!far.isEmpty()) {
                    far.remove(i); // boxes i: only when some value is far
                }
            } else {
                deltas.set(i, FAR);
                far.put(i, v);
            }
        }
    }

    /**
     * Ints that lie close to the others of their block of 256 rows (flow numbers, the first PDU of
     * each frame): a base per block, the first value set in it, and a short difference per row,
     * about 2 octets a row instead of 4 (0.9 MB less for two such columns on the 200 MB bulk
     * capture's 210,307 frames). A value too far from its block's base is kept in a sparse map.
     * Rows never set read as their block's base.
     */
    static final class NearInts {
        private static final int BLOCK = 8;
        private static final int UNSET = Integer.MIN_VALUE;
        private static final short FAR = Short.MIN_VALUE;
        private final Ints bases = new Ints(UNSET);
        private final Shorts deltas = new Shorts((short) 0);
        private final java.util.Map<Integer, Integer> far = new java.util.HashMap<>();

        int get(int i) {
            short d = deltas.get(i);
            if (d == FAR) {
                return far.get(i);
            }
            int base = bases.get(i >>> BLOCK);
            return (base == UNSET ? 0 : base) + d;
        }

        void set(int i, int v) {
            int base = bases.get(i >>> BLOCK);
            if (base == UNSET && v != UNSET) {
                bases.set(i >>> BLOCK, base = v);
            }
            long d = (long) v - (base == UNSET ? 0 : base);
            if (d > FAR && d <= Short.MAX_VALUE) {
                deltas.set(i, (short) d);
                if (!far.isEmpty()) {
                    far.remove(i); // boxes i: only when some value is far
                }
            } else {
                deltas.set(i, FAR);
                far.put(i, v);
            }
        }
    }
}

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
        private final Sparse far = new Sparse();
        private final long fill;

        DeltaLongs(long fill) {
            this.fill = fill;
        }

        long get(int i) {
            int d = deltas.get(i);
            if (d == FAR) {
                return far.get(i, fill);
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
                far.remove(i);
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
        private final Sparse far = new Sparse();

        int get(int i) {
            short d = deltas.get(i);
            if (d == FAR) {
                return (int) far.get(i, 0);
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
                far.remove(i);
            } else {
                deltas.set(i, FAR);
                far.put(i, v);
            }
        }
    }

    /**
     * Longs for a few rows of a column (the values too far from their block's base), as rows and
     * values in two arrays ordered by row: 12 octets a row where a map of boxed numbers took about
     * 80 (0.4 MB on the 200 MB bulk capture, whose tagged offsets jump between buffers). Rows come
     * in increasing order, so that a row is almost always added at the end.
     */
    static final class Sparse {
        private int[] rows = new int[0];
        private long[] values = new long[0];
        private int size;

        int size() {
            return size;
        }

        long get(int row, long absent) {
            int k = Arrays.binarySearch(rows, 0, size, row);
            return k >= 0 ? values[k] : absent;
        }

        void put(int row, long v) {
            int k = size > 0 && rows[size - 1] < row ? -size - 1 : Arrays.binarySearch(rows, 0, size, row);
            if (k >= 0) {
                values[k] = v;
                return;
            }
            k = -k - 1;
            if (size == rows.length) {
                int n = Math.max(16, size + (size >> 1));
                rows = Arrays.copyOf(rows, n);
                values = Arrays.copyOf(values, n);
            }
            System.arraycopy(rows, k, rows, k + 1, size - k);
            System.arraycopy(values, k, values, k + 1, size - k);
            rows[k] = row;
            values[k] = v;
            size++;
        }

        void remove(int row) {
            if (size == 0 || row > rows[size - 1]) {
                return;
            }
            int k = Arrays.binarySearch(rows, 0, size, row);
            if (k >= 0) {
                System.arraycopy(rows, k + 1, rows, k, size - k - 1);
                System.arraycopy(values, k + 1, values, k, size - k - 1);
                size--;
            }
        }
    }

    /**
     * Longs that lie close to the others of their block of 256 rows and are whole multiples of a
     * unit: frame times in nanoseconds of a capture that counts microseconds. A base per block, the
     * first value set in it, and per row the difference in units as a short: 2 octets a row where
     * {@link DeltaLongs} takes 4 (0.4 MB less on the 200 MB bulk capture). A value that is no
     * multiple of the unit or too far from its base is kept in a {@link Sparse} list; once more
     * than one row in eight is (a capture that counts nanoseconds), the column turns into a
     * {@link DeltaLongs} for good.
     */
    static final class UnitLongs {
        private static final int BLOCK = 8;
        private static final short FAR = Short.MIN_VALUE;
        private final long unit, fill;
        private Longs bases = new Longs(0);
        private Shorts deltas = new Shorts((short) 0);
        private Sparse far = new Sparse();
        /** Rows up to the last one set. */
        private int rows;
        private DeltaLongs wide;

        UnitLongs(long unit, long fill) {
            this.unit = unit;
            this.fill = fill;
        }

        long get(int i) {
            if (wide != null) {
                return wide.get(i);
            }
            short d = deltas.get(i);
            if (d == FAR) {
                return far.get(i, fill);
            }
            return bases.get(i >>> BLOCK) + d * unit;
        }

        void set(int i, long v) {
            if (wide != null) {
                wide.set(i, v);
                return;
            }
            rows = Math.max(rows, i + 1);
            if ((i & ((1 << BLOCK) - 1)) == 0) {
                bases.set(i >>> BLOCK, v);
            }
            long d = v - bases.get(i >>> BLOCK);
            long q = d / unit;
            if (q * unit == d && q > FAR && q <= Short.MAX_VALUE) {
                deltas.set(i, (short) q);
                far.remove(i);
            } else {
                deltas.set(i, FAR);
                far.put(i, v);
                if (far.size() > 64 && far.size() > rows / 8) {
                    widen();
                }
            }
        }

        private void widen() {
            DeltaLongs w = new DeltaLongs(fill);
            for (int r = 0; r < rows; r++) {
                w.set(r, get(r));
            }
            wide = w;
            bases = null;
            deltas = null;
            far = null;
        }
    }

    /**
     * Longs that grow by small steps from row to row: where each frame's record starts in the
     * capture file, the previous one's start plus its length. The value itself every 16 rows and
     * per row the step from the row before as an unsigned short: 2.5 octets a row where {@link
     * DeltaLongs} takes 4 (0.3 MB less on the 200 MB bulk capture); reading a row adds up to 15
     * steps. A step that does not fit (a record of 64 KiB or more, a value set out of order) is
     * kept as the value itself in a {@link Sparse} list. Rows are meant to be set in order; a row
     * set again keeps the rows after it as they were.
     */
    static final class StepLongs {
        private static final int BLOCK = 4, BLOCK_MASK = (1 << BLOCK) - 1;
        private static final short FAR = -1;
        private final Longs bases = new Longs(0);
        private final Shorts steps = new Shorts((short) 0);
        private final Sparse far = new Sparse();
        private final long fill;
        /** Rows up to the last one set, and the last row set with its value. */
        private int rows, lastRow = -1;
        private long lastValue;

        StepLongs(long fill) {
            this.fill = fill;
        }

        long get(int i) {
            if (i < 0 || i >= rows) {
                return fill;
            }
            if (i == lastRow) {
                return lastValue;
            }
            int first = i & ~BLOCK_MASK;
            long v = bases.get(first >>> BLOCK);
            for (int k = first + 1; k <= i; k++) {
                short s = steps.get(k);
                v = s == FAR ? far.get(k, fill) : v + (s & 0xffff);
            }
            return v;
        }

        void set(int i, long v) {
            if (i + 1 < rows && ((i + 1) & BLOCK_MASK) != 0) {
                // the row after keeps its value, whatever this one's becomes
                long next = get(i + 1);
                steps.set(i + 1, FAR);
                far.put(i + 1, next);
            }
            if ((i & BLOCK_MASK) == 0) {
                bases.set(i >>> BLOCK, v);
                steps.set(i, (short) 0);
                far.remove(i);
            } else {
                long d = v - (i - 1 == lastRow ? lastValue : get(i - 1));
                if (d >= 0 && d < 0xffff) {
                    steps.set(i, (short) d);
                    far.remove(i);
                } else {
                    steps.set(i, FAR);
                    far.put(i, v);
                }
            }
            rows = Math.max(rows, i + 1);
            lastRow = i;
            lastValue = v;
        }
    }
}

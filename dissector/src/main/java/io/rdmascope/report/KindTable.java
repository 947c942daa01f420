package io.rdmascope.report;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.fields.Digits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Transactions counted per kind and connection, with their bytes and the distribution of their
 * latencies (median, 99th percentile, maximum): the per-kind table of the text report and of
 * {@code -z rdma,lat}-style statistics. The latencies of one group are kept exactly up to
 * {@link #EXACT} values, beyond that as a uniform sample of that many (the maximum stays exact).
 */
public final class KindTable {
    /** Latencies kept per group. */
    static final int EXACT = 100_000;

    /** One kind on one connection. */
    public static final class Row {
        public final TransactionKind kind;
        public final String connection;
        public long count;
        public long bytes;
        public long completed;
        public long max = -1;
        private long[] latencies = new long[16];
        private int kept;
        private long seen;
        private final Random sampler = new Random(1);

        Row(TransactionKind kind, String connection) {
            this.kind = kind;
            this.connection = connection;
        }

        void add(Transaction t) {
            count++;
            bytes += t.bytes;
            long ns = t.completionFrame < 0 ? -1 : t.latencyNanos();
            if (ns < 0) {
                return;
            }
            completed++;
            max = Math.max(max, ns);
            seen++;
            if (kept < EXACT) {
                if (kept == latencies.length) {
                    latencies = Arrays.copyOf(latencies, Math.min(EXACT, kept * 2));
                }
                latencies[kept++] = ns;
            } else {
                long slot = (long) (sampler.nextDouble() * seen);
                if (slot < EXACT) {
                    latencies[(int) slot] = ns;
                }
            }
        }

        /** The latency at quantile q (0..1) of the completed transactions, or -1 when none completed. */
        public long quantile(double q) {
            if (kept == 0) {
                return -1;
            }
            long[] sorted = Arrays.copyOf(latencies, kept);
            Arrays.sort(sorted);
            int i = (int) Math.ceil(q * kept) - 1;
            return sorted[Math.max(0, Math.min(kept - 1, i))];
        }
    }

    private final Map<String, Row> rows = new TreeMap<>();

    /** The table of these transactions. */
    public static KindTable of(Iterable<Transaction> transactions) {
        KindTable k = new KindTable();
        for (Transaction t : transactions) {
            k.add(t);
        }
        return k;
    }

    public void add(Transaction t) {
        String key = Digits.zeroPadded(String.valueOf(t.kind.ordinal()), 2) + " " + naturalKey(t.connection);
        rows.computeIfAbsent(key, x -> new Row(t.kind, t.connection)).add(t);
    }

    /** "c2" before "c10": the digits of an id zero-padded. */
    static String naturalKey(String id) {
        StringBuilder b = new StringBuilder();
        StringBuilder digits = new StringBuilder();
        for (char ch : id.toCharArray()) {
            if (Character.isDigit(ch)) {
                digits.append(ch);
            } else {
                if (digits.length() > 0) {
                    b.append(Digits.zeroPadded(digits, 12));
                    digits.setLength(0);
                }
                b.append(ch);
            }
        }
        if (digits.length() > 0) {
            b.append(Digits.zeroPadded(digits, 12));
        }
        return b.toString();
    }

    /** The rows, by kind, then connection in natural order. */
    public List<Row> rows() {
        return new ArrayList<>(rows.values());
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The transactions of a capture as the engine reported them, kept as compact records rather than
 * objects: numbers as variable-length integers (frames and times as differences from the
 * transaction's initiation, data frames from one another), connection and advertiser names once
 * in a table. A transaction is read back into a {@link Transaction} when asked for; the last few
 * read are kept, so that asking again for one gives the same object. Everything a report keeps of
 * a transaction comes back ({@code AnalysisRecords.TRANSACTIONS} writes the same fields), not the
 * engine's own links between them ({@code parent}).
 *
 * <p>On the 200 MB bulk capture (11,140 transactions) this holds 0.85 MB where the objects, their
 * ids and frame lists held 4.8 MB; reading them all back takes about 4 ms.
 */
final class TransactionStore {
    private static final int CHUNK_SHIFT = 16, CHUNK = 1 << CHUNK_SHIFT, CACHE = 256;
    private static final TransactionKind[] KINDS = TransactionKind.values();
    private static final TransactionStatus[] STATUSES = TransactionStatus.values();
    private static final CompletionKind[] COMPLETIONS = CompletionKind.values();

    /** The records, in chunks that a record never straddles (one longer than a chunk has its own). */
    private final List<byte[]> chunks = new ArrayList<>();
    private int used = CHUNK;
    /** Per transaction: its chunk (high half) and its offset there (low half). */
    private final Columns.Ints where = new Columns.Ints(0);
    private int size;
    private long baseTime;
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> nameIndex = new HashMap<>();
    private final Writer out = new Writer();
    private final Transaction[] cache = new Transaction[CACHE];
    private final int[] cached = new int[CACHE];

    TransactionStore() {
        Arrays.fill(cached, -1);
    }

    /** Keeps {@code t}; returns its index, in the order added. */
    synchronized int add(Transaction t) {
        if (size == 0) {
            baseTime = t.initiationTimeNanos;
        }
        out.n = 0;
        write(t);
        byte[] chunk;
        if (used + out.n > CHUNK) {
            chunk = new byte[Math.max(CHUNK, out.n)];
            chunks.add(chunk);
            used = 0;
        } else {
            chunk = chunks.get(chunks.size() - 1);
        }
        System.arraycopy(out.buf, 0, chunk, used, out.n);
        where.set(size, (chunks.size() - 1) << CHUNK_SHIFT | used);
        used = chunk.length > CHUNK ? CHUNK : used + out.n;
        return size++;
    }

    synchronized int size() {
        return size;
    }

    /** Transaction {@code i}: the object read last time when it is still among the last few read. */
    synchronized Transaction get(int i) {
        int slot = i & (CACHE - 1);
        if (cached[slot] != i) {
            cache[slot] = read(reader(i));
            cached[slot] = i;
        }
        return cache[slot];
    }

    /** The transactions kept so far, as a list that does not change (read as asked for). */
    synchronized List<Transaction> snapshot() {
        int n = size;
        return new View(n);
    }

    private final class View extends AbstractList<Transaction> implements RandomAccess {
        private final int n;

        View(int n) {
            this.n = n;
        }

        @Override
        public Transaction get(int i) {
            if (i < 0 || i >= n) {
                throw new IndexOutOfBoundsException(i);
            }
            return TransactionStore.this.get(i);
        }

        @Override
        public int size() {
            return n;
        }
    }

    /** What a transaction's frames are, read without the rest of it. */
    static final class Frames {
        String id;
        long initiationFrame, completionFrame;
        long[] data = new long[16];
        int count;
    }

    /** Reads the id and frames of transaction {@code i} into {@code f}. */
    synchronized void frames(int i, Frames f) {
        Reader in = reader(i);
        in.pos += 3;
        f.initiationFrame = in.z();
        f.completionFrame = in.z();
        f.id = in.string();
        int n = (int) in.u();
        if (f.data.length < n) {
            f.data = new long[Math.max(n, f.data.length * 2)];
        }
        long prev = f.initiationFrame;
        for (int k = 0; k < n; k++) {
            prev += in.z();
            f.data[k] = prev;
        }
        f.count = n;
    }

    private Reader reader(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        int w = where.get(i);
        return new Reader(chunks.get(w >>> CHUNK_SHIFT), w & (CHUNK - 1));
    }

    private int name(String s) {
        if (s == null) {
            return 0;
        }
        Integer k = nameIndex.get(s);
        if (k == null) {
            names.add(s);
            nameIndex.put(s, k = names.size());
        }
        return k;
    }

    private void write(Transaction t) {
        out.b(t.kind.ordinal());
        out.b(t.status.ordinal());
        out.b(t.completion == null ? 0 : t.completion.ordinal() + 1);
        out.z(t.initiationFrame);
        out.z(t.completionFrame);
        out.string(t.id);
        int n = t.dataFrames.size();
        out.u(n);
        long prev = t.initiationFrame;
        for (int k = 0; k < n; k++) {
            long f = t.dataFrames.getLong(k);
            out.z(f - prev);
            prev = f;
        }
        out.u(name(t.connection));
        out.u(name(t.advertiser));
        out.z(t.stag);
        out.z(t.to);
        out.z(t.length);
        out.z(t.access);
        out.z(t.initiationTimeNanos - baseTime);
        out.z(t.dataFrameCount - n);
        out.z(t.bytes);
        out.z(t.completionTimeNanos - t.initiationTimeNanos);
        out.z(t.lastFrame - t.initiationFrame);
        if (!t.oneShot()) {
            out.z(t.opcode);
            out.z(t.qn);
            out.z(t.msn);
            out.b(t.invalidateStag == null ? 0 : 1);
            if (t.invalidateStag != null) {
                out.z(t.invalidateStag);
            }
            out.z(t.sinkStag);
            out.z(t.sinkTo);
            out.z(t.advertisedFrame);
            out.string(t.note);
            out.string(t.summary);
            out.u(t.ulp == null ? 0 : t.ulp.size() + 1);
            if (t.ulp != null) {
                for (Map.Entry<String, Object> e : t.ulp.entrySet()) {
                    out.string(e.getKey());
                    Object v = e.getValue();
                    if (v == null) {
                        out.b(0);
                    } else if (v instanceof Long l) {
                        out.b(1);
                        out.z(l);
                    } else if (v instanceof Integer x) {
                        out.b(2);
                        out.z(x);
                    } else if (v instanceof Boolean x) {
                        out.b(3);
                        out.b(x ? 1 : 0);
                    } else {
                        out.b(4);
                        out.string(v.toString());
                    }
                }
            }
            out.u(t.operations == null ? 0 : t.operations.size() + 1);
            if (t.operations != null) {
                for (String id : t.operations) {
                    out.string(id);
                }
            }
        }
    }

    private Transaction read(Reader in) {
        TransactionKind kind = KINDS[in.b()];
        TransactionStatus status = STATUSES[in.b()];
        int completion = in.b();
        long initiationFrame = in.z(), completionFrame = in.z();
        String id = in.string();
        int n = (int) in.u();
        long[] data = new long[n];
        long prev = initiationFrame;
        for (int k = 0; k < n; k++) {
            prev += in.z();
            data[k] = prev;
        }
        String connection = nameAt((int) in.u()), advertiser = nameAt((int) in.u());
        long stag = in.z(), to = in.z(), length = in.z();
        int access = (int) in.z();
        long initiationTime = baseTime + in.z();
        Transaction t = new Transaction(id, kind, connection, advertiser, stag, to, length, access, initiationFrame,
                initiationTime);
        // the constructor of the kinds other than one-shot lists their first frame already
        for (int k = kind == TransactionKind.ONESHOT ? 0 : 1; k < n; k++) {
            t.dataFrames.addLong(data[k]);
        }
        t.dataFrameCount = n + in.z();
        t.bytes = in.z();
        t.completionFrame = completionFrame;
        t.completionTimeNanos = initiationTime + in.z();
        t.completion = completion == 0 ? null : COMPLETIONS[completion - 1];
        t.status = status;
        t.lastFrame = initiationFrame + in.z();
        if (kind != TransactionKind.ONESHOT) {
            t.opcode = (int) in.z();
            t.qn = in.z();
            t.msn = in.z();
            t.invalidateStag = in.b() == 0 ? null : in.z();
            t.sinkStag = in.z();
            t.sinkTo = in.z();
            t.advertisedFrame = in.z();
            t.note = in.string();
            t.summary = in.string();
            int entries = (int) in.u() - 1;
            if (entries >= 0) {
                t.ulp = new LinkedHashMap<>();
                for (int k = 0; k < entries; k++) {
                    String key = in.string();
                    Object v = switch (in.b()) {
                        case 0 -> null;
                        case 1 -> Long.valueOf(in.z());
                        case 2 -> Integer.valueOf((int) in.z());
                        case 3 -> Boolean.valueOf(in.b() != 0);
                        default -> in.string();
                    };
                    t.ulp.put(key, v);
                }
            }
            int ops = (int) in.u() - 1;
            if (ops >= 0) {
                t.operations = new ArrayList<>(ops);
                for (int k = 0; k < ops; k++) {
                    t.operations.add(in.string());
                }
            }
        }
        return t;
    }

    private String nameAt(int k) {
        return k == 0 ? null : names.get(k - 1);
    }

    /** Writes a record: octets, unsigned and zigzag variable-length integers, strings. */
    private static final class Writer {
        byte[] buf = new byte[256];
        int n;

        void b(int v) {
            if (n == buf.length) {
                buf = Arrays.copyOf(buf, n * 2);
            }
            buf[n++] = (byte) v;
        }

        void u(long v) {
            while ((v & ~0x7fL) != 0) {
                b((int) (v & 0x7f) | 0x80);
                v >>>= 7;
            }
            b((int) v);
        }

        void z(long v) {
            u(v << 1 ^ v >> 63);
        }

        /** Its length plus one (0 for null), then its UTF-8 octets. */
        void string(String s) {
            if (s == null) {
                u(0);
                return;
            }
            byte[] octets = s.getBytes(StandardCharsets.UTF_8);
            u(octets.length + 1L);
            for (byte o : octets) {
                b(o);
            }
        }
    }

    private static final class Reader {
        private final byte[] buf;
        int pos;

        Reader(byte[] buf, int pos) {
            this.buf = buf;
            this.pos = pos;
        }

        int b() {
            return buf[pos++] & 0xff;
        }

        long u() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int o = buf[pos++];
                v |= (long) (o & 0x7f) << shift;
                if (o >= 0) {
                    return v;
                }
            }
        }

        long z() {
            long v = u();
            return v >>> 1 ^ -(v & 1);
        }

        String string() {
            int len = (int) u() - 1;
            if (len < 0) {
                return null;
            }
            String s = new String(buf, pos, len, StandardCharsets.UTF_8);
            pos += len;
            return s;
        }
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.Transaction;
import io.rdmascope.pipeline.AnalysisRecords;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The transactions of a capture as the engine reported them, kept as compact records rather than
 * objects: the records of {@link AnalysisRecords#TRANSACTIONS} (numbers in the octets they need,
 * frames and times as differences), which the command line's spill files hold too. A transaction
 * is read back into a {@link Transaction} when asked for; the last few read are kept, so that
 * asking again for one gives the same object. Everything a report keeps of a transaction comes
 * back, not the engine's own links between them ({@code parent}).
 *
 * <p>On the 200 MB bulk capture (11,140 transactions) this holds about 1.1 MB where the objects,
 * their ids and frame lists held 4.8 MB.
 */
final class TransactionStore {
    private static final int CHUNK_SHIFT = 16, CHUNK = 1 << CHUNK_SHIFT, CACHE = 256;

    /** The records, in chunks that a record never straddles (one longer than a chunk has its own). */
    private final List<byte[]> chunks = new ArrayList<>();
    private int used = CHUNK;
    /** Per transaction: its chunk (high half) and its offset there (low half). */
    private final Columns.Ints where = new Columns.Ints(0);
    private int size;
    private final Record out = new Record();
    private final DataOutputStream data = new DataOutputStream(out);
    private final Transaction[] cache = new Transaction[CACHE];
    private final int[] cached = new int[CACHE];

    TransactionStore() {
        Arrays.fill(cached, -1);
    }

    /** Keeps {@code t}; returns its index, in the order added. */
    synchronized int add(Transaction t) {
        out.reset();
        try {
            AnalysisRecords.TRANSACTIONS.write(data, t);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        int n = out.size();
        byte[] chunk;
        if (used + n > CHUNK) {
            chunk = new byte[Math.max(CHUNK, n)];
            chunks.add(chunk);
            used = 0;
        } else {
            chunk = chunks.get(chunks.size() - 1);
        }
        out.copyTo(chunk, used);
        where.set(size, (chunks.size() - 1) << CHUNK_SHIFT | used);
        used = chunk.length > CHUNK ? CHUNK : used + n;
        return size++;
    }

    synchronized int size() {
        return size;
    }

    /** Transaction {@code i}: the object read last time when it is still among the last few read. */
    synchronized Transaction get(int i) {
        int slot = i & (CACHE - 1);
        if (cached[slot] != i) {
            try {
                cache[slot] = AnalysisRecords.TRANSACTIONS.read(reader(i));
            } catch (IOException e) {
                throw new UncheckedIOException(e); // records this store wrote
            }
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

    /** Reads the id and frames of transaction {@code i} into {@code f}. */
    synchronized void frames(int i, AnalysisRecords.Frames f) {
        try {
            AnalysisRecords.readFrames(reader(i), f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private DataInputStream reader(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        int w = where.get(i);
        byte[] chunk = chunks.get(w >>> CHUNK_SHIFT);
        int at = w & (CHUNK - 1);
        return new DataInputStream(new ByteArrayInputStream(chunk, at, chunk.length - at));
    }

    /** The record being written, copied out without an array of its own. */
    private static final class Record extends ByteArrayOutputStream {
        Record() {
            super(256);
        }

        void copyTo(byte[] into, int at) {
            System.arraycopy(buf, 0, into, at, count);
        }
    }
}

package io.rdmascope.pipeline;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An append-only list of analysis records (violations, transactions) whose memory does not grow
 * with its length: up to a limit the records are held in memory; beyond it, the held chunk is
 * sorted and written to a temporary file as a compact binary run (a {@link Codec} writes each
 * record's fields with a {@link DataOutput}), and memory is freed. Iteration yields every record
 * in {@code order} (stable: records that compare equal keep the order they were added in), by a
 * k-way merge of the runs and the chunk still in memory; with a null order, in the order added.
 *
 * <p>Runs are merged as they pile up (64 runs of one level become one run of the next level, as in
 * an external merge sort), so an iterator never holds more than a bounded number of files open,
 * and records that arrive already in order (the usual case: violations come frame by frame) keep
 * extending one run instead of making new ones.
 *
 * <p>The temporary files ({@code rdmascope-*.spill} in {@code java.io.tmpdir}, or in the folder
 * named by the system property {@value #DIR_PROPERTY}) belong to this list alone, so lists of
 * files analysed in parallel never share one. They are deleted by {@link #close()}, when the list
 * becomes unreachable, and at the latest when the JVM exits.
 *
 * <p>A list is filled by one thread; once iterated it is sealed (no more {@link #add}) and may then
 * be iterated any number of times, also concurrently. Storage failures (disk full) come out as
 * {@link UncheckedIOException}.
 */
public final class SpillList<T> implements Iterable<T>, Closeable {
    /** Writes and reads one record; {@link #weight} says how many plain records it costs in memory. */
    public interface Codec<T> {
        void write(DataOutput out, T value) throws IOException;

        T read(DataInput in) throws IOException;

        /** Memory cost of a record in units of a small record (1); records holding lists weigh more. */
        default int weight(T value) {
            return 1;
        }
    }

    /** System property: records (weight units) held in memory before spilling; default {@value #DEFAULT_LIMIT}. */
    public static final String LIMIT_PROPERTY = "rdmascope.spill.limit";
    /** System property: folder of the temporary files; default {@code java.io.tmpdir}. */
    public static final String DIR_PROPERTY = "rdmascope.spill.dir";
    /**
     * About 25 MB of violations of a few hundred octets each: a capture with tens of thousands of
     * transactions is reported without touching the disk, and two lists per file analysed in
     * parallel stay far below the command line's heap.
     */
    public static final int DEFAULT_LIMIT = 100_000;
    /** Runs merged at once, and the most files an iterator holds open. */
    static final int FAN_IN = 64;
    private static final int BUFFER = 1 << 15;

    private static final Cleaner CLEANER = Cleaner.create();

    /** Run by the exit hook before it deletes the files: each waits for a report still being written. */
    private static final Set<Runnable> BEFORE_CLEANUP = ConcurrentHashMap.newKeySet();

    /**
     * Makes the deletion of the files at JVM exit wait for {@code wait} (which returns once a
     * report still being written from these files is done): a live capture stopped by SIGTERM
     * writes its report in a shutdown hook of its own, beside this one. {@link #exitUnguarded} ends it.
     */
    public static void exitGuard(Runnable wait) {
        BEFORE_CLEANUP.add(wait);
    }

    /** Ends an {@link #exitGuard}. */
    public static void exitUnguarded(Runnable wait) {
        BEFORE_CLEANUP.remove(wait);
    }

    /**
     * Files not yet deleted, of every list: removed at JVM exit if still there. The exit hook is
     * registered with the first file, so a run that spills nothing starts no thread at exit.
     */
    private static final class Live {
        static final Set<Path> FILES = ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                for (Runnable wait : BEFORE_CLEANUP) {
                    wait.run();
                }
                for (Path p : FILES) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException | RuntimeException e) {
                        // nothing more can be done at exit
                    }
                }
            }, "rdmascope-spill-cleanup"));
        }

        private Live() {}
    }

    private final Codec<T> codec;
    private final Comparator<? super T> order;
    private final int limit;
    private final Storage storage = new Storage();
    private final Cleaner.Cleanable cleanable;
    private List<T> chunk = new ArrayList<>();
    /** Whether {@link #chunk} is in {@link #order} (see {@link #ORDER_WINDOW}). */
    private boolean chunkInOrder = true;
    private int chunkWeight;
    private long size;
    private boolean sealed;
    /** The last record of the last run (its greatest), to tell whether the next chunk may extend it. */
    private T lastOfRuns;

    /** A list with the limit of {@value #LIMIT_PROPERTY} (or {@value #DEFAULT_LIMIT}). */
    public SpillList(Codec<T> codec, Comparator<? super T> order) {
        this(codec, order, Integer.getInteger(LIMIT_PROPERTY, DEFAULT_LIMIT));
    }

    /**
     * @param order the iteration order, or null for the order of {@link #add}
     * @param limit weight held in memory before a run is written (at least 1)
     */
    public SpillList(Codec<T> codec, Comparator<? super T> order, int limit) {
        this.codec = codec;
        this.order = order;
        this.limit = Math.max(1, limit);
        this.cleanable = CLEANER.register(this, storage);
    }

    /** A list of {@code items}, in their order, that is held in memory only. */
    public static <T> SpillList<T> of(List<T> items) {
        SpillList<T> l = new SpillList<>(null, null, Integer.MAX_VALUE);
        l.chunk = new ArrayList<>(items);
        l.size = items.size();
        l.sealed = true;
        return l;
    }

    public void add(T value) {
        if (sealed) {
            throw new IllegalStateException("the list has been iterated: no more records may be added");
        }
        if (order != null && chunkInOrder) {
            insertInOrder(value);
        } else {
            chunk.add(value);
        }
        size++;
        chunkWeight += codec == null ? 1 : Math.max(1, codec.weight(value));
        if (chunkWeight >= limit && codec != null) {
            spill();
        }
    }

    /**
     * How far back {@link #add} looks for a record's place: records that come nearly in order (a
     * transaction ends a few after the ones begun after it) keep the chunk in order as they come,
     * on the thread that adds them, instead of a sort when the list is read; one that comes further
     * out of order leaves the chunk to be sorted then.
     */
    static final int ORDER_WINDOW = 64;

    /** Puts {@code value} after every held record that does not come after it, or appends it and gives up the order. */
    private void insertInOrder(T value) {
        int floor = Math.max(0, chunk.size() - ORDER_WINDOW);
        int i = chunk.size();
        while (i > floor && order.compare(chunk.get(i - 1), value) > 0) {
            i--;
        }
        chunkInOrder = i > floor || floor == 0 || order.compare(chunk.get(floor - 1), value) <= 0;
        chunk.add(chunkInOrder ? i : chunk.size(), value);
    }

    /** Sorts the chunk unless {@link #add} kept it in order. */
    private void sortChunk() {
        if (!chunkInOrder) {
            chunk.sort(order);
            chunkInOrder = true;
        }
    }

    /**
     * Writes the records held in memory to a temporary file when there are more than {@code keep}
     * of them (by weight): for a finished list that waits to be read while other work needs the
     * memory. The order of iteration does not change.
     */
    public void park(int keep) {
        if (codec != null && chunkWeight > keep && !chunk.isEmpty()) {
            spill();
        }
    }

    public long size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Whether records were written to temporary files. */
    public boolean spilled() {
        synchronized (storage) {
            return !storage.runs.isEmpty();
        }
    }

    /** The temporary files in use (for tests). */
    List<Path> files() {
        synchronized (storage) {
            List<Path> out = new ArrayList<>();
            for (Run r : storage.runs) {
                out.add(r.file);
            }
            return out;
        }
    }

    /** Deletes the temporary files; the list is then empty. Iterators still open end early. */
    @Override
    public void close() {
        cleanable.clean();
        chunk = new ArrayList<>();
        chunkInOrder = true;
        size = 0;
        sealed = true;
    }

    /** Every record in order; an iterator that is not drained holds files open until {@link #close()}. */
    @Override
    public Iterator<T> iterator() {
        seal();
        List<Run> runs;
        synchronized (storage) {
            runs = new ArrayList<>(storage.runs);
        }
        if (runs.isEmpty()) {
            return Collections.unmodifiableList(chunk).iterator();
        }
        List<Iterator<T>> sources = new ArrayList<>(runs.size() + 1);
        for (Run r : runs) {
            sources.add(new RunReader<>(r, codec, storage));
        }
        sources.add(chunk.iterator());
        return order == null ? new Concat<>(sources) : new Merge<>(sources, order);
    }

    private void seal() {
        if (!sealed) {
            sealed = true;
            if (order != null) {
                sortChunk();
            }
        }
    }

    /** Writes the chunk as a run (sorted), extending the last run when the chunk follows it in order. */
    private void spill() {
        if (chunk.isEmpty()) {
            return;
        }
        if (order != null) {
            sortChunk();
        }
        try {
            Run last;
            synchronized (storage) {
                last = storage.runs.isEmpty() ? null : storage.runs.get(storage.runs.size() - 1);
            }
            if (last != null && (order == null || order.compare(lastOfRuns, chunk.get(0)) <= 0)) {
                append(last, chunk);
            } else {
                Run r = storage.create(0);
                append(r, chunk);
                synchronized (storage) {
                    storage.runs.add(r);
                }
            }
            lastOfRuns = chunk.get(chunk.size() - 1);
            chunk = new ArrayList<>();
            chunkWeight = 0;
            cascade();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the temporary file of the analysis: " + e.getMessage(), e);
        }
    }

    private void append(Run r, List<T> records) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                Files.newOutputStream(r.file, StandardOpenOption.APPEND), BUFFER))) {
            for (T t : records) {
                codec.write(out, t);
            }
        }
        r.count += records.size();
    }

    /** While the last {@link #FAN_IN} runs are of one level, merges them into one run of the next. */
    private void cascade() throws IOException {
        while (true) {
            List<Run> tail;
            synchronized (storage) {
                int n = storage.runs.size();
                if (n < FAN_IN) {
                    return;
                }
                tail = new ArrayList<>(storage.runs.subList(n - FAN_IN, n));
            }
            int level = tail.get(0).level;
            for (Run r : tail) {
                if (r.level != level) {
                    return;
                }
            }
            Run merged = storage.create(level + 1);
            List<Iterator<T>> sources = new ArrayList<>();
            for (Run r : tail) {
                sources.add(new RunReader<>(r, codec, storage));
            }
            Iterator<T> it = order == null ? new Concat<>(sources) : new Merge<>(sources, order);
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
                    Files.newOutputStream(merged.file, StandardOpenOption.APPEND), BUFFER))) {
                while (it.hasNext()) {
                    codec.write(out, it.next());
                    merged.count++;
                }
            }
            synchronized (storage) {
                storage.runs.subList(storage.runs.size() - FAN_IN, storage.runs.size()).clear();
                storage.runs.add(merged);
            }
            for (Run r : tail) {
                storage.delete(r);
            }
        }
    }

    /** One sorted run in its own temporary file. */
    private static final class Run {
        final Path file;
        final int level;
        long count;

        Run(Path file, int level) {
            this.file = file;
            this.level = level;
        }
    }

    /** The runs and their open readers; cleaning deletes them all (by close, by the cleaner). */
    private static final class Storage implements Runnable {
        final List<Run> runs = new ArrayList<>();
        final Set<Closeable> readers = ConcurrentHashMap.newKeySet();
        boolean closed;

        Run create(int level) throws IOException {
            synchronized (this) {
                if (closed) {
                    throw new IOException("the list is closed");
                }
            }
            String dir = System.getProperty(DIR_PROPERTY);
            Path file = dir == null ? Files.createTempFile("rdmascope-", ".spill")
                    : Files.createTempFile(Path.of(dir), "rdmascope-", ".spill");
            Live.FILES.add(file);
            return new Run(file, level);
        }

        void delete(Run r) {
            try {
                Files.deleteIfExists(r.file);
            } catch (IOException e) {
                // left for the exit hook
                return;
            }
            Live.FILES.remove(r.file);
        }

        @Override
        public void run() {
            List<Run> all;
            synchronized (this) {
                closed = true;
                all = new ArrayList<>(runs);
                runs.clear();
            }
            for (Closeable c : readers) {
                try {
                    c.close();
                } catch (IOException e) {
                    // deleting follows
                }
            }
            readers.clear();
            for (Run r : all) {
                delete(r);
            }
        }
    }

    /** Reads a run's records one at a time; closes its file when drained. */
    private static final class RunReader<T> implements Iterator<T>, Closeable {
        private final Run run;
        private final Codec<T> codec;
        private final Storage storage;
        private long left;
        private DataInputStream in;

        RunReader(Run run, Codec<T> codec, Storage storage) {
            this.run = run;
            this.codec = codec;
            this.storage = storage;
            this.left = run.count;
        }

        @Override
        public boolean hasNext() {
            return left > 0;
        }

        @Override
        public T next() {
            if (left <= 0) {
                throw new NoSuchElementException();
            }
            try {
                if (in == null) {
                    in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run.file), BUFFER));
                    storage.readers.add(this);
                }
                T t = codec.read(in);
                if (--left == 0) {
                    close();
                }
                return t;
            } catch (EOFException e) {
                left = 0;
                closeQuietly();
                throw new UncheckedIOException("the temporary file of the analysis ends early", e);
            } catch (IOException e) {
                left = 0;
                closeQuietly();
                throw new UncheckedIOException("cannot read the temporary file of the analysis: " + e.getMessage(), e);
            }
        }

        private void closeQuietly() {
            try {
                close();
            } catch (IOException e) {
                // already failing
            }
        }

        @Override
        public void close() throws IOException {
            storage.readers.remove(this);
            if (in != null) {
                DataInputStream i = in;
                in = null;
                i.close();
            }
        }
    }

    /** The sources one after another. */
    private static final class Concat<T> implements Iterator<T> {
        private final Iterator<Iterator<T>> sources;
        private Iterator<T> current;

        Concat(List<Iterator<T>> sources) {
            this.sources = sources.iterator();
            this.current = Collections.emptyIterator();
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext()) {
                if (!sources.hasNext()) {
                    return false;
                }
                current = sources.next();
            }
            return true;
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }

    /** K-way merge of sorted sources; ties go to the earlier source, which keeps the merge stable. */
    private static final class Merge<T> implements Iterator<T> {
        private final class Head {
            final int source;
            T value;

            Head(int source, T value) {
                this.source = source;
                this.value = value;
            }
        }

        private final List<Iterator<T>> sources;
        private final PriorityQueue<Head> heads;

        Merge(List<Iterator<T>> sources, Comparator<? super T> order) {
            this.sources = sources;
            this.heads = new PriorityQueue<>(Math.max(1, sources.size()), (a, b) -> {
                int c = order.compare(a.value, b.value);
                return c != 0 ? c : Integer.compare(a.source, b.source);
            });
            for (int i = 0; i < sources.size(); i++) {
                if (sources.get(i).hasNext()) {
                    heads.add(new Head(i, sources.get(i).next()));
                }
            }
        }

        @Override
        public boolean hasNext() {
            return !heads.isEmpty();
        }

        @Override
        public T next() {
            Head h = heads.poll();
            if (h == null) {
                throw new NoSuchElementException();
            }
            T out = h.value;
            Iterator<T> s = sources.get(h.source);
            if (s.hasNext()) {
                h.value = s.next();
                heads.add(h);
            }
            return out;
        }
    }

    /** Writes a string that may be null or long: its UTF-8 length plus one (0 for null) as a {@link #writeVarLong}, then the octets. */
    public static void writeString(DataOutput out, String s) throws IOException {
        if (s == null) {
            writeVarLong(out, 0);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeVarLong(out, b.length + 1L);
        out.write(b);
    }

    /** Reads what {@link #writeString} wrote. */
    public static String readString(DataInput in) throws IOException {
        long n = readVarLong(in) - 1;
        if (n < 0) {
            return null;
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new IOException("string of " + n + " octets in a record");
        }
        byte[] b = new byte[(int) n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * Writes a number in as few octets as it needs: zigzag (small negative numbers stay short),
     * then seven bits an octet, low bits first, the high bit set on all octets but the last.
     */
    public static void writeVarLong(DataOutput out, long v) throws IOException {
        long z = v << 1 ^ v >> 63;
        while ((z & ~0x7fL) != 0) {
            out.writeByte((int) (z & 0x7f) | 0x80);
            z >>>= 7;
        }
        out.writeByte((int) z);
    }

    /** Reads what {@link #writeVarLong} wrote. */
    public static long readVarLong(DataInput in) throws IOException {
        long z = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int o = in.readByte();
            z |= (long) (o & 0x7f) << shift;
            if (o >= 0) {
                return z >>> 1 ^ -(z & 1);
            }
        }
        throw new IOException("a number of more than ten octets in a record");
    }
}

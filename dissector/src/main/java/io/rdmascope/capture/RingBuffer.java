package io.rdmascope.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Records written to a series of capture files, as dumpcap's ring buffer ({@code -b}) writes them:
 * the next file is begun after a number of seconds ({@code duration}), when the wall clock reaches a
 * multiple of a number of seconds ({@code interval}), after a number of kilobytes
 * ({@code filesize}, 1 kB = 1000 bytes) or of records ({@code packets}); with {@code files:N}
 * only the newest N files are kept, the oldest deleted when a new one begins.
 *
 * <p>The files are named as dumpcap names them: {@code prefix_NNNNN_YYYYMMDDhhmmss.ext}, where
 * {@code prefix.ext} is the name given, {@code NNNNN} the file's number from 00001 and the time
 * the local time at which the file was begun.
 */
public final class RingBuffer implements PacketSink {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss", Locale.ROOT);

    /**
     * When to change files.
     *
     * @param durationSeconds after this many seconds in a file (0: never)
     * @param intervalSeconds when the clock reaches a multiple of this many seconds (0: never)
     * @param fileKilobytes after this many kilobytes of 1000 bytes (0: never)
     * @param packets after this many records (0: never)
     * @param files files kept (0: all)
     */
    public record Limits(double durationSeconds, long intervalSeconds, long fileKilobytes, long packets, int files) {
        /** Whether any condition changes files (without one, the ring is a single file). */
        public boolean switches() {
            return durationSeconds > 0 || intervalSeconds > 0 || fileKilobytes > 0 || packets > 0;
        }
    }

    private final Path directory;
    private final String prefix;
    private final String extension;
    private final CaptureWriter.Format format;
    private final Limits limits;
    private final LongSupplier clockMillis;
    private final Deque<Path> kept = new ArrayDeque<>();
    private Supplier<CaptureStatistics> statistics;
    private int linkType = -1;
    private CaptureWriter current;
    private long openedMillis;
    private long number;
    private long filesWritten;

    public RingBuffer(Path file, CaptureWriter.Format format, Limits limits) throws IOException {
        this(file, format, limits, System::currentTimeMillis);
    }

    /** @param clockMillis the wall clock, in milliseconds since the Unix epoch */
    public RingBuffer(Path file, CaptureWriter.Format format, Limits limits, LongSupplier clockMillis) throws IOException {
        Path absolute = file.toAbsolutePath();
        this.directory = absolute.getParent();
        String name = absolute.getFileName().toString();
        int dot = name.lastIndexOf('.');
        this.prefix = dot > 0 ? name.substring(0, dot) : name;
        this.extension = dot > 0 ? name.substring(dot) : "";
        this.format = format;
        this.limits = limits;
        this.clockMillis = clockMillis;
        begin();
    }

    /** The name of file {@code number} begun at {@code millis}. */
    String name(long number, long millis) {
        return prefix + "_" + String.format(Locale.ROOT, "%05d", number) + "_"
                + STAMP.format(Instant.ofEpochMilli(millis).atZone(ZoneId.systemDefault())) + extension;
    }

    private void begin() throws IOException {
        long now = clockMillis.getAsLong();
        number++;
        Path path = directory.resolve(name(number, now));
        CaptureWriter w = new CaptureWriter(path, format);
        w.statistics(statistics);
        if (linkType >= 0) {
            w.linkType(linkType);
        }
        current = w;
        openedMillis = now;
        filesWritten++;
        kept.addLast(path);
        while (limits.files() > 0 && kept.size() > limits.files()) {
            Files.deleteIfExists(kept.removeFirst());
        }
    }

    /** Closes the current file and begins the next one. */
    private void next() throws IOException {
        CaptureWriter w = current;
        current = null;
        w.close();
        begin();
    }

    private boolean timeIsUp(long now) {
        if (limits.durationSeconds() > 0 && now - openedMillis >= (long) (limits.durationSeconds() * 1000)) {
            return true;
        }
        if (limits.intervalSeconds() > 0) {
            long span = limits.intervalSeconds() * 1000;
            return Math.floorDiv(now, span) != Math.floorDiv(openedMillis, span);
        }
        return false;
    }

    @Override
    public void write(Packet p) throws IOException {
        if (timeIsUp(clockMillis.getAsLong())) {
            next();
        }
        current.write(p);
        if ((limits.fileKilobytes() > 0 && current.bytes() >= limits.fileKilobytes() * 1000)
                || (limits.packets() > 0 && current.written() >= limits.packets())) {
            next();
        }
    }

    @Override
    public void tick() throws IOException {
        if (timeIsUp(clockMillis.getAsLong())) {
            next();
        }
    }

    @Override
    public void linkType(int linkType) throws IOException {
        this.linkType = linkType;
        current.linkType(linkType);
    }

    @Override
    public void statistics(Supplier<CaptureStatistics> counts) {
        this.statistics = counts;
        current.statistics(counts);
    }

    @Override
    public void flush() throws IOException {
        current.flush();
    }

    /** The files that are kept, oldest first (the last one is being written). */
    public List<Path> files() {
        return List.copyOf(kept);
    }

    /** Files begun so far, deleted ones included. */
    public long filesWritten() {
        return filesWritten;
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
        }
    }
}

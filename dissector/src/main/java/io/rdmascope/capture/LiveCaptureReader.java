package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;

/**
 * Frames captured live on a network interface through libpcap (Pcap4J), read as the file readers
 * are read: the stages after it cannot tell the difference. Reading ends after a number of frames,
 * after a duration, or when {@link #stop()} is called from another thread (on Ctrl-C); the handle
 * does not block, so that a stop is seen promptly.
 *
 * <p>The counts of libpcap and the kernel ({@code pcap_stats}: received, dropped by the kernel,
 * dropped by the interface) are read on the reading thread every second (and at the end), so that
 * any thread may look at the last reading ({@link #statistics()}); the periods in which something was
 * dropped are kept ({@link #lossPeriods()}), at most {@value #MAX_LOSS_PERIODS} of them.
 */
public final class LiveCaptureReader implements CaptureReader {
    static final int POLL_MILLIS = 100;
    private static final long DRAIN_NANOS = 500_000_000L;
    private static final int IDLE_MILLIS = 5;
    /** The snapshot length of a capture that keeps whole frames, as tshark's default. */
    public static final int SNAP_LENGTH = 262144;
    private static final long TICK_NANOS = 100_000_000L;
    /** Periods with drops kept; later ones are merged into the last. */
    public static final int MAX_LOSS_PERIODS = 1000;

    private final String name;
    private final PcapHandle handle;
    private final int linkType;
    private final long limit;
    private final long deadlineNanos;
    private volatile boolean stopped;
    /** Run on the reading thread while waiting for traffic. */
    private Runnable whenIdle = () -> {};
    /** When a stop was first seen: the frames libpcap still holds are read until then plus {@link #DRAIN_NANOS}. */
    private long stopSeenNanos;
    private volatile long frame;
    private volatile long octets;
    private volatile long samples;
    private String problem;
    private final long startNanos = epochNanos();
    private long statisticsEveryNanos = 1_000_000_000L;
    private long lastTickNanos = System.nanoTime();
    private long lastSampleNanos = System.nanoTime();
    private volatile boolean closed;
    private volatile CaptureStatistics statistics = CaptureStatistics.empty(startNanos);
    private final List<CapturePeriod> lossPeriods = new ArrayList<>();
    /** Whether the last period kept reaches to the end of the next one (set at the reading after it). */
    private boolean extendLast;
    private final List<Ticker> tickers = new CopyOnWriteArrayList<>();

    /** Something run on the reading thread about every 100 ms, with or without traffic. */
    @FunctionalInterface
    public interface Ticker {
        void tick() throws IOException;
    }

    /**
     * @param filter a BPF expression, or null
     * @param limit frames to capture at most; 0 for no limit
     * @param seconds how long to capture; 0 for no limit
     * @throws CaptureException with a one-line reason: no such interface, no permission, a bad filter
     */
    public LiveCaptureReader(String name, String filter, long limit, double seconds) throws CaptureException {
        this(name, filter, limit, seconds, 0);
    }

    /**
     * @param bufferBytes the size of the kernel's capture buffer (0: libpcap's default, 2 MiB on Linux)
     */
    public LiveCaptureReader(String name, String filter, long limit, double seconds, int bufferBytes)
            throws CaptureException {
        this(name, filter, limit, seconds, bufferBytes, SNAP_LENGTH);
    }

    /**
     * @param snapLength the most octets of each frame to keep (its snapshot length: frames longer
     *     are cut, their records keeping the length they had on the wire)
     */
    public LiveCaptureReader(String name, String filter, long limit, double seconds, int bufferBytes, int snapLength)
            throws CaptureException {
        this.name = name;
        this.limit = limit;
        PcapNetworkInterface nif;
        try {
            nif = Pcaps.getDevByName(name);
        } catch (PcapNativeException e) {
            throw new CaptureException(name + ": " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException("live capture needs libpcap, which is not available: " + e.getMessage(), e);
        }
        if (nif == null) {
            throw new CaptureException(name + ": no such interface (rdmascope capture -D lists them)");
        }
        try {
            if (bufferBytes > 0) {
                handle = new PcapHandle.Builder(nif.getName()).snaplen(snapLength)
                        .promiscuousMode(PcapNetworkInterface.PromiscuousMode.PROMISCUOUS).timeoutMillis(POLL_MILLIS)
                        .bufferSize(bufferBytes).build();
            } else {
                handle = nif.openLive(snapLength, PcapNetworkInterface.PromiscuousMode.PROMISCUOUS, POLL_MILLIS);
            }
        } catch (PcapNativeException e) {
            throw new CaptureException(name + ": cannot capture: " + reason(e.getMessage()), e);
        }
        try {
            // libpcap's read timeout does not end a wait on every platform (Linux's TPACKET_V3 blocks
            // until a packet comes): the reader polls instead, so that a stop is always seen
            handle.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
        } catch (PcapNativeException | NotOpenException e) {
            handle.close();
            throw new CaptureException(name + ": cannot capture: " + reason(e.getMessage()), e);
        }
        try {
            if (filter != null && !filter.isBlank()) {
                handle.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            }
            linkType = CaptureFilter.linkType(handle.getDlt().value());
        } catch (PcapNativeException | NotOpenException e) {
            handle.close();
            throw new CaptureException("capture filter \"" + filter + "\": " + e.getMessage(), e);
        }
        this.deadlineNanos = seconds > 0 ? System.nanoTime() + (long) (seconds * 1e9) : 0;
    }

    private static String reason(String libpcap) {
        String m = libpcap == null ? "" : libpcap;
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("permitted") || lower.contains("permission")) {
            return "permission denied (capturing needs root or the CAP_NET_RAW capability): " + m;
        }
        return m;
    }

    /** The interfaces libpcap can capture on, one line each as {@code tshark -D} prints them. */
    public static List<String> interfaces() throws CaptureException {
        List<String> out = new ArrayList<>();
        try {
            int i = 1;
            for (PcapNetworkInterface nif : Pcaps.findAllDevs()) {
                String d = nif.getDescription();
                out.add(i++ + ". " + nif.getName() + (d == null || d.isBlank() ? "" : " (" + d + ")"));
            }
        } catch (PcapNativeException e) {
            throw new CaptureException("cannot list the interfaces: " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException("listing interfaces needs libpcap, which is not available: " + e.getMessage(), e);
        }
        return out;
    }

    public String name() {
        return name;
    }

    /**
     * Ends the capture: {@link #next} returns false once the frames libpcap already holds are read
     * (within half a second; after 0.2 s without traffic).
     */
    public void stop() {
        stopped = true;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (!read(into)) {
            sample();
            return false;
        }
        if (System.nanoTime() - lastTickNanos >= TICK_NANOS) {
            tick();
        }
        return true;
    }

    private boolean read(Packet into) throws IOException {
        while (true) {
            if ((limit > 0 && frame >= limit) || (deadlineNanos != 0 && System.nanoTime() - deadlineNanos >= 0)) {
                return false;
            }
            if (stopped) {
                // what libpcap received before the stop is still read, for a moment
                if (stopSeenNanos == 0) {
                    stopSeenNanos = System.nanoTime();
                } else if (System.nanoTime() - stopSeenNanos > DRAIN_NANOS) {
                    return false;
                }
            }
            byte[] data;
            try {
                data = handle.getNextRawPacketEx();
            } catch (TimeoutException e) {
                // libpcap hands frames over when its read timeout ends (a block of TPACKET_V3 is
                // retired): what came just before the stop is read until that time has passed
                if (stopped && stopSeenNanos != 0 && System.nanoTime() - stopSeenNanos > 2L * POLL_MILLIS * 1_000_000L) {
                    return false;
                }
                idle();
                continue;
            } catch (EOFException e) {
                return false;
            } catch (PcapNativeException e) {
                problem = "libpcap stopped after frame " + frame + ": " + e.getMessage();
                return false;
            } catch (NotOpenException e) {
                return false;
            }
            frame++;
            Pcap4jCaptureReader.fill(handle, data, frame, linkType, into);
            octets += data.length;
            return true;
        }
    }

    /** The link type of the frames (LINKTYPE_* value). */
    public int linkType() {
        return linkType;
    }

    /** Runs {@code ticker} on the reading thread about every 100 ms, with or without traffic. Set it before reading. */
    public void addTicker(Ticker ticker) {
        tickers.add(ticker);
    }

    /** How often the counts are read (default: every second). Set it before reading. */
    public void statisticsEvery(double seconds) {
        statisticsEveryNanos = Math.max(10_000_000L, (long) (seconds * 1e9));
    }

    private void tick() throws IOException {
        long now = System.nanoTime();
        lastTickNanos = now;
        if (now - lastSampleNanos >= statisticsEveryNanos) {
            sample();
        }
        for (Ticker t : tickers) {
            t.tick();
        }
    }

    /**
     * Reads the counts of libpcap and the kernel now (on the reading thread), and returns them:
     * from the start of the capture. After the capture is closed, the last reading.
     */
    public CaptureStatistics sample() {
        lastSampleNanos = System.nanoTime();
        samples++;
        if (closed) {
            return statistics;
        }
        CaptureStatistics before = statistics;
        CaptureStatistics now;
        try {
            PcapStat s = handle.getStats();
            now = new CaptureStatistics(startNanos, epochNanos(), frame, s.getNumPacketsReceived(),
                    s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf());
        } catch (PcapNativeException | NotOpenException | RuntimeException e) {
            now = new CaptureStatistics(startNanos, epochNanos(), frame, before.received(), before.droppedByKernel(),
                    before.droppedByInterface());
        }
        statistics = now;
        CaptureStatistics period = now.since(before);
        synchronized (lossPeriods) {
            if (extendLast) {
                int last = lossPeriods.size() - 1;
                lossPeriods.set(last, lossPeriods.get(last).reaching(now.frames()));
                extendLast = false;
            }
        }
        if (period.dropped() > 0) {
            CapturePeriod p = new CapturePeriod(before.frames() + 1, now.frames(), now.frames(), period);
            synchronized (lossPeriods) {
                extendLast = true;
                if (lossPeriods.size() < MAX_LOSS_PERIODS) {
                    lossPeriods.add(p);
                } else {
                    lossPeriods.set(lossPeriods.size() - 1, lossPeriods.get(lossPeriods.size() - 1).plus(p));
                }
            }
        }
        return now;
    }

    /** Whether the capture has been closed. */
    public boolean closed() {
        return closed;
    }

    /** How many times the counts have been read. */
    public long samples() {
        return samples;
    }

    /** The last reading of the counts, from the start of the capture (any thread). */
    public CaptureStatistics statistics() {
        return statistics;
    }

    /** The periods between two readings in which the kernel or the interface dropped frames, in order. */
    public List<CapturePeriod> lossPeriods() {
        synchronized (lossPeriods) {
            return List.copyOf(lossPeriods);
        }
    }

    private static long epochNanos() {
        java.time.Instant i = java.time.Instant.now();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /**
     * Runs {@code action} on the thread that calls {@link #next} each time it waits for traffic
     * (every {@value #IDLE_MILLIS} ms while none comes): a reader of the frames can show what it
     * holds, or decide to {@link #stop}, while the capture is quiet. Set it before reading.
     */
    public void whenIdle(Runnable action) {
        whenIdle = action;
    }

    /** Waits a little for traffic: an idle capture looks for frames every {@value #IDLE_MILLIS} ms. */
    private void idle() throws IOException {
        whenIdle.run();
        if (System.nanoTime() - lastTickNanos >= TICK_NANOS) {
            tick();
        }
        try {
            Thread.sleep(IDLE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
    }

    /** Frames captured so far. */
    public long frames() {
        return frame;
    }

    @Override
    public long position() {
        return octets;
    }

    @Override
    public long size() {
        return -1;
    }

    @Override
    public String problem() {
        return problem;
    }

    @Override
    public void close() {
        if (!closed) {
            sample();
            closed = true;
        }
        handle.close();
    }
}

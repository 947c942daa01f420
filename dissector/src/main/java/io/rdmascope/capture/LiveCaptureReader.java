package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

/**
 * Frames captured live on a network interface through libpcap (Pcap4J), read as the file readers
 * are read: the stages after it cannot tell the difference. Reading ends after a number of frames,
 * after a duration, or when {@link #stop()} is called from another thread (on Ctrl-C); the handle
 * does not block, so that a stop is seen promptly.
 */
public final class LiveCaptureReader implements CaptureReader {
    static final int POLL_MILLIS = 100;
    private static final long DRAIN_NANOS = 500_000_000L;
    private static final int IDLE_MILLIS = 5;
    private static final int SNAP_LENGTH = 262144;

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
    private long frame;
    private long octets;
    private String problem;

    /**
     * @param filter a BPF expression, or null
     * @param limit frames to capture at most; 0 for no limit
     * @param seconds how long to capture; 0 for no limit
     * @throws CaptureException with a one-line reason: no such interface, no permission, a bad filter
     */
    public LiveCaptureReader(String name, String filter, long limit, double seconds) throws CaptureException {
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
            handle = nif.openLive(SNAP_LENGTH, PcapNetworkInterface.PromiscuousMode.PROMISCUOUS, POLL_MILLIS);
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
     * (within half a second, or at once without traffic).
     */
    public void stop() {
        stopped = true;
    }

    @Override
    public boolean next(Packet into) throws IOException {
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
                if (stopped) {
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
        handle.close();
    }
}

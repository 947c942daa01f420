package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.LoadListener;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;

/**
 * The figures of {@code bench/gui-open.sh}: with the system property {@value #PROPERTY} set, the
 * application prints to standard error, as {@code rdmascope-timing NAME MILLIS} (wall-clock time
 * since the epoch), when its window is shown, when the first rows reach the packet list and when
 * loading ended; then, once the window has had {@value #SETTLE_MS} ms to show the analysis (the
 * timeline, the statistics), the heap in use after a full collection (the least of five, apart:
 * a collection asked for while the renderer hands its pixels to the window system may not run,
 * which made single figures of the bulk capture read anything from 37.8 MB to 47.9 MB), the peak
 * resident set and the resident set then. With
 * the value {@code exit} the application ends after that.
 */
public final class LoadTiming {
    /** System property that turns the figures on. */
    public static final String PROPERTY = "rdmascope.gui.timing";
    /** Time the window is given after loading ended before the heap is measured. */
    static final int SETTLE_MS = 2000;

    private LoadTiming() {}

    public static boolean on() {
        return System.getProperty(PROPERTY) != null;
    }

    /** Prints one figure. */
    public static void mark(String name, long value) {
        System.err.println("rdmascope-timing " + name + " " + value);
    }

    /** Prints that the window is shown (on the application thread, once it was). */
    public static void shown() {
        if (on()) {
            mark("jvm-start", ManagementFactory.getRuntimeMXBean().getStartTime());
            mark("window-shown", System.currentTimeMillis());
        }
    }

    /** The listener, telling once when the first frames reach the application thread. */
    static LoadListener watch(LoadListener listener) {
        if (!on()) {
            return listener;
        }
        return new LoadListener() {
            private boolean first = true;

            @Override
            public void frames(long count) {
                listener.frames(count);
                if (first && count > 0) {
                    first = false;
                    // After the packet list's own update, which was queued first.
                    Platform.runLater(() -> mark("first-rows", System.currentTimeMillis()));
                }
            }

            @Override
            public void progress(double fraction) {
                listener.progress(fraction);
            }
        };
    }

    /** Prints that loading ended; the heap and the resident sets follow once the window has settled. */
    static void loaded() {
        if (!on()) {
            return;
        }
        mark("load-done", System.currentTimeMillis());
        // From a thread of its own, with the application thread idle: a collection run from it
        // would keep alive what its own pulse holds.
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(SETTLE_MS);
            } catch (InterruptedException e) {
                return;
            }
            measure();
        }, "rdmascope-timing");
        t.setDaemon(true);
        t.start();
    }

    /** The heap in use after a full collection, the resident sets; then the end with {@code exit}. */
    private static void measure() {
        Runtime rt = Runtime.getRuntime();
        // A collection asked for while the renderer hands pixels to the window system may not
        // run (the runtime defers it): the least of several, apart, is the heap in use.
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            least = Math.min(least, rt.totalMemory() - rt.freeMemory());
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                break;
            }
        }
        mark("heap-after-gc-kb", least / 1024);
        mark("heap-committed-kb", rt.totalMemory() / 1024);
        mark("peak-rss-kb", statusKb("VmHWM:"));
        mark("rss-kb", statusKb("VmRSS:"));
        if ("exit".equals(System.getProperty(PROPERTY))) {
            System.exit(0);
        }
    }

    /** A figure of {@code /proc/self/status} ("VmHWM:", the peak resident set), in KiB, or -1. */
    private static long statusKb(String name) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(name)) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not on Linux
        }
        return -1;
    }
}

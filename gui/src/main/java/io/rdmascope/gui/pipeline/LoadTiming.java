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
 * loading ended; then the heap in use after a full collection, the peak resident set and the
 * resident set then. With
 * the value {@code exit} the application ends after that.
 */
public final class LoadTiming {
    /** System property that turns the figures on. */
    public static final String PROPERTY = "rdmascope.gui.timing";

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

    /** Prints that loading ended, the heap in use after a full collection and the peak resident set. */
    static void loaded() {
        if (!on()) {
            return;
        }
        mark("load-done", System.currentTimeMillis());
        Platform.runLater(() -> {
            Runtime rt = Runtime.getRuntime();
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            mark("heap-after-gc-kb", (rt.totalMemory() - rt.freeMemory()) / 1024);
            mark("heap-committed-kb", rt.totalMemory() / 1024);
            mark("peak-rss-kb", statusKb("VmHWM:"));
            mark("rss-kb", statusKb("VmRSS:"));
            if ("exit".equals(System.getProperty(PROPERTY))) {
                System.exit(0);
            }
        });
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

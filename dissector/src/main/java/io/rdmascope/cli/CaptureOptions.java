package io.rdmascope.cli;

import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The options of {@code tshark} that choose what is read: an interface to capture on, the capture
 * filter, and when to stop. Shared by {@code analyze}, {@code dissect} and {@code capture}.
 */
final class CaptureOptions {
    @Option(names = {"-i", "--interface"}, paramLabel = "IFACE",
            description = "capture live on this interface instead of reading files (-D lists them)")
    String iface;

    @Option(names = {"-f", "--capture-filter"}, paramLabel = "BPF",
            description = "capture filter (tcpdump syntax), for live capture and capture files alike")
    String captureFilter;

    @Option(names = {"-c", "--count"}, paramLabel = "N", description = "stop after N frames (kept by the capture filter)")
    Long count;

    @Option(names = {"-a", "--autostop"}, paramLabel = "duration:S|packets:N",
            description = "stop after S seconds of live capture, or after N frames")
    String autostop;

    @Option(names = {"-D", "--list-interfaces"}, description = "list the interfaces to capture on and exit")
    boolean listInterfaces;

    /** Frames to read at most (0: no limit), or -1 after reporting a bad value. */
    long limit(Main.Env env) {
        long n = count != null ? count : 0;
        if (count != null && count < 1) {
            env.error("-c must be at least 1");
            return -1;
        }
        if (autostop != null && autostop.toLowerCase(Locale.ROOT).startsWith("packets:")) {
            Long p = number(autostop.substring(8));
            if (p == null || p < 1) {
                env.error("-a packets:N needs a whole number of at least 1, not \"" + autostop.substring(8) + "\"");
                return -1;
            }
            n = n == 0 ? p : Math.min(n, p);
        }
        return n;
    }

    /** Seconds to capture (0: no limit), or -1 after reporting a bad value. */
    double seconds(Main.Env env) {
        if (autostop == null || autostop.toLowerCase(Locale.ROOT).startsWith("packets:")) {
            return 0;
        }
        String a = autostop.toLowerCase(Locale.ROOT);
        if (a.startsWith("duration:")) {
            try {
                double s = Double.parseDouble(a.substring(9));
                if (s > 0 && s < 1e9) {
                    return s;
                }
            } catch (NumberFormatException e) {
                // told below
            }
        }
        env.error("-a takes duration:SECONDS or packets:N, not \"" + autostop + "\"");
        return -1;
    }

    /** Whether anything selects records out of the files read (a filter or a count). */
    boolean selectsFromFiles() {
        return captureFilter != null || count != null || autostop != null;
    }

    private static Long number(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

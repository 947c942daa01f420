package io.rdmascope.cli;

import io.rdmascope.capture.RingBuffer;
import java.util.ArrayList;
import java.util.List;
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

    @Option(names = {"-b", "--ring-buffer"}, paramLabel = "duration:S|interval:S|filesize:KB|packets:N|files:N",
            description = "with -w FILE: write a series of files as tshark -b does, named FILE's prefix_NNNNN_"
                    + "YYYYMMDDhhmmss.ext; files:N keeps the newest N (repeatable)")
    List<String> ringBuffer = new ArrayList<>();

    @Option(names = "--idle-timeout", paramLabel = "S",
            description = "live capture: a TCP connection silent for S seconds is ended as the capture's end would end"
                    + " it and its state let go; a later segment starts it anew (default: ${DEFAULT-VALUE}; 0: never)")
    double idleTimeout = 300;

    /** The idle time of live connections in nanoseconds, 0 for never. */
    long idleNanos() {
        return idleTimeout > 0 && Double.isFinite(idleTimeout) ? (long) Math.min(idleTimeout * 1e9, Long.MAX_VALUE / 2) : 0;
    }

    @Option(names = {"-s", "--snapshot-length"}, paramLabel = "N",
            description = "keep at most N octets of each frame, as tshark -s (default and 0: 262144); -s 96 keeps the"
                    + " headers of RoCE packets")
    Integer snapLength;

    /** The snapshot length of a live capture, or -1 after reporting a bad value. */
    int snapLength(Main.Env env) {
        if (snapLength == null || snapLength == 0) {
            return io.rdmascope.capture.LiveCaptureReader.SNAP_LENGTH;
        }
        if (snapLength < 1 || snapLength > io.rdmascope.capture.LiveCaptureReader.SNAP_LENGTH) {
            env.error("-s takes a snapshot length from 1 to 262144 (0: 262144)");
            return -1;
        }
        return snapLength;
    }

    @Option(names = {"-B", "--buffer-size"}, paramLabel = "MiB",
            description = "size of the kernel's capture buffer in MiB, as tshark -B (default: libpcap's, 2 MiB)")
    Integer bufferMebibytes;

    /** The ring buffer's limits (null without -b), or an error message. */
    Object ringLimits() {
        if (ringBuffer.isEmpty()) {
            return null;
        }
        double duration = 0;
        long interval = 0, kilobytes = 0, packets = 0;
        int files = 0;
        for (String b : ringBuffer) {
            int colon = b.indexOf(':');
            String key = colon < 0 ? b : b.substring(0, colon).toLowerCase(Locale.ROOT);
            String value = colon < 0 ? "" : b.substring(colon + 1).trim();
            try {
                switch (key) {
                    case "duration" -> duration = Double.parseDouble(value);
                    case "interval" -> interval = Long.parseLong(value);
                    case "filesize" -> kilobytes = Long.parseLong(value);
                    case "packets" -> packets = Long.parseLong(value);
                    case "files" -> files = Integer.parseInt(value);
                    default -> {
                        return "-b takes duration:S, interval:S, filesize:KB, packets:N or files:N, not \"" + b + "\"";
                    }
                }
            } catch (NumberFormatException e) {
                return "-b " + b + ": " + key + " needs a number";
            }
            if (!(duration >= 0 && duration < 1e9) || interval < 0 || kilobytes < 0 || packets < 0 || files < 0
                    || (!value.isEmpty() && Double.parseDouble(value) == 0)) {
                return "-b " + b + ": the value must be above 0";
            }
        }
        RingBuffer.Limits limits = new RingBuffer.Limits(duration, interval, kilobytes, packets, files);
        if (!limits.switches()) {
            return "-b files:N needs a condition to change files: -b duration:S, interval:S, filesize:KB or packets:N";
        }
        return limits;
    }

    /** The capture buffer in bytes (0: libpcap's default), or -1 after reporting a bad value. */
    int bufferBytes(Main.Env env) {
        if (bufferMebibytes == null) {
            return 0;
        }
        if (bufferMebibytes < 1 || bufferMebibytes > 2047) {
            env.error("-B takes a size in MiB from 1 to 2047");
            return -1;
        }
        return bufferMebibytes << 20;
    }

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

    /** Why an option of live capture alone is given without -i, or null. */
    String liveOnly() {
        if (!ringBuffer.isEmpty()) {
            return "-b writes the frames of a live capture: it needs -i IFACE and -w FILE";
        }
        if (bufferMebibytes != null) {
            return "-B sizes the buffer of a live capture: it needs -i IFACE";
        }
        return null;
    }

    private static Long number(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

package io.rdmascope.cli;

import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.Packet;
import io.rdmascope.capture.PacketSink;
import io.rdmascope.capture.RingBuffer;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code capture}: frames of a network interface written to a capture file as they come, and/or
 * analysed as {@code analyze -i} does.
 */
@Command(name = "capture",
        description = "Capture live traffic on an interface into a file (pcapng or pcap) and/or analyse it.",
        footer = {"", "Capturing goes on until -c, -a or Ctrl-C; what was captured is still written and analysed.",
            "With -b, the frames go to a series of files named after FILE (prefix_NNNNN_YYYYMMDDhhmmss.ext), "
                + "the oldest deleted past -b files:N.",
            "Capturing needs root or the CAP_NET_RAW capability."})
final class CaptureCommand implements Callable<Integer> {
    private final Main.Env env;

    @Mixin
    CaptureOptions capture = new CaptureOptions();

    @Option(names = {"-w", "--write"}, paramLabel = "FILE",
            description = "write the frames captured to this file (- for standard output, as tshark -w -)")
    Path output;

    @Option(names = {"-F", "--file-format"}, paramLabel = "pcapng|pcap", defaultValue = "pcapng",
            description = "format of the file written (default: ${DEFAULT-VALUE})")
    CaptureWriter.Format fileFormat;

    @Option(names = "--analyze", description = "analyse the frames as they come (as analyze -i)")
    boolean analyze;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "with --analyze: output format (default: ${DEFAULT-VALUE})")
    Format format;

    @Option(names = "--strict", description = "with --analyze: report STags used without an advertisement as errors")
    boolean strict;

    @Option(names = "--fail-on", paramLabel = "never|info|warning|error", defaultValue = "never",
            description = "with --analyze: exit with status 1 when a violation at or above this severity is found")
    FailOn failOn;

    @Mixin
    MonitorOptions monitor = new MonitorOptions();

    CaptureCommand(Main.Env env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        if (capture.listInterfaces) {
            return Live.listInterfaces(env);
        }
        if (capture.iface == null) {
            env.error("capture needs an interface: -i IFACE (-D lists them)");
            return Main.EXIT_INPUT;
        }
        if (output == null && !analyze) {
            env.error("nothing to do: give -w FILE to write the frames, --analyze to analyse them, or both");
            return Main.EXIT_INPUT;
        }
        boolean toStandardOutput = output != null && output.toString().equals("-");
        if (analyze && toStandardOutput) {
            env.error("-w - writes the frames to standard output, where --analyze writes its report: give -w FILE");
            return Main.EXIT_INPUT;
        }
        boolean[] failed = {false};
        RingBuffer.Limits ring = Live.ringLimits(capture, output, env, failed);
        if (failed[0]) {
            return Main.EXIT_INPUT;
        }
        String wrong = monitor.check(true);
        if (wrong != null) {
            env.error(wrong);
            return Main.EXIT_INPUT;
        }
        if (analyze) {
            AnalyzeCommand a = new AnalyzeCommand(env);
            a.capture = capture;
            a.format = format;
            a.strict = strict;
            a.failOn = failOn;
            a.buffersPerQp = 64;
            a.maxPerOperation = 32;
            a.captureFile = output;
            a.captureFormat = fileFormat;
            a.monitor = monitor;
            return a.call();
        }
        LiveCaptureReader reader = Live.open(capture, env);
        if (reader == null) {
            return Main.EXIT_INPUT;
        }
        PacketSink writer;
        try {
            writer = toStandardOutput ? Live.sink(reader, new CaptureWriter(unclosed(env.out()), fileFormat))
                    : Live.sink(reader, output, fileFormat, ring);
        } catch (IOException e) {
            reader.close();
            env.error(output + ": " + Inputs.reason(e));
            return Main.EXIT_INPUT;
        }
        MonitorOptions.Monitor live = monitor.start(reader, format == Format.json, env, () -> {
            reader.close();
            writer.close();
        });
        if (live == null) {
            return Main.EXIT_INPUT;
        }
        return Live.guarded(reader, env, () -> {
            try (reader; writer) {
                Packet p = new Packet();
                while (reader.next(p)) {
                    writer.write(p);
                }
                live.finish();
                if (reader.problem() != null) {
                    env.error(capture.iface + ": capture stopped early: " + reader.problem());
                }
            } catch (IOException e) {
                env.error(output + ": " + Inputs.reason(e));
                return Main.EXIT_INPUT;
            } finally {
                live.close();
            }
            return 0;
        });
    }

    /** Standard output, flushed but left open when the writer closes. */
    private static OutputStream unclosed(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }
}

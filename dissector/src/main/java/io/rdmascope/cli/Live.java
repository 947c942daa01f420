package io.rdmascope.cli;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.CaptureFilter;
import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.capture.PacketSink;
import io.rdmascope.capture.RingBuffer;
import io.rdmascope.capture.SelectingCaptureReader;
import io.rdmascope.capture.TeeCaptureReader;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.DissectionResult;
import io.rdmascope.pipeline.FrameListener;
import io.rdmascope.pipeline.Source;
import io.rdmascope.pipeline.SpillList;
import io.rdmascope.pdu.PduListener;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Live capture and capture filters on the command line: the {@link Source}s that read an interface
 * or the selected records of a file, and the clean stop on Ctrl-C. The stages and the engine see
 * the same reader interface either way.
 */
final class Live {
    /** Live captures under way, stopped by {@link #stopAll()}. */
    private static final Set<LiveCaptureReader> RUNNING = ConcurrentHashMap.newKeySet();

    private Live() {}

    /** {@code -D}: the interfaces, one a line. */
    static int listInterfaces(Main.Env env) {
        try {
            for (String line : LiveCaptureReader.interfaces()) {
                env.out().println(line);
            }
            env.out().flush();
            return 0;
        } catch (CaptureException e) {
            env.error(e.getMessage());
            return Main.EXIT_INPUT;
        }
    }

    /** The source of capture files: the environment's, or one that applies -f/-c/-a to it; null after reporting a bad option. */
    static Source fileSource(CaptureOptions capture, Main.Env env) {
        return capture.selectsFromFiles() ? selecting(capture, env) : env.source();
    }

    /**
     * The records of each file that pass the capture filter ({@code -f}), as many as {@code -c} or
     * {@code -a packets:N} allow; or null after telling why the options are wrong.
     */
    static Source selecting(CaptureOptions o, Main.Env env) {
        long limit = o.limit(env);
        if (limit < 0) {
            return null;
        }
        if (o.autostop != null && !o.autostop.toLowerCase(java.util.Locale.ROOT).startsWith("packets:")) {
            env.error("-a " + o.autostop + ": a duration applies to live capture (-i) only");
            return null;
        }
        String expression = o.captureFilter;
        if (expression != null) {
            try {
                new CaptureFilter(expression); // a bad filter is told once, before any file is read
            } catch (CaptureException e) {
                env.error(e.getMessage());
                return null;
            }
        }
        return (file, frames, pdus, progress, cancelled) -> {
            CaptureFilter filter = expression != null ? new CaptureFilter(expression) : null;
            try (CaptureReader r = new SelectingCaptureReader(Captures.open(file), filter, limit)) {
                return Dissection.run(r, frames, pdus, progress, cancelled);
            }
        };
    }

    /**
     * Opens the capture the options name, telling on standard error what it captures on, or
     * reports why it cannot (then null).
     */
    static LiveCaptureReader open(CaptureOptions o, Main.Env env) {
        long limit = o.limit(env);
        double seconds = limit < 0 ? -1 : o.seconds(env);
        int buffer = seconds < 0 ? -1 : o.bufferBytes(env);
        int snap = buffer < 0 ? -1 : o.snapLength(env);
        if (snap < 0) {
            return null;
        }
        try {
            LiveCaptureReader r = new LiveCaptureReader(o.iface, o.captureFilter, limit, seconds, buffer, snap);
            RUNNING.add(r); // a stop from now on is seen, even before the reading begins
            env.err().println("Capturing on '" + o.iface + "'");
            env.err().flush();
            return r;
        } catch (CaptureException e) {
            env.error(e.getMessage());
            return null;
        }
    }

    /**
     * Checks the options that write the frames of a live capture: -b needs -w FILE (not standard
     * output). Returns the ring buffer's limits (null without -b), or null after reporting an error
     * ({@code failed} then holds true).
     */
    static RingBuffer.Limits ringLimits(CaptureOptions o, Path output, Main.Env env, boolean[] failed) {
        Object limits = o.ringLimits();
        if (limits instanceof String error) {
            env.error(error);
            failed[0] = true;
            return null;
        }
        if (limits != null && (output == null || output.toString().equals("-"))) {
            env.error("-b writes a series of files: it needs -w FILE (not standard output)");
            failed[0] = true;
            return null;
        }
        return (RingBuffer.Limits) limits;
    }

    /**
     * Where the frames of {@code reader} are written: {@code file}, or the ring of files named after
     * it; the files end with the capture's counts (pcapng), and a ring changes files on time even
     * without traffic.
     */
    static PacketSink sink(LiveCaptureReader reader, Path file, CaptureWriter.Format format, RingBuffer.Limits ring)
            throws IOException {
        return sink(reader, ring != null ? new RingBuffer(file, format, ring) : new CaptureWriter(file, format));
    }

    /** {@code sink} told the capture's link type and counts, and ticked by the reader. */
    static PacketSink sink(LiveCaptureReader reader, PacketSink sink) throws IOException {
        sink.statistics(reader::sample);
        sink.linkType(reader.linkType());
        reader.addTicker(sink::tick);
        return sink;
    }

    /**
     * A source over a live capture: the first run reads the interface; when {@code spool} is given,
     * every frame is also written there, and later runs (the second pass of a display filter) read
     * that file.
     */
    static final class LiveSource implements Source {
        private final CaptureReader reader;
        private final Path spool;
        private final long idleNanos;
        private boolean read;

        LiveSource(LiveCaptureReader live, PacketSink tee, Path spool, long idleNanos) {
            this.reader = tee != null ? new TeeCaptureReader(live, tee) : live;
            this.spool = spool;
            this.idleNanos = idleNanos;
        }

        @Override
        public DissectionResult run(Path file, FrameListener frames, PduListener pdus, LongConsumer progress,
                                    BooleanSupplier cancelled) throws IOException {
            if (!read) {
                read = true;
                return Dissection.run(reader, frames, pdus, progress, cancelled, idleNanos);
            }
            if (spool == null) {
                throw new IOException("a live capture can be read only once");
            }
            return Source.CAPTURE.run(spool, frames, pdus, progress, cancelled);
        }

        /** Closes the interface and the file written beside it. */
        void close() throws IOException {
            reader.close();
        }
    }

    /**
     * Runs {@code body} (which reads {@code reader} to its end and writes the report) so that
     * Ctrl-C ends the capture instead of the process: the shutdown hook stops the reader and waits
     * for the report to be written.
     */
    static int guarded(LiveCaptureReader reader, Main.Env env, Callable<Integer> body) {
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            reader.stop();
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "rdmascope-stop");
        RUNNING.add(reader);
        // at exit, the analysis' temporary files are kept until the report is written
        Runnable reportWritten = () -> {
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        SpillList.exitGuard(reportWritten);
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            reader.stop(); // already shutting down
        }
        try {
            int status = body.call();
            env.err().println(summary(reader.frames(), reader.statistics()));
            env.err().flush();
            return status;
        } catch (Exception e) {
            env.error(reader.name() + ": " + (e instanceof IOException io ? Inputs.reason(io) : e.toString()));
            return Main.EXIT_INPUT;
        } finally {
            RUNNING.remove(reader);
            env.out().flush();
            done.countDown();
            SpillList.exitUnguarded(reportWritten);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook is running and now returns
            }
        }
    }

    /**
     * The last line on standard error, as tshark's: {@code N frames captured, M dropped}, with the
     * kernel's and the interface's share when something was dropped.
     */
    static String summary(long frames, CaptureStatistics c) {
        String line = frames + " frame" + (frames == 1 ? "" : "s") + " captured, " + c.dropped() + " dropped";
        if (c.dropped() > 0) {
            line += " (" + c.droppedByKernel() + " by the kernel or libpcap, " + c.droppedByInterface()
                    + " by the interface)";
        }
        return line;
    }

    /** Stops every live capture under way, as Ctrl-C does. */
    static void stopAll() {
        RUNNING.removeIf(LiveCaptureReader::closed);
        for (LiveCaptureReader r : RUNNING) {
            r.stop();
        }
    }

    /** Whether a live capture is under way (it has been opened and not yet ended). */
    static boolean running() {
        RUNNING.removeIf(LiveCaptureReader::closed);
        return !RUNNING.isEmpty();
    }

    /** A temporary capture file for a second pass, deleted when the process ends. */
    static Path spoolFile() throws IOException {
        Path p = Files.createTempFile("rdmascope-live-", ".pcapng");
        p.toFile().deleteOnExit();
        return p;
    }

    /** An engine listener that prints each transaction and violation as the engine finds it. */
    static EngineListener printer(PrintStream out) {
        return new EngineListener() {
            @Override
            public void violation(Violation v) {
                out.println("frame " + v.frame() + "  " + v.severity().jsonName() + " " + v.code().name()
                        + (v.connection() != null ? "  " + v.connection() : "") + ": " + v.message());
                out.flush();
            }

            @Override
            public void transaction(Transaction t) {
                out.println("frame " + t.initiationFrame + "  " + t.id + " " + t.kind.jsonName + "  " + t.connection
                        + "  " + t.bytes + " B  " + t.status.jsonName()
                        + (t.completionFrame >= 0 ? " (frame " + t.completionFrame + ")" : ""));
                out.flush();
            }
        };
    }
}

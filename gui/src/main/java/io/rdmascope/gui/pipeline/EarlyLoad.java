package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.LoadListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.BooleanSupplier;

/**
 * A load started before anyone listens: the capture named on the command line is read while
 * JavaFX starts and builds the window. It reads until the first rows are known, then waits for
 * the window to {@link #join} (so it takes no core from the start-up beyond that), and goes on
 * telling the joined listener. A load nobody joins runs to its first rows and waits: it costs one
 * batch of the pipeline.
 */
final class EarlyLoad implements LoadListener {
    /** How a model loads itself. */
    interface Run {
        void load(LoadListener listener, BooleanSupplier cancelled) throws IOException;
    }

    private LoadListener target;
    private volatile BooleanSupplier cancelled = () -> false;
    private long frames = -1;
    private double progress = Double.NaN;
    private boolean done;
    private Throwable failure;

    private EarlyLoad() {}

    static EarlyLoad start(Run run) {
        EarlyLoad e = new EarlyLoad();
        Thread t = new Thread(() -> {
            Throwable failed = null;
            try {
                run.load(e, () -> e.cancelled.getAsBoolean());
            } catch (Throwable x) {
                failed = x;
            }
            synchronized (e) {
                e.failure = failed;
                e.done = true;
                e.notifyAll();
            }
        }, "rdmascope-early-load");
        t.setDaemon(true);
        t.start();
        return e;
    }

    /** Waits, on the loading thread, for a listener once the first rows are known. */
    @Override
    public synchronized void frames(long count) {
        frames = count;
        while (target == null && count > 0) {
            try {
                wait();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (target != null) {
            target.frames(count);
        }
    }

    @Override
    public synchronized void progress(double fraction) {
        progress = fraction;
        if (target != null) {
            target.progress(fraction);
        }
    }

    /**
     * Tells {@code listener} what was loaded so far, then of the rest, and returns when the load
     * ended, as {@link PipelineCaptureModel#load} would.
     */
    void join(LoadListener listener, BooleanSupplier stop) throws IOException {
        Throwable failed;
        synchronized (this) {
            cancelled = stop;
            target = listener;
            if (!Double.isNaN(progress)) {
                listener.progress(progress);
            }
            if (frames > 0) {
                listener.frames(frames);
            }
            notifyAll();
            boolean interrupted = false;
            while (!done) {
                try {
                    wait();
                } catch (InterruptedException ex) {
                    interrupted = true;
                    cancelled = () -> true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            failed = failure;
        }
        if (failed instanceof IOException io) {
            throw io;
        }
        if (failed instanceof UncheckedIOException u) {
            throw u.getCause();
        }
        if (failed instanceof RuntimeException r) {
            throw r;
        }
        if (failed instanceof Error err) {
            throw err;
        }
        if (failed != null) {
            throw new IllegalStateException(failed);
        }
    }
}

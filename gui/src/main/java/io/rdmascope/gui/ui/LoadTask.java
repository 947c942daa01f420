package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.LoadListener;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import javafx.application.Platform;
import javafx.concurrent.Task;

/**
 * Opens a capture's model and loads it, in the background. The model, once opened, and the number
 * of frames read so far reach the application thread through {@link Platform#runLater}, the counts
 * coalesced so that at most one is pending at a time: the first rows show at once and the window
 * stays responsive.
 */
final class LoadTask extends Task<CaptureModel> {
    /** What is read: a file, or an interface captured on ({@code live}), by the name the window shows. */
    record Source(String name, boolean live) {
        /** What the status bar says while it is read. */
        String doing() {
            return (live ? "Capturing on " : "Loading ") + name;
        }

        /** The heading of the message when it cannot be read. */
        String failure() {
            return (live ? "Cannot capture on " : "Cannot open ") + name;
        }
    }

    private final Source source;
    private final Callable<CaptureModel> open;
    private final BooleanSupplier stop;
    private final AtomicLong known = new AtomicLong();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private Consumer<CaptureModel> opened = m -> {};
    private LongConsumer frames = n -> {};
    /** The task's end, as the application thread was told of it ({@link #ended}): written there, read anywhere. */
    private volatile boolean ended;

    /**
     * Made on the application thread.
     *
     * @param stop polled by the model while loading: loading ends early, keeping what was read
     */
    LoadTask(Source source, Callable<CaptureModel> open, BooleanSupplier stop) {
        this.source = source;
        this.open = open;
        this.stop = stop;
        // the state changes before the running property and the handlers are told
        stateProperty().addListener((o, was, now) -> ended = now == State.SUCCEEDED || now == State.FAILED
                || now == State.CANCELLED);
    }

    Source source() {
        return source;
    }

    /**
     * Whether the task has ended (succeeded, failed or was cancelled), as the application thread
     * has been told: JavaFX posts a task's end to that thread before the worker completes the
     * task's future, so {@link #isDone()} may say so sooner or later than what the window shows.
     * Any thread may ask.
     */
    boolean ended() {
        return ended;
    }

    /** Told of the model on the application thread once it is open, before any frame count. */
    void onOpened(Consumer<CaptureModel> action) {
        opened = action;
    }

    /** Told on the application thread how many frames can be shown so far. */
    void onFrames(LongConsumer action) {
        frames = action;
    }

    @Override
    protected CaptureModel call() throws Exception {
        CaptureModel m = open.call();
        Platform.runLater(() -> opened.accept(m));
        m.load(new LoadListener() {
            @Override
            public void frames(long count) {
                known.set(count);
                if (scheduled.compareAndSet(false, true)) {
                    Platform.runLater(() -> {
                        scheduled.set(false);
                        frames.accept(known.get());
                    });
                }
            }

            @Override
            public void progress(double fraction) {
                updateProgress(fraction < 0 ? -1 : fraction, fraction < 0 ? -1 : 1);
            }
        }, () -> stop.getAsBoolean() || isCancelled());
        return m;
    }

    /** Runs the task on a daemon thread of its own. */
    void start() {
        Thread t = new Thread(this, source.live() ? "rdmascope-capture" : "rdmascope-load");
        t.setDaemon(true);
        t.start();
    }
}

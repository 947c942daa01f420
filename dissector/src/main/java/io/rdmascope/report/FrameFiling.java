package io.rdmascope.report;

import io.rdmascope.pdu.PduListener;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Files the pipeline's events under the frames they name, and hands each frame's record on, in
 * frame order, once no event for it can come any more. An event names the frame that completes it,
 * which is not always the frame being processed: the MPA stage may hold a stream back while it
 * decides its framing and deliver its events later ({@link PduListener#watermark}). The records of
 * the frames in between are held, each for at most {@link #MAX_HELD} frames counted by their
 * numbers, so memory does not grow with the capture; counted by numbers, not records, so that a
 * reader of some of a capture's frames (a group of a split capture, which keeps the file's frame
 * numbers) hands a record on when a reader of every frame does. An event for a frame already
 * handed on (held back longer than that, or flushed when the capture ended) goes to a
 * <em>late</em> record of its frame, handed on before the next frame's.
 *
 * <p>{@code dissect}'s {@link FrameCollector} and the desktop application's index file their
 * events through this one class, each with its own kind of record.
 *
 * @param <R> a frame's record
 */
public final class FrameFiling<R> {
    /** Makes, names and receives the records. */
    public interface Records<R> {
        /** A record for {@code frame}; {@code late} for events naming a frame already handed on. */
        R create(long frame, long timestampNanos, boolean late);

        long frameOf(R record);

        /** Whether a late record received nothing (it is then dropped at the end of the capture). */
        boolean isEmpty(R record);

        /** Receives a record: no event for its frame will come (other than in a late record). */
        void handOn(R record);
    }

    /**
     * The most frames, by number, that a record is held after its own frame while waiting for
     * events held back by the MPA stage; so also the most records held.
     */
    public static final int MAX_HELD = 8192;

    private final Records<R> records;
    private final ArrayDeque<R> held = new ArrayDeque<>();
    /** The record of the frame being processed, between {@link #frame} and {@link #frameDone}. */
    private R current;
    /** The late record being filled. */
    private R late;
    /** The watermark told for the frame being processed, or none. */
    private long heldFrom = Long.MAX_VALUE;
    private long lastFrame;

    public FrameFiling(Records<R> records) {
        this.records = records;
    }

    /**
     * A frame is being processed: its events go to {@code record}. The records held for
     * {@link #MAX_HELD} frames by the end of the frame before it are handed on first, as they
     * would have been had that frame been read too.
     */
    public void frame(R record) {
        long frame = records.frameOf(record);
        while (!held.isEmpty() && frame - 1 - records.frameOf(held.peekFirst()) >= MAX_HELD) {
            records.handOn(held.pollFirst());
        }
        current = record;
        lastFrame = frame;
    }

    /** The record of the frame being processed, or null. */
    public R current() {
        return current;
    }

    /** The record an event naming {@code frame}, captured at {@code timeNanos}, goes to. */
    public R recordOf(long frame, long timeNanos) {
        if (current != null && records.frameOf(current) == frame) {
            return current;
        }
        for (Iterator<R> it = held.descendingIterator(); it.hasNext(); ) {
            R r = it.next();
            long f = records.frameOf(r);
            if (f == frame) {
                return r;
            }
            if (f < frame) {
                break;
            }
        }
        if (current == null && frame > lastFrame) {
            // No frame listener: events arrive between frameDone calls, for the frame to come.
            current = records.create(frame, timeNanos, false);
            return current;
        }
        if (late != null && records.frameOf(late) != frame) {
            handOnLate();
        }
        if (late == null) {
            late = records.create(frame, timeNanos, true);
        }
        return late;
    }

    /** The MPA stage holds events of {@code frame} and later back. */
    public void watermark(long frame) {
        heldFrom = Math.min(heldFrom, frame);
    }

    /** The frame ended: it and the frames before the watermark are handed on. */
    public void frameDone(long frame, long timestampNanos) {
        R r = current != null && records.frameOf(current) == frame ? current
                : records.create(frame, timestampNanos, false);
        current = null;
        lastFrame = frame;
        handOnLate();
        held.addLast(r);
        long keepFrom = Math.min(heldFrom, frame + 1);
        heldFrom = Long.MAX_VALUE;
        while (!held.isEmpty() && (records.frameOf(held.peekFirst()) < keepFrom
                || frame - records.frameOf(held.peekFirst()) >= MAX_HELD)) {
            records.handOn(held.pollFirst());
        }
    }

    /** The capture ended (or reading stopped): every record held is handed on, then the late one. */
    public void end() {
        current = null;
        while (!held.isEmpty()) {
            records.handOn(held.pollFirst());
        }
        if (late != null && !records.isEmpty(late)) {
            handOnLate();
        }
        late = null;
    }

    private void handOnLate() {
        R r = late;
        late = null;
        if (r != null) {
            records.handOn(r);
        }
    }

    long lastFrame() {
        return lastFrame;
    }
}

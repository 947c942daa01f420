package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Moving the packet list's selection: to a frame (clearing a filter that hides it), one row up or
 * down, to the first or last row, and to the next or previous frame with a violation, as
 * Wireshark's expert navigation does (frames hidden by the display filter are skipped).
 */
final class Navigator {
    private final PacketTable table;
    private final FrameList shown;
    private final Runnable clearFilter;
    /** Frames named by a violation, ascending, each once. */
    private long[] violationFrames = new long[0];

    Navigator(PacketTable table, FrameList shown, Runnable clearFilter) {
        this.table = table;
        this.shown = shown;
        this.clearFilter = clearFilter;
    }

    /** Remembers the frames the violations name, for the next and previous violation. */
    void violations(List<Violation> violations) {
        long[] frames = new long[violations.size()];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = violations.get(i).frame();
        }
        violationFrames = Arrays.stream(frames).sorted().distinct().toArray();
    }

    /** Selects one frame in the packet list (clearing the filter when it hides the frame). */
    void jumpTo(long frame) {
        if (frame < 1 || frame > shown.frameCount()) {
            return;
        }
        int view = shown.indexOfFrame(frame);
        if (view < 0) {
            clearFilter.run();
            view = shown.indexOfFrame(frame);
        }
        if (view >= 0) {
            select(view);
        }
    }

    /** Selects the row at {@code view} and scrolls it into sight, a few rows from the top. */
    void select(int view) {
        table.getSelectionModel().clearAndSelect(view);
        table.scrollTo(Math.max(0, view - 3));
    }

    /** Selects every shown frame of {@code frames}, scrolling to the first. */
    void selectAll(List<Long> frames) {
        table.getSelectionModel().clearSelection();
        int first = -1;
        for (long f : frames) {
            int view = shown.indexOfFrame(f);
            if (view >= 0) {
                table.getSelectionModel().select(view);
                first = first < 0 ? view : Math.min(first, view);
            }
        }
        if (first >= 0) {
            table.scrollTo(Math.max(0, first - 2));
        }
    }

    /** A transaction's frames: initiation, data, completion. */
    static List<Long> frames(Transaction t) {
        List<Long> frames = new ArrayList<>();
        frames.add(t.initiationFrame);
        frames.addAll(t.dataFrames);
        if (t.completionFrame >= 0) {
            frames.add(t.completionFrame);
        }
        return frames;
    }

    /** Frames of violations that name {@code t}: the writes that broke it are not among its data frames. */
    static List<Long> violationFrames(List<Violation> violations, Transaction t) {
        List<Long> out = new ArrayList<>();
        if (t != null) {
            for (Violation v : violations) {
                if (t.id.equals(v.transaction()) && !out.contains(v.frame())) {
                    out.add(v.frame());
                }
            }
        }
        return out;
    }

    /** One row down (+1) or up (-1). */
    void step(int delta) {
        int i = table.getSelectionModel().getSelectedIndex();
        int next = i < 0 ? 0 : i + delta;
        if (next >= 0 && next < shown.size()) {
            select(next);
        }
    }

    void first() {
        if (shown.size() > 0) {
            select(0);
        }
    }

    void last() {
        if (shown.size() > 0) {
            select(shown.size() - 1);
        }
    }

    /** The frame of the selected row, or 0. */
    long selectedFrame() {
        int i = table.getSelectionModel().getSelectedIndex();
        return i < 0 || i >= shown.size() ? 0 : shown.frameAt(i);
    }

    /**
     * Selects the next (forward) or previous displayed frame with a violation after or before the
     * selected one; returns the frame, or -1 when there is none.
     */
    long violation(boolean forward) {
        long at = selectedFrame();
        int i = Arrays.binarySearch(violationFrames, at);
        int k = forward ? (i >= 0 ? i + 1 : -i - 1) : (i >= 0 ? i - 1 : -i - 2);
        if (!forward && at == 0) {
            k = violationFrames.length - 1;
        }
        for (; k >= 0 && k < violationFrames.length; k += forward ? 1 : -1) {
            int view = shown.indexOfFrame(violationFrames[k]);
            if (view >= 0) {
                select(view);
                return violationFrames[k];
            }
        }
        return -1;
    }
}

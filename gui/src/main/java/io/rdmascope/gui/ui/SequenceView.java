package io.rdmascope.gui.ui;

import io.rdmascope.fields.Hex;
import io.rdmascope.engine.Transaction;
import io.rdmascope.gui.model.FrameRow;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.LongFunction;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollPane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * Sequence diagram of one transaction: the advertiser (whose memory the STag names) and its peer
 * as lifelines, an arrow per message, and beside each arrow what the driver and NIC of the
 * receiving side do with it according to the one-shot model. Frames of violations that name the
 * transaction (a write out of bounds, an access after invalidation...) are not among its data
 * frames: they are drawn too, in red, with the violation's code.
 */
public final class SequenceView extends ScrollPane implements TabCanvas {
    private static final double TOP = 46, STEP = 46, WIDTH = 980;
    private final Canvas canvas = new Canvas(WIDTH, 120);
    private final Font font = Font.font("System", 11);
    private final Font bold = Font.font("System", javafx.scene.text.FontWeight.BOLD, 12);
    private List<String> messages = List.of();
    /** What {@link #show} was last given, drawn again when the view is shown again. */
    private Transaction transaction;
    private LongFunction<FrameRow> rowOf = f -> null;
    private List<Long> violating = List.of();
    /** Whether the view is on screen: hidden, its canvas holds no pixels. */
    private boolean shown = true;

    public SequenceView() {
        setContent(canvas);
        setStyle("-fx-background: white;");
        show(null, f -> null, List.of());
    }

    /** The labels of the arrows last drawn, in order (for tests and accessibility). */
    public List<String> messages() {
        return messages;
    }

    /** @param violating frames of violations that name {@code t} */
    public void show(Transaction t, LongFunction<FrameRow> rowOf, List<Long> violating) {
        this.transaction = t;
        this.rowOf = rowOf;
        this.violating = violating;
        draw();
    }

    @Override
    public void setShown(boolean shown) {
        if (this.shown != shown) {
            this.shown = shown;
            draw();
        }
    }

    private void draw() {
        Transaction t = transaction;
        if (!shown) {
            messages = t == null ? List.of() : labels(t);
            canvas.setWidth(0);
            canvas.setHeight(0);
            return;
        }
        canvas.setWidth(WIDTH);
        GraphicsContext g = canvas.getGraphicsContext2D();
        if (t == null) {
            canvas.setHeight(60);
            g.setFill(Color.WHITE);
            g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
            g.setFill(Color.GRAY);
            g.setFont(font);
            g.setTextBaseline(VPos.CENTER);
            g.fillText("Select a transaction in the timeline to see its sequence diagram", 12, 20);
            messages = List.of();
            return;
        }
        TreeSet<Long> frames = frames(t);
        java.util.Set<Long> bad = new java.util.HashSet<>(violating);
        canvas.setHeight(TOP + STEP * frames.size() + 30);
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        double a = 140, b = 560;
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.CENTER);
        g.setFont(bold);
        g.setFill(Color.BLACK);
        g.fillText("A: advertiser " + t.advertiser, a, 14);
        g.fillText("B: peer", b, 14);
        g.setFont(font);
        g.fillText(t.id + "  STag " + Hex.stag(t.stag) + "  [0x" + Long.toHexString(t.to) + ", +"
                + t.length + ")  " + t.status.jsonName(), (a + b) / 2, 32);
        g.setStroke(Color.gray(0.55));
        g.setLineDashes(4, 4);
        g.strokeLine(a, 22, a, canvas.getHeight() - 8);
        g.strokeLine(b, 22, b, canvas.getHeight() - 8);
        g.setLineDashes();
        List<String> labels = new ArrayList<>();
        double y = TOP + 12;
        for (long f : frames) {
            FrameRow row = rowOf.apply(f);
            String info = row != null ? row.info() : "frame " + f;
            boolean fromA = row != null ? t.advertiser.equals(row.source()) : f == t.initiationFrame;
            String step = bad.contains(f) ? "violation: " + t.id + " broken here" : step(t, f, info);
            double x0 = fromA ? a : b, x1 = fromA ? b : a;
            Color c = bad.contains(f) ? Color.web("#c62828") : f == t.initiationFrame ? Color.web("#1565c0")
                    : f == t.completionFrame ? Color.web("#2e7d32") : Color.BLACK;
            g.setStroke(c);
            g.setLineWidth(1.5);
            g.strokeLine(x0, y, x1, y);
            double dir = x1 > x0 ? -1 : 1;
            g.strokeLine(x1, y, x1 + dir * 8, y - 4);
            g.strokeLine(x1, y, x1 + dir * 8, y + 4);
            g.setLineWidth(1);
            g.setFill(c);
            g.setTextAlign(TextAlignment.CENTER);
            String label = label(f, bad.contains(f), info);
            g.fillText(label, (a + b) / 2, y - 9);
            g.setTextAlign(TextAlignment.LEFT);
            g.setFill(Color.gray(0.3));
            g.fillText(step, b + 20, y);
            labels.add(label);
            y += STEP;
        }
        messages = labels;
    }

    /** The frames of the arrows: the transaction's and those of the violations that name it. */
    private TreeSet<Long> frames(Transaction t) {
        TreeSet<Long> frames = new TreeSet<>(t.dataFrames);
        frames.add(t.initiationFrame);
        if (t.completionFrame >= 0) {
            frames.add(t.completionFrame);
        }
        frames.addAll(violating);
        return frames;
    }

    /** The labels of the arrows, as drawn. */
    private List<String> labels(Transaction t) {
        java.util.Set<Long> bad = new java.util.HashSet<>(violating);
        List<String> labels = new ArrayList<>();
        for (long f : frames(t)) {
            FrameRow row = rowOf.apply(f);
            labels.add(label(f, bad.contains(f), row != null ? row.info() : "frame " + f));
        }
        return labels;
    }

    private static String label(long frame, boolean bad, String info) {
        return (bad ? "\u26a0 #" : "#") + frame + "  " + shorten(info, 70);
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }

    /** What the receiving side's driver and NIC do with a message of the transaction. */
    static String step(Transaction t, long frame, String info) {
        if (frame == t.initiationFrame) {
            return "A driver: pin region, bind STag; B NIC: note STag (" + (t.remoteWrite() ? "W" : "")
                    + (t.remoteRead() ? "R" : "") + ")";
        }
        if (frame == t.completionFrame) {
            return "A NIC: invalidate STag, free buffer; A driver: compare STag";
        }
        if (info.startsWith("RDMA Write")) {
            return "A NIC: check bounds/access, place data";
        }
        if (info.startsWith("RDMA Read Request")) {
            return "A NIC: check read access, queue response";
        }
        if (info.startsWith("RDMA Read Response")) {
            return "B NIC: place data into its sink buffer";
        }
        return "data transfer";
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.gui.model.ConnectionInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;

/**
 * Transactions over time: a lane per connection, a bar per transaction from its initiation to its
 * completion (or its last data frame when it never completed), a tick per data segment, coloured
 * by status. Clicking a bar reports its transaction.
 */
public final class TimelineView extends Pane {
    private static final double LANE = 34, LEFT = 200, TOP = 22, BAR = 16;
    public static final Color COMPLETE = Color.web("#43a047"), INCOMPLETE = Color.web("#9e9e9e"),
            ABORTED = Color.web("#fb8c00"), VIOLATED = Color.web("#e53935");

    private final Canvas canvas = new Canvas();
    private final Font font = Font.font("System", 11);
    private List<Transaction> transactions = List.of();
    private List<String> lanes = List.of();
    private Map<String, String> laneLabels = Map.of();
    private LongUnaryOperator timeOf = f -> 0;
    private long start, end;
    private final Map<Transaction, Rectangle2D> bars = new LinkedHashMap<>();
    private Consumer<Transaction> onSelect = t -> {};
    private Transaction selected;

    public TimelineView() {
        getChildren().add(canvas);
        setMinHeight(60);
        widthProperty().addListener((o, a, b) -> redraw());
        heightProperty().addListener((o, a, b) -> redraw());
        canvas.setOnMouseClicked(e -> {
            Transaction t = transactionAt(e.getX(), e.getY());
            if (t != null) {
                selected = t;
                redraw();
                onSelect.accept(t);
            }
        });
    }

    public void setOnSelect(Consumer<Transaction> handler) {
        onSelect = handler == null ? t -> {} : handler;
    }

    /** @param timeOf capture time in nanoseconds of a frame */
    public void show(List<ConnectionInfo> connections, List<Transaction> txs, LongUnaryOperator timeOf) {
        this.transactions = List.copyOf(txs);
        this.timeOf = timeOf;
        Map<String, String> labels = new LinkedHashMap<>();
        for (ConnectionInfo c : connections) {
            labels.put(c.id(), c.label());
        }
        for (Transaction t : transactions) {
            labels.putIfAbsent(t.connection, t.connection);
        }
        laneLabels = labels;
        lanes = new ArrayList<>(labels.keySet());
        start = Long.MAX_VALUE;
        end = Long.MIN_VALUE;
        for (Transaction t : transactions) {
            start = Math.min(start, t.initiationTimeNanos);
            end = Math.max(end, endTime(t));
        }
        selected = null;
        redraw();
    }

    private long endTime(Transaction t) {
        if (t.completionFrame >= 0) {
            return t.completionTimeNanos;
        }
        long last = t.initiationTimeNanos;
        for (Long f : t.dataFrames) {
            last = Math.max(last, timeOf.applyAsLong(f));
        }
        return last;
    }

    /** Outlines a transaction's bar (null clears the outline). */
    public void select(Transaction t) {
        selected = t;
        redraw();
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The bar of a transaction in canvas coordinates, or null when it is not drawn. */
    public Rectangle2D barOf(Transaction t) {
        return bars.get(t);
    }

    public Transaction transactionAt(double x, double y) {
        Transaction hit = null;
        for (Map.Entry<Transaction, Rectangle2D> e : bars.entrySet()) {
            Rectangle2D r = e.getValue();
            if (x >= r.getMinX() - 2 && x <= r.getMaxX() + 2 && y >= r.getMinY() && y <= r.getMaxY()) {
                hit = e.getKey();
            }
        }
        return hit;
    }

    public static Color colour(TransactionStatus s) {
        switch (s) {
            case COMPLETE: return COMPLETE;
            case ABORTED: return ABORTED;
            case VIOLATED: return VIOLATED;
            default: return INCOMPLETE;
        }
    }

    private double x(long t, double width) {
        if (end <= start) {
            return LEFT + 10;
        }
        return LEFT + 10 + (width - LEFT - 30) * (double) (t - start) / (end - start);
    }

    private void redraw() {
        double w = Math.max(getWidth(), LEFT + 100);
        double h = Math.max(getHeight(), TOP + LANE * Math.max(1, lanes.size()) + 20);
        canvas.setWidth(w);
        canvas.setHeight(h);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setFont(font);
        g.setTextBaseline(VPos.CENTER);
        bars.clear();
        if (transactions.isEmpty()) {
            g.setFill(Color.GRAY);
            g.fillText("No one-shot transactions in this capture", 12, 16);
            return;
        }
        // legend and time axis
        double lx = LEFT + 10;
        for (TransactionStatus s : TransactionStatus.values()) {
            g.setFill(colour(s));
            g.fillRect(lx, 6, 10, 10);
            g.setFill(Color.BLACK);
            g.fillText(s.jsonName(), lx + 14, 11);
            lx += 90;
        }
        g.setFill(Color.gray(0.35));
        g.fillText("+" + PacketTable.seconds(end - start) + " s", w - 90, 11);
        for (int i = 0; i < lanes.size(); i++) {
            double y = TOP + i * LANE;
            g.setFill(i % 2 == 0 ? Color.web("#f5f7fa") : Color.WHITE);
            g.fillRect(0, y, w, LANE);
            g.setFill(Color.BLACK);
            g.fillText(laneLabels.get(lanes.get(i)), 6, y + LANE / 2);
        }
        g.setStroke(Color.gray(0.8));
        g.strokeLine(LEFT, TOP, LEFT, TOP + LANE * lanes.size());
        for (Transaction t : transactions) {
            int lane = lanes.indexOf(t.connection);
            double y = TOP + lane * LANE + (LANE - BAR) / 2;
            double x0 = x(t.initiationTimeNanos, w), x1 = Math.max(x(endTime(t), w), x0 + 6);
            Rectangle2D r = new Rectangle2D(x0, y, x1 - x0, BAR);
            bars.put(t, r);
            g.setFill(colour(t.status));
            g.fillRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
            // one tick per data frame, only while they stay apart (else the bar turns black)
            if (r.getWidth() >= 4.0 * t.dataFrames.size()) {
                g.setStroke(Color.gray(0.15, 0.8));
                for (Long f : t.dataFrames) {
                    double tx = x(timeOf.applyAsLong(f), w);
                    g.strokeLine(tx, y - 3, tx, y + BAR + 3);
                }
            }
            if (t == selected) {
                g.setStroke(Color.web("#1a4fa0"));
                g.setLineWidth(2);
                g.strokeRect(r.getMinX() - 1, r.getMinY() - 1, r.getWidth() + 2, r.getHeight() + 2);
                g.setLineWidth(1);
            }
            if (r.getWidth() > 30) {
                g.setFill(Color.WHITE);
                g.fillText(t.id, r.getMinX() + 4, y + BAR / 2);
            }
        }
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.gui.model.ConnectionInfo;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import javafx.geometry.Orientation;
import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.util.Duration;

/**
 * Transactions over time: a lane per connection, a bar per transaction from its first to its last
 * frame (its completion when it completed), a tick per data frame. The fill says the kind, the
 * outline and hatching the status ({@link TransactionStyle}); a legend of both stays above the
 * lanes. Within a lane, upper-layer exchanges take the upper rows and the operations they are made
 * of the rows below, overlapping transactions each a row of their own. The lanes scroll when they
 * do not fit; hovering a bar tells what it was, clicking it reports it.
 */
public final class TimelineView extends BorderPane {
    private static final double LEFT = 200, TOP = 24, ROW = 20, BAR = 14, LANE_GAP = 8;
    /** Rows per group (upper-layer, operations) of one lane; more overlapping transactions share the last. */
    private static final int MAX_ROWS = 4;

    private final Canvas canvas = new Canvas();
    private final Pane canvasPane = new Pane(canvas);
    private final ScrollBar scrollBar = new ScrollBar();
    private final Tooltip tooltip = new Tooltip();
    private final Font font = Font.font("System", 11);
    private List<Transaction> transactions = List.of();
    private List<String> lanes = List.of();
    private Map<String, String> laneLabels = Map.of();
    /** Per lane: its top, in content coordinates (lanes start at 0); one more entry for the end. */
    private double[] laneTop = {0};
    /** Per transaction: its row in its lane. */
    private final Map<Transaction, Integer> rowOf = new HashMap<>();
    private final Map<String, Integer> laneIndex = new HashMap<>();
    private LongUnaryOperator timeOf = f -> 0;
    private long start, end;
    private final Map<Transaction, Rectangle2D> bars = new LinkedHashMap<>();
    private Consumer<Transaction> onSelect = t -> {};
    private Transaction selected;
    private Transaction hovered;

    public TimelineView() {
        setCenter(canvasPane);
        scrollBar.setOrientation(Orientation.VERTICAL);
        scrollBar.setId("timelineScroll");
        setRight(scrollBar);
        setMinHeight(60);
        canvasPane.setMinSize(0, 0);
        canvasPane.widthProperty().addListener((o, a, b) -> redraw());
        canvasPane.heightProperty().addListener((o, a, b) -> redraw());
        scrollBar.valueProperty().addListener((o, a, b) -> redraw());
        tooltip.setShowDelay(Duration.ZERO);
        tooltip.setId("timelineTooltip");
        canvas.setOnScroll(e -> scrollBar.setValue(clamp(scrollBar.getValue() - e.getDeltaY())));
        canvas.setOnMouseClicked(e -> {
            Transaction t = transactionAt(e.getX(), e.getY());
            if (t != null) {
                selected = t;
                redraw();
                onSelect.accept(t);
            }
        });
        canvas.setOnMouseMoved(e -> hover(transactionAt(e.getX(), e.getY()), e.getScreenX(), e.getScreenY()));
        canvas.setOnMouseExited(e -> hover(null, 0, 0));
    }

    private double clamp(double v) {
        return Math.max(scrollBar.getMin(), Math.min(scrollBar.getMax(), v));
    }

    private void hover(Transaction t, double screenX, double screenY) {
        if (t == null) {
            hovered = null;
            tooltip.hide();
            return;
        }
        if (t != hovered || !tooltip.isShowing()) {
            hovered = t;
            tooltip.setText(TransactionStyle.tooltip(t));
            if (canvas.getScene() != null && canvas.getScene().getWindow() != null) {
                tooltip.show(canvas, screenX + 14, screenY + 14);
            }
        }
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
        layout(transactions);
        selected = null;
        hover(null, 0, 0);
        scrollBar.setValue(0);
        redraw();
    }

    /** Gives each transaction its row in its lane and each lane its height. */
    private void layout(List<Transaction> txs) {
        rowOf.clear();
        laneIndex.clear();
        for (int i = 0; i < lanes.size(); i++) {
            laneIndex.put(lanes.get(i), i);
        }
        int[] upperRows = new int[lanes.size()];
        int[] rows = new int[lanes.size()];
        List<List<long[]>> upperEnds = new ArrayList<>();
        List<List<long[]>> opEnds = new ArrayList<>();
        for (int i = 0; i < lanes.size(); i++) {
            upperEnds.add(new ArrayList<>());
            opEnds.add(new ArrayList<>());
        }
        List<Transaction> sorted = new ArrayList<>(txs);
        sorted.sort((a, b) -> Long.compare(a.initiationTimeNanos, b.initiationTimeNanos));
        for (Transaction t : sorted) {
            int lane = laneIndex.get(t.connection);
            List<long[]> ends = t.kind.upperLayer() ? upperEnds.get(lane) : opEnds.get(lane);
            rowOf.put(t, pack(ends, t.initiationTimeNanos, endTime(t)));
        }
        laneTop = new double[lanes.size() + 1];
        for (int i = 0; i < lanes.size(); i++) {
            upperRows[i] = upperEnds.get(i).size();
            rows[i] = Math.max(1, upperRows[i] + opEnds.get(i).size());
            laneTop[i + 1] = laneTop[i] + rows[i] * ROW + LANE_GAP;
        }
        for (Transaction t : sorted) {
            if (!t.kind.upperLayer()) {
                rowOf.put(t, rowOf.get(t) + upperRows[laneIndex.get(t.connection)]);
            }
        }
    }

    /** The row of a group whose last transaction ended before {@code from}, a new one, or the least busy. */
    private static int pack(List<long[]> ends, long from, long to) {
        for (int r = 0; r < ends.size(); r++) {
            if (ends.get(r)[0] < from) {
                ends.get(r)[0] = to;
                return r;
            }
        }
        if (ends.size() < MAX_ROWS) {
            ends.add(new long[] {to});
            return ends.size() - 1;
        }
        int best = 0;
        for (int r = 1; r < ends.size(); r++) {
            if (ends.get(r)[0] < ends.get(best)[0]) {
                best = r;
            }
        }
        ends.get(best)[0] = Math.max(ends.get(best)[0], to);
        return best;
    }

    private long endTime(Transaction t) {
        if (t.completionFrame >= 0) {
            return Math.max(t.completionTimeNanos, t.initiationTimeNanos);
        }
        long last = t.initiationTimeNanos;
        for (Long f : t.dataFrames) {
            last = Math.max(last, timeOf.applyAsLong(f));
        }
        return last;
    }

    /** Outlines a transaction's bar (null clears the outline) and scrolls its lane into view. */
    public void select(Transaction t) {
        selected = t;
        Integer lane = t == null ? null : laneIndex.get(t.connection);
        if (lane != null) {
            double top = laneTop[lane], view = canvasPane.getHeight() - TOP;
            if (top < scrollBar.getValue() || laneTop[lane + 1] > scrollBar.getValue() + view) {
                scrollBar.setValue(clamp(top));
            }
        }
        redraw();
    }

    public Canvas canvas() {
        return canvas;
    }

    /** The scroll bar of the lanes: shown when they do not fit. */
    public ScrollBar scrollBar() {
        return scrollBar;
    }

    /** The tooltip shown over a bar. */
    public Tooltip tooltip() {
        return tooltip;
    }

    /** Lanes (connections) shown. */
    public List<String> lanes() {
        return List.copyOf(lanes);
    }

    /** The bar of a transaction in canvas coordinates, or null when it is not drawn (not in view). */
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

    private double x(long t, double width) {
        if (end <= start) {
            return LEFT + 10;
        }
        return LEFT + 10 + (width - LEFT - 30) * (double) (t - start) / (end - start);
    }

    private void redraw() {
        double w = Math.max(canvasPane.getWidth(), LEFT + 100);
        double h = Math.max(canvasPane.getHeight(), TOP + ROW + 10);
        double content = laneTop[laneTop.length - 1];
        double view = h - TOP;
        scrollBar.setMax(Math.max(0, content - view));
        scrollBar.setVisibleAmount(Math.max(1, view));
        scrollBar.setBlockIncrement(Math.max(ROW, view * 0.9));
        scrollBar.setUnitIncrement(ROW);
        scrollBar.setVisible(content > view);
        scrollBar.setManaged(content > view);
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
            g.fillText("No transactions in this capture", 12, 16);
            return;
        }
        double offset = TOP - scrollBar.getValue();
        drawLanes(g, w, h, offset);
        for (Transaction t : transactions) {
            drawTransaction(g, t, w, h, offset);
        }
        drawLegend(g, w);
    }

    private void drawLanes(GraphicsContext g, double w, double h, double offset) {
        for (int i = 0; i < lanes.size(); i++) {
            double y = offset + laneTop[i], lh = laneTop[i + 1] - laneTop[i];
            if (y > h || y + lh < TOP) {
                continue;
            }
            g.setFill(i % 2 == 0 ? Color.web("#f5f7fa") : Color.WHITE);
            g.fillRect(0, y, w, lh);
            g.setFill(Color.BLACK);
            g.fillText(laneLabels.get(lanes.get(i)), 6, y + Math.min(lh / 2, ROW / 2 + LANE_GAP / 2), LEFT - 10);
        }
        g.setStroke(Color.gray(0.8));
        g.strokeLine(LEFT, TOP, LEFT, Math.min(h, offset + laneTop[lanes.size()]));
    }

    private void drawTransaction(GraphicsContext g, Transaction t, double w, double h, double offset) {
        int lane = laneIndex.get(t.connection);
        double y = offset + laneTop[lane] + LANE_GAP / 2 + rowOf.get(t) * ROW + (ROW - BAR) / 2;
        if (y + BAR < TOP || y > h) {
            return;
        }
        double x0 = x(t.initiationTimeNanos, w), x1 = Math.max(x(endTime(t), w), x0 + 6);
        Rectangle2D r = new Rectangle2D(x0, y, x1 - x0, BAR);
        bars.put(t, r);
        drawBar(g, r, TransactionStyle.fill(t), t.status);
        // one tick per data frame, only while they stay apart (else the bar turns black)
        if (t.dataFrames.size() > 1 && r.getWidth() >= 4.0 * t.dataFrames.size()) {
            g.setStroke(Color.gray(0.15, 0.6));
            for (Long f : t.dataFrames) {
                double tx = x(timeOf.applyAsLong(f), w);
                g.strokeLine(tx, y - 2, tx, y + BAR + 2);
            }
        }
        if (t == selected) {
            g.setStroke(Color.web("#1a4fa0"));
            g.setLineWidth(2);
            g.strokeRect(r.getMinX() - 2, r.getMinY() - 2, r.getWidth() + 4, r.getHeight() + 4);
            g.setLineWidth(1);
        }
        if (r.getWidth() > 30) {
            g.setFill(t.status == TransactionStatus.INCOMPLETE ? Color.BLACK : Color.WHITE);
            g.fillText(t.id, r.getMinX() + 4, y + BAR / 2);
        }
    }

    /** A bar: filled, pale with a dashed outline while incomplete, hatched when aborted or violated. */
    static void drawBar(GraphicsContext g, Rectangle2D r, Color fill, TransactionStatus status) {
        g.setFill(fill);
        g.fillRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
        if (TransactionStyle.hatched(status)) {
            g.save();
            g.beginPath();
            g.rect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
            g.clip();
            g.setStroke(Color.gray(0.05, 0.7));
            g.setLineWidth(1.5);
            for (double x = r.getMinX() - r.getHeight(); x < r.getMaxX(); x += 5) {
                g.strokeLine(x, r.getMaxY(), x + r.getHeight(), r.getMinY());
            }
            g.restore();
        }
        if (status == TransactionStatus.INCOMPLETE) {
            g.setStroke(Color.gray(0.25));
            g.setLineDashes(3, 2);
            g.strokeRect(r.getMinX() + 0.5, r.getMinY() + 0.5, r.getWidth() - 1, r.getHeight() - 1);
            g.setLineDashes((double[]) null);
        } else if (status == TransactionStatus.VIOLATED) {
            g.setStroke(TransactionStyle.VIOLATED_OUTLINE);
            g.setLineWidth(2);
            g.strokeRect(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
            g.setLineWidth(1);
        } else if (status == TransactionStatus.ABORTED) {
            g.setStroke(Color.gray(0.1));
            g.strokeRect(r.getMinX() + 0.5, r.getMinY() + 0.5, r.getWidth() - 1, r.getHeight() - 1);
        }
    }

    /** The kinds shown and the statuses, above the lanes, with the time the lanes span. */
    private void drawLegend(GraphicsContext g, double w) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, TOP);
        g.setStroke(Color.gray(0.85));
        g.strokeLine(0, TOP - 0.5, w, TOP - 0.5);
        Set<TransactionKind> kinds = EnumSet.noneOf(TransactionKind.class);
        for (Transaction t : transactions) {
            kinds.add(t.kind);
        }
        double lx = 6;
        for (TransactionKind k : kinds) {
            lx = legendItem(g, lx, TransactionStyle.colour(k), TransactionStatus.COMPLETE, k.jsonName);
        }
        lx += 16;
        for (TransactionStatus s : TransactionStatus.values()) {
            Color c = s == TransactionStatus.INCOMPLETE ? Color.gray(0.6).deriveColor(0, 1, 1.25, 0.55) : Color.gray(0.6);
            lx = legendItem(g, lx, c, s, s.jsonName());
        }
        g.setFill(Color.gray(0.35));
        g.fillText("+" + PacketTable.seconds(end - start) + " s", w - 90, TOP / 2);
    }

    private double legendItem(GraphicsContext g, double x, Color c, TransactionStatus s, String text) {
        drawBar(g, new Rectangle2D(x, 6, 14, 12), c, s);
        g.setFill(Color.BLACK);
        g.fillText(text, x + 18, TOP / 2);
        return x + 26 + Math.max(40, text.length() * 6.5);
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.gui.model.ConnectionInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.MouseButton;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.HBox;
import javafx.scene.text.TextAlignment;
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
 *
 * <p>A time axis counts from the capture's first frame in the unit the zoom calls for. The view
 * zooms with Ctrl and the wheel (around the pointer) or with its buttons, and pans by dragging,
 * with the wheel sideways or with the scroll bar under the lanes. Bars stacked on one another
 * (more overlapping transactions than rows) are chosen by clicking again, which takes the next
 * one under the pointer each time, or from the menu of a right click.
 */
public final class TimelineView extends BorderPane {
    /** The legend's band, then the time axis's, then the lanes. */
    private static final double LEGEND = 24, AXIS = 22, TOP = LEGEND + AXIS;
    private static final double LEFT = 200, ROW = 20, BAR = 14, LANE_GAP = 8;
    /** How much one step of the zoom buttons (or of the wheel with Ctrl) zooms. */
    private static final double ZOOM_STEP = 2;
    /** Rows per group (upper-layer, operations) of one lane; more overlapping transactions share the last. */
    private static final int MAX_ROWS = 4;

    private final Canvas canvas = new Canvas();
    private final Pane canvasPane = new Pane(canvas);
    private final ScrollBar scrollBar = new ScrollBar();
    /** Pans along the time axis while zoomed. */
    private final ScrollBar timeBar = new ScrollBar();
    private final Label spanLabel = new Label();
    private final TimeWindow window = new TimeWindow();
    /** The first frame's time: the axis counts from it. */
    private long origin;
    /** Per transaction: the time its bar ends (its completion or last data frame). */
    private final Map<Transaction, Long> ends = new IdentityHashMap<>();
    /** Transactions under the last click and which of them it chose, to cycle through stacked bars. */
    private List<Transaction> lastHits = List.of();
    private int lastHit;
    private final ContextMenu chooser = new ContextMenu();
    private double pressX, pressFrom;
    private boolean updatingTimeBar;
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
    private final Map<Transaction, Rectangle2D> bars = new LinkedHashMap<>();
    private List<TimeAxis.Tick> ticks = List.of();
    private Consumer<Transaction> onSelect = t -> {};
    private Transaction selected;
    private Transaction hovered;

    public TimelineView() {
        setCenter(canvasPane);
        setTop(toolbar());
        scrollBar.setOrientation(Orientation.VERTICAL);
        scrollBar.setId("timelineScroll");
        setRight(scrollBar);
        timeBar.setId("timelineTimeScroll");
        setBottom(timeBar);
        setMinHeight(60);
        canvasPane.setMinSize(0, 0);
        canvasPane.widthProperty().addListener((o, a, b) -> redraw());
        canvasPane.heightProperty().addListener((o, a, b) -> redraw());
        scrollBar.valueProperty().addListener((o, a, b) -> redraw());
        timeBar.valueProperty().addListener((o, a, b) -> {
            if (!updatingTimeBar) {
                window.panTo(window.start() + b.doubleValue());
                redraw();
            }
        });
        tooltip.setShowDelay(Duration.ZERO);
        tooltip.setId("timelineTooltip");
        chooser.setId("timelineChooser");
        canvas.setOnScroll(this::scrolled);
        canvas.setOnMousePressed(e -> {
            pressX = e.getX();
            pressFrom = window.from();
            chooser.hide();
        });
        canvas.setOnMouseDragged(e -> {
            if (window.zoomed()) {
                window.panTo(pressFrom - (e.getX() - pressX) * nanosPerPixel());
                redraw();
            }
        });
        canvas.setOnMouseClicked(e -> {
            if (e.isStillSincePress()) {
                clicked(e.getX(), e.getY(), e.getButton() == MouseButton.SECONDARY, e.getScreenX(), e.getScreenY());
            }
        });
        canvas.setOnMouseMoved(e -> hover(transactionAt(e.getX(), e.getY()), e.getScreenX(), e.getScreenY()));
        canvas.setOnMouseExited(e -> hover(null, 0, 0));
    }

    private HBox toolbar() {
        Button out = new Button("\u2212");
        out.setId("timelineZoomOut");
        out.setOnAction(e -> zoom(ZOOM_STEP));
        Button in = new Button("+");
        in.setId("timelineZoomIn");
        in.setOnAction(e -> zoom(1 / ZOOM_STEP));
        Button fit = new Button("Fit");
        fit.setId("timelineFit");
        fit.setOnAction(e -> fit());
        spanLabel.setId("timelineSpan");
        Label hint = new Label("Ctrl+wheel zooms, drag pans, right-click lists stacked bars");
        hint.setStyle("-fx-text-fill: #777;");
        HBox bar = new HBox(4, new Label("Zoom"), out, in, fit, spanLabel, hint);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setStyle("-fx-padding: 2 6 2 6;");
        HBox.setMargin(spanLabel, new Insets(0, 16, 0, 12));
        return bar;
    }

    /** The wheel: with Ctrl (or the shortcut key) it zooms around the pointer, sideways it pans, else it scrolls the lanes. */
    private void scrolled(ScrollEvent e) {
        if (e.isControlDown() || e.isShortcutDown()) {
            if (e.getDeltaY() != 0) {
                window.zoom(Math.pow(ZOOM_STEP, -e.getDeltaY() / 40), timeAt(e.getX()));
                redraw();
            }
        } else if (Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY()) || e.isShiftDown()) {
            double d = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
            window.panTo(window.from() - d * nanosPerPixel());
            redraw();
        } else {
            scrollBar.setValue(clamp(scrollBar.getValue() - e.getDeltaY()));
        }
    }

    /** A click on bars: the next of the transactions under it each time, or a menu of them all. */
    private void clicked(double x, double y, boolean menu, double screenX, double screenY) {
        List<Transaction> hits = transactionsAt(x, y);
        if (hits.isEmpty()) {
            return;
        }
        if (menu) {
            chooser.getItems().clear();
            for (Transaction t : hits) {
                MenuItem item = new MenuItem(t.id + "  " + t.kind.displayName + " (" + t.status.jsonName() + ")");
                item.setMnemonicParsing(false);
                item.setOnAction(a -> choose(t));
                chooser.getItems().add(item);
            }
            chooser.show(canvas, screenX, screenY);
            return;
        }
        lastHit = hits.equals(lastHits) ? (lastHit + 1) % hits.size() : hits.size() - 1;
        lastHits = hits;
        choose(hits.get(lastHit));
    }

    private void choose(Transaction t) {
        selected = t;
        redraw();
        onSelect.accept(t);
    }

    /** Zooms in (factor below 1) or out around the middle of the view. */
    public void zoom(double factor) {
        window.zoom(factor, (window.from() + window.to()) / 2);
        redraw();
    }

    /** Shows the whole capture again. */
    public void fit() {
        window.fit();
        redraw();
    }

    /** The time shown at the left edge of the lanes, ns since the epoch. */
    public double visibleFrom() {
        return window.from();
    }

    /** The time span shown, ns. */
    public double visibleSpan() {
        return window.span();
    }

    /** The label that says which part of the capture is shown. */
    public Label spanLabel() {
        return spanLabel;
    }

    /** The menu of the transactions under a right click. */
    public ContextMenu chooser() {
        return chooser;
    }

    /** The ticks of the time axis as drawn last: their labels. */
    public List<String> tickLabels() {
        return ticks.stream().map(TimeAxis.Tick::label).toList();
    }

    private double nanosPerPixel() {
        return window.span() / Math.max(1, plotWidth(canvas.getWidth()));
    }

    private static double plotWidth(double w) {
        return w - LEFT - 30;
    }

    private double timeAt(double x) {
        return window.from() + (x - LEFT - 10) * nanosPerPixel();
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
        ends.clear();
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        for (Transaction t : transactions) {
            ends.put(t, lastTime(t));
            start = Math.min(start, t.initiationTimeNanos);
            end = Math.max(end, endTime(t));
        }
        window.reset(start, end);
        long first = timeOf.applyAsLong(1);
        origin = first > 0 && first <= start ? first : start;
        lastHits = List.of();
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
        Long e = ends.get(t);
        return e != null ? e : lastTime(t);
    }

    private long lastTime(Transaction t) {
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
            window.reveal(t.initiationTimeNanos, endTime(t));
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

    /** The transaction whose bar is drawn on top at a point, or null. */
    public Transaction transactionAt(double x, double y) {
        List<Transaction> hits = transactionsAt(x, y);
        return hits.isEmpty() ? null : hits.get(hits.size() - 1);
    }

    /** The transactions whose bars are under a point, in drawing order (the topmost last). */
    public List<Transaction> transactionsAt(double x, double y) {
        List<Transaction> hits = new ArrayList<>();
        for (Map.Entry<Transaction, Rectangle2D> e : bars.entrySet()) {
            Rectangle2D r = e.getValue();
            if (x >= r.getMinX() - 2 && x <= r.getMaxX() + 2 && y >= r.getMinY() && y <= r.getMaxY()) {
                hits.add(e.getKey());
            }
        }
        return hits;
    }

    private double x(long t, double width) {
        return LEFT + 10 + plotWidth(width) * (t - window.from()) / window.span();
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
        updateTimeBar();
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
        ticks = TimeAxis.ticks(origin, (long) window.from(), (long) Math.ceil(window.to()), plotWidth(w));
        g.setStroke(Color.gray(0.92));
        for (TimeAxis.Tick k : ticks) {
            double tx = Math.round(x(k.nanos(), w)) + 0.5;
            g.strokeLine(tx, TOP, tx, Math.min(h, offset + laneTop[lanes.size()]));
        }
        g.save();
        TimelinePaint.clip(g, LEFT + 1, TOP, Math.ceil(w), Math.ceil(h));
        for (Transaction t : transactions) {
            drawTransaction(g, t, w, h, offset);
        }
        g.restore();
        TimelinePaint.legend(g, w, LEGEND, transactions);
        drawAxis(g, w);
    }

    /** The horizontal scroll bar follows the window; shown only while zoomed. */
    private void updateTimeBar() {
        updatingTimeBar = true;
        double full = window.fullSpan(), room = full - window.span();
        timeBar.setMin(0);
        timeBar.setMax(Math.max(0, room));
        timeBar.setVisibleAmount(room <= 0 ? 1 : room * window.span() / full);
        timeBar.setUnitIncrement(window.span() / 20);
        timeBar.setBlockIncrement(window.span() * 0.9);
        timeBar.setValue(window.from() - window.start());
        timeBar.setVisible(window.zoomed());
        timeBar.setManaged(window.zoomed());
        updatingTimeBar = false;
        long step = TimeAxis.step(window.span(), plotWidth(canvas.getWidth()));
        spanLabel.setText(transactions.isEmpty() ? "" : TimeAxis.label((long) window.from() - origin, step)
                + " \u2013 " + TimeAxis.label((long) window.to() - origin, step) + "  ("
                + TimeAxis.span((long) window.span()) + " of " + TimeAxis.span((long) window.fullSpan()) + ")");
    }

    /** The time axis under the legend: a tick and a label every hundred pixels or so. */
    private void drawAxis(GraphicsContext g, double w) {
        g.setFill(Color.web("#fafafa"));
        g.fillRect(0, LEGEND, w, AXIS);
        g.setStroke(Color.gray(0.75));
        g.strokeLine(LEFT, TOP - 0.5, w, TOP - 0.5);
        g.setFill(Color.gray(0.35));
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("time since capture start", 6, LEGEND + AXIS / 2);
        g.setTextAlign(TextAlignment.CENTER);
        for (TimeAxis.Tick k : ticks) {
            double tx = Math.round(x(k.nanos(), w)) + 0.5;
            if (tx < LEFT || tx > w) {
                continue;
            }
            g.strokeLine(tx, TOP - 5, tx, TOP);
            g.fillText(k.label(), tx, LEGEND + AXIS / 2 - 2);
        }
        g.setTextAlign(TextAlignment.LEFT);
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
        if (x1 < LEFT || x0 > w) {
            return;
        }
        // what lies beyond the edges is not drawn (a bar many screens wide when zoomed in)
        x0 = Math.max(x0, LEFT - 4);
        x1 = Math.min(x1, w + 4);
        Rectangle2D r = new Rectangle2D(x0, y, x1 - x0, BAR);
        bars.put(t, r);
        TimelinePaint.bar(g, r, TransactionStyle.fill(t), t.status);
        // one tick per data frame, only while they stay apart (else the bar turns black)
        if (t.dataFrames.size() > 1 && r.getWidth() >= 4.0 * t.dataFrames.size()) {
            g.setStroke(Color.gray(0.15, 0.6));
            for (Long f : t.dataFrames) {
                double tx = x(timeOf.applyAsLong(f), w);
                if (tx < LEFT || tx > w) {
                    continue;
                }
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
}

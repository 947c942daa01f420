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
public final class TimelineView extends BorderPane implements TabCanvas {
    /** The legend's band, then the time axis's, then the lanes. */
    private static final double LEGEND = 24, AXIS = 22, TOP = LEGEND + AXIS;
    private static final double LEFT = 200, ROW = TimelineLayout.ROW, BAR = 14, LANE_GAP = TimelineLayout.LANE_GAP;
    /** How much one step of the zoom buttons (or of the wheel with Ctrl) zooms. */
    private static final double ZOOM_STEP = 2;

    private final Canvas canvas = new Canvas();
    private final Pane canvasPane = new Pane(canvas);
    private final ScrollBar scrollBar = new ScrollBar();
    /** Pans along the time axis while zoomed. */
    private final ScrollBar timeBar = new ScrollBar();
    private final Label spanLabel = new Label();
    private final TimeWindow window = new TimeWindow();
    /** The first frame's time: the axis counts from it. */
    private long origin;
    /**
     * Transactions (by their place in {@link #transactions}) under the last click and which of them
     * it chose, to cycle through stacked bars.
     */
    private List<Integer> lastHits = List.of();
    private int lastHit;
    private final ContextMenu chooser = new ContextMenu();
    private double pressX, pressFrom;
    private boolean updatingTimeBar;
    private final Tooltip tooltip = new Tooltip();
    private final Font font = Font.font("System", 11);
    /** The transactions shown (read one by one as their bars are drawn) and where their bars go. */
    private List<Transaction> transactions = List.of();
    private TimelineLayout layout = new TimelineLayout(List.of(), List.of(), f -> 0);
    private LongUnaryOperator timeOf = f -> 0;
    /** The bars drawn, by the transaction's place in {@link #transactions}, in drawing order. */
    private final Map<Integer, Rectangle2D> bars = new LinkedHashMap<>();
    private List<TimeAxis.Tick> ticks = List.of();
    private Consumer<Transaction> onSelect = t -> {};
    /** The transactions outlined and under the pointer, by their place in {@link #transactions}, or -1. */
    private int selected = -1, hovered = -1;
    /** Whether the view is on screen: hidden, its canvas holds no pixels. */
    private boolean shown = true;

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
        canvas.setOnMouseMoved(e -> {
            List<Integer> hits = indicesAt(e.getX(), e.getY());
            hover(hits.isEmpty() ? -1 : hits.get(hits.size() - 1), e.getScreenX(), e.getScreenY());
        });
        canvas.setOnMouseExited(e -> hover(-1, 0, 0));
        // the keyboard: the menu key or Shift+F10 opens the selected bar's menu
        canvasPane.setFocusTraversable(true);
        canvasPane.setOnMouseClicked(e -> canvasPane.requestFocus());
        canvasPane.setOnKeyPressed(e -> {
            boolean key = e.getCode() == javafx.scene.input.KeyCode.CONTEXT_MENU
                    || e.getCode() == javafx.scene.input.KeyCode.F10 && e.isShiftDown();
            Rectangle2D r = selected < 0 ? null : bars.get(selected);
            if (key && r != null) {
                double x = r.getMinX() + Math.min(r.getWidth() / 2, 20), y = r.getMinY() + r.getHeight() / 2;
                javafx.geometry.Point2D at = canvas.localToScreen(x, y);
                clicked(x, y, true, at.getX(), at.getY());
                e.consume();
            }
        });
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
        Label hint = new Label("Ctrl+wheel zooms, drag pans, right-click: the bars under it, filters, copy");
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
        List<Integer> hits = indicesAt(x, y);
        if (hits.isEmpty()) {
            return;
        }
        if (menu) {
            chooser.getItems().clear();
            for (int i : hits) {
                Transaction t = transactions.get(i);
                MenuItem item = new MenuItem(t.id + "  " + t.kind.displayName + " (" + t.status.jsonName() + ")");
                item.setMnemonicParsing(false);
                item.setOnAction(a -> choose(i));
                chooser.getItems().add(item);
            }
            List<MenuItem> extra = barMenu.apply(transactions.get(hits.get(hits.size() - 1)));
            if (!extra.isEmpty()) {
                chooser.getItems().add(new javafx.scene.control.SeparatorMenuItem());
                chooser.getItems().addAll(extra);
            }
            chooser.show(canvas, screenX, screenY);
            return;
        }
        lastHit = hits.equals(lastHits) ? (lastHit + 1) % hits.size() : hits.size() - 1;
        lastHits = hits;
        choose(hits.get(lastHit));
    }

    private void choose(int i) {
        selected = i;
        redraw();
        onSelect.accept(transactions.get(i));
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

    private void hover(int i, double screenX, double screenY) {
        if (i < 0) {
            hovered = -1;
            tooltip.hide();
            return;
        }
        if (i != hovered || !tooltip.isShowing()) {
            hovered = i;
            tooltip.setText(TransactionStyle.tooltip(transactions.get(i)));
            if (canvas.getScene() != null && canvas.getScene().getWindow() != null) {
                tooltip.show(canvas, screenX + 14, screenY + 14);
            }
        }
    }

    @Override
    public void setShown(boolean shown) {
        if (this.shown != shown) {
            this.shown = shown;
            redraw();
        }
    }

    /**
     * What a right-click on a bar offers besides choosing among the bars under the pointer, for the
     * transaction on top: Apply as Filter, Prepare as Filter, Copy.
     */
    public void setBarMenu(java.util.function.Function<Transaction, List<MenuItem>> items) {
        barMenu = items == null ? t -> List.of() : items;
    }

    private java.util.function.Function<Transaction, List<MenuItem>> barMenu = t -> List.of();

    public void setOnSelect(Consumer<Transaction> handler) {
        onSelect = handler == null ? t -> {} : handler;
    }

    /** @param timeOf capture time in nanoseconds of a frame */
    public void show(List<ConnectionInfo> connections, List<Transaction> txs, LongUnaryOperator timeOf) {
        this.transactions = txs;
        this.timeOf = timeOf;
        layout = new TimelineLayout(connections, txs, timeOf);
        window.reset(layout.start, layout.end);
        long first = timeOf.applyAsLong(1);
        origin = first > 0 && first <= layout.start ? first : layout.start;
        lastHits = List.of();
        selected = -1;
        hover(-1, 0, 0);
        scrollBar.setValue(0);
        redraw();
    }

    /**
     * The place of {@code t} in {@link #transactions} (the same object, or the one of its id:
     * transactions may be read anew each time they are asked for), or -1.
     */
    private int indexOf(Transaction t) {
        for (int i = 0; i < layout.starts.length; i++) {
            if (layout.starts[i] == t.initiationTimeNanos) {
                Transaction x = transactions.get(i);
                if (x == t || x.id.equals(t.id)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Outlines a transaction's bar (null clears the outline) and scrolls its lane into view. */
    public void select(Transaction t) {
        selected = t == null ? -1 : indexOf(t);
        Integer lane = t == null ? null : layout.laneIndex.get(t.connection);
        if (lane != null) {
            double[] laneTop = layout.laneTop;
            double top = laneTop[lane], view = canvasPane.getHeight() - TOP;
            if (top < scrollBar.getValue() || laneTop[lane + 1] > scrollBar.getValue() + view) {
                scrollBar.setValue(clamp(top));
            }
            window.reveal(t.initiationTimeNanos, selected >= 0 ? layout.ends[selected]
                    : TimelineLayout.lastTime(t, timeOf));
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
        return List.copyOf(layout.lanes);
    }

    /** The bar of a transaction in canvas coordinates, or null when it is not drawn (not in view). */
    public Rectangle2D barOf(Transaction t) {
        return bars.get(indexOf(t));
    }

    /** The transaction whose bar is drawn on top at a point, or null. */
    public Transaction transactionAt(double x, double y) {
        List<Transaction> hits = transactionsAt(x, y);
        return hits.isEmpty() ? null : hits.get(hits.size() - 1);
    }

    /** The transactions whose bars are under a point, in drawing order (the topmost last). */
    public List<Transaction> transactionsAt(double x, double y) {
        List<Transaction> hits = new ArrayList<>();
        for (int i : indicesAt(x, y)) {
            hits.add(transactions.get(i));
        }
        return hits;
    }

    private List<Integer> indicesAt(double x, double y) {
        List<Integer> hits = new ArrayList<>();
        for (Map.Entry<Integer, Rectangle2D> e : bars.entrySet()) {
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
        double[] laneTop = layout.laneTop;
        double content = laneTop[laneTop.length - 1];
        double view = h - TOP;
        scrollBar.setMax(Math.max(0, content - view));
        scrollBar.setVisibleAmount(Math.max(1, view));
        scrollBar.setBlockIncrement(Math.max(ROW, view * 0.9));
        scrollBar.setUnitIncrement(ROW);
        scrollBar.setVisible(content > view);
        scrollBar.setManaged(content > view);
        updateTimeBar(plotWidth(w));
        bars.clear();
        GraphicsContext g = TabCanvas.clear(canvas, shown, w, h);
        if (g == null) {
            return;
        }
        g.setFont(font);
        g.setTextBaseline(VPos.CENTER);
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
            g.strokeLine(tx, TOP, tx, Math.min(h, offset + laneTop[layout.lanes.size()]));
        }
        g.save();
        TimelinePaint.clip(g, LEFT + 1, TOP, Math.ceil(w), Math.ceil(h));
        for (int i = 0; i < transactions.size(); i++) {
            drawTransaction(g, i, w, h, offset);
        }
        g.restore();
        TimelinePaint.legend(g, w, LEGEND, layout.kinds);
        drawAxis(g, w);
    }

    /** The horizontal scroll bar follows the window; shown only while zoomed. */
    private void updateTimeBar(double plotWidth) {
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
        long step = TimeAxis.step(window.span(), plotWidth);
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
        List<String> lanes = layout.lanes;
        double[] laneTop = layout.laneTop;
        for (int i = 0; i < lanes.size(); i++) {
            double y = offset + laneTop[i], lh = laneTop[i + 1] - laneTop[i];
            if (y > h || y + lh < TOP) {
                continue;
            }
            g.setFill(i % 2 == 0 ? Color.web("#f5f7fa") : Color.WHITE);
            g.fillRect(0, y, w, lh);
            g.setFill(Color.BLACK);
            g.fillText(layout.laneLabels.get(lanes.get(i)), 6, y + Math.min(lh / 2, ROW / 2 + LANE_GAP / 2), LEFT - 10);
        }
        g.setStroke(Color.gray(0.8));
        g.strokeLine(LEFT, TOP, LEFT, Math.min(h, offset + laneTop[lanes.size()]));
    }

    private void drawTransaction(GraphicsContext g, int i, double w, double h, double offset) {
        double y = offset + layout.laneTop[layout.laneOf[i]] + LANE_GAP / 2 + layout.rowOf[i] * ROW + (ROW - BAR) / 2;
        if (y + BAR < TOP || y > h) {
            return;
        }
        double x0 = x(layout.starts[i], w), x1 = Math.max(x(layout.ends[i], w), x0 + 6);
        if (x1 < LEFT || x0 > w) {
            return;
        }
        Transaction t = transactions.get(i);
        // what lies beyond the edges is not drawn (a bar many screens wide when zoomed in)
        x0 = Math.max(x0, LEFT - 4);
        x1 = Math.min(x1, w + 4);
        Rectangle2D r = new Rectangle2D(x0, y, x1 - x0, BAR);
        bars.put(i, r);
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
        if (i == selected) {
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

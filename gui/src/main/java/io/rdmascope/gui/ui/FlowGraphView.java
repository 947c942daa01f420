package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.FlowMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;

/**
 * The flow graph of one MPA connection, as Wireshark's Statistics &gt; Flow Graph draws a
 * conversation: a time column, the two endpoints (address:port) as lifelines, and an arrow per
 * MPA message (MPA Request and Reply, Send, RDMA Write, Read Request, Read Response,
 * Terminate...) labelled with its opcode and key fields as the packet list writes them. The codes
 * of the violations that name a message's frame stand under its arrow, arrow and codes in the
 * colour of the severity. Clicking an arrow jumps to its frame. Only the rows on screen are drawn, so a
 * connection of many thousand messages scrolls as lightly as a short one.
 */
public final class FlowGraphView extends BorderPane implements TabCanvas {
    /** Messages of one connection shown at most. */
    static final int LIMIT = 200_000;
    private static final double HEAD = 44, STEP = 34, TIME_COLUMN = 110, FRAME_COLUMN = 120;
    private static final Color ERROR = Color.web("#c62828"), WARNING = Color.web("#b26a00"),
            INFO = Color.web("#1565c0");

    private final ComboBox<ConnectionInfo> chooser = new ComboBox<>();
    private final Label note = new Label();
    private final Canvas canvas = new Canvas();
    private final Pane canvasPane = new Pane(canvas);
    private final ScrollBar scrollBar = new ScrollBar();
    private final Font font = Font.font("System", 11);
    private final Font bold = Font.font("System", FontWeight.BOLD, 12);
    private CaptureModel model;
    private List<FlowMessage> messages = List.of();
    private List<List<Violation>> violations = List.of();
    private long origin;
    private long selectedFrame = -1;
    private LongConsumer onJump = f -> {};
    private Task<?> loading;
    private boolean filling;
    /** Whether the view is on screen: hidden, its canvas holds no pixels. */
    private boolean shown = true;

    public FlowGraphView() {
        chooser.setId("flowConnection");
        chooser.setVisibleRowCount(20);
        chooser.setPromptText("no MPA connection");
        chooser.setCellFactory(l -> new ConnectionCell());
        chooser.setButtonCell(new ConnectionCell());
        chooser.valueProperty().addListener((o, a, b) -> {
            if (!filling) {
                load(b);
            }
        });
        note.setId("flowNote");
        HBox top = new HBox(8, new Label("Connection"), chooser, note);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(3, 6, 3, 6));
        setTop(top);
        scrollBar.setOrientation(Orientation.VERTICAL);
        scrollBar.setId("flowScroll");
        setCenter(canvasPane);
        setRight(scrollBar);
        canvasPane.setMinSize(0, 0);
        canvasPane.widthProperty().addListener((o, a, b) -> redraw());
        canvasPane.heightProperty().addListener((o, a, b) -> redraw());
        scrollBar.valueProperty().addListener((o, a, b) -> redraw());
        canvas.setOnScroll(e -> scrollTo(scrollBar.getValue() - e.getDeltaY()));
        canvas.setOnMouseClicked(e -> {
            int i = messageAt(e.getY());
            if (i >= 0) {
                selectedFrame = messages.get(i).frame();
                redraw();
                onJump.accept(selectedFrame);
            }
        });
    }

    private static final class ConnectionCell extends ListCell<ConnectionInfo> {
        @Override
        protected void updateItem(ConnectionInfo c, boolean empty) {
            super.updateItem(c, empty);
            setText(empty || c == null ? null : c.label());
        }
    }

    @Override
    public void setShown(boolean shown) {
        if (this.shown != shown) {
            this.shown = shown;
            redraw();
        }
    }

    /** Tells where a click on an arrow goes: its frame. */
    public void setOnJump(LongConsumer handler) {
        onJump = handler == null ? f -> {} : handler;
    }

    /** Lists the connections of {@code m} and draws the first (or the one chosen before, if still there). */
    public void show(CaptureModel m) {
        ConnectionInfo before = chooser.getValue();
        model = m;
        List<ConnectionInfo> conns = m == null ? List.of() : m.connections();
        filling = true;
        chooser.getItems().setAll(conns);
        ConnectionInfo keep = conns.stream().filter(c -> before != null && c.id().equals(before.id())).findFirst()
                .orElse(conns.isEmpty() ? null : conns.get(0));
        chooser.setValue(keep);
        filling = false;
        origin = m == null ? 0 : m.timeNanos(1);
        load(keep);
    }

    /** Shows connection {@code id}, when the capture has it. */
    public void showConnection(String id) {
        chooser.getItems().stream().filter(c -> c.id().equals(id)).findFirst().ifPresent(chooser::setValue);
    }

    /** Reads the messages of a connection in the background (a walk over the capture's index). */
    private void load(ConnectionInfo c) {
        if (loading != null) {
            loading.cancel();
        }
        messages = List.of();
        violations = List.of();
        selectedFrame = -1;
        scrollBar.setValue(0);
        CaptureModel m = model;
        if (c == null || m == null) {
            note.setText(m == null ? "" : "No MPA connection in this capture");
            redraw();
            return;
        }
        note.setText("Reading " + c.id() + " \u2026");
        redraw();
        Task<List<FlowMessage>> task = new Task<>() {
            @Override
            protected List<FlowMessage> call() {
                return m.messages(c.id(), LIMIT);
            }
        };
        loading = task;
        task.setOnSucceeded(e -> {
            if (loading == task) {
                loading = null;
                shown(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (loading == task) {
                loading = null;
                note.setText("Cannot read " + c.id() + ": " + task.getException());
            }
        });
        Thread t = new Thread(task, "rdmascope-flow");
        t.setDaemon(true);
        t.start();
    }

    private void shown(List<FlowMessage> list) {
        messages = list;
        List<List<Violation>> vs = new ArrayList<>(list.size());
        for (FlowMessage f : list) {
            vs.add(model.violationsAt(f.frame()));
        }
        violations = vs;
        note.setText(StatusText.count(list.size(), "message") + (list.size() >= LIMIT ? " (the first)" : "")
                + "; click an arrow to go to its frame");
        redraw();
    }

    /** Whether the messages of the chosen connection are being read. */
    public boolean isLoading() {
        return loading != null;
    }

    public ComboBox<ConnectionInfo> connectionChooser() {
        return chooser;
    }

    /** The labels of the arrows, in order (for tests and accessibility). */
    public List<String> labels() {
        return messages.stream().map(FlowMessage::text).toList();
    }

    /** The violation codes written under the arrow of message {@code i}. */
    public List<String> codes(int i) {
        return violations.get(i).stream().map(v -> v.code().name()).distinct().toList();
    }

    /** The frames of the arrows, in order. */
    public List<Long> frames() {
        return messages.stream().map(FlowMessage::frame).toList();
    }

    /** The endpoints named at the top: the initiator's and the responder's. */
    public String[] endpoints() {
        ConnectionInfo c = chooser.getValue();
        return c == null ? new String[0] : new String[] {c.initiator(), c.responder()};
    }

    /** Scrolls so that message {@code i} is in view; returns the y of its arrow on the canvas. */
    public double reveal(int i) {
        double y = HEAD + i * STEP;
        double view = Math.max(canvasPane.getHeight(), HEAD + STEP) - HEAD;
        if (y - HEAD < scrollBar.getValue() || y - HEAD + STEP > scrollBar.getValue() + view) {
            scrollTo(i * STEP - view / 2);
        }
        return arrowY(i);
    }

    /** The y of message {@code i}'s arrow on the canvas as drawn now. */
    public double arrowY(int i) {
        return HEAD + i * STEP - scrollBar.getValue() + STEP * 0.5;
    }

    public Canvas canvas() {
        return canvas;
    }

    private int messageAt(double y) {
        if (y < HEAD) {
            return -1;
        }
        int i = (int) ((y - HEAD + scrollBar.getValue()) / STEP);
        return i >= 0 && i < messages.size() ? i : -1;
    }

    private void scrollTo(double v) {
        scrollBar.setValue(Math.max(0, Math.min(scrollBar.getMax(), v)));
    }

    private double laneA(double w) {
        return TIME_COLUMN + 90;
    }

    private double laneB(double w) {
        return Math.max(laneA(w) + 380, Math.min(laneA(w) + 720, w - FRAME_COLUMN - 120));
    }

    private void redraw() {
        double w = Math.max(canvasPane.getWidth(), 500), h = Math.max(canvasPane.getHeight(), HEAD + STEP);
        double content = messages.size() * STEP, view = h - HEAD;
        scrollBar.setMax(Math.max(0, content - view));
        scrollBar.setVisibleAmount(Math.max(1, view * Math.max(0, content - view) / Math.max(1, content)));
        scrollBar.setUnitIncrement(STEP);
        scrollBar.setBlockIncrement(Math.max(STEP, view * 0.9));
        GraphicsContext g = TabCanvas.clear(canvas, shown, w, h);
        if (g == null) {
            return;
        }
        g.setTextBaseline(VPos.CENTER);
        double a = laneA(w), b = laneB(w);
        g.setStroke(Color.gray(0.6));
        g.setLineDashes(4, 4);
        g.strokeLine(a, HEAD, a, h);
        g.strokeLine(b, HEAD, b, h);
        g.setLineDashes();
        int first = (int) (scrollBar.getValue() / STEP);
        for (int i = first; i < messages.size(); i++) {
            double top = HEAD + i * STEP - scrollBar.getValue();
            if (top > h) {
                break;
            }
            drawMessage(g, i, top, a, b, w);
        }
        drawHead(g, w, a, b);
    }

    private void drawHead(GraphicsContext g, double w, double a, double b) {
        g.setFill(Color.web("#f3f5f8"));
        g.fillRect(0, 0, w, HEAD);
        g.setStroke(Color.gray(0.75));
        g.strokeLine(0, HEAD - 0.5, w, HEAD - 0.5);
        g.setFont(bold);
        g.setFill(Color.BLACK);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText("Time (s)", 8, HEAD / 2);
        ConnectionInfo c = chooser.getValue();
        if (c != null) {
            g.setTextAlign(TextAlignment.CENTER);
            g.fillText(c.initiator(), a, HEAD / 2 - 7);
            g.fillText(c.responder(), b, HEAD / 2 - 7);
            g.setFont(font);
            g.setFill(Color.gray(0.35));
            g.fillText("A (initiator)", a, HEAD / 2 + 9);
            g.fillText("B (responder)", b, HEAD / 2 + 9);
            g.setTextAlign(TextAlignment.LEFT);
            g.fillText("Frame", b + FRAME_COLUMN, HEAD / 2);
        } else {
            g.setFont(font);
            g.setFill(Color.GRAY);
            g.fillText(note.getText().isEmpty() ? "Open a capture to see its connections" : note.getText(), a, HEAD / 2);
        }
    }

    private void drawMessage(GraphicsContext g, int i, double top, double a, double b, double w) {
        FlowMessage m = messages.get(i);
        List<Violation> vs = violations.get(i);
        Severity worst = vs.stream().map(Violation::severity).max(Enum::compareTo).orElse(null);
        Color c = worst == Severity.ERROR ? ERROR : worst == Severity.WARNING ? WARNING
                : worst == Severity.INFO ? INFO : Color.gray(0.15);
        if (m.frame() == selectedFrame) {
            g.setFill(Color.web("#dfe9f8"));
            g.fillRect(0, top, w, STEP);
        }
        double y = top + STEP * 0.5;
        g.setFont(font);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(Color.gray(0.3));
        g.fillText(PacketTable.seconds(m.timeNanos() - origin), 8, y);
        double x0 = m.fromInitiator() ? a : b, x1 = m.fromInitiator() ? b : a;
        g.setStroke(c);
        g.setLineWidth(worst == null ? 1.2 : 2);
        g.strokeLine(x0, y, x1, y);
        double dir = x1 > x0 ? -1 : 1;
        g.strokeLine(x1, y, x1 + dir * 9, y - 4);
        g.strokeLine(x1, y, x1 + dir * 9, y + 4);
        g.setLineWidth(1);
        g.setTextAlign(TextAlignment.CENTER);
        g.setFill(worst == null ? Color.BLACK : c);
        g.fillText(fit(m.text(), (b - a - 16) / 6.2), (a + b) / 2, y - 9);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(Color.gray(0.35));
        g.fillText("frame " + m.frame(), b + FRAME_COLUMN, y);
        List<String> codes = codes(i);
        double x = (a + b) / 2 - (String.join("  ", codes).length() * 6.5) / 2;
        for (String code : codes) {
            Severity sev = vs.stream().filter(v -> v.code().name().equals(code)).findFirst().orElseThrow().severity();
            g.setFill(sev == Severity.ERROR ? ERROR : sev == Severity.WARNING ? WARNING : INFO);
            g.fillText(code, x, y + 9);
            x += (code.length() + 2) * 6.5;
        }
    }

    private static String fit(String s, double chars) {
        int max = (int) Math.max(8, chars);
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }
}

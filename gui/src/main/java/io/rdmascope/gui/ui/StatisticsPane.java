package io.rdmascope.gui.ui;

import io.rdmascope.engine.TransactionKind;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.report.KindTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The statistics of a capture, one view at a time as its menu button chooses: the summary
 * (transactions per kind and connection with count, bytes, latency median, 99th percentile and
 * maximum, as the text report's kind table; messages per opcode; octets of the connections that
 * moved the most; the histogram of transaction latencies, of all kinds or of one), the
 * {@link ConversationsView conversations} and the {@link IoGraphView IO graph}. The views other
 * than the summary are computed when shown.
 */
public final class StatisticsPane extends BorderPane {
    /** The histogram's choice that shows every kind. */
    public static final String ALL_KINDS = "all kinds";
    /** The views of the menu button. */
    public static final String SUMMARY = "Summary", CONVERSATIONS = "Conversations", IO_GRAPH = "IO Graph";
    /** Every view, in the order the menus list them. */
    public static final List<String> VIEWS = List.of(SUMMARY, CONVERSATIONS, IO_GRAPH);
    /** Connections charted by name in the summary; the rest share one bar. */
    static final int CHART_TOP = 15;

    private final TableView<KindTable.Row> kinds = new TableView<>();
    private final BarChart<Number, String> opcodes = horizontal("Messages by opcode");
    private final BarChart<String, Number> bytes = chart("Payload octets per connection");
    private final BarChart<String, Number> latency = chart("Transactions by latency");
    private final ChoiceBox<String> latencyKind = new ChoiceBox<>();
    private CaptureStatistics shown;
    private final HBox summary = new HBox(4);
    private final ConversationsView conversations = new ConversationsView();
    private final IoGraphView ioGraph = new IoGraphView();
    private final MenuButton viewMenu = new MenuButton(SUMMARY);
    private Supplier<CaptureModel> model = () -> null;
    private FrameList frames;
    /** Whether the packet list showed a filter's matches when it last changed. */
    private boolean filterShown;
    private final javafx.animation.PauseTransition ioRefresh = new javafx.animation.PauseTransition(
            javafx.util.Duration.millis(200));

    public StatisticsPane() {
        kinds.setId("statKinds");
        kinds.getColumns().add(col("Kind", 60, r -> r.kind.jsonName));
        TableColumn<KindTable.Row, String> conn = col("Conn", 45, r -> r.connection);
        conn.setComparator(ConnectionOrder.NATURAL);
        kinds.getColumns().add(conn);
        kinds.getColumns().add(col("Count", 55, r -> Long.toString(r.count)));
        kinds.getColumns().add(col("Bytes", 70, r -> Long.toString(r.bytes)));
        kinds.getColumns().add(col("Done", 50, r -> Long.toString(r.completed)));
        kinds.getColumns().add(col("Median", 65, r -> TransactionStyle.duration(r.quantile(0.5))));
        kinds.getColumns().add(col("p99", 65, r -> TransactionStyle.duration(r.quantile(0.99))));
        kinds.getColumns().add(col("Max", 65, r -> TransactionStyle.duration(r.max)));
        kinds.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        kinds.setPlaceholder(new Label("No transactions"));
        kinds.setPrefWidth(520);
        kinds.setMinWidth(360);
        Label kindTitle = new Label("Transactions by kind and connection");
        kindTitle.getStyleClass().add("pane-title");
        VBox kindBox = new VBox(kindTitle, kinds);
        VBox.setVgrow(kinds, Priority.ALWAYS);

        latencyKind.setId("statLatencyKind");
        latencyKind.getItems().add(ALL_KINDS);
        latencyKind.setValue(ALL_KINDS);
        latencyKind.valueProperty().addListener((o, a, b) -> showLatency());
        Label latencyTitle = new Label("Latency of");
        HBox latencyBar = new HBox(6, latencyTitle, latencyKind);
        latencyBar.setAlignment(Pos.CENTER_LEFT);
        VBox latencyBox = new VBox(latencyBar, latency);
        VBox.setVgrow(latency, Priority.ALWAYS);

        summary.getChildren().addAll(kindBox, opcodes, bytes, latencyBox);
        for (javafx.scene.Node n : summary.getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
        }
        opcodes.setId("statOpcodes");
        bytes.setId("statBytes");
        latency.setId("statLatency");
        // ten bars at most: wide ones, close together
        latency.setCategoryGap(4);
        latency.setBarGap(0);
        summary.setId("statSummary");
        setTop(menuBar());
        setCenter(summary);
    }

    private HBox menuBar() {
        viewMenu.setId("statView");
        for (String name : VIEWS) {
            MenuItem item = new MenuItem(name);
            item.setId("statView" + name.replace(" ", ""));
            item.setOnAction(e -> showView(name));
            viewMenu.getItems().add(item);
        }
        HBox bar = new HBox(6, new Label("Show"), viewMenu);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setStyle("-fx-padding: 2 6 2 6;");
        return bar;
    }

    /**
     * Gives the views computed when shown what they read: the capture and the packet list (whose
     * display filter the IO graph respects; it is drawn again when the filter changes).
     */
    public void attach(Supplier<CaptureModel> model, FrameList frames) {
        this.model = model;
        this.frames = frames;
        // a filter applied or cleared (rows that only grow while loading do not count)
        frames.addListener((javafx.collections.ListChangeListener<io.rdmascope.gui.model.FrameRow>) c -> {
            boolean filtered = frames.filtered();
            if (filtered || filterShown) {
                ioRefresh.playFromStart();
            }
            filterShown = filtered;
        });
        ioRefresh.setOnFinished(e -> {
            if (getCenter() == ioGraph && getScene() != null) {
                ioGraph.show(this.model.get(), frames);
            }
        });
    }

    /** Shows one of the views ({@link #SUMMARY}, {@link #CONVERSATIONS}, {@link #IO_GRAPH}), computing it now. */
    public void showView(String name) {
        viewMenu.setText(name);
        setCenter(CONVERSATIONS.equals(name) ? conversations : IO_GRAPH.equals(name) ? ioGraph : summary);
        refresh();
    }

    /** The capture changed or finished loading: computes the view shown, the others when shown. */
    public void refresh() {
        CaptureModel m = model.get();
        conversations.invalidate();
        if (getCenter() == conversations) {
            conversations.show(m);
        } else if (getCenter() == ioGraph) {
            ioGraph.show(m, frames);
        }
    }

    private static <T> TableColumn<T, String> col(String name, double width, Function<T, String> f) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(v -> new ReadOnlyStringWrapper(f.apply(v.getValue())));
        // wide enough for its header, which the table's resizing must not cut to "C…"
        c.setMinWidth(Math.max(width, name.length() * 8 + 24));
        c.setPrefWidth(Math.max(width, name.length() * 8 + 24));
        return c;
    }

    private static BarChart<Number, String> horizontal(String title) {
        BarChart<Number, String> c = new BarChart<>(new NumberAxis(), new CategoryAxis());
        c.setTitle(title);
        c.setLegendVisible(false);
        c.setAnimated(false);
        c.setMinWidth(200);
        c.setPrefWidth(330);
        return c;
    }

    private static BarChart<String, Number> chart(String title) {
        CategoryAxis x = new CategoryAxis();
        NumberAxis y = new NumberAxis();
        BarChart<String, Number> c = new BarChart<>(x, y);
        c.setTitle(title);
        c.setLegendVisible(false);
        c.setAnimated(false);
        c.setMinWidth(200);
        c.setPrefWidth(300);
        return c;
    }

    public void show(CaptureStatistics s) {
        shown = s;
        XYChart.Series<Number, String> ops = new XYChart.Series<>();
        List<Map.Entry<String, Long>> entries = new ArrayList<>(s.messagesByOpcode().entrySet());
        Collections.reverse(entries);
        entries.forEach(e -> ops.getData().add(new XYChart.Data<>(e.getValue(), e.getKey())));
        opcodes.getData().setAll(List.of(ops));
        Map<String, Long> top = ConnectionOrder.top(s.bytesByConnection(), CHART_TOP);
        boolean cut = ConnectionOrder.scaleOthers(top, (NumberAxis) bytes.getYAxis());
        bytes.setTitle("Payload octets per connection" + (cut ? "\n(others cut: " + top.entrySet().stream()
                .filter(e -> e.getKey().startsWith(ConnectionOrder.OTHERS)).findFirst().orElseThrow().getValue()
                + ")" : ""));
        bytes.getData().setAll(series(top));
        kinds.getItems().setAll(s.kinds().rows());
        String chosen = latencyKind.getValue();
        List<String> choices = new ArrayList<>();
        choices.add(ALL_KINDS);
        for (TransactionKind k : s.latenciesByKind().keySet()) {
            choices.add(k.jsonName);
        }
        latencyKind.getItems().setAll(choices);
        latencyKind.setValue(choices.contains(chosen) ? chosen : ALL_KINDS);
        showLatency();
    }

    private void showLatency() {
        CaptureStatistics s = shown;
        if (s == null) {
            return;
        }
        TransactionKind k = TransactionKind.of(latencyKind.getValue());
        long[] l = k == null ? s.latenciesNanos() : s.latenciesByKind().getOrDefault(k, new long[0]);
        XYChart.Series<String, Number> h = new XYChart.Series<>();
        for (Bin b : histogram(l)) {
            h.getData().add(new XYChart.Data<>(b.label(), b.count()));
        }
        latency.getData().setAll(List.of(h));
    }

    /** One bar of the latency histogram: from {@code label} up to the next bar's. */
    public record Bin(String label, int count) {}

    /**
     * Up to ten bins of equal width from the least to the greatest latency, labelled by their lower
     * bound with as many decimals as tell them apart; one bin when every latency is the same.
     */
    public static List<Bin> histogram(long[] latencies) {
        List<Bin> out = new ArrayList<>();
        if (latencies.length == 0) {
            return out;
        }
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (long v : latencies) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double unit = max < 10_000 ? 1 : max < 10_000_000 ? 1_000 : 1_000_000;
        String suffix = unit == 1 ? " ns" : unit == 1_000 ? " \u00b5s" : " ms";
        if (min == max) {
            out.add(new Bin(label(min / unit, 0, suffix), latencies.length));
            return out;
        }
        int bins = (int) Math.min(Math.min(10, latencies.length), max - min + 1);
        double width = (double) (max - min) / bins;
        int[] counts = new int[bins];
        for (long v : latencies) {
            counts[(int) Math.min(bins - 1, (v - min) / width)]++;
        }
        int decimals = 0;
        while (decimals < 3 && width / unit < Math.pow(10, -decimals)) {
            decimals++;
        }
        for (int i = 0; i < bins; i++) {
            String label = label((min + i * width) / unit, decimals, suffix);
            Bin last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.label().equals(label)) {
                out.set(out.size() - 1, new Bin(label, last.count() + counts[i]));
            } else {
                out.add(new Bin(label, counts[i]));
            }
        }
        return out;
    }

    private static String label(double value, int decimals, String suffix) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value) + suffix;
    }

    private static XYChart.Series<String, Number> series(Map<String, Long> data) {
        XYChart.Series<String, Number> s = new XYChart.Series<>();
        data.forEach((k, v) -> s.getData().add(new XYChart.Data<>(k, v)));
        return s;
    }

    public MenuButton viewMenu() {
        return viewMenu;
    }

    public ConversationsView conversations() {
        return conversations;
    }

    public IoGraphView ioGraph() {
        return ioGraph;
    }

    public BarChart<String, Number> bytesChart() {
        return bytes;
    }

    public BarChart<Number, String> opcodeChart() {
        return opcodes;
    }

    public TableView<KindTable.Row> kindTable() {
        return kinds;
    }

    public BarChart<String, Number> latencyChart() {
        return latency;
    }

    public ChoiceBox<String> latencyKind() {
        return latencyKind;
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.gui.model.CaptureModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * The IO graph, as Wireshark's Statistics &gt; I/O Graphs: transactions started (or their octets)
 * per interval over the capture, a line per kind and one for all of them. The interval is chosen
 * or fitted to the capture (about two hundred intervals); with a display filter applied, only the
 * transactions whose initiating frame the packet list shows count.
 */
public final class IoGraphView extends BorderPane {
    /** The interval's choice that fits it to the capture. */
    public static final String AUTO = "auto";
    public static final String OPERATIONS = "operations", BYTES = "bytes";
    /** Intervals a graph may have at most: a finer choice is widened to the fitted one. */
    static final int MAX_INTERVALS = 5000;
    private static final Map<String, Long> INTERVALS = new LinkedHashMap<>();

    static {
        INTERVALS.put(AUTO, 0L);
        INTERVALS.put("10 \u00b5s", 10_000L);
        INTERVALS.put("100 \u00b5s", 100_000L);
        INTERVALS.put("1 ms", 1_000_000L);
        INTERVALS.put("10 ms", 10_000_000L);
        INTERVALS.put("100 ms", 100_000_000L);
        INTERVALS.put("1 s", 1_000_000_000L);
        INTERVALS.put("10 s", 10_000_000_000L);
    }

    private final ChoiceBox<String> interval = new ChoiceBox<>();
    private final ChoiceBox<String> metric = new ChoiceBox<>();
    private final Label note = new Label();
    private final NumberAxis time = new NumberAxis();
    private final NumberAxis amount = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(time, amount);
    private CaptureModel model;
    private FrameList shown;

    public IoGraphView() {
        interval.setId("ioInterval");
        interval.getItems().addAll(INTERVALS.keySet());
        interval.setValue(AUTO);
        metric.setId("ioMetric");
        metric.getItems().addAll(OPERATIONS, BYTES);
        metric.setValue(OPERATIONS);
        interval.valueProperty().addListener((o, a, b) -> refresh());
        metric.valueProperty().addListener((o, a, b) -> refresh());
        note.setId("ioNote");
        HBox bar = new HBox(6, new Label("Interval"), interval, new Label("Count"), metric, note);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(3, 6, 3, 6));
        HBox.setMargin(note, new Insets(0, 0, 0, 12));
        setTop(bar);
        chart.setId("ioChart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        time.setLabel("Time since capture start (s)");
        time.setForceZeroInRange(true);
        setCenter(chart);
    }

    /** Draws the graph of {@code m}; {@code frames} is the packet list, whose filter it respects. */
    public void show(CaptureModel m, FrameList frames) {
        model = m;
        shown = frames;
        refresh();
    }

    /** Draws again, as the interval, the count or the packet list's filter changed. */
    public void refresh() {
        CaptureModel m = model;
        if (m == null) {
            chart.getData().clear();
            note.setText("");
            return;
        }
        FrameList f = shown;
        boolean filtered = f != null && f.filtered();
        LongPredicate counted = filtered ? frame -> f.indexOfFrame(frame) >= 0 : frame -> true;
        List<Transaction> txs = m.transactions();
        long origin = m.timeNanos(1);
        long last = origin;
        for (Transaction t : txs) {
            last = Math.max(last, t.initiationTimeNanos);
        }
        long fitted = TimeAxis.step(Math.max(1, last - origin), 200 * TimeAxis.TICK_PIXELS);
        long chosen = INTERVALS.getOrDefault(interval.getValue(), 0L);
        long step = chosen == 0 || (last - origin) / chosen >= MAX_INTERVALS ? fitted : chosen;
        int count = (int) ((last - origin) / step) + 1;
        Map<String, long[]> series = series(txs, origin, step, count, BYTES.equals(metric.getValue()), counted);
        List<XYChart.Series<Number, Number>> data = new ArrayList<>();
        for (Map.Entry<String, long[]> e : series.entrySet()) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(e.getKey());
            long[] v = e.getValue();
            for (int i = 0; i < v.length; i++) {
                s.getData().add(new XYChart.Data<>(i * step / 1e9, v[i]));
            }
            data.add(s);
        }
        chart.getData().setAll(data);
        amount.setLabel((BYTES.equals(metric.getValue()) ? "Octets" : "Transactions") + " per "
                + TimeAxis.span(step));
        note.setText("Interval " + TimeAxis.span(step) + (step != chosen && chosen != 0 ? " (widened)" : "")
                + (filtered ? "; display filter applied: " + f.size() + " frames shown" : "; all frames"));
    }

    /**
     * Per kind (in kind order) and for all kinds together ("all", first, when there are several):
     * the transactions that {@code counted} accepts by their initiating frame, or their octets, in
     * each of {@code count} intervals of {@code step} ns from {@code origin}, by initiation time.
     */
    public static Map<String, long[]> series(List<Transaction> txs, long origin, long step, int count, boolean bytes,
                                             LongPredicate counted) {
        Map<TransactionKind, long[]> byKind = new TreeMap<>();
        long[] all = new long[count];
        for (Transaction t : txs) {
            if (!counted.test(t.initiationFrame)) {
                continue;
            }
            int i = (int) Math.max(0, Math.min(count - 1, (t.initiationTimeNanos - origin) / step));
            long v = bytes ? Math.max(0, t.bytes) : 1;
            byKind.computeIfAbsent(t.kind, k -> new long[count])[i] += v;
            all[i] += v;
        }
        Map<String, long[]> out = new LinkedHashMap<>();
        if (byKind.size() > 1) {
            out.put("all", all);
        }
        byKind.forEach((k, v) -> out.put(k.jsonName, v));
        return out;
    }

    public LineChart<Number, Number> chart() {
        return chart;
    }

    public ChoiceBox<String> interval() {
        return interval;
    }

    public ChoiceBox<String> metric() {
        return metric;
    }

    public Label note() {
        return note;
    }
}

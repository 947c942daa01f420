package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureStatistics;
import java.util.Map;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** Messages per opcode, octets per connection, and the histogram of transaction latencies. */
public final class StatisticsPane extends HBox {
    private final BarChart<Number, String> opcodes = horizontal("Messages by opcode");
    private final BarChart<String, Number> bytes = chart("Payload octets per connection");
    private final BarChart<String, Number> latency = chart("Transactions by latency");

    public StatisticsPane() {
        super(4, new javafx.scene.Node[0]);
        getChildren().addAll(opcodes, bytes, latency);
        for (javafx.scene.Node n : getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
        }
        opcodes.setId("statOpcodes");
        bytes.setId("statBytes");
        latency.setId("statLatency");
    }

    private static BarChart<Number, String> horizontal(String title) {
        BarChart<Number, String> c = new BarChart<>(new NumberAxis(), new CategoryAxis());
        c.setTitle(title);
        c.setLegendVisible(false);
        c.setAnimated(false);
        c.setMinWidth(200);
        c.setPrefWidth(380);
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
        c.setPrefWidth(330);
        return c;
    }

    public void show(CaptureStatistics s) {
        XYChart.Series<Number, String> ops = new XYChart.Series<>();
        java.util.List<Map.Entry<String, Long>> entries = new java.util.ArrayList<>(s.messagesByOpcode().entrySet());
        java.util.Collections.reverse(entries);
        entries.forEach(e -> ops.getData().add(new XYChart.Data<>(e.getValue(), e.getKey())));
        opcodes.getData().setAll(java.util.List.of(ops));
        bytes.getData().setAll(series(s.bytesByConnection()));
        XYChart.Series<String, Number> h = new XYChart.Series<>();
        long[] l = s.latenciesNanos();
        if (l.length > 0) {
            long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
            for (long v : l) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            int bins = Math.min(10, l.length);
            double width = Math.max(1, (double) (max - min + 1) / bins);
            int[] counts = new int[bins];
            for (long v : l) {
                counts[(int) Math.min(bins - 1, (v - min) / width)]++;
            }
            for (int i = 0; i < bins; i++) {
                h.getData().add(new XYChart.Data<>(micros(min + i * width) + " \u00b5s", counts[i]));
            }
        }
        latency.getData().setAll(java.util.List.of(h));
    }

    private static String micros(double nanos) {
        double us = nanos / 1000;
        return us >= 100 ? Long.toString(Math.round(us)) : Double.toString(Math.round(us * 10) / 10.0);
    }

    private static XYChart.Series<String, Number> series(Map<String, Long> data) {
        XYChart.Series<String, Number> s = new XYChart.Series<>();
        data.forEach((k, v) -> s.getData().add(new XYChart.Data<>(k, v)));
        return s;
    }

    public BarChart<Number, String> opcodeChart() {
        return opcodes;
    }
}

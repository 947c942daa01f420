package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.Conversation;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.geometry.Orientation;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * Conversations, as Wireshark's Statistics &gt; Conversations lists them: a row per MPA connection
 * or RoCE queue pair with its endpoints, what its set-up negotiated (MPA revision, CRC, markers,
 * IRD/ORD), its PDUs (FPDUs, InfiniBand packets) and payload octets each way, how long it lasted
 * and its throughput; every column sorts.
 * Beside it, the octets each way of the connections that moved the most, the rest in one bar.
 */
public final class ConversationsView extends SplitPane {
    /** Connections charted by name; the rest share one bar. */
    static final int CHART_TOP = 15;

    private final TableView<Conversation> table = new TableView<>();
    private final StackedBarChart<String, Number> chart = new StackedBarChart<>(new CategoryAxis(), new NumberAxis());
    private Task<List<Conversation>> loading;
    private CaptureModel shown;

    public ConversationsView() {
        table.setId("conversations");
        TableColumn<Conversation, String> id = col("Conn", 50, c -> c.connection().id(), s -> s);
        id.setComparator(ConnectionOrder.NATURAL);
        table.getColumns().add(id);
        table.getColumns().add(col("Address A", 150, c -> c.connection().initiator(), s -> s));
        table.getColumns().add(col("Address B", 150, c -> c.connection().responder(), s -> s));
        table.getColumns().add(col("MPA rev", 55, Conversation::revision, r -> r == 0 ? "-" : r.toString()));
        table.getColumns().add(col("CRC", 45, Conversation::crc, b -> b ? "yes" : "no"));
        table.getColumns().add(col("Markers", 60, Conversation::markers, s -> s));
        table.getColumns().add(col("IRD/ORD", 130, Conversation::irdOrd, s -> s));
        table.getColumns().add(col("PDUs A\u2192B", 80, Conversation::fpdusAtoB, Object::toString));
        table.getColumns().add(col("Bytes A\u2192B", 90, Conversation::bytesAtoB, Object::toString));
        table.getColumns().add(col("PDUs B\u2192A", 80, Conversation::fpdusBtoA, Object::toString));
        table.getColumns().add(col("Bytes B\u2192A", 90, Conversation::bytesBtoA, Object::toString));
        table.getColumns().add(col("Duration", 80, Conversation::durationNanos, d -> TimeAxis.span(d)));
        table.getColumns().add(col("Throughput", 95, Conversation::bitsPerSecond, ConversationsView::rate));
        table.getSortOrder().add(id);
        table.setPlaceholder(new Label("No connection"));
        chart.setId("conversationChart");
        chart.setTitle("Payload octets per connection");
        chart.setAnimated(false);
        chart.setMinWidth(260);
        setOrientation(Orientation.HORIZONTAL);
        getItems().addAll(table, chart);
        setDividerPositions(0.68);
    }

    private static <T extends Comparable<T>> TableColumn<Conversation, T> col(String name, double width,
            Function<Conversation, T> value, Function<T, String> text) {
        TableColumn<Conversation, T> c = new TableColumn<>(name);
        c.setCellValueFactory(v -> new ReadOnlyObjectWrapper<>(value.apply(v.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.apply(item));
            }
        });
        c.setComparator(Comparator.naturalOrder());
        c.setPrefWidth(width);
        return c;
    }

    /** Bits per second for people: "12.5 Mbit/s". */
    static String rate(double bps) {
        if (bps <= 0) {
            return "-";
        }
        String[] units = {"bit/s", "kbit/s", "Mbit/s", "Gbit/s"};
        int u = 0;
        while (bps >= 1000 && u < units.length - 1) {
            bps /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, bps >= 100 ? "%.0f %s" : "%.1f %s", bps, units[u]);
    }

    /** Reads the conversations of {@code m} in the background, unless they are shown already. */
    public void show(CaptureModel m) {
        if (m == shown && loading == null && !table.getItems().isEmpty()) {
            return;
        }
        shown = m;
        if (loading != null) {
            loading.cancel();
        }
        table.getItems().clear();
        chart.getData().clear();
        if (m == null) {
            return;
        }
        table.setPlaceholder(new Label("Reading connections \u2026"));
        Task<List<Conversation>> task = new Task<>() {
            @Override
            protected List<Conversation> call() {
                return m.conversations();
            }
        };
        loading = task;
        task.setOnSucceeded(e -> {
            if (loading == task) {
                loading = null;
                fill(task.getValue());
            }
        });
        task.setOnFailed(e -> {
            if (loading == task) {
                loading = null;
                table.setPlaceholder(new Label("Cannot read the connections: " + task.getException()));
            }
        });
        Thread t = new Thread(task, "rdmascope-conversations");
        t.setDaemon(true);
        t.start();
    }

    /** Forgets what was shown, so that the next {@link #show} reads again (the capture grew). */
    public void invalidate() {
        shown = null;
    }

    private void fill(List<Conversation> list) {
        table.setPlaceholder(new Label("No connection"));
        table.getItems().setAll(list);
        table.sort();
        Map<String, Long> total = ConnectionOrder.top(list, c -> c.connection().id(),
                c -> c.bytesAtoB() + c.bytesBtoA(), CHART_TOP);
        XYChart.Series<String, Number> forward = new XYChart.Series<>(), back = new XYChart.Series<>();
        forward.setName("A\u2192B");
        back.setName("B\u2192A");
        long restA = 0, restB = 0;
        for (Conversation c : list) {
            if (!total.containsKey(c.connection().id())) {
                restA += c.bytesAtoB();
                restB += c.bytesBtoA();
            }
        }
        chart.setTitle("Payload octets per connection" + (list.size() > CHART_TOP ? "\n(the " + CHART_TOP
                + " of " + list.size() + " that moved the most)" : ""));
        for (String key : total.keySet()) {
            if (key.startsWith(ConnectionOrder.OTHERS)) {
                continue;
            }
            Conversation c = list.stream().filter(x -> x.connection().id().equals(key)).findFirst().orElse(null);
            forward.getData().add(new XYChart.Data<>(key, c == null ? restA : c.bytesAtoB()));
            back.getData().add(new XYChart.Data<>(key, c == null ? restB : c.bytesBtoA()));
        }
        chart.getData().setAll(List.of(forward, back));
    }

    public boolean isLoading() {
        return loading != null;
    }

    public TableView<Conversation> table() {
        return table;
    }

    public StackedBarChart<String, Number> chart() {
        return chart;
    }
}

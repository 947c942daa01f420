package io.rdmascope.gui.ui;

import io.rdmascope.fields.Hex;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.NicState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Each endpoint's NIC after the selected frame: its STag table (what is bound, where, with which
 * rights, since which frame) and its buffer pool per queue pair. Step buttons move the selection.
 */
public final class NicInspector extends BorderPane {
    private final Label title = new Label("Select a frame");
    private final TableView<NicState.StagEntry> stags = new TableView<>();
    private final TableView<NicState.PoolEntry> pools = new TableView<>();
    private final Button back = new Button("\u25c0 Previous frame");
    private final Button forward = new Button("Next frame \u25b6");
    /** Computes NIC states off the application thread; only the latest request is shown. */
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rdmascope-nic");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong nicRequest = new AtomicLong();

    public NicInspector(Runnable stepBack, Runnable stepForward) {
        title.setId("nicFrame");
        title.getStyleClass().add("pane-title");
        stags.setId("nicStags");
        pools.setId("nicPools");
        back.setId("nicBack");
        forward.setId("nicForward");
        back.setOnAction(e -> stepBack.run());
        forward.setOnAction(e -> stepForward.run());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(6, title, spacer, back, forward);
        bar.setPadding(new Insets(3));
        setTop(bar);
        stags.getColumns().add(col("Endpoint", 130, NicState.StagEntry::endpoint));
        stags.getColumns().add(col("STag", 90, e -> Hex.stag(e.stag())));
        stags.getColumns().add(col("Region", 190, NicInspector::region));
        stags.getColumns().add(col("Access", 75, NicState.StagEntry::accessText));
        stags.getColumns().add(col("State", 80, e -> e.state().name().toLowerCase()));
        stags.getColumns().add(col("QP", 40, NicState.StagEntry::connection));
        stags.getColumns().add(col("Since", 55, e -> "#" + e.advertisedFrame()));
        stags.getColumns().add(col("Until", 55, e -> e.invalidatedFrame() < 0 ? "" : "#" + e.invalidatedFrame()));
        stags.getColumns().add(col("Txn", 45, e -> e.transaction() == null ? "" : e.transaction()));
        stags.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        stags.setPlaceholder(new Label("No STag advertised up to this frame"));
        pools.getColumns().add(col("Endpoint", 130, NicState.PoolEntry::endpoint));
        pools.getColumns().add(col("QP", 40, NicState.PoolEntry::connection));
        pools.getColumns().add(col("In use", 65, p -> p.inUse() + " / " + p.capacity()));
        pools.getColumns().add(col("Write", 60, p -> p.writeInUse() + " / " + p.perOperation()));
        pools.getColumns().add(col("Read", 60, p -> p.readInUse() + " / " + p.perOperation()));
        pools.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        pools.setPlaceholder(new Label("No buffer allocated"));
        Label stagTitle = new Label("STag table");
        stagTitle.getStyleClass().add("pane-title");
        Label poolTitle = new Label("Buffer pool per queue pair");
        poolTitle.getStyleClass().add("pane-title");
        VBox top = new VBox(stagTitle, stags);
        VBox bottom = new VBox(poolTitle, pools);
        VBox.setVgrow(stags, Priority.ALWAYS);
        VBox.setVgrow(pools, Priority.ALWAYS);
        SplitPane split = new SplitPane(top, bottom);
        split.setOrientation(javafx.geometry.Orientation.HORIZONTAL);
        split.setDividerPositions(0.64);
        setCenter(split);
    }

    private static <T> TableColumn<T, String> col(String name, double width, Function<T, String> f) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(v -> new ReadOnlyStringWrapper(f.apply(v.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** "[0x…, +4096)", or the offset alone when the advertisement named no length. */
    static String region(NicState.StagEntry e) {
        return e.length() < 0 ? "[" + Hex.to(e.to()) + ", length not advertised)"
                : "[" + Hex.to(e.to()) + ", +" + e.length() + ")";
    }

    public void show(NicState state) {
        if (state == null) {
            title.setText("Select a frame");
            stags.getItems().clear();
            pools.getItems().clear();
            return;
        }
        title.setText("NIC state after frame " + state.frame());
        List<NicState.StagEntry> rows = new ArrayList<>();
        List<NicState.PoolEntry> poolRows = new ArrayList<>();
        for (NicState.EndpointState e : state.endpoints()) {
            rows.addAll(e.stags());
            poolRows.addAll(e.pools());
        }
        stags.getItems().setAll(rows);
        pools.getItems().setAll(poolRows);
    }

    /**
     * Shows the NIC state of {@code m} at {@code frame} once computed in the background, unless
     * another request came meanwhile or {@code current} no longer gives {@code m} (-1: none).
     */
    public void showAt(CaptureModel m, long frame, Supplier<CaptureModel> current) {
        long request = nicRequest.incrementAndGet();
        if (m == null || frame < 1) {
            show(null);
            return;
        }
        computing(frame);
        worker.execute(() -> {
            if (nicRequest.get() != request) {
                return;
            }
            NicState state;
            try {
                state = m.nicState(frame);
            } catch (RuntimeException e) {
                state = new NicState(frame, List.of());
            }
            NicState s = state;
            Platform.runLater(() -> {
                if (nicRequest.get() == request && current.get() == m) {
                    show(s);
                }
            });
        });
    }

    /** Says that the state at {@code frame} is being computed (the tables keep the last state). */
    public void computing(long frame) {
        title.setText("NIC state after frame " + frame + " \u2026");
    }

    public TableView<NicState.StagEntry> stagTable() {
        return stags;
    }

    public TableView<NicState.PoolEntry> poolTable() {
        return pools;
    }

    public Label title() {
        return title;
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.gui.live.LiveCapture;
import io.rdmascope.gui.live.LiveSession;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Capture &gt; Interfaces: the interfaces libpcap can capture on with their addresses, and a capture
 * filter (BPF, tcpdump's syntax) checked as it is typed, green when it compiles and red with the
 * reason when it does not; Start is offered only for an interface and a filter that can be used.
 * Its result is the choice, or null when cancelled.
 */
final class InterfacesDialog extends Dialog<InterfacesDialog.Choice> {
    /** An interface, a capture filter (blank for every frame) and the ring of files to write. */
    record Choice(String iface, String filter, LiveSession.Ring ring) {}

    static final ButtonType START = new ButtonType("Start", ButtonBar.ButtonData.OK_DONE);
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid-filter");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid-filter");

    private final TableView<LiveCapture.Interface> table = new TableView<>();
    private final TextField filter = new TextField();
    private final Label problem = new Label();
    /** A new file every so many frames (0: one file), keeping so many (0: all), as Wireshark's ring buffer. */
    private final Spinner<Integer> framesPerFile = new Spinner<>(0, 1_000_000_000, 0, 10_000);
    private final Spinner<Integer> filesKept = new Spinner<>(0, 100_000, 0, 1);

    /** @param chosen the interface to select at first (the last one captured on), or null */
    InterfacesDialog(Window owner, String chosen, String lastFilter, LiveSession.Ring lastRing) {
        setTitle("Capture Interfaces");
        setHeaderText("Choose an interface to capture on");
        if (owner != null) {
            initOwner(owner);
            if (owner.getScene() != null) {
                getDialogPane().getStylesheets().addAll(owner.getScene().getStylesheets());
            }
        }
        table.setId("interfacesTable");
        table.getColumns().add(col("Interface", 200, LiveCapture.Interface::label));
        table.getColumns().add(col("Addresses", 300, i -> String.join(", ", i.addresses())));
        table.getColumns().add(col("State", 60, i -> i.up() ? "up" : "down"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(220);
        try {
            List<LiveCapture.Interface> all = LiveCapture.interfaces();
            table.getItems().setAll(all);
            table.setPlaceholder(new Label("No interfaces to capture on (capturing needs root or CAP_NET_RAW)"));
        } catch (CaptureException e) {
            table.setPlaceholder(new Label(e.getMessage()));
        }
        table.getItems().stream().filter(i -> i.name().equals(chosen)).findFirst()
                .or(() -> table.getItems().stream().findFirst())
                .ifPresent(i -> table.getSelectionModel().select(i));

        filter.setId("captureFilter");
        filter.getStyleClass().add("filter-field");
        filter.setPromptText("Capture filter, e.g. tcp port 4420 (blank: every frame)");
        filter.setText(lastFilter == null ? "" : lastFilter);
        problem.setId("captureFilterProblem");
        problem.getStyleClass().add("filter-error");
        problem.setWrapText(true);
        HBox filterRow = new HBox(6, new Label("Capture filter:"), filter);
        HBox.setHgrow(filter, Priority.ALWAYS);
        filterRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        framesPerFile.setId("ringFrames");
        filesKept.setId("ringFiles");
        for (Spinner<Integer> sp : List.of(framesPerFile, filesKept)) {
            sp.setEditable(true);
            sp.setMinWidth(Region.USE_PREF_SIZE);
        }
        framesPerFile.setPrefWidth(120);
        filesKept.setPrefWidth(80);
        framesPerFile.setTooltip(new Tooltip("0: one file, as long as the capture runs"));
        filesKept.setTooltip(new Tooltip("0: every file is kept"));
        framesPerFile.getValueFactory().setValue((int) Math.min(Integer.MAX_VALUE, lastRing.framesPerFile()));
        filesKept.getValueFactory().setValue(lastRing.filesKept());
        HBox ringRow = new HBox(6, fixed(new Label("Ring of files: new file every")), framesPerFile,
                fixed(new Label("frames (0: one file), keep")), filesKept, fixed(new Label("(0: all)")));
        ringRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        ringRow.setId("ringRow");
        VBox content = new VBox(8, table, filterRow, problem, ringRow);
        VBox.setVgrow(table, Priority.ALWAYS);
        content.setPrefWidth(660);
        getDialogPane().setContent(content);
        getDialogPane().getButtonTypes().addAll(START, ButtonType.CANCEL);
        Button start = (Button) getDialogPane().lookupButton(START);
        start.setId("startCapture");
        filter.textProperty().addListener((o, a, b) -> check(start));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> check(start));
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && !start.isDisabled()) {
                start.fire();
            }
        });
        check(start);
        setResultConverter(b -> b == START && table.getSelectionModel().getSelectedItem() != null
                ? new Choice(table.getSelectionModel().getSelectedItem().name(), filter.getText().trim(),
                        new LiveSession.Ring(framesPerFile.getValue(), filesKept.getValue())) : null);
        setResizable(true);
    }

    /** Shows whether the filter compiles, and offers Start only when it does and an interface is chosen. */
    private void check(Button start) {
        String text = filter.getText();
        String why = LiveCapture.filterProblem(text);
        boolean blank = text == null || text.isBlank();
        filter.pseudoClassStateChanged(VALID, why == null && !blank);
        filter.pseudoClassStateChanged(INVALID, why != null);
        problem.setText(why == null ? "" : why);
        problem.setVisible(why != null);
        problem.setManaged(why != null);
        start.setDisable(why != null || table.getSelectionModel().getSelectedItem() == null);
    }

    private static Label fixed(Label l) {
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static <T> TableColumn<T, String> col(String name, double width, Function<T, String> f) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(v -> new ReadOnlyStringWrapper(f.apply(v.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}

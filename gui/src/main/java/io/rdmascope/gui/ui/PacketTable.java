package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.gui.model.FrameRow;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;

/**
 * The packet list. Virtualized: only visible rows get cells, and a cell formats its row when it is
 * shown. Rows of frames named by a violation are coloured by the most severe one.
 */
public final class PacketTable extends TableView<FrameRow> {
    private static final PseudoClass ERROR = PseudoClass.getPseudoClass("sev-error");
    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("sev-warning");
    private static final PseudoClass INFO = PseudoClass.getPseudoClass("sev-info");
    private static final PseudoClass MARKED = PseudoClass.getPseudoClass("marked");
    /** Marked frames (Edit &gt; Mark Packet). */
    private final java.util.TreeSet<Long> marked = new java.util.TreeSet<>();
    /** Time references (Edit &gt; Set Time Reference): frame to its time. */
    private final java.util.TreeMap<Long, Long> references = new java.util.TreeMap<>();

    /**
     * @param severity the most severe violation of a frame, or null
     * @param firstTime the time of the capture's first frame, for the relative Time column
     */
    private final TableColumn<FrameRow, String> time;
    private TimeFormat timeFormat = TimeFormat.SINCE_START;

    public PacketTable(LongFunction<Severity> severity, LongSupplier firstTime) {
        getStyleClass().add("packet-table");
        getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        setFixedCellSize(22);
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        TableColumn<FrameRow, Long> no = new TableColumn<>("No.");
        no.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().number()));
        no.setPrefWidth(70);
        TableColumn<FrameRow, String> time = new TableColumn<>("Time");
        time.setCellValueFactory(c -> new ReadOnlyStringWrapper(time(c.getValue(), firstTime.getAsLong())));
        time.setPrefWidth(95);
        this.time = time;
        TableColumn<FrameRow, String> src = new TableColumn<>("Source");
        src.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().source()));
        src.setPrefWidth(150);
        TableColumn<FrameRow, String> dst = new TableColumn<>("Destination");
        dst.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().destination()));
        dst.setPrefWidth(150);
        TableColumn<FrameRow, String> proto = new TableColumn<>("Protocol");
        proto.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().protocol()));
        proto.setPrefWidth(85);
        TableColumn<FrameRow, Integer> len = new TableColumn<>("Length");
        len.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().length()));
        len.setPrefWidth(65);
        TableColumn<FrameRow, String> info = new TableColumn<>("Info");
        info.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().info()));
        info.setPrefWidth(620);
        getColumns().setAll(java.util.List.of(no, time, src, dst, proto, len, info));
        for (TableColumn<FrameRow, ?> c : getColumns()) {
            c.setId("column-" + c.getText());
            c.setContextMenu(headerMenu(c));
        }
        // a header's menu on the release of the secondary button, where the platform makes no menu request
        addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getButton() != javafx.scene.input.MouseButton.SECONDARY) {
                return;
            }
            for (javafx.scene.Node n = e.getPickResult().getIntersectedNode(); n != null; n = n.getParent()) {
                if (n instanceof javafx.scene.control.skin.TableColumnHeader h && h.getTableColumn() != null) {
                    javafx.scene.control.ContextMenu m = h.getTableColumn().getContextMenu();
                    if (m != null && !m.isShowing()) {
                        m.show(h, e.getScreenX(), e.getScreenY());
                    }
                    e.consume();
                    return;
                }
            }
        });
        setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(FrameRow row, boolean empty) {
                super.updateItem(row, empty);
                Severity s = empty || row == null ? null : severity.apply(row.number());
                pseudoClassStateChanged(ERROR, s == Severity.ERROR);
                pseudoClassStateChanged(WARNING, s == Severity.WARNING);
                pseudoClassStateChanged(INFO, s == Severity.INFO);
                pseudoClassStateChanged(MARKED, !empty && row != null && marked.contains(row.number()));
            }
        });
        setPlaceholder(openPlaceholder);
    }

    private final javafx.scene.control.Label openPlaceholder =
            new javafx.scene.control.Label("Open a capture (File \u25b8 Open, or drop a file here)");
    private final javafx.scene.control.Label noMatchPlaceholder = new javafx.scene.control.Label("No packets match the filter");

    /** What the empty list says: that the display filter matched nothing, or how to open a capture. */
    void noMatch(boolean none) {
        setPlaceholder(none ? noMatchPlaceholder : openPlaceholder);
    }

    /** The text the empty packet list shows. */
    public String placeholderText() {
        return getPlaceholder() instanceof javafx.scene.control.Label l ? l.getText() : "";
    }

    /**
     * Adds a column that shows a field's values (Wireshark's "Apply as Column"), before Info; the
     * values are computed for the rows on screen only. Does nothing when the column is there.
     */
    public void addFieldColumn(String field, java.util.function.Function<FrameRow, String> value) {
        String id = "column-" + field;
        if (getColumns().stream().anyMatch(c -> id.equals(c.getId()))) {
            return;
        }
        TableColumn<FrameRow, String> col = new TableColumn<>(field);
        col.setId(id);
        col.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        col.setPrefWidth(110);
        col.setContextMenu(headerMenu(col));
        fieldValues.put(field, value);
        getColumns().add(Math.max(0, getColumns().size() - 1), col);
    }

    /** The values of the columns added with "Apply as Column", by field: what sorting by them compares. */
    private final java.util.Map<String, java.util.function.Function<FrameRow, String>> fieldValues =
            new java.util.HashMap<>();

    /** The value of an added field column for a row, or null when {@code column} is no such column. */
    java.util.function.Function<FrameRow, String> fieldValue(String column) {
        return fieldValues.get(column);
    }

    /**
     * A column header's own menu, as Wireshark's: hide the column, remove an added one, move it left
     * or right, and the list of columns with a check mark on those shown.
     */
    private javafx.scene.control.ContextMenu headerMenu(TableColumn<FrameRow, ?> col) {
        // a menu without items does not show: it gets them now, and again, up to date, as it shows
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu(
                new javafx.scene.control.MenuItem("Hide Column"));
        menu.setOnShowing(e -> {
            javafx.scene.control.MenuItem hide = new javafx.scene.control.MenuItem("Hide Column");
            hide.setOnAction(a -> col.setVisible(false));
            hide.setDisable(getVisibleLeafColumns().size() <= 1);
            javafx.scene.control.MenuItem remove = new javafx.scene.control.MenuItem("Remove Column");
            remove.setDisable(!fieldValues.containsKey(col.getText()));
            remove.setOnAction(a -> {
                fieldValues.remove(col.getText());
                getSortOrder().remove(col);
                getColumns().remove(col);
            });
            int at = getColumns().indexOf(col);
            javafx.scene.control.MenuItem left = new javafx.scene.control.MenuItem("Move Left");
            left.setDisable(at <= 0);
            left.setOnAction(a -> move(col, -1));
            javafx.scene.control.MenuItem right = new javafx.scene.control.MenuItem("Move Right");
            right.setDisable(at >= getColumns().size() - 1);
            right.setOnAction(a -> move(col, 1));
            javafx.scene.control.Menu shown = new javafx.scene.control.Menu("Displayed Columns");
            for (TableColumn<FrameRow, ?> c : getColumns()) {
                javafx.scene.control.CheckMenuItem item = new javafx.scene.control.CheckMenuItem(c.getText());
                item.setMnemonicParsing(false);
                item.setSelected(c.isVisible());
                item.setOnAction(a -> c.setVisible(item.isSelected()));
                shown.getItems().add(item);
            }
            javafx.scene.control.MenuItem all = new javafx.scene.control.MenuItem("Show All Columns");
            all.setOnAction(a -> getColumns().forEach(c -> c.setVisible(true)));
            menu.getItems().setAll(hide, remove, left, right, new javafx.scene.control.SeparatorMenuItem(), shown,
                    all);
        });
        return menu;
    }

    /**
     * The columns in their order, each by its header text with whether it is shown: what the
     * column header menu and the Preferences dialog change, and what is kept between runs.
     */
    public java.util.List<io.rdmascope.gui.prefs.StoredPreferences.Column> columnLayout() {
        java.util.List<io.rdmascope.gui.prefs.StoredPreferences.Column> out = new java.util.ArrayList<>();
        for (TableColumn<FrameRow, ?> c : getColumns()) {
            out.add(new io.rdmascope.gui.prefs.StoredPreferences.Column(c.getText(), c.isVisible()));
        }
        return out;
    }

    /**
     * Puts the columns named in {@code layout} in its order, shown or hidden as it says; columns it
     * does not name keep their place after them, shown, and names of no column are passed over. At
     * least one column stays shown.
     */
    public void applyColumnLayout(java.util.List<io.rdmascope.gui.prefs.StoredPreferences.Column> layout) {
        java.util.List<TableColumn<FrameRow, ?>> ordered = new java.util.ArrayList<>();
        java.util.Map<TableColumn<FrameRow, ?>, Boolean> visible = new java.util.HashMap<>();
        for (io.rdmascope.gui.prefs.StoredPreferences.Column wanted : layout) {
            for (TableColumn<FrameRow, ?> c : getColumns()) {
                if (c.getText().equals(wanted.name) && !ordered.contains(c)) {
                    ordered.add(c);
                    visible.put(c, wanted.visible);
                    break;
                }
            }
        }
        for (TableColumn<FrameRow, ?> c : getColumns()) {
            if (!ordered.contains(c)) {
                ordered.add(c);
                visible.put(c, true);
            }
        }
        if (!visible.containsValue(true)) {
            visible.replaceAll((c, v) -> true);
        }
        if (!ordered.equals(getColumns())) {
            getColumns().setAll(ordered);
        }
        ordered.forEach(c -> c.setVisible(visible.get(c)));
    }

    /** Calls {@code changed} after each change of the columns' order or of whether one is shown. */
    public void onColumnLayoutChanged(Runnable changed) {
        javafx.beans.InvalidationListener shownChanged = o -> changed.run();
        getColumns().forEach(c -> c.visibleProperty().addListener(shownChanged));
        getColumns().addListener((javafx.collections.ListChangeListener<TableColumn<FrameRow, ?>>) ch -> {
            while (ch.next()) {
                ch.getRemoved().forEach(c -> c.visibleProperty().removeListener(shownChanged));
                ch.getAddedSubList().forEach(c -> c.visibleProperty().addListener(shownChanged));
            }
            changed.run();
        });
    }

    /**
     * The font of the rows: {@code family} (empty for the platform's) at {@code size} pixels, the
     * rows' height following the size.
     */
    void font(String family, double size) {
        String style = "-fx-font-size: " + size + "px;";
        if (family != null && !family.isBlank()) {
            style += " -fx-font-family: \"" + family.replace("\"", "") + "\";";
        }
        setStyle(style);
        setFixedCellSize(Math.round(size * 1.85));
    }

    /** Moves a column one place left (-1) or right (+1). */
    void move(TableColumn<FrameRow, ?> col, int delta) {
        int at = getColumns().indexOf(col);
        int to = at + delta;
        if (at < 0 || to < 0 || to >= getColumns().size()) {
            return;
        }
        getColumns().remove(at);
        getColumns().add(to, col);
    }

    /** Marks or unmarks a frame; returns whether it is marked now. */
    boolean toggleMark(long frame) {
        boolean now = marked.add(frame) || !marked.remove(frame);
        refresh();
        return now;
    }

    /** The marked frames, ascending. */
    public java.util.NavigableSet<Long> marked() {
        return java.util.Collections.unmodifiableNavigableSet(marked);
    }

    /** Sets or unsets a frame as a time reference; returns whether it is one now. */
    boolean toggleReference(long frame, long timeNanos) {
        boolean now = references.remove(frame) == null;
        if (now) {
            references.put(frame, timeNanos);
        }
        refresh();
        return now;
    }

    /** Forgets marks and time references (another capture). */
    void clearMarks() {
        marked.clear();
        references.clear();
    }

    /** The Time column's text for a row. */
    private String time(FrameRow r, long first) {
        if (references.containsKey(r.number())) {
            return "*REF*";
        }
        long reference = first;
        java.util.Map.Entry<Long, Long> ref = references.floorEntry(r.number());
        if (ref != null && (timeFormat == TimeFormat.SINCE_START)) {
            reference = ref.getValue();
        }
        if (timeFormat == TimeFormat.SINCE_PREVIOUS) {
            int at = getItems() instanceof FrameList l ? l.indexOfFrame(r.number()) : -1;
            reference = at > 0 ? getItems().get(at - 1).timeNanos() : r.timeNanos();
        }
        return timeFormat.format(r.timeNanos(), reference);
    }

    public TimeFormat timeFormat() {
        return timeFormat;
    }

    /** Changes how the Time column reads. */
    public void timeFormat(TimeFormat f) {
        timeFormat = f;
        time.setPrefWidth(f == TimeFormat.ABSOLUTE || f == TimeFormat.UTC ? 205 : 95);
        refresh();
    }

    /** Seconds with microsecond precision, without String.format. */
    static String seconds(long nanos) {
        boolean neg = nanos < 0;
        long micros = Math.abs(nanos) / 1000;
        String frac = Long.toString(1_000_000 + micros % 1_000_000).substring(1);
        return (neg ? "-" : "") + (micros / 1_000_000) + "." + frac;
    }
}

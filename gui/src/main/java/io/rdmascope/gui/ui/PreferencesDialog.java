package io.rdmascope.gui.ui;

import io.rdmascope.gui.prefs.StoredPreferences;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * Edit &gt; Preferences (Ctrl+Shift+P), as Wireshark's: the packet list's columns (shown or not, and
 * their order), the panes and their layout, the time display format, the font of the packet list,
 * detail tree and bytes, and how many recent files are kept. It starts from the window's
 * {@link DesktopSettings} and the packet list's columns, the state the View menu and the column
 * header menu change too; OK and Apply put the choices there, and so into the preferences file.
 */
public final class PreferencesDialog extends Dialog<ButtonType> {
    /** What the font family list shows for the views' own fonts. */
    public static final String DEFAULT_FAMILY = "Default";

    /** A column of the list of columns: its name and whether it is to be shown. */
    public static final class ColumnChoice {
        private final String name;
        private final BooleanProperty shown;

        ColumnChoice(String name, boolean shown) {
            this.name = name;
            this.shown = new SimpleBooleanProperty(shown);
        }

        public String name() {
            return name;
        }

        /** Whether the column is to be shown (its check box). */
        public BooleanProperty shown() {
            return shown;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final DesktopSettings settings;
    private final PacketTable table;
    private final ObservableList<ColumnChoice> columns = FXCollections.observableArrayList();
    private final ListView<ColumnChoice> columnList = new ListView<>(columns);
    private final Map<String, CheckBox> panes = new LinkedHashMap<>();
    private final RadioButton beside = new RadioButton("Details beside bytes");
    private final RadioButton above = new RadioButton("Details above bytes");
    private final ComboBox<TimeFormat> timeFormat = new ComboBox<>(FXCollections.observableArrayList(TimeFormat.values()));
    private final ComboBox<String> fontFamily = new ComboBox<>();
    private final Spinner<Integer> fontSize = new Spinner<>((int) StoredPreferences.MIN_FONT_SIZE,
            (int) StoredPreferences.MAX_FONT_SIZE, (int) StoredPreferences.DEFAULT_FONT_SIZE);
    private final Label fontSample = new Label("0000  00 1b 21 3c 4d 5e  RDMA Write  ..!<M^");
    private final Spinner<Integer> recentFilesMax = new Spinner<>(0, StoredPreferences.MAX_RECENT_MAX,
            StoredPreferences.DEFAULT_RECENT_MAX);
    /** The Apply button type: it puts the choices in place and leaves the dialog open. */
    public static final ButtonType APPLY = new ButtonType("Apply", ButtonBar.ButtonData.APPLY);

    /**
     * @param settings the window's preferences, shown and changed
     * @param table the packet list, whose columns are shown and changed
     * @param owner the window the dialog belongs to, or null
     */
    PreferencesDialog(DesktopSettings settings, PacketTable table, Window owner) {
        this.settings = settings;
        this.table = table;
        setTitle("Preferences \u2014 rdmascope");
        setResizable(true);
        if (owner != null) {
            initOwner(owner);
        }
        TabPane sections = new TabPane(section("Appearance", appearance()), section("Columns", columnsSection()),
                section("Layout", layoutSection()));
        sections.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        sections.setId("preferencesSections");
        sections.setPrefSize(560, 380);
        getDialogPane().setContent(sections);
        getDialogPane().setId("preferencesDialog");
        getDialogPane().getButtonTypes().addAll(ButtonType.OK, APPLY, ButtonType.CANCEL);
        getDialogPane().lookupButton(APPLY).addEventFilter(ActionEvent.ACTION, e -> {
            apply();
            e.consume();
        });
        setResultConverter(b -> {
            if (b == ButtonType.OK) {
                apply();
            }
            return b;
        });
        showCurrent();
    }

    private static Tab section(String name, javafx.scene.Node content) {
        Tab t = new Tab(name, content);
        t.setId("preferences" + name);
        return t;
    }

    private GridPane appearance() {
        timeFormat.setId("prefsTimeFormat");
        timeFormat.setConverter(new StringConverter<>() {
            @Override
            public String toString(TimeFormat f) {
                return f == null ? "" : f.label;
            }

            @Override
            public TimeFormat fromString(String s) {
                for (TimeFormat f : TimeFormat.values()) {
                    if (f.label.equals(s)) {
                        return f;
                    }
                }
                return null;
            }
        });
        fontFamily.setId("prefsFontFamily");
        fontFamily.getItems().add(DEFAULT_FAMILY);
        fontFamily.getItems().addAll(Font.getFamilies());
        fontFamily.setVisibleRowCount(16);
        fontSize.setId("prefsFontSize");
        fontSize.setEditable(true);
        fontSample.setId("prefsFontSample");
        fontFamily.valueProperty().addListener(o -> showSample());
        fontSize.valueProperty().addListener(o -> showSample());
        recentFilesMax.setId("prefsRecentFilesMax");
        recentFilesMax.setEditable(true);
        GridPane grid = grid();
        grid.addRow(0, new Label("Time display format:"), timeFormat);
        grid.addRow(1, new Label("Font (packet list, details, bytes):"), new HBox(6, fontFamily, fontSize));
        grid.add(fontSample, 1, 2);
        grid.addRow(3, new Label("Recent files to remember:"), recentFilesMax);
        return grid;
    }

    private void showSample() {
        String family = family();
        Integer size = fontSize.getValue();
        fontSample.setFont(Font.font(family.isEmpty() ? "Monospaced" : family, size == null ? 12 : size));
    }

    private VBox columnsSection() {
        columnList.setId("prefsColumns");
        columnList.setCellFactory(CheckBoxListCell.forListView(ColumnChoice::shown));
        columnList.setPrefHeight(260);
        Button up = new Button("Move Up");
        up.setId("prefsColumnUp");
        up.setOnAction(e -> moveSelected(-1));
        Button down = new Button("Move Down");
        down.setId("prefsColumnDown");
        down.setOnAction(e -> moveSelected(1));
        Button all = new Button("Show All");
        all.setId("prefsColumnsShowAll");
        all.setOnAction(e -> columns.forEach(c -> c.shown().set(true)));
        VBox buttons = new VBox(6, up, down, all);
        HBox row = new HBox(8, columnList, buttons);
        HBox.setHgrow(columnList, Priority.ALWAYS);
        VBox box = new VBox(6, new Label("Columns of the packet list, in their order (checked: shown):"), row);
        box.setPadding(new Insets(10));
        return box;
    }

    /** Moves the selected column one place up (-1) or down (+1) in the list. */
    void moveSelected(int delta) {
        int at = columnList.getSelectionModel().getSelectedIndex();
        int to = at + delta;
        if (at < 0 || to < 0 || to >= columns.size()) {
            return;
        }
        ColumnChoice c = columns.remove(at);
        columns.add(to, c);
        columnList.getSelectionModel().select(to);
    }

    private GridPane layoutSection() {
        GridPane grid = grid();
        int row = 0;
        grid.add(new Label("Panes shown:"), 0, row);
        for (String pane : DesktopSettings.PANES) {
            CheckBox box = new CheckBox(pane);
            box.setId("prefs" + pane.replace(" ", ""));
            panes.put(pane, box);
            grid.add(box, 1, row++);
        }
        ToggleGroup group = new ToggleGroup();
        beside.setToggleGroup(group);
        beside.setId("prefsDetailsBesideBytes");
        above.setToggleGroup(group);
        above.setId("prefsDetailsAboveBytes");
        grid.add(new Label("Details and bytes:"), 0, row);
        grid.add(beside, 1, row++);
        grid.add(above, 1, row);
        return grid;
    }

    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.setPadding(new Insets(12));
        return grid;
    }

    /** Sets every control to the window's preferences and columns as they are now. */
    private void showCurrent() {
        timeFormat.setValue(settings.timeFormat().get());
        String family = settings.fontFamily().get();
        if (!family.isBlank() && !fontFamily.getItems().contains(family)) {
            fontFamily.getItems().add(1, family);
        }
        fontFamily.setValue(family.isBlank() ? DEFAULT_FAMILY : family);
        fontSize.getValueFactory().setValue((int) Math.round(settings.fontSize().get()));
        recentFilesMax.getValueFactory().setValue(settings.recentFilesMax().get());
        columns.clear();
        for (StoredPreferences.Column c : table.columnLayout()) {
            columns.add(new ColumnChoice(c.name, c.visible));
        }
        for (String pane : DesktopSettings.PANES) {
            panes.get(pane).setSelected(settings.paneShown(pane).get());
        }
        beside.setSelected(settings.detailsBesideBytes().get());
        above.setSelected(!settings.detailsBesideBytes().get());
        showSample();
    }

    private String family() {
        String f = fontFamily.getValue();
        return f == null || DEFAULT_FAMILY.equals(f) ? "" : f;
    }

    /** Puts the choices in place (OK and Apply): the window shows them, and they are kept. */
    public void apply() {
        commit(fontSize);
        commit(recentFilesMax);
        settings.batch(() -> {
            if (timeFormat.getValue() != null) {
                settings.timeFormat().set(timeFormat.getValue());
            }
            settings.fontFamily().set(family());
            if (fontSize.getValue() != null) {
                settings.fontSize().set(fontSize.getValue());
            }
            if (recentFilesMax.getValue() != null) {
                settings.recentFilesMax().set(recentFilesMax.getValue());
            }
            List<StoredPreferences.Column> layout = new ArrayList<>();
            for (ColumnChoice c : columns) {
                layout.add(new StoredPreferences.Column(c.name(), c.shown().get()));
            }
            table.applyColumnLayout(layout);
            for (String pane : DesktopSettings.PANES) {
                settings.paneShown(pane).set(panes.get(pane).isSelected());
            }
            settings.detailsBesideBytes().set(beside.isSelected());
        });
    }

    /** Takes the number typed in a spinner's field, as Enter would; a number it cannot read is undone. */
    private static void commit(Spinner<Integer> spinner) {
        var factory = spinner.getValueFactory();
        try {
            factory.setValue(factory.getConverter().fromString(spinner.getEditor().getText().trim()));
        } catch (RuntimeException e) {
            spinner.getEditor().setText(factory.getConverter().toString(factory.getValue()));
        }
    }

    /** Brings the dialog's window to the front. */
    void toFront() {
        if (getDialogPane().getScene() != null && getDialogPane().getScene().getWindow() instanceof Stage s) {
            s.toFront();
        }
    }

    // ---- the controls, for tests

    public ComboBox<TimeFormat> timeFormatChoice() {
        return timeFormat;
    }

    public ComboBox<String> fontFamilyChoice() {
        return fontFamily;
    }

    public Spinner<Integer> fontSizeChoice() {
        return fontSize;
    }

    public Spinner<Integer> recentFilesMaxChoice() {
        return recentFilesMax;
    }

    /** The list of columns, in the order the dialog would put them. */
    public ObservableList<ColumnChoice> columnChoices() {
        return columns;
    }

    public ListView<ColumnChoice> columnList() {
        return columnList;
    }

    /** The check box of one of {@link DesktopSettings#PANES}. */
    public CheckBox paneChoice(String pane) {
        return panes.get(pane);
    }

    public RadioButton besideChoice() {
        return beside;
    }

    public RadioButton aboveChoice() {
        return above;
    }
}

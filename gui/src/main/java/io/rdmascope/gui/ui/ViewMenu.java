package io.rdmascope.gui.ui;

import java.util.List;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * View: the Time column's format (Wireshark's View > Time Display Format) and the font size of the
 * packet list, detail tree and bytes (Zoom In, Zoom Out, Normal Size with Ctrl++, Ctrl+- and Ctrl+0).
 */
final class ViewMenu {
    static final double NORMAL_SIZE = 12;
    static final double MIN_SIZE = 8;
    static final double MAX_SIZE = 28;

    private final MainView actions;
    private double size = NORMAL_SIZE;

    ViewMenu(MainView actions) {
        this.actions = actions;
    }

    Menu menu() {
        ToggleGroup group = new ToggleGroup();
        Menu time = new Menu("Time Display Format");
        for (TimeFormat f : TimeFormat.values()) {
            RadioMenuItem item = new RadioMenuItem(f.label);
            item.setId("time" + f.name());
            item.setToggleGroup(group);
            item.setSelected(f == TimeFormat.SINCE_START);
            item.setOnAction(e -> actions.table().timeFormat(f));
            time.getItems().add(item);
        }
        MenuItem in = item("Zoom In", new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN), 1);
        MenuItem out = item("Zoom Out", new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN), -1);
        MenuItem normal = item("Normal Size", new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN), 0);
        List<MenuItem> panes = new java.util.ArrayList<>();
        for (String pane : List.of("Packet List", "Packet Details", "Packet Bytes")) {
            javafx.scene.control.CheckMenuItem item = new javafx.scene.control.CheckMenuItem(pane);
            item.setId("view" + pane.replace(" ", ""));
            item.setSelected(true);
            item.setOnAction(e -> actions.showPane(pane, item.isSelected()));
            panes.add(item);
        }
        ToggleGroup layouts = new ToggleGroup();
        RadioMenuItem beside = new RadioMenuItem("Details Beside Bytes");
        beside.setToggleGroup(layouts);
        beside.setSelected(true);
        beside.setOnAction(e -> actions.sideBySide(true));
        RadioMenuItem stacked = new RadioMenuItem("Details Above Bytes");
        stacked.setToggleGroup(layouts);
        stacked.setOnAction(e -> actions.sideBySide(false));
        Menu layout = new Menu("Layout", null, beside, stacked);
        Menu view = new Menu("View", null, time, new SeparatorMenuItem(), in, out, normal, new SeparatorMenuItem());
        view.getItems().addAll(panes);
        view.getItems().add(layout);
        view.setId("viewMenu");
        return view;
    }

    private MenuItem item(String text, KeyCombination key, int step) {
        MenuItem m = new MenuItem(text);
        m.setAccelerator(key);
        m.setOnAction(e -> zoom(step));
        return m;
    }

    /** One point bigger (+1), smaller (-1) or back to normal (0). */
    void zoom(int step) {
        size = step == 0 ? NORMAL_SIZE : Math.max(MIN_SIZE, Math.min(MAX_SIZE, size + step));
        actions.fontSize(size);
    }
}

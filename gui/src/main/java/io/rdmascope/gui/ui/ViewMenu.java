package io.rdmascope.gui.ui;

import io.rdmascope.gui.prefs.StoredPreferences;
import java.util.List;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/**
 * View: the Time column's format (Wireshark's View > Time Display Format), the font size of the
 * packet list, detail tree and bytes (Zoom In, Zoom Out, Normal Size with Ctrl++, Ctrl+- and Ctrl+0),
 * the panes shown (Ctrl+Shift+1, 2 and 3) and their layout. Each entry shows and changes the
 * window's {@link DesktopSettings}, so that it agrees with the Preferences dialog.
 */
final class ViewMenu {
    static final double NORMAL_SIZE = StoredPreferences.DEFAULT_FONT_SIZE;
    static final double MIN_SIZE = StoredPreferences.MIN_FONT_SIZE;
    static final double MAX_SIZE = StoredPreferences.MAX_FONT_SIZE;
    /** The keys that show or hide each of {@link DesktopSettings#PANES}, in that order. */
    static final List<KeyCombination> PANE_KEYS = List.of(
            new KeyCodeCombination(KeyCode.DIGIT1, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
            new KeyCodeCombination(KeyCode.DIGIT2, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN),
            new KeyCodeCombination(KeyCode.DIGIT3, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN));

    private final DesktopSettings settings;

    ViewMenu(DesktopSettings settings) {
        this.settings = settings;
    }

    Menu menu() {
        ToggleGroup group = new ToggleGroup();
        Menu time = new Menu("Time Display Format");
        for (TimeFormat f : TimeFormat.values()) {
            RadioMenuItem item = new RadioMenuItem(f.label);
            item.setId("time" + f.name());
            item.setToggleGroup(group);
            item.setSelected(f == settings.timeFormat().get());
            item.setOnAction(e -> settings.timeFormat().set(f));
            settings.timeFormat().addListener((o, was, now) -> item.setSelected(now == f));
            time.getItems().add(item);
        }
        MenuItem in = item("Zoom In", new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN), 1);
        MenuItem out = item("Zoom Out", new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN), -1);
        MenuItem normal = item("Normal Size", new KeyCodeCombination(KeyCode.DIGIT0, KeyCombination.SHORTCUT_DOWN), 0);
        List<MenuItem> panes = new java.util.ArrayList<>();
        for (int i = 0; i < DesktopSettings.PANES.size(); i++) {
            String pane = DesktopSettings.PANES.get(i);
            CheckMenuItem item = new CheckMenuItem(pane);
            item.setId("view" + pane.replace(" ", ""));
            item.setAccelerator(PANE_KEYS.get(i));
            item.selectedProperty().bindBidirectional(settings.paneShown(pane));
            panes.add(item);
        }
        ToggleGroup layouts = new ToggleGroup();
        RadioMenuItem beside = new RadioMenuItem("Details Beside Bytes");
        beside.setId("viewDetailsBesideBytes");
        beside.setToggleGroup(layouts);
        RadioMenuItem stacked = new RadioMenuItem("Details Above Bytes");
        stacked.setId("viewDetailsAboveBytes");
        stacked.setToggleGroup(layouts);
        Runnable showLayout = () -> {
            boolean b = settings.detailsBesideBytes().get();
            beside.setSelected(b);
            stacked.setSelected(!b);
        };
        showLayout.run();
        settings.detailsBesideBytes().addListener(o -> showLayout.run());
        beside.setOnAction(e -> settings.detailsBesideBytes().set(true));
        stacked.setOnAction(e -> settings.detailsBesideBytes().set(false));
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
        double size = settings.fontSize().get();
        settings.fontSize().set(step == 0 ? NORMAL_SIZE : Math.max(MIN_SIZE, Math.min(MAX_SIZE, size + step)));
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.gui.export.Exports;
import io.rdmascope.gui.model.FrameRow;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;

/**
 * The main window's menus: File with Open, the recent files (kept in the user's preferences),
 * the exports with their save dialogs, and Quit; Edit, with the Preferences dialog; View, Go,
 * Capture, Analyze and Statistics.
 */
final class MainMenus {

    /** Writes one export. */
    private interface Exporter {
        void write(Path out) throws IOException;
    }

    private final DesktopSettings settings;
    private final MainView actions;
    private final BooleanSupplier haveCapture;
    private final Menu recentMenu = new Menu("Recent Files");
    private final ViewMenu view;
    private final CaptureMenu capture;

    MainMenus(DesktopSettings settings, MainView actions, BooleanSupplier haveCapture) {
        this.settings = settings;
        this.actions = actions;
        this.haveCapture = haveCapture;
        this.view = new ViewMenu(settings);
        this.capture = new CaptureMenu(actions);
        settings.recentFilesMax().addListener(o -> {
            List<String> list = recentFiles();
            if (list.size() > settings.recentFilesMax().get()) {
                settings.recentFiles(list.subList(0, settings.recentFilesMax().get()));
            }
            refreshRecent();
        });
        refreshRecent();
    }

    MenuBar bar() {
        MenuItem open = new MenuItem("Open\u2026");
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        open.setOnAction(e -> chooseAndOpen());
        MenuItem json = new MenuItem("Analysis as JSON\u2026");
        json.setOnAction(e -> exportDialog("analysis.json", "JSON", "*.json",
                out -> Exports.analysisJson(actions.model(), NicSettings.DEFAULTS, out)));
        MenuItem pcap = new MenuItem("Selected Frames as pcap\u2026");
        pcap.setOnAction(e -> exportDialog("selected.pcap", "pcap", "*.pcap", this::exportSelectedPcap));
        MenuItem png = new MenuItem("Timeline as PNG\u2026");
        png.setOnAction(e -> exportDialog("timeline.png", "PNG image", "*.png",
                out -> Exports.png(actions.timeline().canvas().snapshot(new SnapshotParameters(), null), out)));
        Menu export = new Menu("Export", null, json, pcap, png);
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> Platform.exit());
        MenuItem saveAs = new MenuItem("Save As\u2026");
        saveAs.setId("fileSaveAs");
        saveAs.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+S"));
        saveAs.setOnAction(e -> saveAs());
        Menu file = new Menu("File", null, open, recentMenu, saveAs, new SeparatorMenuItem(), export,
                new SeparatorMenuItem(), quit);
        MenuBar bar = new MenuBar(file, editMenu(), view.menu(), goMenu(), capture.menu(), analyzeMenu(), statisticsMenu());
        bar.setId("menuBar");
        return bar;
    }

    /** The menu bar, with the capture's Start and Stop buttons at its right. */
    Node top() {
        MenuBar bar = bar();
        javafx.scene.layout.HBox top = new javafx.scene.layout.HBox(bar, capture.buttons());
        javafx.scene.layout.HBox.setHgrow(bar, javafx.scene.layout.Priority.ALWAYS);
        // the menu bar's own look (modena's), continued under the buttons
        top.setStyle("-fx-background-color: linear-gradient(to bottom, derive(-fx-base,75%) 0%, -fx-outer-border 90%),"
                + " linear-gradient(to bottom, derive(-fx-base,46.9%) 2%, derive(-fx-base,-2.1%) 95%);"
                + " -fx-background-insets: 0 0 0 0, 1 0 1 0;");
        return top;
    }

    CaptureMenu capture() {
        return capture;
    }

    /** File &gt; Save As: the capture shown (a live capture's frames so far) under another name. */
    private void saveAs() {
        Path from = actions.model() == null ? null : actions.model().file();
        String name = capture.liveName() != null ? capture.liveName() + ".pcap"
                : from == null ? "capture.pcap" : from.getFileName().toString();
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.')) : ".pcap";
        exportDialog(name, "Capture", "*" + ext,
                out -> java.nio.file.Files.copy(from, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING));
    }

    /** Statistics: each view of the Statistics tab, as Wireshark's menu opens its statistics. */
    private Menu statisticsMenu() {
        Menu statistics = new Menu("Statistics");
        statistics.setId("statisticsMenu");
        for (String name : StatisticsPane.VIEWS) {
            MenuItem item = new MenuItem(name);
            item.setId("statistics" + name.replace(" ", ""));
            item.setOnAction(e -> actions.showStatistics(name));
            statistics.getItems().add(item);
        }
        return statistics;
    }

    /** Writes the selected frames (in frame order) as pcap. */
    private void exportSelectedPcap(Path out) throws IOException {
        List<Long> frames = new ArrayList<>();
        for (FrameRow r : actions.table().getSelectionModel().getSelectedItems()) {
            frames.add(r.number());
        }
        frames.sort(null);
        Exports.pcap(actions.model(), frames, out);
    }

    /** Edit: finding and marking packets, time references and the preferences, with Wireshark's keys. */
    private Menu editMenu() {
        MenuItem mark = item("Mark/Unmark Packet", KeyCombination.keyCombination("Shortcut+M"), actions::toggleMark);
        mark.setId("editMark");
        MenuItem nextMark = item("Next Mark", KeyCombination.keyCombination("Shortcut+Shift+N"), () -> actions.mark(true));
        MenuItem previousMark = item("Previous Mark", KeyCombination.keyCombination("Shortcut+Shift+B"),
                () -> actions.mark(false));
        MenuItem reference = item("Set/Unset Time Reference", KeyCombination.keyCombination("Shortcut+T"),
                actions::toggleReference);
        reference.setId("editTimeReference");
        MenuItem find = item("Find Packet\u2026", KeyCombination.keyCombination("Shortcut+F"), actions::openFind);
        find.setId("editFind");
        MenuItem findNext = item("Find Next", KeyCombination.keyCombination("Shortcut+N"), () -> actions.findNext(true));
        MenuItem findPrevious = item("Find Previous", KeyCombination.keyCombination("Shortcut+B"),
                () -> actions.findNext(false));
        MenuItem preferences = item("Preferences\u2026", KeyCombination.keyCombination("Shortcut+Shift+P"),
                actions::openPreferences);
        preferences.setId("editPreferences");
        Menu edit = new Menu("Edit", null, find, findNext, findPrevious, new SeparatorMenuItem(), mark, nextMark,
                previousMark, new SeparatorMenuItem(), reference, new SeparatorMenuItem(), preferences);
        edit.setId("editMenu");
        return edit;
    }

    /** Go: moving through the packets, and Wireshark's expert navigation. */
    private Menu goMenu() {
        MenuItem next = item("Next Violation", new KeyCodeCombination(KeyCode.PERIOD, KeyCombination.SHORTCUT_DOWN),
                actions::nextViolation);
        next.setId("goNextViolation");
        MenuItem previous = item("Previous Violation",
                new KeyCodeCombination(KeyCode.COMMA, KeyCombination.SHORTCUT_DOWN), actions::previousViolation);
        previous.setId("goPreviousViolation");
        MenuItem goTo = item("Go to Packet\u2026", KeyCombination.keyCombination("Shortcut+G"), actions::goToPacket);
        goTo.setId("goToPacket");
        MenuItem first = item("First Packet", KeyCombination.keyCombination("Shortcut+Home"), actions::firstPacket);
        MenuItem last = item("Last Packet", KeyCombination.keyCombination("Shortcut+End"), actions::lastPacket);
        Menu go = new Menu("Go", null, goTo, first, last, new SeparatorMenuItem(), next, previous);
        go.setId("goMenu");
        return go;
    }

    /**
     * Analyze &gt; Follow: the selected frame's connection as MPA or DDP messages, or a queue pair's
     * packets or messages (Wireshark's Follow TCP Stream).
     */
    private Menu analyzeMenu() {
        Menu follow = new Menu("Follow");
        follow.setId("followMenu");
        new FollowItems(follow, actions::followKind, actions::follow, true);
        Menu analyze = new Menu("Analyze", null, follow);
        analyze.setId("analyzeMenu");
        return analyze;
    }

    private static MenuItem item(String text, KeyCombination key, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setAccelerator(key);
        item.setOnAction(e -> action.run());
        return item;
    }

    /** File > Open: asks for a capture and opens it. */
    private void chooseAndOpen() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open Capture");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Captures", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File f = fc.showOpenDialog(actions.window());
        if (f != null) {
            actions.open(f.toPath());
        }
    }

    /** Opens the first file dropped on {@code target}. */
    static void acceptDroppedFiles(Node target, Consumer<Path> open) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            boolean ok = files != null && !files.isEmpty();
            if (ok) {
                open.accept(files.get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    private void exportDialog(String name, String kind, String pattern, Exporter exporter) {
        if (!haveCapture.getAsBoolean()) {
            actions.showError("Nothing to export", "Open a capture first.");
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setInitialFileName(name);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        File f = fc.showSaveDialog(actions.window());
        if (f == null) {
            return;
        }
        try {
            exporter.write(f.toPath());
            actions.status().setText("Exported " + f.getName());
        } catch (IOException | RuntimeException ex) {
            actions.showError("Cannot export " + f.getName(), String.valueOf(ex.getMessage()));
        }
    }

    /** Puts a file first in the recent files, keeping as many as the preferences say. */
    void addRecent(Path file) {
        List<String> list = recentFiles();
        String p = file.toAbsolutePath().toString();
        list.remove(p);
        list.add(0, p);
        while (list.size() > settings.recentFilesMax().get()) {
            list.remove(list.size() - 1);
        }
        settings.recentFiles(list);
        refreshRecent();
    }

    /** The recent files, most recent first (a copy). */
    List<String> recentFiles() {
        return new ArrayList<>(settings.recentFiles());
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        Consumer<Path> open = actions::open;
        for (String p : recentFiles()) {
            MenuItem item = new MenuItem(p);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> open.accept(Path.of(p)));
            recentMenu.getItems().add(item);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }
}

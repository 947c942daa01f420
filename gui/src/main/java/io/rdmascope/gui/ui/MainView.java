package io.rdmascope.gui.ui;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.export.Exports;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureOpener;
import io.rdmascope.gui.model.FrameFilter;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.model.DisplayFilterCompiler;
import io.rdmascope.gui.model.NicState;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.scene.SnapshotParameters;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The main window's content: menus, display filter bar, packet list, detail tree and hex view,
 * and the analysis tabs (timeline, sequence diagram, violations, NIC state, statistics), with a
 * status bar that shows loading progress and a Cancel button.
 *
 * <p>Loading runs in a background {@link Task}; rows arrive in batches through
 * {@link Platform#runLater}, coalesced so that the application thread handles at most one pending
 * batch at a time, so the first rows show at once and the window stays responsive.
 */
public final class MainView extends BorderPane {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid-filter");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid-filter");
    private static final int RECENT_MAX = 8;

    private final CaptureOpener opener;
    private final Preferences prefs;
    /** Every frame read: the size of the capture, for tests and the status bar. */
    private final FrameList rows = new FrameList();
    /** The packet list's items: every frame, or the frames the display filter matched. */
    private final FrameList filtered = rows;
    /** Filters over more frames than this run in the background, with progress and Cancel. */
    private static final int FOREGROUND_FILTER = 50_000;
    private Task<int[]> filtering;
    private volatile CaptureModel model;
    private long firstTime;

    private final PacketTable table;
    private final DetailTree details = new DetailTree();
    private final HexView hex = new HexView();
    private final TextField filterField = new TextField();
    private final Label filterError = new Label();
    private final TimelineView timeline = new TimelineView();
    private final SequenceView sequence = new SequenceView();
    private final ViolationsPane violations = new ViolationsPane();
    private final NicInspector nic;
    private final StatisticsPane statistics = new StatisticsPane();
    private final TabPane tabs = new TabPane();
    private final Label status = new Label("Ready");
    private final ProgressBar progress = new ProgressBar(0);
    private final Button cancel = new Button("Cancel");
    private final Menu recentMenu = new Menu("Recent Files");
    private Task<CaptureModel> loading;
    private AtomicBoolean stopLoading = new AtomicBoolean();
    private volatile long firstRowsMillis = -1;
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(MainView.class.getName());
    /** Octets of the shown frame that are MPA markers: not part of the fields around them. */
    private final java.util.BitSet markerOctets = new java.util.BitSet();
    /** Computes NIC states off the application thread; only the latest request is shown. */
    private final java.util.concurrent.ExecutorService nicWorker = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rdmascope-nic");
        t.setDaemon(true);
        return t;
    });
    private final java.util.concurrent.atomic.AtomicLong nicRequest = new java.util.concurrent.atomic.AtomicLong();
    private Alert lastAlert;

    public MainView(CaptureOpener opener, Preferences prefs) {
        this.opener = opener;
        this.prefs = prefs;
        table = new PacketTable(f -> {
            CaptureModel m = model;
            return m == null ? null : m.severityAt(f);
        }, () -> firstTime);
        table.setId("packetTable");
        table.setItems(filtered);
        details.setId("detailTree");
        hex.setId("hexView");
        timeline.setId("timeline");
        sequence.setId("sequence");
        violations.setId("violations");
        nic = new NicInspector(() -> step(-1), () -> step(1));
        nic.setId("nic");
        statistics.setId("statistics");

        setTop(new VBox(menus(), filterBar(), filterError));
        SplitPane bytesPane = new SplitPane(details, hex);
        bytesPane.setDividerPositions(0.55);
        tabs.getTabs().addAll(tab("Timeline", timeline), tab("Sequence", sequence), tab("Violations", violations),
                tab("NIC State", nic), tab("Statistics", statistics));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane main = new SplitPane(table, bytesPane, tabs);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.38, 0.68);
        setCenter(main);
        setBottom(statusBar());

        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> showFrame(row));
        details.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            FieldNode n = item == null ? null : item.getValue();
            if (n != null && n.offset() >= 0 && n.length() > 0) {
                hex.highlight(n.offset(), n.length(), "mpa.marker".equals(n.name()) ? null : markerOctets);
            } else {
                hex.highlight(-1, 0);
            }
        });
        hex.setOnByteClicked(details::selectDeepest);
        violations.setOnJump(this::jumpTo);
        timeline.setOnSelect(this::selectTransaction);
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            boolean ok = files != null && !files.isEmpty();
            if (ok) {
                open(files.get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
        refreshRecent();
    }

    private static Tab tab(String name, javafx.scene.Node content) {
        Tab t = new Tab(name, content);
        t.setId("tab" + name.replace(" ", ""));
        return t;
    }

    private MenuBar menus() {
        MenuItem open = new MenuItem("Open\u2026");
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        open.setOnAction(e -> chooseAndOpen());
        MenuItem json = new MenuItem("Analysis as JSON\u2026");
        json.setOnAction(e -> exportDialog("analysis.json", "JSON", "*.json", this::exportJson));
        MenuItem pcap = new MenuItem("Selected Frames as pcap\u2026");
        pcap.setOnAction(e -> exportDialog("selected.pcap", "pcap", "*.pcap", this::exportSelectedPcap));
        MenuItem png = new MenuItem("Timeline as PNG\u2026");
        png.setOnAction(e -> exportDialog("timeline.png", "PNG image", "*.png", this::exportTimelinePng));
        Menu export = new Menu("Export", null, json, pcap, png);
        MenuItem quit = new MenuItem("Quit");
        quit.setAccelerator(KeyCombination.keyCombination("Shortcut+Q"));
        quit.setOnAction(e -> Platform.exit());
        Menu file = new Menu("File", null, open, recentMenu, new SeparatorMenuItem(), export, new SeparatorMenuItem(), quit);
        MenuBar bar = new MenuBar(file);
        bar.setId("menuBar");
        return bar;
    }

    private HBox filterBar() {
        filterField.setId("filterField");
        filterField.getStyleClass().add("filter-field");
        filterField.setPromptText("Apply a display filter \u2026  e.g. violation.code == \"STAG_BOUNDS\" || transaction == t1");
        filterField.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                applyFilter();
            }
        });
        Button apply = new Button("Apply");
        apply.setId("filterApply");
        apply.setOnAction(e -> applyFilter());
        Button clear = new Button("Clear");
        clear.setOnAction(e -> {
            filterField.clear();
            applyFilter();
        });
        filterError.setId("filterError");
        filterError.getStyleClass().add("filter-error");
        filterError.setManaged(false);
        filterError.setVisible(false);
        HBox.setHgrow(filterField, Priority.ALWAYS);
        HBox bar = new HBox(filterField, apply, clear);
        bar.getStyleClass().add("filter-bar");
        return bar;
    }

    private HBox statusBar() {
        status.setId("status");
        progress.setId("progress");
        cancel.setId("cancelButton");
        progress.setPrefWidth(220);
        progress.setVisible(false);
        cancel.setVisible(false);
        cancel.setOnAction(e -> {
            cancelLoading();
            cancelFilter();
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(status, spacer, progress, cancel);
        bar.getStyleClass().add("status-bar");
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return bar;
    }

    // ---- loading

    private void chooseAndOpen() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open Capture");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Captures", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File f = fc.showOpenDialog(window());
        if (f != null) {
            open(f.toPath());
        }
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** Opens a capture: clears the views and starts reading it in the background. */
    public void open(Path file) {
        cancelLoading();
        CaptureModel old = model;
        model = null;
        if (old != null) {
            try {
                old.close();
            } catch (IOException ignored) {
                // the old capture is gone from view either way
            }
        }
        cancelFilter();
        rows.reset(f -> null);
        firstRowsMillis = -1;
        details.show(List.of());
        hex.setBytes(new byte[0]);
        firstTime = 0;
        addRecent(file);
        java.util.concurrent.atomic.AtomicLong known = new java.util.concurrent.atomic.AtomicLong();
        AtomicBoolean scheduled = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        long started = System.nanoTime();
        Task<CaptureModel> task = new Task<>() {
            @Override
            protected CaptureModel call() throws Exception {
                Task<CaptureModel> me = this;
                CaptureModel m = opener.open(file);
                Platform.runLater(() -> {
                    if (loading == this) {
                        model = m;
                        rows.reset(m::row);
                    }
                });
                m.load(new LoadListener() {
                    @Override
                    public void frames(long count) {
                        known.set(count);
                        if (scheduled.compareAndSet(false, true)) {
                            Platform.runLater(() -> {
                                scheduled.set(false);
                                drain(known.get(), me, file, started);
                            });
                        }
                    }

                    @Override
                    public void progress(double fraction) {
                        updateProgress(fraction < 0 ? -1 : fraction, fraction < 0 ? -1 : 1);
                    }
                }, () -> stop.get() || isCancelled());
                return m;
            }
        };
        stopLoading = stop;
        loading = task;
        progress.progressProperty().bind(task.progressProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
        status.setText("Loading " + file.getFileName() + " \u2026");
        task.setOnSucceeded(e -> {
            if (loading != task) {
                return;
            }
            model = task.getValue();
            drain(model.frameCount(), task, file, started);
            finished(file, stop.get());
        });
        task.setOnCancelled(e -> {
            if (loading == task) {
                Platform.runLater(() -> finished(file, true));
            }
        });
        task.setOnFailed(e -> {
            if (loading != task) {
                return;
            }
            endProgress();
            Throwable ex = task.getException();
            String reason = ex == null ? "unknown error" : ex.getMessage() != null ? ex.getMessage() : ex.toString();
            status.setText("Cannot open " + file.getFileName());
            showError("Cannot open " + file.getFileName(), reason);
        });
        Thread t = new Thread(task, "rdmascope-load");
        t.setDaemon(true);
        t.start();
    }

    /** Shows the frames read so far in the packet list (on the application thread). */
    private void drain(long count, Task<CaptureModel> owner, Path file, long started) {
        CaptureModel m = model;
        if (loading != owner || m == null) {
            return;
        }
        if (count > rows.frameCount()) {
            if (rows.frameCount() == 0) {
                firstTime = m.timeNanos(1);
                firstRowsMillis = (System.nanoTime() - started) / 1_000_000;
                LOG.info(() -> file.getFileName() + ": first rows shown after " + firstRowsMillis + " ms");
            }
            rows.grow(count);
            if (owner.isRunning()) {
                status.setText("Loading " + file.getFileName() + ": " + rows.frameCount() + " frames");
            }
        }
    }

    /** Milliseconds from opening the last file to its first rows in the packet list, or -1. */
    public long firstRowsMillis() {
        return firstRowsMillis;
    }

    private void endProgress() {
        progress.progressProperty().unbind();
        progress.setVisible(false);
        cancel.setVisible(false);
    }

    /** Shows the analysis once loading ended (completely or cancelled, with what was read). */
    private void finished(Path file, boolean cancelled) {
        endProgress();
        CaptureModel m = model;
        String counts = count(rows.frameCount(), "frame");
        if (m != null) {
            counts += ", " + findings(m.transactions().size(), m.violations());
            refreshAnalysis(m);
        }
        status.setText((cancelled ? "Loading cancelled: " : "") + file.getFileName() + ": " + counts);
        table.refresh();
        if (!filterField.getText().isBlank()) {
            applyFilter();
        }
    }

    /** "272 transactions, 0 errors, 1 warning, 3 notes": a note (severity info) is not called a violation. */
    static String findings(long transactions, List<io.rdmascope.engine.Violation> violations) {
        long[] bySeverity = new long[Severity.values().length];
        for (io.rdmascope.engine.Violation v : violations) {
            bySeverity[v.severity().ordinal()]++;
        }
        return count(transactions, "transaction") + ", " + count(bySeverity[Severity.ERROR.ordinal()], "error") + ", "
                + count(bySeverity[Severity.WARNING.ordinal()], "warning") + ", "
                + count(bySeverity[Severity.INFO.ordinal()], "note");
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private void refreshAnalysis(CaptureModel m) {
        timeline.show(m.connections(), m.transactions(), m::timeNanos);
        sequence.show(null, this::row, List.of());
        violations.show(m.violations());
        statistics.show(m.statistics());
        FrameRow sel = table.getSelectionModel().getSelectedItem();
        showNic(m, sel == null ? -1 : sel.number());
    }

    /** Shows the NIC state at {@code frame} once computed in the background (-1: none). */
    private void showNic(CaptureModel m, long frame) {
        long request = nicRequest.incrementAndGet();
        if (m == null || frame < 1) {
            nic.show(null);
            return;
        }
        nic.computing(frame);
        nicWorker.execute(() -> {
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
                if (nicRequest.get() == request && model == m) {
                    nic.show(s);
                }
            });
        });
    }

    /** Stops the current loading, keeping the rows read so far. */
    public void cancelLoading() {
        stopLoading.set(true);
    }

    public boolean isLoading() {
        Task<CaptureModel> t = loading;
        return t != null && !t.isDone();
    }

    private void showError(String header, String reason) {
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.setTitle("rdmascope");
        a.setHeaderText(header);
        a.setContentText(reason);
        if (window() != null) {
            a.initOwner(window());
        }
        lastAlert = a;
        a.show();
    }

    public Alert lastAlert() {
        return lastAlert;
    }

    // ---- selection

    /** The row of a frame, or null. */
    public FrameRow row(long frame) {
        CaptureModel m = model;
        return m == null || frame < 1 || frame > rows.frameCount() ? null : m.row(frame);
    }

    private void showFrame(FrameRow row) {
        CaptureModel m = model;
        markerOctets.clear();
        if (row == null || m == null) {
            details.show(List.of());
            hex.setBytes(new byte[0]);
            showNic(null, -1);
            return;
        }
        List<FieldNode> tree = m.details(row.number());
        collectMarkers(tree);
        details.show(tree);
        hex.setBytes(m.bytes(row.number()));
        showNic(m, row.number());
    }

    private void collectMarkers(List<FieldNode> nodes) {
        for (FieldNode n : nodes) {
            if ("mpa.marker".equals(n.name()) && n.offset() >= 0) {
                markerOctets.set(n.offset(), n.offset() + n.length());
            }
            collectMarkers(n.children());
        }
    }

    /** Selects one frame in the packet list (clearing the filter when it hides the frame). */
    public void jumpTo(long frame) {
        if (frame < 1 || frame > rows.frameCount()) {
            return;
        }
        int view = filtered.indexOfFrame(frame);
        if (view < 0) {
            filterField.clear();
            applyFilter();
            view = filtered.indexOfFrame(frame);
        }
        table.getSelectionModel().clearAndSelect(view);
        table.scrollTo(Math.max(0, view - 3));
    }

    /** Selects every frame of a transaction and shows its sequence diagram. */
    public void selectTransaction(Transaction t) {
        List<Long> frames = new ArrayList<>();
        frames.add(t.initiationFrame);
        frames.addAll(t.dataFrames);
        if (t.completionFrame >= 0) {
            frames.add(t.completionFrame);
        }
        table.getSelectionModel().clearSelection();
        int first = -1;
        for (long f : frames) {
            int view = filtered.indexOfFrame(f);
            if (view >= 0) {
                table.getSelectionModel().select(view);
                first = first < 0 ? view : Math.min(first, view);
            }
        }
        if (first >= 0) {
            table.scrollTo(Math.max(0, first - 2));
        }
        sequence.show(t, this::row, violationFrames(t));
        timeline.select(t);
    }

    private void step(int delta) {
        int i = table.getSelectionModel().getSelectedIndex();
        int next = i < 0 ? 0 : i + delta;
        if (next >= 0 && next < filtered.size()) {
            table.getSelectionModel().clearAndSelect(next);
            table.scrollTo(Math.max(0, next - 3));
        }
    }

    // ---- filter

    /** Compiles the filter bar's text; an error is shown in red under the bar and the rows stay. */
    public void applyFilter() {
        CaptureModel m = model;
        String text = filterField.getText();
        FrameFilter f = m == null ? (text == null || text.isBlank() ? FrameFilter.ALL : FrameFilter.error("no capture loaded"))
                : new DisplayFilterCompiler(m).compile(text);
        boolean blank = text == null || text.isBlank();
        filterField.pseudoClassStateChanged(VALID, f.valid() && !blank);
        filterField.pseudoClassStateChanged(INVALID, !f.valid());
        if (!f.valid()) {
            filterError.setText(f.error());
            filterError.setManaged(true);
            filterError.setVisible(true);
            return;
        }
        filterError.setText("");
        filterError.setManaged(false);
        filterError.setVisible(false);
        cancelFilter();
        if (blank) {
            filtered.show(null);
            status.setText(rows.frameCount() + " frames");
            return;
        }
        int n = rows.frameCount();
        java.util.function.LongPredicate p = f.predicate();
        if (n <= FOREGROUND_FILTER) {
            filtered.show(matching(p, n, () -> false, null));
            status.setText("Displayed: " + filtered.size() + " of " + n + " frames");
            return;
        }
        filterInBackground(p, n, text);
    }

    /** Frames 1 to {@code n} that {@code p} accepts; null when stopped. */
    private static int[] matching(java.util.function.LongPredicate p, int n, java.util.function.BooleanSupplier stop,
                                  java.util.function.IntConsumer done) {
        int[] out = new int[1024];
        int k = 0;
        for (int f = 1; f <= n; f++) {
            if ((f & 4095) == 0) {
                if (stop.getAsBoolean()) {
                    return null;
                }
                if (done != null) {
                    done.accept(f);
                }
            }
            if (p.test(f)) {
                if (k == out.length) {
                    out = java.util.Arrays.copyOf(out, k * 2);
                }
                out[k++] = f;
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    /** Evaluates a filter over a large capture off the application thread; the rows stay until it ends. */
    private void filterInBackground(java.util.function.LongPredicate p, int n, String text) {
        Task<int[]> task = new Task<>() {
            @Override
            protected int[] call() {
                return matching(p, n, this::isCancelled, f -> updateProgress(f, n));
            }
        };
        filtering = task;
        progress.progressProperty().bind(task.progressProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
        status.setText("Filtering " + n + " frames …");
        task.setOnSucceeded(e -> {
            if (filtering != task) {
                return;
            }
            filtering = null;
            if (!isLoading()) {
                endProgress();
            }
            int[] m = task.getValue();
            if (m != null) {
                filtered.show(m);
                status.setText("Displayed: " + m.length + " of " + n + " frames");
            }
        });
        task.setOnCancelled(e -> {
            if (filtering == task) {
                filtering = null;
                if (!isLoading()) {
                    endProgress();
                }
                status.setText("Filter cancelled: " + text);
            }
        });
        task.setOnFailed(e -> {
            if (filtering == task) {
                filtering = null;
                endProgress();
                status.setText("Filter failed: " + task.getException());
            }
        });
        Thread t = new Thread(task, "rdmascope-filter");
        t.setDaemon(true);
        t.start();
    }

    /** Stops a display filter that is being evaluated; the rows shown stay. */
    public void cancelFilter() {
        Task<int[]> t = filtering;
        if (t != null) {
            t.cancel();
        }
    }

    /** Whether a display filter is being evaluated in the background. */
    public boolean isFiltering() {
        Task<int[]> t = filtering;
        return t != null && !t.isDone();
    }

    /** Frames of violations that name {@code t}: the writes that broke it are not among its data frames. */
    private List<Long> violationFrames(Transaction t) {
        CaptureModel m = model;
        List<Long> out = new ArrayList<>();
        if (m != null && t != null) {
            for (io.rdmascope.engine.Violation v : m.violations()) {
                if (t.id.equals(v.transaction()) && !out.contains(v.frame())) {
                    out.add(v.frame());
                }
            }
        }
        return out;
    }

    // ---- exports

    private interface Exporter {
        void write(Path out) throws IOException;
    }

    private void exportDialog(String name, String kind, String pattern, Exporter exporter) {
        if (model == null) {
            showError("Nothing to export", "Open a capture first.");
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setInitialFileName(name);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        File f = fc.showSaveDialog(window());
        if (f == null) {
            return;
        }
        try {
            exporter.write(f.toPath());
            status.setText("Exported " + f.getName());
        } catch (IOException | RuntimeException ex) {
            showError("Cannot export " + f.getName(), String.valueOf(ex.getMessage()));
        }
    }

    public void exportJson(Path out) throws IOException {
        Exports.analysisJson(model, NicSettings.DEFAULTS, out);
    }

    /** Writes the selected frames (in frame order) as pcap; returns how many were written. */
    public int exportSelectedPcap(Path out) throws IOException {
        List<Long> frames = new ArrayList<>();
        for (FrameRow r : table.getSelectionModel().getSelectedItems()) {
            frames.add(r.number());
        }
        frames.sort(null);
        return Exports.pcap(model, frames, out);
    }

    public void exportTimelinePng(Path out) throws IOException {
        Exports.png(timeline.canvas().snapshot(new SnapshotParameters(), null), out);
    }

    // ---- recent files

    private void addRecent(Path file) {
        if (prefs == null) {
            return;
        }
        List<String> list = recentFiles();
        String p = file.toAbsolutePath().toString();
        list.remove(p);
        list.add(0, p);
        while (list.size() > RECENT_MAX) {
            list.remove(list.size() - 1);
        }
        prefs.put("recent", String.join("\n", list));
        refreshRecent();
    }

    public List<String> recentFiles() {
        List<String> list = new ArrayList<>();
        if (prefs != null) {
            for (String s : prefs.get("recent", "").split("\n")) {
                if (!s.isBlank()) {
                    list.add(s);
                }
            }
        }
        return list;
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        for (String p : recentFiles()) {
            MenuItem item = new MenuItem(p);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> open(Path.of(p)));
            recentMenu.getItems().add(item);
        }
        recentMenu.setDisable(recentMenu.getItems().isEmpty());
    }

    // ---- accessors for the application and tests

    public CaptureModel model() {
        return model;
    }

    public FrameList allRows() {
        return rows;
    }

    public PacketTable table() {
        return table;
    }

    public DetailTree details() {
        return details;
    }

    public HexView hex() {
        return hex;
    }

    public TimelineView timeline() {
        return timeline;
    }

    public SequenceView sequence() {
        return sequence;
    }

    public ViolationsPane violations() {
        return violations;
    }

    public NicInspector nic() {
        return nic;
    }

    public TabPane tabs() {
        return tabs;
    }

    public TextField filterField() {
        return filterField;
    }

    public Label filterError() {
        return filterError;
    }

    public Label status() {
        return status;
    }

    /** Selects the detail tree's first node whose name is {@code name} (expanding its parents). */
    public boolean selectField(String name) {
        TreeItem<FieldNode> root = details.getRoot();
        TreeItem<FieldNode> found = root == null ? null : find(root, name);
        if (found == null) {
            return false;
        }
        for (TreeItem<FieldNode> p = found.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        details.getSelectionModel().select(found);
        int row = details.getRow(found);
        if (row >= 0) {
            details.scrollTo(Math.max(0, row - 2));
        }
        return true;
    }

    private static TreeItem<FieldNode> find(TreeItem<FieldNode> item, String name) {
        if (item.getValue() != null && name.equals(item.getValue().name())) {
            return item;
        }
        for (TreeItem<FieldNode> c : item.getChildren()) {
            TreeItem<FieldNode> f = find(c, name);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

}

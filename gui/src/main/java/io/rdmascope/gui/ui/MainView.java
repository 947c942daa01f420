package io.rdmascope.gui.ui;

import io.rdmascope.engine.Transaction;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureOpener;
import io.rdmascope.gui.model.FrameRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import io.rdmascope.gui.prefs.PreferencesFile;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.geometry.Orientation;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
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

    private final CaptureOpener opener;
    /** Every frame read: the size of the capture, for tests and the status bar. */
    private final FrameList rows = new FrameList();
    /** The packet list's items: every frame, or the frames the display filter matched. */
    private final FrameList filtered = rows;
    private volatile CaptureModel model;
    private long firstTime;

    private final PacketTable table;
    private final DetailTree details = new DetailTree();
    private final HexView hex = new HexView();
    private final FpduBytesTabs bytesTabs = new FpduBytesTabs(hex, details);
    private final FilterBar filterBar;
    private final FindBar findBar;
    /** The window's panes: packet list, details and bytes, analysis; and details beside bytes. */
    private final SplitPane main;
    private final SplitPane bytesPane;
    private final TimelineView timeline = new TimelineView();
    private final SequenceView sequence = new SequenceView();
    private final ViolationsPane violations = new ViolationsPane();
    private final NicInspector nic;
    private final StatisticsPane statistics = new StatisticsPane();
    private final TabPane tabs = new TabPane();
    private final StatusBar statusBar = new StatusBar(() -> {
        cancelLoading();
        cancelFilter();
    }, this::openViolations);
    private final Label status = statusBar.status();
    private final Button cancel = statusBar.cancel();
    private final MainMenus menus;
    /** The preferences the menus, the column headers and the Preferences dialog share. */
    private final DesktopSettings settings;
    private PreferencesDialog preferencesDialog;
    private final AnalysisViews analysisViews;
    private final Navigator navigator;
    private final ContextMenus contextMenus;
    private final PacketSorter sorter;
    /** The model whose analysis the views show (null while a capture loads): expert items link to its transactions. */
    private CaptureModel analysed;
    private LoadTask loading;
    private AtomicBoolean stopLoading = new AtomicBoolean();
    private volatile long firstRowsMillis = -1;
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(MainView.class.getName());
    private Alert lastAlert;
    /** What the status bar says once loading ended: shown again when the filter is cleared. */
    private String summary;

    /**
     * @param opener how a capture file is read
     * @param preferences where the preferences are read from and written to (null: the defaults,
     *     not kept)
     */
    public MainView(CaptureOpener opener, PreferencesFile preferences) {
        this.opener = opener;
        this.settings = new DesktopSettings(preferences);
        this.menus = new MainMenus(settings, this, () -> model != null);
        table = new PacketTable(f -> {
            CaptureModel m = model;
            return m == null ? null : m.severityAt(f);
        }, () -> firstTime);
        table.setId("packetTable");
        table.setItems(filtered);
        navigator = new Navigator(table, filtered, () -> {
            filterField().clear();
            applyFilter();
        });
        details.setId("detailTree");
        hex.setId("hexView");
        timeline.setId("timeline");
        sequence.setId("sequence");
        violations.setId("violations");
        nic = new NicInspector(() -> step(-1), () -> step(1));
        nic.setId("nic");
        statistics.setId("statistics");

        filterBar = new FilterBar(new WindowFilterHost(this, statusBar, () -> summary), filtered);
        filterBar.remember(settings.filterHistory(), settings::filterHistory,
                settings.savedFilters(), settings::savedFilters);
        findBar = new FindBar(this);
        setTop(new VBox(menus.top(), filterBar, filterBar.error(), findBar));
        bytesPane = new SplitPane(details, bytesTabs);
        bytesPane.setDividerPositions(0.55);
        hex.fitIn(bytesPane, 0.55);
        tabs.getTabs().addAll(tab("Timeline", timeline), tab("Sequence", sequence), tab("Violations", violations),
                tab("NIC State", nic), tab("Statistics", statistics));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        analysisViews = new AnalysisViews(this, tabs, statistics);
        main = new SplitPane(table, bytesPane, tabs);
        main.setOrientation(Orientation.VERTICAL);
        main.setDividerPositions(0.38, 0.68);
        setCenter(main);
        setBottom(statusBar);

        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> showFrame(row));
        // The table's own Ctrl+Home and Ctrl+End only move the focus ring; as in Wireshark they select.
        table.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.isShortcutDown() && !e.isShiftDown() && e.getCode() == javafx.scene.input.KeyCode.HOME) {
                navigator.first();
                e.consume();
            } else if (e.isShortcutDown() && !e.isShiftDown() && e.getCode() == javafx.scene.input.KeyCode.END) {
                navigator.last();
                e.consume();
            }
        });
        details.setOnLink(this::jumpTo);
        sorter = new PacketSorter(table, filtered, () -> model, this::isLoading);
        contextMenus = new ContextMenus(ContextMenus.actionsOf(this));
        contextMenus.install(details);
        contextMenus.install(table);
        contextMenus.install(violations);
        contextMenus.install(timeline);
        violations.setOnJump(this::jumpTo);
        timeline.setOnSelect(this::selectTransaction);
        MainMenus.acceptDroppedFiles(this, this::open);
        followSettings();
    }

    /** Shows the window as the preferences say, and follows each change of them. */
    private void followSettings() {
        table.applyColumnLayout(settings.columns());
        table.onColumnLayoutChanged(() -> settings.columns(table.columnLayout()));
        table.timeFormat(settings.timeFormat().get());
        settings.timeFormat().addListener((o, was, now) -> table.timeFormat(now));
        for (String pane : DesktopSettings.PANES) {
            if (!settings.paneShown(pane).get()) {
                showPane(pane, false);
            }
            settings.paneShown(pane).addListener((o, was, now) -> showPane(pane, now));
        }
        sideBySide(settings.detailsBesideBytes().get());
        settings.detailsBesideBytes().addListener((o, was, now) -> sideBySide(now));
        javafx.beans.InvalidationListener font = o -> font(settings.fontFamily().get(), settings.fontSize().get());
        settings.fontFamily().addListener(font);
        settings.fontSize().addListener(font);
        if (!settings.fontFamily().get().isBlank() || settings.fontSize().get() != ViewMenu.NORMAL_SIZE) {
            font.invalidated(null);
        }
    }

    /** The preferences this window shows and keeps. */
    public DesktopSettings settings() {
        return settings;
    }

    /** Edit &gt; Preferences: the dialog of the preferences, shown (the one open already, if any). */
    public PreferencesDialog openPreferences() {
        if (preferencesDialog == null || !preferencesDialog.isShowing()) {
            preferencesDialog = new PreferencesDialog(settings, table, window());
            preferencesDialog.show();
        } else {
            preferencesDialog.toFront();
        }
        return preferencesDialog;
    }

    /** The Preferences dialog opened last, or null. */
    public PreferencesDialog preferencesDialog() {
        return preferencesDialog;
    }

    private static Tab tab(String name, javafx.scene.Node content) {
        Tab t = new Tab(name, content);
        t.setId("tab" + name.replace(" ", ""));
        if (content instanceof TabCanvas view) {
            TabCanvas.follow(t, view);
        }
        return t;
    }

    /** Shows the Violations tab (the expert indicator's action). */
    public void openViolations() {
        tabs.getTabs().stream().filter(t -> "tabViolations".equals(t.getId())).findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t));
    }

    // ---- loading

    Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** Opens a capture: clears the views and starts reading it in the background. */
    public void open(Path file) {
        menus.addRecent(file);
        load(new LoadTask.Source(file.getFileName().toString(), false), () -> opener.open(file));
    }

    /**
     * Shows a capture under way, {@code live} reading the interface {@code name}: rows,
     * transactions and violations appear as they are captured, until {@link #cancelLoading}
     * (Capture &gt; Stop) ends the capture and the analysis is completed as for a file.
     */
    public void capture(String name, CaptureModel live) {
        load(new LoadTask.Source(name, true), () -> live);
    }

    /** Clears the views and starts reading a capture in the background. */
    private void load(LoadTask.Source source, java.util.concurrent.Callable<CaptureModel> opening) {
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
        // the new capture is shown in frame order: the old sort arrow goes, and so do marks
        table.getSortOrder().clear();
        table.clearMarks();
        table.noMatch(false);
        rows.reset(f -> null);
        summary = null;
        analysed = null;
        navigator.violations(List.of());
        statusBar.expert(List.of());
        firstRowsMillis = -1;
        details.show(List.of());
        bytesTabs.show(null, -1, List.of());
        firstTime = 0;
        if (getScene() != null && getScene().getWindow() instanceof javafx.stage.Stage stage) {
            stage.setTitle("rdmascope \u2014 " + source.name());
        }
        AtomicBoolean stop = new AtomicBoolean();
        long started = System.nanoTime();
        LoadTask task = new LoadTask(source, opening, stop::get);
        task.onOpened(m -> {
            if (loading == task) {
                model = m;
                rows.reset(m::row);
            }
        });
        task.onFrames(count -> drain(count, task, started));
        stopLoading = stop;
        loading = task;
        statusBar.showProgress(task);
        cancel.setText(source.live() ? "Stop" : "Cancel");
        status.setText(source.doing() + " \u2026");
        task.setOnSucceeded(e -> {
            if (loading != task) {
                return;
            }
            model = task.getValue();
            drain(model.frameCount(), task, started);
            finished(source.name(), stop.get() && !source.live());
        });
        task.setOnCancelled(e -> {
            if (loading == task) {
                Platform.runLater(() -> finished(source.name(), true));
            }
        });
        task.setOnFailed(e -> {
            if (loading != task) {
                return;
            }
            endProgress();
            Throwable ex = task.getException();
            String reason = ex == null ? "unknown error" : ex.getMessage() != null ? ex.getMessage() : ex.toString();
            LOG.log(java.util.logging.Level.WARNING, source.failure(), ex);
            status.setText(source.failure());
            showError(source.failure(), reason);
        });
        menus.capture().follow(task);
        task.start();
    }

    /** Shows the frames read so far in the packet list (on the application thread). */
    private void drain(long count, LoadTask owner, long started) {
        CaptureModel m = model;
        if (loading != owner || m == null) {
            return;
        }
        if (count > rows.frameCount()) {
            if (rows.frameCount() == 0) {
                firstTime = m.timeNanos(1);
                firstRowsMillis = (System.nanoTime() - started) / 1_000_000;
                LOG.info(() -> owner.source().name() + ": first rows shown after " + firstRowsMillis + " ms");
            }
            rows.grow(count);
            if (owner.isRunning()) {
                status.setText(owner.source().doing() + ": " + rows.frameCount() + " frames" + dropped(m));
            }
        }
    }

    /** ", N dropped (K by the kernel, I by the interface)" of a live capture's counts, or "" for a file. */
    private static String dropped(CaptureModel m) {
        io.rdmascope.capture.CaptureStatistics c = m.captureCounts();
        if (c == null) {
            return "";
        }
        return ", " + c.dropped() + " dropped" + (c.dropped() == 0 ? ""
                : " (" + c.droppedByKernel() + " by the kernel, " + c.droppedByInterface() + " by the interface)");
    }

    /** Milliseconds from opening the last file to its first rows in the packet list, or -1. */
    public long firstRowsMillis() {
        return firstRowsMillis;
    }

    private void endProgress() {
        statusBar.endProgress();
    }

    /** Shows the analysis once loading ended (completely or cancelled, with what was read). */
    private void finished(String name, boolean cancelled) {
        endProgress();
        CaptureModel m = model;
        String counts = StatusText.count(rows.frameCount(), "frame") + (m != null ? dropped(m) : "");
        if (m != null) {
            counts += ", " + StatusText.findings(m.transactions().size(), m.violations());
        }
        summary = (cancelled ? "Loading cancelled: " : "") + name + ": " + counts;
        status.setText(summary);
        if (m != null) {
            refreshAnalysis(m);
        }
        table.refresh();
        if (!filterBar.field().getText().isBlank()) {
            applyFilter();
        }
    }

    private void refreshAnalysis(CaptureModel m) {
        timeline.show(m.connections(), m.transactions(), m::timeNanos);
        sequence.show(null, this::row, List.of());
        violations.show(m.violations());
        navigator.violations(m.violations());
        statusBar.expert(m.violations());
        analysed = m;
        statistics.show(m.statistics());
        analysisViews.refresh(m);
        FrameRow sel = table.getSelectionModel().getSelectedItem();
        showNic(m, sel == null ? -1 : sel.number());
    }

    /**
     * The transaction of an expert item's link, once loading ended (null before): looked for when a
     * frame is shown rather than kept in a map of every transaction.
     */
    private Transaction transactionById(CaptureModel m, String id) {
        if (id == null || m != analysed) {
            return null;
        }
        for (Transaction t : m.transactions()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        return null;
    }

    /** Shows the NIC state at {@code frame} once computed in the background (-1: none). */
    private void showNic(CaptureModel m, long frame) {
        nic.showAt(m, frame, () -> model);
    }

    /** Stops the current loading, keeping the rows read so far. */
    public void cancelLoading() {
        stopLoading.set(true);
    }

    public boolean isLoading() {
        LoadTask t = loading;
        return t != null && !t.ended();
    }

    /** Whether a live capture is under way (Capture &gt; Stop, or {@link #cancelLoading}, ends it). */
    public boolean isCapturing() {
        LoadTask t = loading;
        return t != null && !t.ended() && t.source().live();
    }

    /** Shows the findings of a capture under way so far (called now and then while it runs). */
    void refreshLive() {
        CaptureModel m = model;
        if (m != null && isCapturing()) {
            refreshAnalysis(m);
            table.refresh();
            status.setText(loading.source().doing() + ": " + rows.frameCount() + " frames" + dropped(m));
        }
    }

    void showError(String header, String reason) {
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
        if (row == null || m == null) {
            details.show(List.of());
            bytesTabs.show(null, -1, List.of());
            showNic(null, -1);
            return;
        }
        List<FieldNode> tree = ExpertItems.attach(m.details(row.number()), m.violationsAt(row.number()),
                id -> transactionById(m, id));
        details.show(tree);
        bytesTabs.show(m, row.number(), tree);
        showNic(m, row.number());
    }

    /**
     * Analyze &gt; Follow: the messages of the selected frame's MPA connection in a window of their
     * own; null when no frame of a connection is selected.
     */
    public FollowStreamWindow follow(io.rdmascope.gui.model.FollowedStream.Layer layer) {
        FrameRow row = table.getSelectionModel().getSelectedItem();
        return FollowStreamWindow.open(this, model, row == null ? -1 : row.number(), layer);
    }

    /** The kind of connection the selected frame belongs to: what Follow can show of it. */
    public FollowItems.Kind followKind() {
        FrameRow row = table.getSelectionModel().getSelectedItem();
        CaptureModel m = model;
        String id = m == null || row == null ? null : m.connectionAt(row.number());
        return id == null ? FollowItems.Kind.NONE : m.queuePair(id) ? FollowItems.Kind.QUEUE_PAIR : FollowItems.Kind.MPA;
    }

    /** Selects one frame in the packet list (clearing the filter when it hides the frame). */
    public void jumpTo(long frame) {
        navigator.jumpTo(frame);
    }

    /** Selects the next displayed frame with a violation; returns it, or -1 when there is none. */
    public long nextViolation() {
        return expertStep(true);
    }

    /** Selects the previous displayed frame with a violation; returns it, or -1 when there is none. */
    public long previousViolation() {
        return expertStep(false);
    }

    /**
     * The font of the packet list, detail tree and bytes (the preferences, and View > Zoom):
     * {@code family}, or each one's default when empty, at {@code size}.
     */
    private void font(String family, double size) {
        table.font(family, size);
        String style = "-fx-font-size: " + size + "px;";
        if (!family.isBlank()) {
            style += " -fx-font-family: \"" + family.replace("\"", "") + "\";";
        }
        details.setStyle(style);
        bytesTabs.font(family, size);
    }

    /** View &gt; Packet List, Packet Details, Packet Bytes: shows or hides one of the panes. */
    private void showPane(String pane, boolean shown) {
        javafx.scene.Node n = "Packet List".equals(pane) ? table : "Packet Details".equals(pane) ? details : bytesTabs;
        SplitPane in = n == table ? main : bytesPane;
        if (shown && !in.getItems().contains(n)) {
            in.getItems().add(n == table || n == details ? 0 : in.getItems().size(), n);
        } else if (!shown) {
            in.getItems().remove(n);
        }
        boolean bytesShown = !bytesPane.getItems().isEmpty();
        if (bytesShown && !main.getItems().contains(bytesPane)) {
            main.getItems().add(main.getItems().contains(table) ? 1 : 0, bytesPane);
        } else if (!bytesShown) {
            main.getItems().remove(bytesPane);
        }
        // the panes shown share the window as they did at first
        if (main.getItems().size() == 3) {
            main.setDividerPositions(0.38, 0.68);
        } else if (main.getItems().size() == 2) {
            main.setDividerPositions(0.55);
        }
        if (bytesPane.getItems().size() == 2) {
            bytesPane.setDividerPositions(0.55);
        }
    }

    /** Whether a pane of {@link #showPane} is shown. */
    public boolean paneShown(String pane) {
        return "Packet List".equals(pane) ? main.getItems().contains(table)
                : bytesPane.getItems().contains("Packet Details".equals(pane) ? details : bytesTabs)
                        && main.getItems().contains(bytesPane);
    }

    /** View &gt; Layout: the details beside the bytes (true, the default) or above them. */
    private void sideBySide(boolean beside) {
        bytesPane.setOrientation(beside ? Orientation.HORIZONTAL : Orientation.VERTICAL);
    }

    public boolean sideBySide() {
        return bytesPane.getOrientation() == Orientation.HORIZONTAL;
    }

    /** Edit &gt; Find Packet: shows the find bar with the keyboard in its field. */
    void openFind() {
        findBar.open();
    }

    /** Edit &gt; Find Next (forward) and Find Previous: the next displayed packet that matches, or -1. */
    long findNext(boolean forward) {
        if (!findBar.isVisible()) {
            findBar.open();
            return -1;
        }
        return findBar.find(forward);
    }

    /** The rows the packet list shows (every frame, or a filter's matches), in their order. */
    FrameList shownRows() {
        return filtered;
    }

    /** The find bar's field and its choice of display filter, hex value or string. */
    public TextField findField() {
        return findBar.field();
    }

    public javafx.scene.control.ComboBox<String> findKind() {
        return findBar.kind();
    }

    /** Edit &gt; Mark/Unmark Packet: every selected frame. */
    void toggleMark() {
        for (FrameRow r : List.copyOf(table.getSelectionModel().getSelectedItems())) {
            table.toggleMark(r.number());
        }
    }

    /** Edit &gt; Next Mark (forward) and Previous Mark: the next displayed marked frame; -1 when none. */
    long mark(boolean forward) {
        long at = navigator.selectedFrame();
        Long f = forward ? table.marked().higher(at) : table.marked().lower(at == 0 ? Long.MAX_VALUE : at);
        while (f != null && filtered.indexOfFrame(f) < 0) {
            f = forward ? table.marked().higher(f) : table.marked().lower(f);
        }
        if (f == null) {
            status.setText(forward ? "No next mark" : "No previous mark");
            return -1;
        }
        navigator.select(filtered.indexOfFrame(f));
        return f;
    }

    /** Edit &gt; Set/Unset Time Reference: the Time column then counts from it for the frames after it. */
    void toggleReference() {
        FrameRow r = table.getSelectionModel().getSelectedItem();
        if (r != null) {
            table.toggleReference(r.number(), r.timeNanos());
        }
    }

    /** Go > First Packet, Last Packet. */
    void firstPacket() {
        navigator.first();
    }

    void lastPacket() {
        navigator.last();
    }

    /** Go > Go to Packet: asks for a frame number and selects that frame. */
    void goToPacket() {
        GoToPacket.ask(window(), rows.frameCount(), this::jumpTo);
    }

    private long expertStep(boolean forward) {
        long f = navigator.violation(forward);
        if (f < 0) {
            status.setText(forward ? "No next violation" : "No previous violation");
        }
        return f;
    }

    /** Selects every frame of a transaction and shows its sequence diagram. */
    public void selectTransaction(Transaction t) {
        navigator.selectAll(Navigator.frames(t));
        CaptureModel m = model;
        sequence.show(t, this::row, m == null ? List.of() : Navigator.violationFrames(m.violations(), t));
        timeline.select(t);
    }

    private void step(int delta) {
        navigator.step(delta);
    }

    // ---- filter

    /** Compiles the filter bar's text; an error is shown in red under the bar and the rows stay. */
    public void applyFilter() {
        filterBar.applyFilter();
    }

    /** Stops a display filter that is being evaluated; the rows shown stay. */
    public void cancelFilter() {
        filterBar.cancelFilter();
    }

    /** Whether the packet list is being sorted in the background. */
    public boolean isSorting() {
        return sorter.isSorting();
    }

    /** Whether a display filter is being evaluated in the background. */
    public boolean isFiltering() {
        return filterBar.isFiltering();
    }

    /** The recent files, most recent first. */
    public List<String> recentFiles() {
        return menus.recentFiles();
    }

    /** What was copied last from a context menu. */
    public String lastCopied() {
        return contextMenus.copied();
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

    /** The bytes pane: the frame's octets and its reassembled FPDUs. */
    public FpduBytesTabs bytesTabs() {
        return bytesTabs;
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
        return filterBar.field();
    }

    /** The recent filters, most recent first (the filter bar's drop-down). */
    public List<String> recentFilters() {
        return filterBar.recentFilters();
    }

    /** The filters of the filter bar's saved buttons. */
    public List<String> savedFilters() {
        return filterBar.savedFilters();
    }

    /** The filter bar's field-name completion popup. */
    public javafx.scene.control.ContextMenu filterCompletion() {
        return filterBar.completion();
    }

    public Label filterError() {
        return filterBar.error();
    }

    public Label status() {
        return status;
    }

    /** The expert indicator of the status bar. */
    public Label expertIndicator() {
        return statusBar.expert();
    }

    /** The most severe violation of the capture, as the expert indicator shows it; null when none. */
    public io.rdmascope.engine.Severity expertSeverity() {
        return statusBar.highest();
    }

    /** Capture: live capture on an interface. */
    public CaptureMenu captureMenu() {
        return menus.capture();
    }

    /**
     * Statistics menu: one of the statistics' views ({@link StatisticsPane#VIEWS}) in a window of its
     * own, resizable, as Wireshark opens its statistics; the Statistics tab stays as it is.
     */
    public javafx.stage.Stage showStatistics(String name) {
        StatisticsPane pane = new StatisticsPane();
        pane.setId("statisticsWindow");
        pane.attach(() -> model, filtered);
        CaptureModel m = model;
        if (m != null && !isLoading()) {
            pane.show(m.statistics());
        }
        pane.showView(name);
        javafx.stage.Stage stage = new javafx.stage.Stage();
        javafx.scene.Scene scene = new javafx.scene.Scene(pane, 1180, 660);
        if (getScene() != null) {
            scene.getStylesheets().setAll(getScene().getStylesheets());
        }
        stage.setScene(scene);
        stage.setTitle(name + " \u2014 rdmascope");
        stage.setResizable(true);
        if (window() != null) {
            stage.initOwner(window());
        }
        stage.show();
        return stage;
    }

    /** Selects the detail tree's first node whose name is {@code name} (expanding its parents). */
    public boolean selectField(String name) {
        return details.selectField(name);
    }
}

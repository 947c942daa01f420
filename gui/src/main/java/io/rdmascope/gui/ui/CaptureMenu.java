package io.rdmascope.gui.ui;

import io.rdmascope.gui.live.LiveCapture;
import io.rdmascope.gui.live.LiveSession;
import io.rdmascope.gui.model.CaptureModel;
import java.io.IOException;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.stage.WindowEvent;
import javafx.util.Duration;

/**
 * Capture, as Wireshark's: Interfaces… chooses an interface and a capture filter and starts; Start
 * captures again on the last interface chosen (asking for one the first time) and Stop ends the
 * capture, both on Ctrl+E and as the buttons beside the menus. The frames show as they are
 * captured; the analysis views are brought up to date about once a second, less often when doing
 * so takes long, so that a big capture never keeps the window busy. Closing the window stops the
 * capture; opening a file does too. With a ring of files (chosen in Interfaces…) the window shows
 * the file being written and goes on to the next one when it is full ({@link LiveSession}).
 */
public final class CaptureMenu {
    /** How often the analysis views follow a capture under way at most. */
    static final Duration REFRESH = Duration.seconds(1);
    /** Bringing the views up to date takes at most this share of the time. */
    private static final int REFRESH_SHARE = 10;
    private static final KeyCombination START_STOP = KeyCombination.keyCombination("Shortcut+E");

    private final MainView view;
    private final ReadOnlyBooleanWrapper capturing = new ReadOnlyBooleanWrapper();
    private final MenuItem start = new MenuItem("Start");
    private final MenuItem stop = new MenuItem("Stop");
    private final Button startButton = new Button("\u25b6");
    private final Button stopButton = new Button("\u25a0");
    private final PauseTransition tick = new PauseTransition(REFRESH);
    private String iface;
    private String filter = "";
    private LiveSession.Ring ring = LiveSession.Ring.NONE;
    /** The capture under way or last shown, or null. */
    private LiveSession session;
    /** Frames shown when the views were last brought up to date. */
    private long refreshedAt = -1;
    private InterfacesDialog dialog;
    /** The load the window shows now. */
    private LoadTask following;

    CaptureMenu(MainView view) {
        this.view = view;
        tick.setOnFinished(e -> refresh());
        view.allRows().addListener((ListChangeListener<Object>) c -> showNewest());
    }

    Menu menu() {
        MenuItem interfaces = new MenuItem("Interfaces\u2026");
        interfaces.setId("captureInterfaces");
        interfaces.setAccelerator(KeyCombination.keyCombination("Shortcut+K"));
        interfaces.setOnAction(e -> chooseInterface());
        start.setId("captureStart");
        start.setOnAction(e -> start());
        stop.setId("captureStop");
        stop.setOnAction(e -> stop());
        start.disableProperty().bind(capturing);
        stop.disableProperty().bind(capturing.not());
        // one key starts and stops, as in Wireshark: the window's key filter acts on it (a scene
        // holds one action per key, so the items only show it)
        start.setAccelerator(START_STOP);
        stop.setAccelerator(START_STOP);
        Menu menu = new Menu("Capture", null, interfaces, new SeparatorMenuItem(), start, stop);
        menu.setId("captureMenu");
        return menu;
    }

    /** The Start and Stop buttons, shown beside the menus. */
    Node buttons() {
        startButton.setId("startButton");
        stopButton.setId("stopButton");
        startButton.setTooltip(new Tooltip("Start capturing (Ctrl+E)"));
        stopButton.setTooltip(new Tooltip("Stop capturing (Ctrl+E)"));
        startButton.setOnAction(e -> start());
        stopButton.setOnAction(e -> stop());
        startButton.disableProperty().bind(capturing);
        stopButton.disableProperty().bind(capturing.not());
        startButton.setStyle("-fx-text-fill: #2a7ab0; -fx-padding: 1 8 1 8;");
        stopButton.setStyle("-fx-text-fill: #c0392b; -fx-padding: 1 8 1 8;");
        HBox box = new HBox(2, startButton, stopButton);
        box.setAlignment(Pos.CENTER);
        box.setStyle("-fx-padding: 0 6 0 6;");
        box.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                    if (START_STOP.match(e)) {
                        e.consume();
                        if (capturing.get()) {
                            stop();
                        } else {
                            start();
                        }
                    }
                });
                scene.windowProperty().addListener((w, old, window) -> {
                    if (window != null) {
                        window.addEventHandler(WindowEvent.WINDOW_HIDING, e -> stop());
                    }
                });
            }
        });
        return box;
    }

    /** Whether a capture is under way. */
    public ReadOnlyBooleanProperty capturing() {
        return capturing.getReadOnlyProperty();
    }

    /** Capture &gt; Start: on the last interface chosen, or after choosing one. */
    public void start() {
        if (capturing.get()) {
            return;
        }
        if (iface == null) {
            chooseInterface();
        } else {
            start(iface, filter);
        }
    }

    /**
     * Starts capturing on {@code name} with a capture filter (blank: every frame). A filter that
     * does not compile, an interface that does not exist or cannot be opened is told in a message,
     * and nothing else changes.
     */
    public void start(String name, String captureFilter) {
        start(name, captureFilter, ring);
    }

    /** Starts capturing, as {@link #start(String, String)}, into a ring of files when {@code ring} rotates. */
    public void start(String name, String captureFilter, LiveSession.Ring ring) {
        String bpf = captureFilter == null ? "" : captureFilter.trim();
        iface = name;
        filter = bpf;
        this.ring = ring;
        String failure = "Cannot capture on " + name;
        String why = LiveCapture.filterProblem(bpf);
        if (why != null) {
            view.status().setText(failure);
            view.showError(failure, why);
            return;
        }
        LiveSession opened;
        CaptureModel model;
        try {
            opened = LiveSession.open(name, bpf, ring);
        } catch (IOException | RuntimeException e) {
            view.status().setText(failure);
            view.showError(failure, e.getMessage() != null ? e.getMessage() : e.toString());
            return;
        }
        try {
            model = opened.nextFile();
        } catch (IOException | RuntimeException e) {
            opened.close();
            view.status().setText(failure);
            view.showError(failure, e.getMessage() != null ? e.getMessage() : e.toString());
            return;
        }
        endSession();
        session = opened;
        view.capture(opened.name(), model);
    }

    /** The capture's next file, once the one shown is full: the window goes on with it. */
    private void nextFile(LiveSession s) {
        CaptureModel model;
        try {
            model = s.nextFile();
        } catch (IOException | RuntimeException e) {
            endSession();
            String failure = "Cannot go on capturing on " + s.iface();
            view.status().setText(failure);
            view.showError(failure, e.getMessage() != null ? e.getMessage() : e.toString());
            return;
        }
        view.capture(s.name(), model);
    }

    private void endSession() {
        if (session != null) {
            session.close();
        }
    }

    /** The capture shown, or last shown (its ring of files), or null. */
    public LiveSession session() {
        return session;
    }

    /**
     * Capture &gt; Stop: ends the capture; the analysis is then completed as for a file. The
     * session is stopped too, so that a ring of files changing file at this moment opens no next
     * one (stopping twice does nothing more).
     */
    public void stop() {
        if (capturing.get()) {
            if (session != null) {
                session.stop();
            }
            view.cancelLoading();
        }
    }

    /** Capture &gt; Interfaces…: the interfaces and a capture filter; Start starts. */
    public void chooseInterface() {
        if (dialog != null && dialog.isShowing()) {
            return;
        }
        InterfacesDialog d = new InterfacesDialog(view.window(), iface, filter, ring);
        dialog = d;
        d.setOnHidden(e -> {
            InterfacesDialog.Choice c = d.getResult();
            if (c != null) {
                start(c.iface(), c.filter(), c.ring());
            }
        });
        d.show();
    }

    /** The interface of the capture shown (under way or stopped), or null when a file is shown. */
    String liveName() {
        LoadTask t = following;
        return t != null && t.source().live() && session != null ? session.iface() : null;
    }

    /** A capture or a file started loading: the views follow a capture until it ends. */
    void follow(LoadTask task) {
        following = task;
        tick.stop();
        capturing.set(task.source().live());
        if (!task.source().live()) {
            // a file opened instead: the capture ends with the file it was writing
            endSession();
            return;
        }
        refreshedAt = -1;
        LiveSession s = session;
        task.runningProperty().addListener((o, was, running) -> {
            if (!running && task.ended() && following == task) {
                if (s != null && s == session && s.continues()) {
                    nextFile(s);
                    return;
                }
                capturing.set(false);
                tick.stop();
                if (s != null) {
                    s.close();
                }
            }
        });
        tick.setDuration(REFRESH);
        tick.playFromStart();
    }

    /** Brings the views up to date when frames came since last time, then waits for the next time. */
    private void refresh() {
        if (!capturing.get()) {
            return;
        }
        long frames = view.allRows().frameCount();
        long took = 0;
        if (frames != refreshedAt) {
            refreshedAt = frames;
            long t0 = System.nanoTime();
            view.refreshLive();
            took = (System.nanoTime() - t0) / 1_000_000;
        }
        tick.setDuration(Duration.millis(Math.max(REFRESH.toMillis(), took * REFRESH_SHARE)));
        tick.playFromStart();
    }

    /** While capturing with no frame selected, the packet list shows the newest frames, as Wireshark's does. */
    private void showNewest() {
        if (capturing.get() && view.table().getSelectionModel().isEmpty() && !view.allRows().isEmpty()) {
            view.table().scrollTo(view.allRows().size() - 1);
        }
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.DisplayFilterCompiler;
import io.rdmascope.gui.model.FrameFilter;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The display filter bar and what it does: compiles the filter (an error is shown in red under
 * the bar, the rows stay), evaluates it over the frames, in the background with progress and
 * Cancel when they are many, and shows the frames it matched in the packet list.
 */
final class FilterBar extends HBox {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid-filter");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid-filter");
    /** Filters over more frames than this run in the background, with progress and Cancel. */
    private static final int FOREGROUND_FILTER = 50_000;

    /** What filtering needs of the window. */
    interface Host {
        CaptureModel model();

        /** Frames read. */
        int frameCount();

        void status(String text);

        /** The counts of the whole capture, or null while it is being read. */
        String summary();

        /** The packet list shows {@code shown} of {@code of} frames ({@code of} &lt; 0: every frame, no filter). */
        default void displayed(int shown, int of) {}

        void showProgress(Task<?> task);

        void endProgress();

        boolean isLoading();
    }

    private final Host host;
    private final FrameList filtered;
    private final TextField filterField = new TextField();
    private final Label filterError = new Label();
    private Task<int[]> filtering;
    private final FilterCompletion completion;

    FilterBar(Host host, FrameList filtered) {
        this.host = host;
        this.filtered = filtered;
        filterField.setId("filterField");
        filterField.getStyleClass().add("filter-field");
        filterField.setPromptText("Apply a display filter \u2026  e.g. violation.code == \"STAG_BOUNDS\" || transaction == t1");
        filterField.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                applyFilter();
            } else if (e.getCode() == KeyCode.DOWN && (e.isAltDown() || !completion().isShowing())
                    && !history.getItems().isEmpty()) {
                history.show();
                e.consume();
            }
        });
        history.setId("filterHistory");
        history.setTooltip(new javafx.scene.control.Tooltip("Recent filters (Down in the filter field)"));
        history.setFocusTraversable(false);
        Button save = new Button("+");
        save.setId("filterSave");
        save.setTooltip(new javafx.scene.control.Tooltip("Save this filter as a button of the bar"));
        save.setOnAction(e -> saveButton(filterField.getText()));
        saved.setId("savedFilters");
        saved.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Button apply = new Button("Apply");
        apply.setId("filterApply");
        apply.setOnAction(e -> applyFilter());
        Button clear = new Button("Clear");
        clear.setOnAction(e -> {
            filterField.clear();
            applyFilter();
        });
        filterField.textProperty().addListener((o, a, text) -> check(text));
        completion = new FilterCompletion(filterField, this::applyFilter);
        filterError.setId("filterError");
        filterError.getStyleClass().add("filter-error");
        filterError.setManaged(false);
        filterError.setVisible(false);
        HBox.setHgrow(filterField, Priority.ALWAYS);
        getChildren().addAll(filterField, history, apply, clear, save, saved);
        setSpacing(2);
        getStyleClass().add("filter-bar");
    }

    TextField field() {
        return filterField;
    }

    // ---- recent filters and saved filter buttons, as Wireshark's filter toolbar keeps them

    private static final int HISTORY_MAX = 20;
    private final javafx.scene.control.MenuButton history = new javafx.scene.control.MenuButton();
    private final HBox saved = new HBox(2);
    private final java.util.List<String> recent = new java.util.ArrayList<>();
    private final java.util.List<String> buttons = new java.util.ArrayList<>();
    private java.util.function.Consumer<java.util.List<String>> storeRecent = l -> {};
    private java.util.function.Consumer<java.util.List<String>> storeButtons = l -> {};

    /**
     * Starts from the recent filters and saved buttons kept, and tells {@code storeRecent} and
     * {@code storeButtons} of each change.
     */
    void remember(java.util.List<String> recentFilters, java.util.function.Consumer<java.util.List<String>> storeRecent,
                  java.util.List<String> savedFilters, java.util.function.Consumer<java.util.List<String>> storeButtons) {
        recent.clear();
        recent.addAll(recentFilters);
        buttons.clear();
        this.storeRecent = storeRecent;
        this.storeButtons = l -> {};
        for (String f : savedFilters) {
            saveButton(f);
        }
        this.storeButtons = storeButtons;
        refreshHistory();
    }

    /** The recent filters, most recent first. */
    java.util.List<String> recentFilters() {
        return java.util.List.copyOf(recent);
    }

    /** The filters of the saved buttons, in order. */
    java.util.List<String> savedFilters() {
        return java.util.List.copyOf(buttons);
    }

    javafx.scene.control.MenuButton history() {
        return history;
    }

    private void addRecent(String text) {
        recent.remove(text);
        recent.add(0, text);
        while (recent.size() > HISTORY_MAX) {
            recent.remove(recent.size() - 1);
        }
        storeRecent.accept(recentFilters());
        refreshHistory();
    }

    private void refreshHistory() {
        java.util.List<javafx.scene.control.MenuItem> items = new java.util.ArrayList<>();
        for (String f : recent) {
            javafx.scene.control.MenuItem m = new javafx.scene.control.MenuItem(f);
            m.setMnemonicParsing(false);
            m.setOnAction(e -> {
                filterField.setText(f);
                applyFilter();
            });
            items.add(m);
        }
        history.getItems().setAll(items);
        history.setDisable(items.isEmpty());
    }

    /** Adds a button that applies {@code text} (nothing for a blank filter or one saved already). */
    void saveButton(String text) {
        if (text == null || text.isBlank() || buttons.contains(text.trim())) {
            return;
        }
        String f = text.trim();
        buttons.add(f);
        Button b = new Button(f.length() > 28 ? f.substring(0, 27) + "\u2026" : f);
        b.setMnemonicParsing(false);
        b.getStyleClass().add("saved-filter");
        b.setTooltip(new javafx.scene.control.Tooltip(f));
        b.setOnAction(e -> {
            filterField.setText(f);
            applyFilter();
        });
        javafx.scene.control.MenuItem remove = new javafx.scene.control.MenuItem("Remove Button");
        remove.setOnAction(e -> {
            buttons.remove(f);
            saved.getChildren().remove(b);
            storeButtons.accept(savedFilters());
        });
        b.setContextMenu(new javafx.scene.control.ContextMenu(remove));
        saved.getChildren().add(b);
        storeButtons.accept(savedFilters());
    }

    /** The field-name completion popup. */
    javafx.scene.control.ContextMenu completion() {
        return completion.popup();
    }

    /**
     * Checks the text as the user types: green when it compiles, red when not, with the reason as
     * tooltip; nothing is filtered until the filter is applied.
     */
    private void check(String text) {
        boolean blank = text == null || text.isBlank();
        FrameFilter f = new DisplayFilterCompiler(null).compile(text);
        filterField.pseudoClassStateChanged(VALID, f.valid() && !blank);
        filterField.pseudoClassStateChanged(INVALID, !f.valid());
        filterField.setTooltip(f.valid() ? null : new javafx.scene.control.Tooltip(f.error()));
    }

    /** The line under the bar that shows why a filter does not compile. */
    Label error() {
        return filterError;
    }

    /** Compiles the filter bar's text; an error is shown in red under the bar and the rows stay. */
    void applyFilter() {
        CaptureModel m = host.model();
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
            String summary = host.summary();
            host.status(summary != null ? summary : host.frameCount() + " frames");
            host.displayed(filtered.size(), -1);
            return;
        }
        addRecent(text.trim());
        int n = host.frameCount();
        java.util.function.LongPredicate p = f.predicate();
        if (n <= FOREGROUND_FILTER) {
            filtered.show(matching(p, n, () -> false, null), p, n);
            displayed(filtered.size(), n);
            return;
        }
        filterInBackground(p, n, text);
    }

    /**
     * Says how many frames the filter shows, after the capture's name and counts as Wireshark's
     * status bar keeps them: {@code f.pcap: 20 frames, ... · Displayed: 1 of 20 frames}.
     */
    private void displayed(int shown, int n) {
        String summary = host.summary();
        String text = "Displayed: " + shown + " of " + n + " frames";
        host.status(summary != null ? summary + " \u00b7 " + text : text);
        host.displayed(shown, n);
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
        host.showProgress(task);
        host.status("Filtering " + n + " frames …");
        task.setOnSucceeded(e -> {
            if (filtering != task) {
                return;
            }
            filtering = null;
            if (!host.isLoading()) {
                host.endProgress();
            }
            int[] m = task.getValue();
            if (m != null) {
                filtered.show(m, p, n);
                displayed(m.length, n);
            }
        });
        task.setOnCancelled(e -> {
            if (filtering == task) {
                filtering = null;
                if (!host.isLoading()) {
                    host.endProgress();
                }
                host.status("Filter cancelled: " + text);
            }
        });
        task.setOnFailed(e -> {
            if (filtering == task) {
                filtering = null;
                host.endProgress();
                host.status("Filter failed: " + task.getException());
            }
        });
        Thread t = new Thread(task, "rdmascope-filter");
        t.setDaemon(true);
        t.start();
    }

    /** Stops a display filter that is being evaluated; the rows shown stay. */
    void cancelFilter() {
        Task<int[]> t = filtering;
        if (t != null) {
            t.cancel();
        }
    }

    /** Whether a display filter is being evaluated in the background. */
    boolean isFiltering() {
        Task<int[]> t = filtering;
        return t != null && !t.isDone();
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.gui.model.CaptureModel;
import java.util.function.Supplier;
import javafx.concurrent.Task;

/** What the filter bar asks of the main window: its capture, its status line and its progress bar. */
final class WindowFilterHost implements FilterBar.Host {
    private final MainView view;
    private final StatusBar statusBar;
    private final Supplier<String> summary;

    /** @param summary what the status line says once loading ended, or null */
    WindowFilterHost(MainView view, StatusBar statusBar, Supplier<String> summary) {
        this.view = view;
        this.statusBar = statusBar;
        this.summary = summary;
    }

    @Override
    public CaptureModel model() {
        return view.model();
    }

    @Override
    public int frameCount() {
        return view.allRows().frameCount();
    }

    @Override
    public void status(String text) {
        view.status().setText(text);
    }

    @Override
    public String summary() {
        return view.isLoading() ? null : summary.get();
    }

    @Override
    public void displayed(int shown, int of) {
        view.table().noMatch(of >= 0 && shown == 0);
    }

    @Override
    public void showProgress(Task<?> task) {
        statusBar.showProgress(task);
    }

    @Override
    public void endProgress() {
        statusBar.endProgress();
    }

    @Override
    public boolean isLoading() {
        return view.isLoading();
    }
}

package io.rdmascope.gui;

import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the window tests share: opening a capture and waiting until it is shown and analysed. */
public final class Windows {
    private Windows() {}

    /** Opens {@code file} and waits until it is loaded and analysed (the status line counts its notes). */
    public static void open(FxRobot robot, MainView view, Path file, long seconds) throws TimeoutException {
        robot.interact(() -> view.open(file));
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> !view.isLoading() && view.model() != null
                && view.status().getText().contains(" note"));
        WaitForAsyncUtils.waitForFxEvents();
    }
}

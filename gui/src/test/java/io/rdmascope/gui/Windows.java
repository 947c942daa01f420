package io.rdmascope.gui;

import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import io.rdmascope.gui.prefs.PreferencesFile;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the window tests share: the window itself, and opening a capture until it is shown and analysed. */
public final class Windows {
    private Windows() {}

    /**
     * The application's window on {@code stage}, {@code width} by {@code height}, shown, with
     * preferences of its own in a new temporary folder (no filters or columns an earlier test left).
     */
    public static MainView show(Stage stage, double width, double height) {
        try {
            Path build = Path.of("target");
            Path folder = java.nio.file.Files.isDirectory(build)
                    ? java.nio.file.Files.createTempDirectory(build, "config")
                    : java.nio.file.Files.createTempDirectory("rdmascope-config");
            return show(stage, width, height, folder);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The application's window on {@code stage} with the preferences kept in {@code configFolder}. */
    public static MainView show(Stage stage, double width, double height, Path configFolder) {
        MainView view = new MainView(PipelineCaptureModel::new, new PreferencesFile(configFolder));
        stage.setScene(RdmascopeApp.scene(view, width, height));
        stage.show();
        return view;
    }

    /** Opens {@code file} and waits until it is loaded and analysed (the status line counts its notes). */
    public static void open(FxRobot robot, MainView view, Path file, long seconds) throws TimeoutException {
        robot.interact(() -> view.open(file));
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> !view.isLoading() && view.model() != null
                && view.status().getText().contains(" note"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Writes a picture of {@code node} when the build is asked for them (-Drdmascope.shots=DIR). */
    public static void shot(FxRobot robot, javafx.scene.Node node, String name) throws java.io.IOException {
        String dir = System.getProperty("rdmascope.shots");
        if (dir != null) {
            javafx.scene.image.Image[] img = {null};
            robot.interact(() -> img[0] = node.snapshot(new javafx.scene.SnapshotParameters(), null));
            io.rdmascope.gui.export.Exports.png(img[0], Path.of(dir).resolve(name + ".png"));
        }
    }

    /** The number of the frame selected in the packet list, or -1. */
    public static long selectedFrame(MainView view) {
        FrameRow r = view.table().getSelectionModel().getSelectedItem();
        return r == null ? -1 : r.number();
    }
}

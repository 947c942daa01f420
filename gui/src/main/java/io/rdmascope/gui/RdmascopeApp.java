package io.rdmascope.gui;

import io.rdmascope.gui.model.CaptureOpener;
import io.rdmascope.gui.pipeline.LoadTiming;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import io.rdmascope.gui.prefs.PreferencesFile;
import io.rdmascope.gui.ui.MainView;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The rdmascope desktop application ({@code rdmascope gui [FILE]}): a Wireshark-style view of an
 * iWARP capture with the analysis of its one-shot transactions, violations and NIC state.
 */
public class RdmascopeApp extends Application {
    private static final CaptureOpener DEFAULT_OPENER = PipelineCaptureModel::new;
    private static volatile CaptureOpener opener = DEFAULT_OPENER;

    /** Replaces how files are opened (the pipeline by default); call before {@link #main}. */
    public static void setOpener(CaptureOpener o) {
        opener = o;
    }

    /** Builds the window's scene around {@code view}, with the application's stylesheet. */
    public static Scene scene(MainView view, double width, double height) {
        Scene scene = new Scene(view, width, height);
        scene.getStylesheets().add(RdmascopeApp.class.getResource("rdmascope.css").toExternalForm());
        return scene;
    }

    @Override
    public void start(Stage stage) {
        MainView view = new MainView(opener, PreferencesFile.standard());
        stage.setTitle("rdmascope");
        stage.setScene(scene(view, 1280, 900));
        stage.setOnShown(e -> LoadTiming.shown());
        stage.show();
        List<String> args = getParameters().getUnnamed();
        if (!args.isEmpty()) {
            Path file = Path.of(args.get(0));
            stage.setTitle("rdmascope \u2014 " + file.getFileName());
            view.open(file);
        }
    }

    /**
     * @param args an optional capture file to open: its loading starts at once, while JavaFX starts
     *     and the window is built, up to its first rows
     */
    public static void main(String[] args) {
        if (args.length > 0 && opener == DEFAULT_OPENER) {
            Path file = Path.of(args[0]);
            try {
                PipelineCaptureModel early = new PipelineCaptureModel(file);
                early.startLoading();
                AtomicReference<PipelineCaptureModel> first = new AtomicReference<>(early);
                opener = f -> {
                    PipelineCaptureModel m = f.equals(file) ? first.getAndSet(null) : null;
                    return m != null ? m : new PipelineCaptureModel(f);
                };
            } catch (IOException | RuntimeException e) {
                // not a capture: the window says so when it opens the file
            }
        }
        launch(RdmascopeApp.class, args);
    }
}

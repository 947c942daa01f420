package io.rdmascope.gui;

import io.rdmascope.gui.export.Exports;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.prefs.Preferences;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Opens the in-memory capture in a real window, selects a frame, a field and a transaction, and
 * writes a snapshot of the window as PNG (args: output path, optional tab name).
 */
public final class ScreenshotMain extends Application {
    @Override
    public void start(Stage stage) {
        String out = getParameters().getUnnamed().isEmpty() ? "/tmp/rdmascope-gui.png" : getParameters().getUnnamed().get(0);
        String tab = getParameters().getUnnamed().size() > 1 ? getParameters().getUnnamed().get(1) : "Timeline";
        int extra = getParameters().getUnnamed().size() > 2 ? Integer.parseInt(getParameters().getUnnamed().get(2)) : 2000;
        MainView view = new MainView(f -> new FakeCaptureModel(f, extra, false), Preferences.userRoot().node("io/rdmascope/gui-shot"));
        Scene scene = RdmascopeApp.scene(view, 1280, 900);
        stage.setScene(scene);
        stage.setTitle("rdmascope");
        stage.show();
        view.open(Path.of("demo.pcap"));
        PauseTransition wait = new PauseTransition(Duration.seconds(2));
        wait.setOnFinished(e -> {
            view.tabs().getTabs().stream().filter(t -> t.getText().equals(tab)).findFirst()
                    .ifPresent(t -> view.tabs().getSelectionModel().select(t));
            view.selectTransaction(view.model().transactions().get(1));
            view.jumpTo(17);
            view.selectField("ddp.stag");
            PauseTransition settle = new PauseTransition(Duration.seconds(1));
            settle.setOnFinished(e2 -> {
                try {
                    Exports.png(scene.snapshot(null), Path.of(out));
                    System.out.println("wrote " + out);
                } catch (Exception ex) {
                    ex.printStackTrace();
                }
                Platform.exit();
            });
            settle.play();
        });
        wait.play();
    }

    public static void main(String[] args) {
        launch(ScreenshotMain.class, args);
    }
}

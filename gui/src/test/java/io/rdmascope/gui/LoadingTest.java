package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Files that cannot be read, and loading that is cancelled. */
@ExtendWith(ApplicationExtension.class)
class LoadingTest {
    private MainView view;

    @Start
    void start(Stage stage) {
        view = new MainView(f -> {
            if (f.getFileName().toString().startsWith("bad")) {
                throw new CaptureException("not a pcap or pcapng file (magic 0x3c68746d)");
            }
            return new FakeCaptureModel(f, 20_000, true);
        }, Preferences.userRoot().node("io/rdmascope/gui-test"));
        stage.setScene(RdmascopeApp.scene(view, 1000, 700));
        stage.show();
    }

    @Test
    void aBadFileShowsTheReasonInAnErrorDialog(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(Path.of("bad.pcap")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(pane.getHeaderText()).isEqualTo("Cannot open bad.pcap");
        assertThat(pane.getContentText()).isEqualTo("not a pcap or pcapng file (magic 0x3c68746d)");
        assertThat(view.isLoading()).isFalse();
        robot.interact(() -> view.lastAlert().close());
    }

    @Test
    void loadingCanBeCancelledKeepingTheRowsRead(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(Path.of("slow.pcap")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.allRows().isEmpty());
        assertThat(view.isLoading()).isTrue();
        assertThat(robot.lookup("#cancelButton").query().isVisible()).isTrue();
        robot.clickOn("#cancelButton");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view.status().getText().startsWith("Loading cancelled"));
        assertThat(view.isLoading()).isFalse();
        assertThat(view.allRows()).hasSize(5000);
        assertThat(robot.lookup("#progress").query().isVisible()).isFalse();
    }
}

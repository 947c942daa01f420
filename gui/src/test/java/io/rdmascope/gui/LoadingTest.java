package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.ui.MainView;
import io.rdmascope.synth.BulkCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Files that cannot be read, and loading that is cancelled, on the real pipeline. */
@ExtendWith(ApplicationExtension.class)
class LoadingTest {
    private static Path dir;
    private MainView view;

    @BeforeAll
    static void files() throws Exception {
        dir = Files.createTempDirectory("rdmascope-gui-load");
        Files.writeString(dir.resolve("bad.pcap"), "<html>not a capture</html>");
        BulkCapture.write(dir.resolve("big.pcap"), 200L << 20, 4, 64, 1400);
    }

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1000, 700);
    }

    @Test
    void aBadFileShowsTheReasonInAnErrorDialog(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(dir.resolve("bad.pcap")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(pane.getHeaderText()).isEqualTo("Cannot open bad.pcap");
        assertThat(pane.getContentText()).containsIgnoringCase("not a");
        assertThat(view.isLoading()).isFalse();
        robot.interact(() -> view.lastAlert().close());
    }

    @Test
    void loadingCanBeCancelledKeepingTheRowsRead(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(dir.resolve("big.pcap")));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.allRows().isEmpty());
        assertThat(view.isLoading()).isTrue();
        assertThat(robot.lookup("#cancelButton").query().isVisible()).isTrue();
        // fire() rather than a mouse click: the status bar is still being laid out while rows arrive,
        // and a click computed from a moving button's bounds can miss it.
        robot.interact(() -> robot.lookup("#cancelButton").queryButton().fire());
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.status().getText().startsWith("Loading cancelled"));
        assertThat(view.isLoading()).isFalse();
        assertThat(view.allRows()).isNotEmpty();
        assertThat((long) view.allRows().frameCount()).isEqualTo(view.model().frameCount());
        assertThat(robot.lookup("#progress").query().isVisible()).isFalse();
    }
}

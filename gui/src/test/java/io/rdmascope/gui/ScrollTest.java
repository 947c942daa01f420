package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.ui.MainView;
import io.rdmascope.synth.BulkCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A large capture scrolled from top to bottom, and filtered in the background. */
@ExtendWith(ApplicationExtension.class)
class ScrollTest {
    private static Path big;
    private MainView view;

    @BeforeAll
    static void files() throws Exception {
        big = Files.createTempDirectory("rdmascope-gui-scroll").resolve("big.pcap");
        BulkCapture.write(big, 30L << 20, 4, 16, 256);
    }

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1000, 700);
    }

    @Test
    void scrollsTopToBottomAndFiltersInTheBackground(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(big));
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !view.isLoading() && view.model() != null
                && view.status().getText().contains(" note"));
        int n = view.allRows().frameCount();
        assertThat(n).isGreaterThan(50_000);
        for (int i = 0; i < n; i += n / 200) {
            int at = i;
            robot.interact(() -> view.table().scrollTo(at));
        }
        robot.interact(() -> view.table().scrollTo(n - 1));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems().get(n - 1).number()).isEqualTo(n);
        assertThat(view.table().getItems().get(n / 2).info()).isNotEmpty();

        robot.interact(() -> view.filterField().setText("rdmap.opcode == 4"));
        robot.clickOn("#filterApply");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems()).isNotEmpty()
                .allMatch(r -> r.info().startsWith("Send with Invalidate"));
        assertThat(view.status().getText()).contains(" \u00b7 Displayed: ");
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.live.LiveSession;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.StatisticsPane;
import io.rdmascope.report.KindTable;
import io.rdmascope.testing.Loopback;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Capture &gt; Interfaces, Start and Stop in a real window, capturing on the loopback interface
 * while a sample's iWARP conversation is sent over it; and the capture's error messages.
 */
@ExtendWith(ApplicationExtension.class)
class LiveCaptureWindowTest {
    private MainView view;
    private Stage stage;

    @BeforeAll
    static void loopbackCanBeCaptured() {
        Loopback.assumeCapturable();
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = Windows.show(stage, 1200, 800);
    }

    @AfterEach
    void stop(FxRobot robot) {
        robot.interact(() -> view.captureMenu().stop());
    }

    /** Sends the sample's conversation over lo on a thread of its own. */
    private static CompletableFuture<Void> send(Loopback replay) {
        return CompletableFuture.runAsync(() -> {
            try {
                replay.run();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
    }

    /**
     * Waits for {@code condition}; on a timeout, fails with what the window showed (status bar,
     * whether it still loads or captures), so that a slow or failed stop can be told apart.
     */
    private void await(int seconds, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("after " + seconds + " s: status \"" + view.status().getText() + "\", loading "
                    + view.isLoading() + ", capturing " + view.isCapturing() + ", frames "
                    + view.allRows().frameCount(), e);
        }
    }

    /** Waits until the window's frame count has not changed for half a second: what was sent is captured. */
    private void awaitQuiet() throws Exception {
        long[] last = {-1};
        long[] since = {System.nanoTime()};
        await(30, () -> {
            long n = view.allRows().frameCount();
            if (n != last[0]) {
                last[0] = n;
                since[0] = System.nanoTime();
                return false;
            }
            return System.nanoTime() - since[0] > 500_000_000L;
        });
    }

    private static long transactionsShown(FxRobot robot) {
        List<KindTable.Row> rows = List.copyOf(robot.lookup("#statistics").queryAs(StatisticsPane.class)
                .kindTable().getItems());
        return rows.stream().mapToLong(r -> r.count).sum();
    }

    @Test
    void aDisplayFilterAppliedWhileCapturingShowsTheMatchingFramesThatComeLater(FxRobot robot) throws Exception {
        try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
            robot.interact(() -> view.captureMenu().start("lo", replay.filter()));
            // applied before any traffic: every frame that matches comes after it
            robot.interact(() -> {
                view.filterField().setText("mpa");
                view.applyFilter();
            });
            assertThat(view.table().getItems()).isEmpty();
            send(replay).get(30, TimeUnit.SECONDS);
            await(30, () -> view.allRows().frameCount() >= 10
                    && !view.table().getItems().isEmpty());
            assertThat(view.isCapturing()).isTrue();
            assertThat(view.table().getItems().size()).isLessThan((int) view.allRows().frameCount());
            robot.interact(() -> robot.lookup("#stopButton").queryButton().fire());
            await(30, () -> !view.isLoading());
        }
    }

    @Test
    void rowsAndTransactionsArriveWhileCapturingAndStopEndsWithTheWholeAnalysis(FxRobot robot) throws Exception {
        try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
            robot.interact(() -> view.captureMenu().start("lo", replay.filter()));
            assertThat(view.isCapturing()).isTrue();
            assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isFalse();
            assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isTrue();
            send(replay).get(30, TimeUnit.SECONDS);
            await(30, () -> view.allRows().frameCount() >= 10
                    && view.status().getText().startsWith("Capturing on lo: "));
            // the capture's drop count beside the frames, while it runs
            assertThat(view.status().getText()).matches("Capturing on lo: \\d+ frames, 0 dropped");
            // the analysis follows the capture: the connection's lane and its transactions so far
            await(30, () -> !view.timeline().lanes().isEmpty()
                    && transactionsShown(robot) > 0);
            assertThat(view.isCapturing()).isTrue();

            robot.interact(() -> robot.lookup("#stopButton").queryButton().fire());
            await(30, () -> !view.isLoading());
            // the summary of the whole capture replaces the running count once the last update is drawn
            await(30, () -> view.status().getText().startsWith("lo: ")
                    && !robot.lookup("#startButton").queryButton().isDisabled());
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(view.isCapturing()).isFalse();
            assertThat(view.status().getText()).startsWith("lo: ").contains("0 dropped", "5 transactions", "1 error");
            assertThat(transactionsShown(robot)).isEqualTo(5);
            assertThat(view.violations().getRoot().getChildren()).isNotEmpty();
            assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();

            // every frame can be read again: its detail tree and its octets
            long last = view.allRows().frameCount();
            robot.interact(() -> view.jumpTo(last));
            FrameRow row = view.table().getSelectionModel().getSelectedItem();
            assertThat(row.number()).isEqualTo(last);
            assertThat(view.details().getRoot().getChildren()).isNotEmpty();
            assertThat(view.hex().bytes()).isNotEmpty();
            long ddp = view.model().transactions().get(0).initiationFrame;
            robot.interact(() -> view.jumpTo(ddp));
            robot.interact(() -> assertThat(view.selectField("ddp.tagged")).isTrue());
            assertThat(view.hex().bytes()).isNotEmpty();
        }
    }

    @Test
    void aRingOfFilesShowsTheFileBeingWrittenAndKeepsTheCaptureOnDisk(FxRobot robot) throws Exception {
        try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
            robot.interact(() -> view.captureMenu().start("lo", replay.filter(), new LiveSession.Ring(8, 0)));
            LiveSession session = view.captureMenu().session();
            send(replay).get(30, TimeUnit.SECONDS);
            // the window goes on to the next file each time one holds 8 frames
            await(30, () -> session.files().size() >= 3 && view.status().getText().startsWith("Capturing on lo (file ")
                    && view.isCapturing());
            assertThat(view.allRows().frameCount()).isLessThanOrEqualTo(8);
            assertThat(view.isCapturing()).isTrue();
            robot.interact(() -> robot.lookup("#stopButton").queryButton().fire());
            await(30, () -> !view.isLoading() && view.status().getText().startsWith("lo (file ")
                    && !robot.lookup("#startButton").queryButton().isDisabled());
            assertThat(view.isCapturing()).isFalse();
            // every frame captured is in one of the files, numbered from 1 in each, none lost between two
            long total = 0;
            List<java.nio.file.Path> files = session.files();
            for (int i = 0; i < files.size(); i++) {
                long n = frames(files.get(i));
                if (i < files.size() - 1) {
                    assertThat(n).as(files.get(i).toString()).isEqualTo(8);
                }
                total += n;
            }
            assertThat(total).isEqualTo(session.capturedFrames());
            assertThat(view.allRows().frameCount()).isEqualTo(frames(files.get(files.size() - 1)));
            assertThat(view.row(1).number()).isEqualTo(1);
        }
    }

    @Test
    void aRingKeepsTheNewestFilesOnly(FxRobot robot) throws Exception {
        try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
            robot.interact(() -> view.captureMenu().start("lo", replay.filter(), new LiveSession.Ring(5, 2)));
            LiveSession session = view.captureMenu().session();
            send(replay).get(30, TimeUnit.SECONDS);
            await(30, () -> session.fileNumber() >= 4);
            robot.interact(() -> robot.lookup("#stopButton").queryButton().fire());
            await(30, () -> !view.isLoading() && view.status().getText().startsWith("lo (file "));
            assertThat(session.files()).hasSize(2).allSatisfy(f -> assertThat(f).exists());
            try (var listed = java.nio.file.Files.list(session.folder())) {
                assertThat(listed.count()).isEqualTo(2);
            }
        }
    }

    private static long frames(java.nio.file.Path file) throws Exception {
        long n = 0;
        try (io.rdmascope.capture.CaptureReader r = io.rdmascope.capture.Captures.open(file)) {
            io.rdmascope.capture.Packet p = new io.rdmascope.capture.Packet();
            while (r.next(p)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theInterfacesDialogChecksTheFilterAndStartsAndCtrlEStops(FxRobot robot) throws Exception {
        try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
            robot.press(KeyCode.CONTROL).press(KeyCode.K).release(KeyCode.K).release(KeyCode.CONTROL);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#interfacesTable").tryQuery().isPresent());
            @SuppressWarnings("unchecked")
            TableView<io.rdmascope.gui.live.LiveCapture.Interface> table =
                    robot.lookup("#interfacesTable").queryAs(TableView.class);
            assertThat(table.getItems()).anySatisfy(i -> assertThat(i.name()).isEqualTo("lo"));
            robot.interact(() -> table.getItems().stream().filter(i -> i.name().equals("lo")).findFirst()
                    .ifPresent(i -> table.getSelectionModel().select(i)));
            TextField filter = robot.lookup("#captureFilter").queryAs(TextField.class);
            Button start = robot.lookup("#startCapture").queryButton();
            Label problem = robot.lookup("#captureFilterProblem").queryAs(Label.class);
            robot.interact(() -> filter.setText("tcp port"));
            assertThat(start.isDisabled()).isTrue();
            assertThat(problem.isVisible()).isTrue();
            assertThat(problem.getText()).contains("capture filter");
            robot.interact(() -> filter.setText(replay.filter()));
            assertThat(start.isDisabled()).isFalse();
            assertThat(problem.isVisible()).isFalse();
            Windows.shot(robot, filter.getScene().getRoot(), "capture-interfaces");
            robot.clickOn(start);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, view::isCapturing);
            send(replay).get(30, TimeUnit.SECONDS);
            await(30, () -> view.allRows().frameCount() >= 10);
            // every frame sent is in before the stop: the capture drains for a moment only after it
            awaitQuiet();

            robot.press(KeyCode.CONTROL).press(KeyCode.E).release(KeyCode.E).release(KeyCode.CONTROL);
            await(30, () -> !view.isLoading());
            await(30, () -> view.status().getText().startsWith("lo: "));
            assertThat(view.status().getText()).startsWith("lo: ").contains("5 transactions");
        }
    }

    @Test
    void openingAFileStopsTheCapture(FxRobot robot) throws Exception {
        robot.interact(() -> view.captureMenu().start("lo", "tcp port 9"));
        assertThat(view.isCapturing()).isTrue();
        Windows.open(robot, view, Samples.sample("completion-mismatch.pcap"), 30);
        assertThat(view.isCapturing()).isFalse();
        assertThat(view.status().getText()).startsWith("completion-mismatch.pcap: ");
        assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();
    }

    @Test
    void closingTheWindowStopsTheCapture(FxRobot robot) throws Exception {
        robot.interact(() -> view.captureMenu().start("lo", "tcp port 9"));
        assertThat(view.isCapturing()).isTrue();
        robot.interact(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_HIDING)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isLoading());
        await(30, () -> view.status().getText().startsWith("lo: "));
        assertThat(view.status().getText()).startsWith("lo: ").contains(" transactions");
    }

    @Test
    void aMissingInterfaceIsToldInTheWindow(FxRobot robot) throws Exception {
        robot.interact(() -> view.captureMenu().start("nosuchif0", ""));
        DialogPane pane = alert(robot);
        assertThat(pane.getHeaderText()).isEqualTo("Cannot capture on nosuchif0");
        assertThat(pane.getContentText()).contains("no such interface");
        assertThat(view.isCapturing()).isFalse();
        assertThat(view.status().getText()).isEqualTo("Cannot capture on nosuchif0");
        robot.interact(() -> view.lastAlert().close());
    }

    @Test
    void aBadCaptureFilterIsToldBeforeStarting(FxRobot robot) throws Exception {
        robot.interact(() -> view.captureMenu().start("lo", "tcp port"));
        DialogPane pane = alert(robot);
        assertThat(pane.getHeaderText()).isEqualTo("Cannot capture on lo");
        assertThat(pane.getContentText()).contains("capture filter \"tcp port\"");
        assertThat(view.isCapturing()).isFalse();
        assertThat(view.model()).isNull();
        robot.interact(() -> view.lastAlert().close());
    }

    private static DialogPane alert(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        return robot.lookup(".dialog-pane").queryAs(DialogPane.class);
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableColumn;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Go to Packet, First and Last, sorting by a header, the View menu, the title and the status counts, at 1024x700. */
@ExtendWith(ApplicationExtension.class)
class NavigationTest {
    private static final String SUMMARY = "stag-bounds.pcap: 20 frames, 4 transactions, 1 error, 0 warnings, 0 notes";
    private MainView view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = Windows.show(stage, 1024, 700);
    }

    private void open(FxRobot robot, String sample) throws Exception {
        Path file = Samples.sample(sample);
        Windows.open(robot, view, file, 20);
    }

    private long selected() {
        return Windows.selectedFrame(view);
    }

    private static void ctrl(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** View > Time Display Format > {@code format}, the pointer entering the submenu level with its first entry. */
    private static void timeFormat(FxRobot robot, String format) {
        robot.clickOn("View").moveTo("Time Display Format").moveTo("Seconds Since Beginning of Capture")
                .clickOn(format);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private List<Long> shown() {
        List<Long> out = new ArrayList<>();
        for (FrameRow r : List.copyOf(view.table().getItems())) {
            out.add(r.number());
        }
        return out;
    }

    @Test
    void titleFollowsTheFileAndCountsStayAfterTheFilterIsCleared(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        assertThat(stage.getTitle()).isEqualTo("rdmascope \u2014 stag-bounds.pcap");
        assertThat(view.status().getText()).isEqualTo(SUMMARY);
        robot.interact(() -> view.filterField().setText("violation"));
        robot.clickOn("#filterApply");
        assertThat(view.status().getText()).isEqualTo(SUMMARY + " \u00b7 Displayed: 1 of 20 frames");
        robot.clickOn("Clear");
        assertThat(view.status().getText()).isEqualTo(SUMMARY);
        open(robot, "mpa-crc-mismatch.pcap");
        assertThat(stage.getTitle()).isEqualTo("rdmascope \u2014 mpa-crc-mismatch.pcap");
    }

    @Test
    void goToPacketFirstAndLast(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.G);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup("#goToPacketField").tryQuery().isPresent());
        robot.clickOn("#goToPacketField").write("12").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(12);
        robot.clickOn("Go").clickOn("Last Packet");
        assertThat(selected()).isEqualTo(20);
        robot.clickOn("Go").clickOn("First Packet");
        assertThat(selected()).isEqualTo(1);
        robot.clickOn("Go").clickOn("Go to Packet\u2026");
        robot.clickOn("#goToPacketField").write("99");
        assertThat(robot.lookup("OK").queryButton().isDisabled()).isTrue();
        robot.type(KeyCode.BACK_SPACE, KeyCode.BACK_SPACE).write("7").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(7);
    }

    @Test
    void headersSortThePacketList(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.interact(() -> view.jumpTo(14));
        robot.clickOn("Length");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
        List<Integer> lengths = new ArrayList<>();
        for (FrameRow r : List.copyOf(view.table().getItems())) {
            lengths.add(r.length());
        }
        assertThat(lengths).isSorted().hasSize(20);
        assertThat(selected()).isEqualTo(14);
        robot.clickOn("Length");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems().get(0).length()).isEqualTo(1474);
        robot.interact(() -> view.jumpTo(3));
        assertThat(selected()).isEqualTo(3);

        robot.interact(() -> view.filterField().setText("tcp.srcport == 4791"));
        robot.clickOn("#filterApply");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems().get(0).length()).isEqualTo(1474);
        assertThat(view.table().getItems()).allMatch(r -> r.source().endsWith(":4791"));

        robot.clickOn("No.");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown()).isSorted();
    }

    @Test
    void viewMenuChangesTimeFormatAndFontSize(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        @SuppressWarnings("unchecked")
        TableColumn<FrameRow, String> time = (TableColumn<FrameRow, String>) view.table().getColumns().get(1);
        assertThat(time.getCellData(1)).isEqualTo("0.000020");
        timeFormat(robot, "UTC Date and Time of Day");
        assertThat(time.getCellData(0)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
        timeFormat(robot, "Seconds Since Previous Displayed Packet");
        assertThat(time.getCellData(0)).isEqualTo("0.000000");
        assertThat(time.getCellData(5)).isEqualTo("0.000020");

        robot.clickOn("#packetTable");
        assertThat(view.hex().fontSize()).isEqualTo(12);
        ctrl(robot, KeyCode.EQUALS);
        ctrl(robot, KeyCode.EQUALS);
        assertThat(view.hex().fontSize()).isEqualTo(14);
        assertThat(view.table().getStyle()).contains("-fx-font-size: 14");
        ctrl(robot, KeyCode.MINUS);
        ctrl(robot, KeyCode.MINUS);
        ctrl(robot, KeyCode.MINUS);
        assertThat(view.hex().fontSize()).isEqualTo(11);
        ctrl(robot, KeyCode.DIGIT0);
        assertThat(view.hex().fontSize()).isEqualTo(12);
    }

    @Test
    void hexPaneShowsTheAsciiColumnAt1024x700(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.interact(() -> view.jumpTo(14));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.hex().canvas().getWidth()).isLessThanOrEqualTo(view.hex().getViewportBounds().getWidth());
        ctrl(robot, KeyCode.EQUALS);
        ctrl(robot, KeyCode.EQUALS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.hex().canvas().getWidth()).isLessThanOrEqualTo(view.hex().getViewportBounds().getWidth());
    }
}

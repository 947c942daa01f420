package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.gui.ui.ExpertItems;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javafx.css.PseudoClass;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Expert items in the detail tree, their links, the expert navigation and the status bar's indicator. */
@ExtendWith(ApplicationExtension.class)
class ExpertTest {
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, String sample) throws Exception {
        Path file = Samples.sample(sample);
        Windows.open(robot, view, file, 20);
    }

    private long selected() {
        return Windows.selectedFrame(view);
    }

    private TreeItem<FieldNode> expert(int i) {
        return view.details().expertItems().get(i);
    }

    private static TreeItem<FieldNode> child(TreeItem<FieldNode> item, String label) {
        return item.getChildren().stream().filter(c -> c.getValue().label().equals(label)).findFirst().orElseThrow();
    }

    private TreeCell<?> cellOf(FxRobot robot, String prefix) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(".tree-cell").queryAllAs(TreeCell.class).stream()
                .filter(c -> c.getText() != null && c.getText().startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void everyViolationCodeConcernsARegistryField() {
        for (ViolationCode code : ViolationCode.values()) {
            assertThat(ExpertItems.layer(code)).as(code.name()).isIn("tcp", "mpa", "ddp", "rdmap", "infiniband", "bth",
                    "aeth", "cm");
            for (Field f : ExpertItems.fields(code)) {
                assertThat(Fields.get(f.name())).isSameAs(f);
            }
        }
        assertThat(ExpertItems.fields(ViolationCode.MPA_CRC_MISMATCH).get(0)).isSameAs(Fields.MPA_CRC);
        assertThat(ExpertItems.fields(ViolationCode.DDP_MSN_GAP).get(0)).isSameAs(Fields.DDP_MSN);
        assertThat(ExpertItems.fields(ViolationCode.STAG_BOUNDS).get(0)).isSameAs(Fields.DDP_STAG);
        assertThat(ExpertItems.fields(ViolationCode.STAG_INVALIDATED).get(0)).isSameAs(Fields.DDP_STAG);
    }

    @Test
    void stagViolationSitsUnderTheStagWithReferenceAndLinks(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.interact(() -> view.jumpTo(14));
        assertThat(view.details().expertItems()).hasSize(1);
        TreeItem<FieldNode> item = expert(0);
        assertThat(item.getParent().getValue().name()).isEqualTo("ddp.stag");
        assertThat(item.getParent().getParent().getValue().name()).isEqualTo("ddp");
        assertThat(item.isExpanded()).isTrue();
        assertThat(item.getValue().label()).startsWith("[Expert Info (Error/STAG_BOUNDS): RDMA Write");
        assertThat(child(item, "Reference").getValue().display()).isEqualTo("RFC 5040 section 6.4");
        TreeCell<?> cell = cellOf(robot, "[Expert Info (Error/STAG_BOUNDS)");
        assertThat(cell.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("expert-error"));

        TreeItem<FieldNode> advertised = child(item, "STag advertised in frame");
        assertThat(advertised.getValue().display()).isEqualTo("8");
        robot.interact(() -> {
            view.details().getSelectionModel().select(advertised);
            view.details().scrollTo(view.details().getRow(advertised) - 3);
        });
        robot.clickOn(cellOf(robot, "STag advertised in frame: 8"));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(8);

        robot.interact(() -> view.jumpTo(14));
        TreeItem<FieldNode> tx = child(expert(0), "Transaction t1 (oneshot)");
        assertThat(tx.getChildren().stream().map(c -> c.getValue().label() + ": " + c.getValue().display())
                .collect(Collectors.toList())).contains("Initiation in frame: 8", "Data in frame: 10");
        TreeItem<FieldNode> data10 = tx.getChildren().get(1);
        robot.interact(() -> {
            view.details().getSelectionModel().select(data10);
            view.details().scrollTo(Math.max(0, view.details().getRow(data10) - 2));
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.doubleClickOn(cellOf(robot, "Data in frame: 10"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(10);
    }

    @Test
    void crcMismatchSitsUnderMpaCrc(FxRobot robot) throws Exception {
        open(robot, "mpa-crc-mismatch.pcap");
        robot.interact(() -> view.jumpTo(12));
        TreeItem<FieldNode> item = expert(0);
        assertThat(item.getParent().getValue().name()).isEqualTo("mpa.crc");
        assertThat(((Violation) item.getValue().value()).code()).isEqualTo(ViolationCode.MPA_CRC_MISMATCH);
        List<String> layers = view.details().getRoot().getChildren().stream().map(i -> i.getValue().name())
                .collect(Collectors.toList());
        assertThat(layers).containsExactly("frame", "eth", "ip", "tcp", "mpa", "ddp", "rdmap");
    }

    @Test
    void msnGapSitsUnderDdpMsn(FxRobot robot) throws Exception {
        open(robot, "ddp-msn-gap.pcap");
        robot.interact(() -> view.jumpTo(12));
        assertThat(expert(0).getParent().getValue().name()).isEqualTo("ddp.msn");
    }

    @Test
    void nextAndPreviousViolationByKeysAndMenu(FxRobot robot) throws Exception {
        open(robot, "terminate.pcap");
        robot.interact(() -> view.jumpTo(1));
        robot.clickOn("#packetTable");
        robot.interact(() -> view.jumpTo(1));
        robot.press(KeyCode.CONTROL, KeyCode.PERIOD).release(KeyCode.PERIOD, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(10);
        robot.press(KeyCode.CONTROL, KeyCode.PERIOD).release(KeyCode.PERIOD, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(12);
        robot.press(KeyCode.CONTROL, KeyCode.PERIOD).release(KeyCode.PERIOD, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(12);
        assertThat(view.status().getText()).isEqualTo("No next violation");
        robot.press(KeyCode.CONTROL, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(10);
        robot.clickOn("Go").clickOn("Next Violation");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(12);
        robot.clickOn("Go").clickOn("Previous Violation");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(10);
    }

    @Test
    void indicatorShowsTheHighestSeverityAndOpensTheViolations(FxRobot robot) throws Exception {
        open(robot, "terminate.pcap");
        assertThat(view.expertSeverity()).isEqualTo(Severity.ERROR);
        assertThat(((Circle) view.expertIndicator().getGraphic()).getFill()).isEqualTo(Color.web("#e0301e"));
        assertThat(view.tabs().getSelectionModel().getSelectedItem().getText()).isEqualTo("Timeline");
        robot.clickOn("#expertIndicator");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.tabs().getSelectionModel().getSelectedItem().getText()).isEqualTo("Violations");
        assertThat(view.status().getText()).contains("1 error");
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Transaction;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.stream.Collectors;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class MainViewTest {
    private MainView view;

    @Start
    void start(Stage stage) {
        view = new MainView(f -> new FakeCaptureModel(f), Preferences.userRoot().node("io/rdmascope/gui-test"));
        stage.setScene(RdmascopeApp.scene(view, 1280, 900));
        stage.show();
    }

    @BeforeEach
    void load(FxRobot robot) throws Exception {
        robot.interact(() -> view.open(Path.of("demo.pcap")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isLoading() && view.model() != null
                && view.status().getText().contains("violations"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private List<Long> selectedFrames() {
        return view.table().getSelectionModel().getSelectedItems().stream().map(FrameRow::number)
                .sorted().collect(Collectors.toList());
    }

    @Test
    void openShowsRows(FxRobot robot) {
        assertThat(view.table().getItems()).hasSize(30);
        assertThat(robot.lookup(".table-cell").queryAllAs(TableCell.class).stream().map(c -> String.valueOf(c.getText())))
                .contains("Send [SV STag 0x0a000100, 4096 B @ 0x100000 W] MSN 1", "DDP/RDMAP", "10.0.0.1:40000");
        assertThat(view.recentFiles()).first().asString().endsWith("demo.pcap");
    }

    @Test
    void selectingARowShowsDetailsAndBytes(FxRobot robot) {
        robot.clickOn("RDMA Write STag 0x0a000100 TO 0x100000 len 1432");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getSelectionModel().getSelectedItem().number()).isEqualTo(7);
        List<String> layers = view.details().getRoot().getChildren().stream().map(i -> i.getValue().name())
                .collect(Collectors.toList());
        assertThat(layers).containsExactly("frame", "eth", "ip", "tcp", "mpa", "ddp", "rdmap");
        assertThat(view.hex().bytes()).hasSize(1514);
        assertThat(robot.lookup(".tree-cell").queryAll().stream()
                .map(n -> String.valueOf(((javafx.scene.control.TreeCell<?>) n).getText())))
                .contains("Steering Tag: 0x0a000100");
    }

    @Test
    void selectingAFieldHighlightsItsBytesAndClickingAByteSelectsTheField(FxRobot robot) {
        robot.interact(() -> view.jumpTo(7));
        robot.interact(() -> assertThat(view.selectField("ddp.stag")).isTrue());
        assertThat(view.hex().highlightOffset()).isEqualTo(58);
        assertThat(view.hex().highlightLength()).isEqualTo(4);

        Point2D p = view.hex().pointOfByte(36);
        robot.clickOn(p);
        WaitForAsyncUtils.waitForFxEvents();
        TreeItem<FieldNode> sel = view.details().getSelectionModel().getSelectedItem();
        assertThat(sel.getValue().name()).isEqualTo("tcp.dstport");
        assertThat(view.hex().highlightOffset()).isEqualTo(36);
        assertThat(view.hex().highlightLength()).isEqualTo(2);
    }

    @Test
    void violationClickJumpsToItsFrame(FxRobot robot) {
        robot.clickOn("Violations");
        assertThat(robot.lookup("Errors (1)").tryQuery()).isPresent();
        assertThat(robot.lookup("Warnings (2)").tryQuery()).isPresent();
        robot.clickOn("Frame 17: RDMA Write [0x201f00, +1432) leaves the region [0x200000, +8192) advertised in frame 15");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedFrames()).containsExactly(17L);
    }

    @Test
    void filterBarAppliesValidExpressionsAndShowsErrorsInline(FxRobot robot) {
        robot.clickOn("#filterField").write("violation");
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(17L, 19L, 23L, 24L);
        assertThat(view.filterError().isVisible()).isFalse();

        robot.interact(() -> view.filterField().setText("violation.code == \"STAG_BOUNDS\""));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(17L);

        robot.interact(() -> view.filterField().setText("transaction == t1"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(6L, 7L, 8L, 9L);

        robot.interact(() -> view.filterField().setText("frame.number == 12"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(12L);

        robot.interact(() -> view.filterField().setText("frame.number == twelve"));
        robot.clickOn("#filterApply");
        assertThat(view.filterError().isVisible()).isTrue();
        assertThat(view.filterError().getText()).contains("not a frame number");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(12L);

        robot.interact(() -> view.filterField().setText("bogus.field == 1"));
        robot.clickOn("#filterApply");
        assertThat(view.filterError().getText()).contains("unknown field");

        robot.interact(() -> view.filterField().setText(""));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).hasSize(30);
        assertThat(view.filterError().isVisible()).isFalse();
    }

    @Test
    void clickingATimelineBarSelectsItsFrames(FxRobot robot) {
        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        Transaction t1 = view.model().transactions().get(0);
        Rectangle2D bar = view.timeline().barOf(t1);
        assertThat(bar).isNotNull();
        robot.clickOn(view.timeline().canvas().localToScreen(bar.getMinX() + bar.getWidth() / 2,
                bar.getMinY() + bar.getHeight() / 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedFrames()).containsExactly(6L, 7L, 8L, 9L);
        assertThat(view.sequence().messages()).hasSize(4);
        assertThat(view.sequence().messages().get(3)).contains("Send with Invalidate");
    }

    @Test
    void nicInspectorShowsTheStagTableAtTheSelectedFrame(FxRobot robot) {
        robot.clickOn("NIC State");
        robot.interact(() -> view.jumpTo(7));
        List<NicState.StagEntry> stags = view.nic().stagTable().getItems();
        assertThat(stags).hasSize(1);
        assertThat(stags.get(0).stag()).isEqualTo(0x0a000100L);
        assertThat(stags.get(0).state()).isEqualTo(NicState.StagState.VALID);
        assertThat(view.nic().poolTable().getItems()).hasSize(1);
        assertThat(view.nic().poolTable().getItems().get(0).inUse()).isEqualTo(1);
        assertThat(robot.lookup("0x0a000100").tryQuery()).isPresent();

        robot.clickOn("#nicForward");
        robot.clickOn("#nicForward");
        assertThat(view.nic().title().getText()).isEqualTo("NIC state after frame 9");
        assertThat(view.nic().stagTable().getItems().get(0).state()).isEqualTo(NicState.StagState.INVALIDATED);
        assertThat(view.nic().poolTable().getItems().get(0).inUse()).isZero();
        robot.clickOn("#nicBack");
        assertThat(view.nic().title().getText()).isEqualTo("NIC state after frame 8");
    }
}

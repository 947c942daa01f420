package io.rdmascope.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Transaction;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The main window on the real pipeline, with a synthesized one-shot capture and the real captures. */
@ExtendWith(ApplicationExtension.class)
class MainViewTest {
    private static Path bounds;
    private MainView view;

    @BeforeAll
    static void capture() throws Exception {
        Path dir = Files.createTempDirectory("rdmascope-gui");
        bounds = Samples.synth("bounds.yaml", dir);
    }

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, Path file) throws Exception {
        Windows.open(robot, view, file, 20);
    }

    private List<Long> selectedFrames() {
        return view.table().getSelectionModel().getSelectedItems().stream().map(FrameRow::number)
                .sorted().collect(Collectors.toList());
    }

    private void waitForNic(long frame) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> view.nic().title().getText().equals("NIC state after frame " + frame));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** From the violation in the Violations pane to its frame, the field that explains it and the NIC state. */
    @Test
    void aViolationLeadsToItsFrameFieldAndNicState(FxRobot robot) throws Exception {
        open(robot, bounds);
        assertThat(view.table().getItems()).hasSize(30);
        robot.clickOn("Violations");
        assertThat(robot.lookup("Errors (1)").tryQuery()).isPresent();
        assertThat(robot.lookup("STAG_BOUNDS (1)").tryQuery()).isPresent();
        String text = view.model().violations().get(0).message();
        robot.clickOn("Frame 18: " + text);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedFrames()).containsExactly(18L);

        List<String> layers = view.details().getRoot().getChildren().stream().map(i -> i.getValue().name())
                .collect(Collectors.toList());
        assertThat(layers).containsExactly("frame", "eth", "ip", "tcp", "mpa", "ddp", "rdmap");
        robot.interact(() -> assertThat(view.selectField("ddp.to")).isTrue());
        int off = view.hex().highlightOffset();
        assertThat(off).isPositive();
        long to = 0;
        int octets = 0;
        byte[] b = view.hex().bytes();
        for (int i = off; i < off + view.hex().highlightLength(); i++) {
            if (view.hex().isHighlighted(i)) {
                to = (to << 8) | (b[i] & 0xff);
                octets++;
            }
        }
        assertThat(octets).isEqualTo(8);
        assertThat(to).isEqualTo(0x20200L);

        robot.clickOn("NIC State");
        waitForNic(18);
        List<NicState.StagEntry> stags = view.nic().stagTable().getItems();
        NicState.StagEntry s = stags.stream().filter(e -> e.stag() == 0x2000).findFirst().orElseThrow();
        assertThat(s.state()).isEqualTo(NicState.StagState.VALID);
        assertThat(s.advertisedFrame()).isEqualTo(16);
        assertThat(robot.lookup("0x00002000").tryQuery()).isPresent();
        robot.clickOn("#nicForward");
        robot.clickOn("#nicForward");
        waitForNic(20);
        assertThat(view.nic().stagTable().getItems().stream().filter(e -> e.stag() == 0x2000).findFirst().orElseThrow()
                .state()).isEqualTo(NicState.StagState.INVALIDATED);
    }

    @Test
    void clickingAByteSelectsItsField(FxRobot robot) throws Exception {
        open(robot, bounds);
        robot.interact(() -> view.jumpTo(18));
        Point2D p = view.hex().pointOfByte(36);
        robot.clickOn(p);
        WaitForAsyncUtils.waitForFxEvents();
        TreeItem<FieldNode> sel = view.details().getSelectionModel().getSelectedItem();
        assertThat(sel.getValue().name()).isEqualTo("tcp.dstport");
        assertThat(view.hex().highlightOffset()).isEqualTo(36);
        assertThat(view.hex().highlightLength()).isEqualTo(2);
    }

    @Test
    void clickingATimelineBarSelectsItsFrames(FxRobot robot) throws Exception {
        open(robot, bounds);
        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        Transaction t1 = view.model().transactions().stream().filter(t -> t.id.equals("t1")).findFirst().orElseThrow();
        Rectangle2D bar = view.timeline().barOf(t1);
        assertThat(bar).isNotNull();
        robot.clickOn(view.timeline().canvas().localToScreen(bar.getMinX() + bar.getWidth() / 2,
                bar.getMinY() + bar.getHeight() / 2));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedFrames()).containsExactly(8L, 10L, 12L, 14L);
        assertThat(view.sequence().messages()).hasSize(4);
        assertThat(view.sequence().messages().get(3)).contains("Send with Invalidate");
    }

    @Test
    void filterBarUsesTheDisplayFilterLanguage(FxRobot robot) throws Exception {
        open(robot, bounds);
        robot.clickOn("#filterField").write("violation");
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(18L);
        assertThat(view.filterError().isVisible()).isFalse();

        robot.interact(() -> view.filterField().setText("ddp.stag == 0x1234 && ddp.tagged"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(10L, 12L);

        robot.interact(() -> view.filterField().setText("transaction == t1"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(8L, 10L, 12L, 14L);

        robot.interact(() -> view.filterField().setText("ddp.stag == "));
        robot.clickOn("#filterApply");
        assertThat(view.filterError().isVisible()).isTrue();
        assertThat(view.filterError().getText()).isEqualTo("filter: column 13: expected a value after '==', found the end of the filter");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(8L, 10L, 12L, 14L);

        robot.interact(() -> view.filterField().setText("bogus.field == 1"));
        robot.clickOn("#filterApply");
        assertThat(view.filterError().getText()).contains("bogus.field");

        robot.interact(() -> view.filterField().setText(""));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).hasSize(30);
        assertThat(view.filterError().isVisible()).isFalse();
    }

    @Test
    void realCaptureWithMarkersShowsRowsAndFilters(FxRobot robot) throws Exception {
        assertTrue(Samples.haveReal(), "real captures missing: " + Samples.real(""));
        open(robot, Samples.real("osc-iwarp-crc-markers.pcap"));
        assertThat(robot.lookup(".table-cell").queryAllAs(TableCell.class).stream().map(c -> String.valueOf(c.getText())))
                .anyMatch(t -> t.startsWith("MPA Request rev 0"));
        robot.interact(() -> view.filterField().setText("mpa.markers > 0"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).isNotEmpty();
        boolean[] found = {false};
        for (FrameRow r : List.copyOf(view.table().getItems())) {
            robot.interact(() -> {
                view.jumpTo(r.number());
                found[0] = view.selectField("mpa.marker");
            });
            if (found[0]) {
                break;
            }
        }
        assertThat(found[0]).isTrue();
        assertThat(view.hex().highlightLength()).isEqualTo(4);
    }

    @Test
    void realMixedCaptureOpens(FxRobot robot) throws Exception {
        assertTrue(Samples.haveReal(), "real captures missing: " + Samples.real(""));
        open(robot, Samples.real("softuiwarp-mixed.pcap"));
        assertThat(view.model().frameCount()).isEqualTo(view.allRows().frameCount());
        robot.interact(() -> view.filterField().setText("rdmap.opcode == 1"));
        robot.clickOn("#filterApply");
        assertThat(view.table().getItems()).hasSize(3);
        assertThat(view.table().getItems()).allMatch(r -> r.info().startsWith("RDMA Read Request"));
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import javafx.css.PseudoClass;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Context menus that make filters, copy and add columns; the filter bar checked and completed as the user types. */
@ExtendWith(ApplicationExtension.class)
class FilterActionsTest {
    private static final PseudoClass VALID = PseudoClass.getPseudoClass("valid-filter");
    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid-filter");
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, String sample) throws Exception {
        Path file = Samples.sample(sample);
        Windows.open(robot, view, file, 20);
    }

    private void stagSelected(FxRobot robot) {
        robot.interact(() -> {
            view.jumpTo(14);
            view.selectField("ddp.stag");
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void rightClickSelectedField(FxRobot robot) {
        TreeCell<?> cell = robot.lookup(".tree-cell").queryAllAs(TreeCell.class).stream()
                .filter(c -> c.getScene() != null && c.isVisible() && c.getText() != null
                        && c.getText().startsWith("Steering Tag: ")).findFirst().orElseThrow();
        robot.rightClickOn(cell);
    }

    /** Clicks a shown menu entry (menus made before may leave nodes with that text behind). */
    private static void menu(FxRobot robot, String text) {
        robot.clickOn(shown(robot, text));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Apply as Filter or Prepare as Filter &gt; Selected, the pointer entering the submenu level with it. */
    private static void filterMenu(FxRobot robot, String text) {
        robot.moveTo(shown(robot, text));
        menu(robot, "Selected");
    }

    /** Opens the detail tree menu's Copy submenu, the pointer entering it level with its first entry. */
    private static void copyMenu(FxRobot robot) {
        robot.moveTo(shown(robot, "Copy"));
        robot.moveTo(shown(robot, "Value"));
    }

    private static javafx.scene.Node shown(FxRobot robot, String text) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(text).match(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing() && visible(n)).queryLabeled();
    }

    /** Whether the node and every parent are visible: a label in a tab that is not selected is not. */
    private static boolean visible(javafx.scene.Node n) {
        for (javafx.scene.Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    @Test
    void detailFieldAppliedPreparedCopiedAndAddedAsColumn(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        stagSelected(robot);
        rightClickSelectedField(robot);
        filterMenu(robot, "Prepare as Filter");
        assertThat(view.filterField().getText()).isEqualTo("ddp.stag == 0x0a000100");
        assertThat(view.table().getItems()).hasSize(20);

        stagSelected(robot);
        rightClickSelectedField(robot);
        filterMenu(robot, "Apply as Filter");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(10L, 12L, 14L);

        stagSelected(robot);
        rightClickSelectedField(robot);
        copyMenu(robot);
        menu(robot, "Field Name");
        assertThat(view.lastCopied()).isEqualTo("ddp.stag");
        rightClickSelectedField(robot);
        copyMenu(robot);
        menu(robot, "Value");
        assertThat(view.lastCopied()).isEqualTo("0x0a000100");
        rightClickSelectedField(robot);
        copyMenu(robot);
        menu(robot, "As Filter");
        assertThat(view.lastCopied()).isEqualTo("ddp.stag == 0x0a000100");

        rightClickSelectedField(robot);
        menu(robot, "Apply as Column");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableColumn<FrameRow, String> col = (TableColumn<FrameRow, String>) view.table().getColumns().stream()
                .filter(c -> "ddp.stag".equals(c.getText())).findFirst().orElseThrow();
        int at = view.table().getItems().indexOf(view.row(14));
        assertThat(col.getCellData(at)).isEqualTo("0x0a000100");
    }

    @Test
    void packetRowAndViolationRowAppliedAsFilter(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.interact(() -> view.jumpTo(14));
        WaitForAsyncUtils.waitForFxEvents();
        TableCell<?, ?> source = robot.lookup(".table-cell").queryAllAs(TableCell.class).stream()
                .filter(c -> c.getTableColumn().getText().equals("Source") && c.getTableRow() != null
                        && c.getTableRow().getItem() != null && ((FrameRow) c.getTableRow().getItem()).number() == 14)
                .findFirst().orElseThrow();
        robot.rightClickOn(source);
        robot.moveTo(shown(robot, "Copy"));
        menu(robot, "Summary");
        assertThat(view.lastCopied()).startsWith("14\t10.0.0.2:4791\t10.0.0.1:40000\tDDP/RDMAP\t1370\tRDMA Write");
        robot.rightClickOn(source);
        filterMenu(robot, "Apply as Filter");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("ip.src == 10.0.0.2 && tcp.srcport == 4791");
        assertThat(view.table().getItems()).extracting(FrameRow::number).contains(10L, 12L, 14L)
                .doesNotContain(8L);

        robot.clickOn("Violations");
        robot.rightClickOn("STAG_BOUNDS (1)");
        filterMenu(robot, "Prepare as Filter");
        assertThat(view.filterField().getText()).isEqualTo("violation.code == \"STAG_BOUNDS\"");
        robot.rightClickOn("Errors (1)");
        filterMenu(robot, "Apply as Filter");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("violation.severity == \"error\"");
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(14L);
    }

    @Test
    void filterBarIsCheckedAndCompletedAsTheUserTypes(FxRobot robot) throws Exception {
        open(robot, "stag-bounds.pcap");
        robot.clickOn("#filterField").write("ddp.stag ==");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getPseudoClassStates()).contains(INVALID).doesNotContain(VALID);
        assertThat(view.filterField().getTooltip().getText()).contains("expected a value after '=='");
        robot.write(" 1");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getPseudoClassStates()).contains(VALID).doesNotContain(INVALID);
        assertThat(view.filterField().getTooltip()).isNull();
        assertThat(view.table().getItems()).hasSize(20);

        robot.interact(() -> view.filterField().clear());
        robot.write("rdmap.op");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterCompletion().isShowing()).isTrue();
        assertThat(view.filterCompletion().getItems()).extracting(MenuItem::getText)
                .contains("rdmap.opcode", "rdmap.opcode_name").allMatch(t -> t.startsWith("rdmap.op"));
        robot.clickOn("rdmap.opcode_name");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("rdmap.opcode_name");
        assertThat(view.filterCompletion().isShowing()).isFalse();
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** What a Wireshark user expects of the packet list, its keys, menus and status bar. */
@ExtendWith(ApplicationExtension.class)
class WiresharkHabitsTest {
    private MainView view;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = Windows.show(stage, 1280, 860);
    }

    private void open(FxRobot robot, Path file) throws Exception {
        assumeTrue(file.toFile().isFile(), "capture missing: " + file);
        Windows.open(robot, view, file, 30);
    }

    private long selected() {
        return Windows.selectedFrame(view);
    }

    private static void ctrl(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void ctrlHomeAndCtrlEndSelectTheFirstAndLastPacket(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.interact(() -> view.jumpTo(7));
        robot.clickOn("#packetTable");
        robot.interact(() -> view.jumpTo(7));
        WaitForAsyncUtils.waitForFxEvents();
        ctrl(robot, KeyCode.END);
        assertThat(selected()).isEqualTo(20);
        assertThat(view.table().getFocusModel().getFocusedIndex()).isEqualTo(19);
        FrameRow last = view.table().getSelectionModel().getSelectedItem();
        assertThat(view.hex().bytes()).hasSize(last.length());
        assertThat(view.details().getRoot().getChildren()).isNotEmpty();
        ctrl(robot, KeyCode.HOME);
        assertThat(selected()).isEqualTo(1);
        assertThat(view.table().getSelectionModel().getSelectedIndices()).containsExactly(0);
        assertThat(view.hex().bytes()).hasSize(view.table().getItems().get(0).length());
        Windows.shot(robot, view, "ctrl-home");
        // the Go menu says the same
        robot.clickOn("Go").clickOn("Last Packet");
        assertThat(selected()).isEqualTo(20);
    }

    @Test
    void finAndRstRowsReadLikeOtherTcpRows(FxRobot robot) throws Exception {
        open(robot, Samples.real("softuiwarp-send-read.pcap"));
        assertThat(view.row(11).info()).isEqualTo("9999 \u2192 42742 [FIN, ACK] Seq=73 Ack=101 Win=509 Len=0");
        assertThat(view.row(14).info()).isEqualTo("9999 \u2192 42742 [RST] Seq=74 Win=0 Len=0");
        assertThat(view.row(15).info()).isEqualTo("9999 \u2192 42742 [RST] Seq=74 Win=0 Len=0");
        for (long f = 1; f <= view.model().frameCount(); f++) {
            assertThat(view.row(f).info()).doesNotContain("CLOSED_");
        }
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.END);
        Windows.shot(robot, view, "fin-rst-rows");
    }

    private void filter(FxRobot robot, String text) throws Exception {
        robot.clickOn("#filterField");
        robot.interact(() -> view.filterField().clear());
        robot.write(text).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.isFiltering() && !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private java.util.List<Long> shown() {
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (FrameRow r : java.util.List.copyOf(view.table().getItems())) {
            out.add(r.number());
        }
        return out;
    }

    @Test
    void statusBarKeepsTheCapturesCountsUnderAFilter(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        String summary = "stag-bounds.pcap: 20 frames, 4 transactions, 1 error, 0 warnings, 0 notes";
        filter(robot, "violation");
        assertThat(view.status().getText()).isEqualTo(summary + " \u00b7 Displayed: 1 of 20 frames");

        filter(robot, "frame.number > 1000");
        assertThat(view.table().getItems()).isEmpty();
        assertThat(view.table().placeholderText()).isEqualTo("No packets match the filter");
        assertThat(view.status().getText()).isEqualTo(summary + " \u00b7 Displayed: 0 of 20 frames");
        Windows.shot(robot, view, "no-match");

        // the SYN, SYN-ACK and ACKs of c1 carry no PDU, and belong to it as to its TCP stream
        filter(robot, "connection == c1");
        assertThat(shown()).contains(1L, 2L, 3L, 5L, 7L);
        filter(robot, "connection == c1 && frame.number < 4");
        assertThat(shown()).containsExactly(1L, 2L, 3L);

        robot.clickOn("Clear");
        assertThat(view.status().getText()).isEqualTo(summary);
        robot.clickOn("Length");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        assertThat(view.table().getSortOrder()).hasSize(1);
        open(robot, Samples.sample("mpa-crc-mismatch.pcap"));
        assertThat(view.table().getSortOrder()).isEmpty();
        assertThat(shown()).isSorted();
        assertThat(view.table().placeholderText()).startsWith("Open a capture");
    }

    /** The detail tree's first item whose line starts with {@code text}, or null. */
    private javafx.scene.control.TreeItem<io.rdmascope.fields.FieldNode> treeItem(String text) {
        java.util.ArrayDeque<javafx.scene.control.TreeItem<io.rdmascope.fields.FieldNode>> todo =
                new java.util.ArrayDeque<>(view.details().getRoot().getChildren());
        while (!todo.isEmpty()) {
            var item = todo.poll();
            if (io.rdmascope.gui.ui.DetailTree.text(item.getValue()).startsWith(text)) {
                return item;
            }
            todo.addAll(item.getChildren());
        }
        return null;
    }

    /** Selects a tree line with the keyboard's focus in the tree, and scrolls it into sight. */
    private void selectInTree(FxRobot robot, javafx.scene.control.TreeItem<io.rdmascope.fields.FieldNode> item) {
        robot.interact(() -> {
            view.details().requestFocus();
            view.details().getSelectionModel().select(item);
            view.details().scrollTo(view.details().getRow(item));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void segmentsOfAnFpduLinkToTheFrameThatReassembledItAndBack(FxRobot robot) throws Exception {
        open(robot, Samples.real("osc-iwarp-crc-markers.pcap"));
        assertThat(view.row(8).info()).endsWith(" [TCP segment of a reassembled PDU]");
        assertThat(view.row(12).info()).endsWith(" [TCP segment of a reassembled PDU]");
        assertThat(view.row(9).info()).doesNotContain("reassembled PDU");
        assertThat(view.row(10).info()).doesNotContain("reassembled PDU");
        robot.interact(() -> view.jumpTo(8));
        var in = treeItem("[Reassembled PDU in frame: 10]");
        assertThat(in).isNotNull();
        assertThat(in.getParent().getValue().name()).isEqualTo("tcp");
        selectInTree(robot, in);
        Windows.shot(robot, view, "reassembled-in");
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(10);

        var segments = treeItem("[2 segments: #8, #10]");
        assertThat(segments).isNotNull();
        assertThat(segments.getChildren()).extracting(i -> io.rdmascope.gui.ui.DetailTree.text(i.getValue()))
                .containsExactly("[Frame: 8]", "[Frame: 10]");
        var first = segments.getChildren().get(0);
        selectInTree(robot, first);
        Windows.shot(robot, view, "segments");
        javafx.scene.Node cell = robot.lookup(".tree-cell").queryAllAs(javafx.scene.control.TreeCell.class).stream()
                .filter(c -> c.getTreeItem() == first).findFirst().orElseThrow();
        robot.doubleClickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(8);
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.ListView<io.rdmascope.gui.model.StreamMessage> followList(FxRobot robot)
            throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#followList").tryQuery().isPresent()
                && !robot.lookup("#followList").queryAs(javafx.scene.control.ListView.class).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#followList").queryAs(javafx.scene.control.ListView.class);
    }

    @Test
    void followShowsThePayloadOfEachDirectionOfAQueuePair(FxRobot robot) throws Exception {
        open(robot, Samples.sample("roce-send.pcap"));
        String id = view.model().connectionAt(6);
        assertThat(id).isNotNull();
        robot.interact(() -> view.jumpTo(6));
        robot.clickOn("#packetTable");
        robot.interact(() -> view.jumpTo(6));
        robot.press(KeyCode.CONTROL, KeyCode.ALT, KeyCode.SHIFT, KeyCode.M)
                .release(KeyCode.M, KeyCode.SHIFT, KeyCode.ALT, KeyCode.CONTROL);
        var list = followList(robot);
        Stage follow = (Stage) list.getScene().getWindow();
        assertThat(follow.getTitle()).startsWith("Follow Queue Pair Packets (" + id + ")");
        var packets = java.util.List.copyOf(list.getItems());
        assertThat(packets).extracting(io.rdmascope.gui.model.StreamMessage::frame).containsExactly(4L, 6L, 7L, 8L, 10L);
        assertThat(packets).extracting(m -> m.payload().length).containsExactly(15, 1024, 1024, 552, 300);
        assertThat(packets).extracting(io.rdmascope.gui.model.StreamMessage::fromInitiator)
                .containsExactly(true, false, false, false, true);
        assertThat(packets.get(1).header()).startsWith("RC SEND First, PSN 2255453, 1024 octets");
        assertThat(new String(packets.get(0).payload(), java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("hello over RoCE");
        Windows.shot(robot, list.getScene().getRoot(), "follow-roce-packets");

        // the second layer puts the SEND First, Middle and Last together
        javafx.scene.control.ComboBox<?> layer = robot.lookup("#followLayer").queryAs(javafx.scene.control.ComboBox.class);
        robot.clickOn(layer).type(KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> list.getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(follow.getTitle()).startsWith("Follow Queue Pair Messages (" + id + ")");
        var messages = java.util.List.copyOf(list.getItems());
        assertThat(messages).extracting(io.rdmascope.gui.model.StreamMessage::frame).containsExactly(4L, 6L, 10L);
        assertThat(messages.get(1).payload()).hasSize(2600);
        assertThat(messages.get(1).header()).contains("2600 octets in 3 packets, frames 6\u20138");
        assertThat(messages).allMatch(io.rdmascope.gui.model.StreamMessage::complete);
        Windows.shot(robot, list.getScene().getRoot(), "follow-roce-messages");
        robot.interact(follow::close);

        // the menu says the same, offering the queue pair's layers on a RoCE frame
        robot.interact(() -> view.jumpTo(4));
        robot.clickOn("Analyze").clickOn("Follow").clickOn("Queue Pair Packets");
        assertThat(followList(robot).getItems()).hasSize(5);
        robot.interact(() -> ((Stage) robot.lookup("#followList").query().getScene().getWindow()).close());
    }

    /** A shown menu entry or control with this text (menus made before may leave nodes with that text behind). */
    private static javafx.scene.Node shown(FxRobot robot, String text) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(text).match(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing() && n.isVisible()).queryLabeled();
    }

    private static boolean showing(FxRobot robot, String text) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(text).match(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing() && n.isVisible()).tryQuery().isPresent();
    }

    private javafx.scene.control.TableColumn<FrameRow, ?> column(String text) {
        return view.table().getColumns().stream().filter(c -> text.equals(c.getText())).findFirst().orElse(null);
    }

    private javafx.scene.Node header(FxRobot robot, String text) {
        return robot.lookup(".column-header").match(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h
                && h.getTableColumn() != null && text.equals(h.getTableColumn().getText())).query();
    }

    @Test
    void columnHeadersHaveTheirOwnMenuAndAddedColumnsSort(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.rightClickOn(header(robot, "Protocol"));
        assertThat(showing(robot, "Hide Column")).isTrue();
        assertThat(showing(robot, "Apply as Filter")).isFalse();
        Windows.shot(robot, view, "header-menu");
        robot.clickOn(shown(robot, "Hide Column"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(column("Protocol").isVisible()).isFalse();

        int at = view.table().getColumns().indexOf(column("Length"));
        robot.rightClickOn(header(robot, "Length"));
        robot.clickOn(shown(robot, "Move Left"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getColumns().indexOf(column("Length"))).isEqualTo(at - 1);

        robot.rightClickOn(header(robot, "Length"));
        robot.moveTo(shown(robot, "Displayed Columns"));
        robot.moveTo(shown(robot, "No."));
        robot.clickOn(shown(robot, "Protocol"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(column("Protocol").isVisible()).isTrue();

        // a field column added from the tree sorts by its values, numbers by value
        robot.interact(() -> {
            view.jumpTo(8);
            view.selectField("ddp.msn");
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.rightClickOn(robot.lookup(".tree-cell").queryAllAs(javafx.scene.control.TreeCell.class).stream()
                .filter(c -> c.isVisible() && c.getTreeItem() != null
                        && c.getTreeItem() == view.details().getSelectionModel().getSelectedItem())
                .findFirst().orElseThrow());
        robot.clickOn(shown(robot, "Apply as Column"));
        WaitForAsyncUtils.waitForFxEvents();
        var msn = column("ddp.msn");
        assertThat(msn).isNotNull();
        assertThat(msn.isSortable()).isTrue();
        robot.clickOn(header(robot, "ddp.msn"));
        robot.clickOn(header(robot, "ddp.msn"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isSorting());
        WaitForAsyncUtils.waitForFxEvents();
        java.util.List<Long> values = new java.util.ArrayList<>();
        for (int i = 0; i < view.table().getItems().size(); i++) {
            Object v = msn.getCellData(i);
            if (v != null && !v.toString().isEmpty()) {
                values.add(Long.parseLong(v.toString()));
            }
        }
        assertThat(values).hasSizeGreaterThan(1);
        assertThat(values).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        Windows.shot(robot, view, "field-column-sorted");
        robot.rightClickOn(header(robot, "ddp.msn"));
        robot.clickOn(shown(robot, "Remove Column"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(column("ddp.msn")).isNull();
    }

    @Test
    void filtersCombineWithTheBarsAndAreRememberedAndSaved(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        filter(robot, "frame.number > 5");
        robot.interact(() -> view.jumpTo(14));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableCell<?, ?> source = robot.lookup(".table-cell")
                .queryAllAs(javafx.scene.control.TableCell.class).stream()
                .filter(c -> c.getTableColumn().getText().equals("Source") && c.getTableRow() != null
                        && c.getTableRow().getItem() != null && ((FrameRow) c.getTableRow().getItem()).number() == 14)
                .findFirst().orElseThrow();
        robot.rightClickOn(source);
        robot.moveTo(shown(robot, "Apply as Filter"));
        robot.moveTo(shown(robot, "Selected"));
        Windows.shot(robot, view, "apply-as-filter-menu");
        robot.clickOn(shown(robot, "\u2026and Selected"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText())
                .isEqualTo("(frame.number > 5) && (ip.src == 10.0.0.2 && tcp.srcport == 4791)");
        assertThat(shown()).contains(14L).allMatch(f -> f > 5);

        // the keyboard: the menu key of the packet list, into Prepare as Filter > Not Selected
        robot.clickOn(source);
        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.DOWN, KeyCode.DOWN).type(KeyCode.RIGHT).type(KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("!(ip.src == 10.0.0.2 && tcp.srcport == 4791)");

        // the recent filters, most recent first, from the field's Down key
        assertThat(view.recentFilters()).startsWith("(frame.number > 5) && (ip.src == 10.0.0.2 && tcp.srcport == 4791)",
                "frame.number > 5");
        robot.interact(() -> view.filterField().clear());
        robot.clickOn("#filterField");
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(showing(robot, "frame.number > 5")).isTrue();
        Windows.shot(robot, view, "filter-history");
        robot.type(KeyCode.DOWN).type(KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("frame.number > 5");
        assertThat(shown()).hasSize(15);

        // a saved filter is a button of the bar
        filter(robot, "violation");
        robot.clickOn("#filterSave");
        robot.clickOn("Clear");
        assertThat(view.savedFilters()).containsExactly("violation");
        robot.clickOn(robot.lookup("#savedFilters .button").queryButton());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("violation");
        assertThat(shown()).containsExactly(14L);
        Windows.shot(robot, view, "saved-filter");
    }

    @Test
    void aTimelineBarsMenuFiltersAndCopiesItsTransaction(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.clickOn("Timeline");
        io.rdmascope.engine.Transaction w1 = view.model().transactions().stream().filter(t -> t.id.equals("w1"))
                .findFirst().orElseThrow();
        WaitForAsyncUtils.waitForFxEvents();
        javafx.geometry.Rectangle2D bar = view.timeline().barOf(w1);
        javafx.geometry.Point2D p = view.timeline().canvas().localToScreen(bar.getMinX() + bar.getWidth() / 2,
                bar.getMinY() + bar.getHeight() / 2);
        robot.clickOn(p, javafx.scene.input.MouseButton.SECONDARY);
        robot.moveTo(shown(robot, "Apply as Filter"));
        robot.moveTo(shown(robot, "Selected"));
        Windows.shot(robot, view, "timeline-bar-menu");
        robot.clickOn(shown(robot, "Selected"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("transaction == w1");
        assertThat(shown()).containsExactlyElementsOf(Navigator_frames(w1));

        robot.clickOn(p, javafx.scene.input.MouseButton.SECONDARY);
        robot.moveTo(shown(robot, "Copy"));
        robot.moveTo(shown(robot, "Transaction ID"));
        robot.clickOn(shown(robot, "Transaction ID"));
        assertThat(view.lastCopied()).isEqualTo("w1");

        // the keyboard: the selected bar's menu from Shift+F10, into Prepare as Filter > Not Selected
        robot.clickOn(p);
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().chooser().isShowing()).isTrue();
        robot.sleep(300);
        int prepare = 0;
        var items = view.timeline().chooser().getItems();
        while (!"Prepare as Filter".equals(items.get(prepare).getText())) {
            prepare++;
        }
        // the bar's own line is focused as the menu opens; the separator is passed over
        for (int i = 0; i < prepare - 1; i++) {
            robot.type(KeyCode.DOWN);
        }
        robot.type(KeyCode.RIGHT).type(KeyCode.DOWN).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("!(transaction == w1)");
    }

    private static java.util.List<Long> Navigator_frames(io.rdmascope.engine.Transaction t) {
        java.util.TreeSet<Long> frames = new java.util.TreeSet<>();
        frames.add(t.initiationFrame);
        frames.addAll(t.dataFrames);
        if (t.completionFrame >= 0) {
            frames.add(t.completionFrame);
        }
        return java.util.List.copyOf(frames);
    }

    @Test
    void statisticsOpenInResizableWindowsWithWholeHeadersAndReadableBars(FxRobot robot) throws Exception {
        open(robot, Samples.real("siw/std_nfs_rdma_mtu1500_tso.pcap"));
        // the keyboard: F10 to the menu bar, along to Statistics, down into it, Summary
        robot.clickOn("#packetTable");
        robot.type(KeyCode.F10);
        var menus = ((javafx.scene.control.MenuBar) robot.lookup("#menuBar").query()).getMenus();
        int statistics = 0;
        while (!"Statistics".equals(menus.get(statistics).getText())) {
            statistics++;
        }
        for (int i = 0; i < statistics; i++) {
            robot.type(KeyCode.RIGHT);
        }
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#statisticsWindow").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        io.rdmascope.gui.ui.StatisticsPane pane = robot.lookup("#statisticsWindow").queryAs(io.rdmascope.gui.ui.StatisticsPane.class);
        Stage window = (Stage) pane.getScene().getWindow();
        assertThat(window.getTitle()).startsWith("Summary");
        assertThat(window.isResizable()).isTrue();
        robot.interact(() -> pane.latencyKind().setValue("read"));
        robot.interact(() -> {
            window.setWidth(1400);
            window.setHeight(700);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.sleep(300);
        // every header reads whole
        for (javafx.scene.Node n : pane.kindTable().lookupAll(".column-header .label")) {
            javafx.scene.control.Labeled l = (javafx.scene.control.Labeled) n;
            javafx.scene.text.Text shownText = (javafx.scene.text.Text) l.lookup(".text");
            assertThat(shownText.getText()).as("header " + l.getText()).isEqualTo(l.getText());
        }
        // the latency bars of one kind are bars, not hairlines
        java.util.List<javafx.scene.Node> bars = new java.util.ArrayList<>(pane.latencyChart().lookupAll(".chart-bar"));
        assertThat(bars).isNotEmpty();
        assertThat(bars).allMatch(b -> b.getBoundsInLocal().getWidth() >= 8);
        Windows.shot(robot, pane, "statistics-window");
        robot.interact(window::close);
    }

    private static void ctrlShift(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, key).release(key, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void packetsAreMarkedAndTimeReferencesSetFromTheKeysAndTheEditMenu(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.clickOn("#packetTable");
        robot.interact(() -> view.jumpTo(3));
        ctrl(robot, KeyCode.M);
        robot.interact(() -> view.jumpTo(9));
        robot.clickOn("Edit").clickOn("Mark/Unmark Packet");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().marked()).containsExactly(3L, 9L);
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.HOME);
        ctrlShift(robot, KeyCode.N);
        assertThat(selected()).isEqualTo(3);
        ctrlShift(robot, KeyCode.N);
        assertThat(selected()).isEqualTo(9);
        ctrlShift(robot, KeyCode.B);
        assertThat(selected()).isEqualTo(3);
        ctrl(robot, KeyCode.M);
        assertThat(view.table().marked()).containsExactly(9L);
        ctrl(robot, KeyCode.M);

        @SuppressWarnings("unchecked")
        javafx.scene.control.TableColumn<FrameRow, String> time =
                (javafx.scene.control.TableColumn<FrameRow, String>) column("Time");
        assertThat(time.getCellData(5)).isEqualTo("0.000100");
        robot.interact(() -> view.jumpTo(5));
        ctrl(robot, KeyCode.T);
        assertThat(time.getCellData(4)).isEqualTo("*REF*");
        assertThat(time.getCellData(3)).isEqualTo("0.000060");
        assertThat(time.getCellData(5)).isEqualTo("0.000020");
        assertThat(time.getCellData(19)).isEqualTo("0.000300");
        Windows.shot(robot, view, "marks-and-time-reference");
        robot.clickOn("Edit").clickOn("Set/Unset Time Reference");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(time.getCellData(4)).isEqualTo("0.000080");

        open(robot, Samples.sample("mpa-crc-mismatch.pcap"));
        assertThat(view.table().marked()).isEmpty();
    }

    @Test
    void findPacketByDisplayFilterStringAndHexValue(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.HOME);
        ctrl(robot, KeyCode.F);
        assertThat(view.findField().isFocused()).isTrue();
        robot.write("violation").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(14);
        assertThat(view.table().getItems()).hasSize(20);
        Windows.shot(robot, view, "find-packet");

        robot.interact(() -> view.findKind().setValue("String"));
        robot.interact(() -> view.findField().setText("MPA Reply"));
        robot.clickOn("#findField").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selected()).isEqualTo(6);

        robot.interact(() -> view.findKind().setValue("Hex value"));
        robot.interact(() -> view.findField().setText("0a 00 01 00"));
        robot.clickOn("Edit").clickOn("Find Next");
        WaitForAsyncUtils.waitForFxEvents();
        long first = selected();
        assertThat(first).isGreaterThan(6);
        robot.clickOn("#packetTable");
        robot.interact(() -> view.jumpTo(first));
        ctrl(robot, KeyCode.N);
        long second = selected();
        assertThat(second).isGreaterThan(first);
        ctrl(robot, KeyCode.B);
        assertThat(selected()).isEqualTo(first);
    }

    /** The View menu's check entry of a pane. */
    private javafx.scene.control.CheckMenuItem paneItem(String pane) {
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) view.lookup("#menuBar");
        return bar.getMenus().stream().filter(m -> "viewMenu".equals(m.getId())).findFirst().orElseThrow()
                .getItems().stream().filter(i -> ("view" + pane.replace(" ", "")).equals(i.getId()))
                .map(javafx.scene.control.CheckMenuItem.class::cast).findFirst().orElseThrow();
    }

    @Test
    void viewPaneTogglesFollowTheirKeys(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.interact(() -> view.jumpTo(14));
        robot.clickOn("#packetTable");
        ctrlShift(robot, KeyCode.DIGIT3);
        assertThat(view.paneShown("Packet Bytes")).isFalse();
        assertThat(paneItem("Packet Bytes").isSelected()).isFalse();
        assertThat(view.paneShown("Packet Details")).isTrue();
        ctrlShift(robot, KeyCode.DIGIT2);
        assertThat(view.paneShown("Packet Details")).isFalse();
        assertThat(paneItem("Packet Details").isSelected()).isFalse();
        assertThat(view.paneShown("Packet List")).isTrue();
        // the keys work from the filter field too, and bring the panes back
        robot.clickOn("#filterField");
        ctrlShift(robot, KeyCode.DIGIT2);
        ctrlShift(robot, KeyCode.DIGIT3);
        assertThat(view.paneShown("Packet Details")).isTrue();
        assertThat(view.paneShown("Packet Bytes")).isTrue();
        assertThat(paneItem("Packet Bytes").isSelected()).isTrue();
        assertThat(view.hex().bytes()).hasSize(view.row(14).length());
        ctrlShift(robot, KeyCode.DIGIT1);
        assertThat(view.paneShown("Packet List")).isFalse();
        assertThat(paneItem("Packet List").isSelected()).isFalse();
        ctrlShift(robot, KeyCode.DIGIT1);
        assertThat(view.paneShown("Packet List")).isTrue();
        // the packet list's keys still reach its rows
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.END);
        assertThat(selected()).isEqualTo(20);
    }

    @Test
    void viewMenuHidesAndShowsThePanesAndChangesTheLayout(FxRobot robot) throws Exception {
        open(robot, Samples.sample("stag-bounds.pcap"));
        robot.interact(() -> view.jumpTo(14));
        robot.clickOn("View").clickOn("Packet Bytes");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.paneShown("Packet Bytes")).isFalse();
        assertThat(view.paneShown("Packet Details")).isTrue();
        robot.clickOn("View").clickOn("Packet Details");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.paneShown("Packet Details")).isFalse();
        assertThat(view.paneShown("Packet List")).isTrue();
        Windows.shot(robot, view, "view-list-only");
        robot.clickOn("View").clickOn("Packet Details");
        robot.clickOn("View").clickOn("Packet Bytes");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.paneShown("Packet Details")).isTrue();
        assertThat(view.paneShown("Packet Bytes")).isTrue();
        robot.clickOn("View").moveTo("Layout").moveTo("Details Beside Bytes").clickOn("Details Above Bytes");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.sideBySide()).isFalse();
        Windows.shot(robot, view, "view-stacked");
        // the keyboard still reaches the packet list's rows
        robot.clickOn("#packetTable");
        ctrl(robot, KeyCode.END);
        assertThat(selected()).isEqualTo(20);
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.export.Exports;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.ReassembledFpdu;
import io.rdmascope.gui.model.StreamMessage;
import io.rdmascope.gui.ui.FollowStreamWindow;
import io.rdmascope.gui.ui.HexView;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The bytes tabs of reassembled FPDUs and the Follow MPA/DDP Stream window, on real captures. */
@ExtendWith(ApplicationExtension.class)
class FollowAndReassemblyTest {
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, String real) throws Exception {
        assumeTrue(Samples.real(real).toFile().isFile(), "real capture missing: " + real);
        Windows.open(robot, view, Samples.real(real), 30);
    }

    /** Writes a picture of {@code node} when the build is asked for them (-Drdmascope.shots=DIR). */
    private static void shot(FxRobot robot, Node node, String name) throws Exception {
        String dir = System.getProperty("rdmascope.shots");
        if (dir != null) {
            javafx.scene.image.Image[] img = {null};
            robot.interact(() -> img[0] = node.snapshot(new SnapshotParameters(), null));
            Exports.png(img[0], Path.of(dir).resolve(name + ".png"));
        }
    }

    private String selectedField() {
        TreeItem<FieldNode> sel = view.details().getSelectionModel().getSelectedItem();
        return sel == null ? null : sel.getValue().name();
    }

    private static long number(HexView v) {
        long x = 0;
        for (int i = v.highlightOffset(); i < v.highlightOffset() + v.highlightLength(); i++) {
            x = (x << 8) | (v.bytes()[i] & 0xff);
        }
        return x;
    }

    @Test
    void anFpduWithMarkersOverThreeSegmentsGetsItsOwnBytesTab(FxRobot robot) throws Exception {
        open(robot, "osc-iwarp-crc-markers.pcap");
        robot.interact(() -> view.jumpTo(10));
        List<Tab> tabs = view.bytesTabs().tabs().getTabs();
        assertThat(tabs).extracting(Tab::getText).containsExactly("Frame (" + view.hex().bytes().length + " bytes)",
                "Reassembled FPDU (1448 bytes, markers removed)");
        ReassembledFpdu fpdu = view.bytesTabs().fpdus().get(0);
        assertThat(fpdu.firstFrame()).isEqualTo(8);
        HexView fv = view.bytesTabs().fpduView(0);
        assertThat(fv.bytes()).hasSize(1448);

        robot.interact(() -> view.selectField("ddp.msn"));
        assertThat(view.bytesTabs().tabs().getSelectionModel().getSelectedIndex()).isEqualTo(1);
        assertThat(fv.highlightOffset()).isEqualTo(2 + 10);
        assertThat(fv.highlightLength()).isEqualTo(4);
        assertThat(number(fv)).isEqualTo(1);
        robot.interact(() -> view.selectField("mpa.ulpdu_length"));
        assertThat(fv.highlightOffset()).isZero();
        assertThat(number(fv)).isEqualTo(1442);
        shot(robot, view, "fpdu-tab-markers");

        robot.clickOn(fv.pointOfByte(2 + 14));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedField()).isEqualTo("ddp.mo");
        assertThat(fv.highlightOffset()).isEqualTo(2 + 14);
        robot.interact(() -> fv.setVvalue(1));
        robot.clickOn(fv.pointOfByte(1447));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedField()).isEqualTo("mpa.crc");
        assertThat(view.bytesTabs().tabs().getSelectionModel().getSelectedIndex()).isEqualTo(1);

        robot.interact(() -> view.selectField("tcp.srcport"));
        assertThat(view.bytesTabs().tabs().getSelectionModel().getSelectedIndex()).isZero();
        assertThat(fv.highlightOffset()).isNegative();
    }

    @Test
    void aSendOfManySegmentsIsShownWhole(FxRobot robot) throws Exception {
        open(robot, "softuiwarp-mixed.pcap");
        long frame = -1;
        for (long f = 1; f <= view.model().frameCount() && frame < 0; f++) {
            for (ReassembledFpdu r : view.model().reassembled(f)) {
                if (r.octets().length > 60000) {
                    frame = f;
                }
            }
        }
        assertThat(frame).isPositive();
        long at = frame;
        robot.interact(() -> view.jumpTo(at));
        assertThat(view.bytesTabs().tabs().getTabs()).extracting(Tab::getText)
                .anyMatch(t -> t.matches("Reassembled FPDU \\(6\\d{4} bytes\\)"));
        robot.interact(() -> view.selectField("rdmap.opcode"));
        int i = view.bytesTabs().tabs().getSelectionModel().getSelectedIndex() - 1;
        assertThat(i).isGreaterThanOrEqualTo(0);
        HexView fv = view.bytesTabs().fpduView(i);
        assertThat(fv.highlightOffset()).isEqualTo(3);
        shot(robot, view, "fpdu-tab-large-send");

        // the last octets of a 64 KiB FPDU are drawn and can be clicked
        robot.interact(() -> view.selectField("mpa.pad_length"));
        robot.interact(() -> view.selectField("rdmap.opcode"));
        robot.interact(() -> fv.setVvalue(1));
        int last = fv.bytes().length - 1;
        robot.clickOn(fv.pointOfByte(last));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selectedField()).isIn("mpa.crc", "mpa.crc_ok");
        assertThat(fv.isHighlighted(last)).isTrue();
        shot(robot, view, "fpdu-tab-large-send-end");
    }

    private FollowStreamWindow follow(FxRobot robot, long frame, FollowedStream.Layer layer) throws Exception {
        FollowStreamWindow[] w = {null};
        robot.interact(() -> {
            view.jumpTo(frame);
            w[0] = view.follow(layer);
        });
        assertThat(w[0]).isNotNull();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].stream() != null);
        WaitForAsyncUtils.waitForFxEvents();
        return w[0];
    }

    @Test
    void followDdpStreamShowsEachMessageWholeAndLeadsToItsFrame(FxRobot robot) throws Exception {
        open(robot, "osc-iwarp-crc-markers.pcap");
        FollowStreamWindow w = follow(robot, 10, FollowedStream.Layer.DDP);
        assertThat(w.stage().getTitle()).startsWith("Follow DDP Stream (c1)");
        List<StreamMessage> items = List.copyOf(w.list().getItems());
        StreamMessage send = items.stream().filter(m -> m.payload().length == 3000).findFirst().orElseThrow();
        assertThat(w.text(send)).contains("B\u2192A", "Send, QN 0 MSN 1 MO 0, 3000 octets in 3 segments, frames 8\u201316")
                .doesNotContain("A\u2192B");
        assertThat(w.text(send).lines().skip(1).findFirst().orElseThrow()).startsWith("00000000  ");
        shot(robot, w.stage().getScene().getRoot(), "follow-ddp-hex");

        robot.interact(() -> w.view().setValue("ASCII"));
        assertThat(w.text(send).lines().skip(1).findFirst().orElseThrow()).doesNotStartWith("00000000  ");
        robot.interact(() -> w.direction().getSelectionModel().select(1));
        assertThat(w.list().getItems()).allMatch(StreamMessage::fromInitiator).doesNotContain(send);
        robot.interact(() -> w.direction().getSelectionModel().select(0));
        assertThat(w.list().getItems()).contains(send);

        robot.interact(() -> w.list().getSelectionModel().select(send));
        assertThat(view.table().getSelectionModel().getSelectedItem().number()).isEqualTo(send.frame());

        Path out = Files.createTempFile("stream", ".txt");
        robot.interact(() -> {
            try {
                w.save(out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(Files.readString(out)).contains("3000 octets in 3 segments");
        Files.delete(out);

        robot.interact(w::filterThisStream);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterField().getText()).isEqualTo("connection == c1");
        assertThat(view.filterError().isVisible()).isFalse();
        assertThat(view.table().getItems()).extracting(FrameRow::number).contains(4L, 6L, 10L)
                .hasSizeLessThanOrEqualTo((int) view.model().frameCount());
        robot.interact(() -> w.stage().close());
    }

    @Test
    void followMpaStreamFromTheMenuListsHandshakeAndFpdus(FxRobot robot) throws Exception {
        open(robot, "osc-iwarp-crc-markers.pcap");
        robot.interact(() -> view.jumpTo(6));
        robot.clickOn("Analyze").clickOn("Follow").clickOn("MPA Stream");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> robot.lookup("#followList").tryQuery().isPresent()
                        && !robot.lookup("#followList").queryAs(ListView.class).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ListView<StreamMessage> list = robot.lookup("#followList").queryAs(ListView.class);
        List<StreamMessage> items = List.copyOf(list.getItems());
        assertThat(items.get(0).header()).startsWith("MPA Request rev 0");
        assertThat(items.get(1).header()).startsWith("MPA Reply rev 1");
        assertThat(items).extracting(StreamMessage::frame).contains(10L, 14L, 16L);
        assertThat(items).filteredOn(m -> m.frame() == 10).first()
                .satisfies(m -> assertThat(m.header()).contains("ULPDU 1442 octets", "frames 8\u201310", "markers removed"));
        shot(robot, list.getScene().getRoot(), "follow-mpa");
        robot.clickOn(list.lookupAll(".list-cell").stream().filter(n -> ((javafx.scene.control.ListCell<?>) n)
                .getItem() == items.get(1)).findFirst().orElseThrow());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getSelectionModel().getSelectedItem().number()).isEqualTo(6);
        robot.interact(() -> ((Stage) list.getScene().getWindow()).close());
    }

    @Test
    void followDdpStreamFromThePacketListsContextMenu(FxRobot robot) throws Exception {
        open(robot, "osc-iwarp-crc-markers.pcap");
        robot.interact(() -> view.jumpTo(14));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableCell<?, ?> info = robot.lookup(".table-cell")
                .queryAllAs(javafx.scene.control.TableCell.class).stream()
                .filter(c -> c.getTableColumn().getText().equals("Info") && c.getTableRow() != null
                        && c.getTableRow().getItem() != null && ((FrameRow) c.getTableRow().getItem()).number() == 14)
                .findFirst().orElseThrow();
        robot.rightClickOn(info);
        robot.moveTo(shown(robot, "Follow"));
        robot.moveTo(shown(robot, "MPA Stream"));
        robot.clickOn(shown(robot, "DDP Stream"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#followList").tryQuery().isPresent()
                && !robot.lookup("#followList").queryAs(ListView.class).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> list = robot.lookup("#followList").queryAs(ListView.class);
        assertThat(((Stage) list.getScene().getWindow()).getTitle()).startsWith("Follow DDP Stream (c1)");
        robot.interact(() -> ((Stage) list.getScene().getWindow()).close());
    }

    private static Node shown(FxRobot robot, String text) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(text).match(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing() && n.isVisible()).queryLabeled();
    }

    @Test
    void aLongStreamSaysHowManyMessagesAreShown(FxRobot robot) throws Exception {
        open(robot, "osc-iwarp-crc-markers.pcap");
        FollowStreamWindow w = follow(robot, 10, FollowedStream.Layer.MPA);
        robot.interact(() -> w.readFirst(2));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.list().getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.note().getText()).startsWith("First 2 messages shown");
        robot.interact(() -> w.stage().close());
    }

    @Test
    void followNeedsAFrameOfAConnection(FxRobot robot) throws Exception {
        Windows.open(robot, view, Samples.sample("plain-traffic.pcap"), 20);
        FollowStreamWindow[] w = {null};
        robot.interact(() -> {
            view.table().getSelectionModel().clearSelection();
            w[0] = view.follow(FollowedStream.Layer.MPA);
        });
        assertThat(w[0]).isNull();
        assertThat(view.status().getText()).isEqualTo("Select a frame of an MPA connection to follow its stream");
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.Conversation;
import io.rdmascope.gui.model.FlowMessage;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.ui.MainView;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A RoCEv2 capture of soft-RoCE (NVMe over RDMA: three queue pairs set up by the CM) in the
 * window: the packet list, the InfiniBand layers of the detail tree, display filters on the
 * {@code infiniband.*} fields, the transactions, conversations, flow graph and NIC state.
 */
@ExtendWith(ApplicationExtension.class)
class RoceWindowTest {
    private static final String NVME = "rxe/rxe_nvmeof_rdma_mtu1500.pcap";
    /** The first RDMA Write First of the capture: the data of an Identify, on q1. */
    private static final long WRITE_FIRST = 42;
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot) throws Exception {
        open(robot, NVME);
    }

    private void open(FxRobot robot, String name) throws Exception {
        Path file = Samples.real(name);
        assertTrue(file.toFile().isFile(), "capture missing: " + file);
        Windows.open(robot, view, file, 30);
    }

    @Test
    void packetListNamesTheTransportAndTheQueuePair(FxRobot robot) throws Exception {
        open(robot);
        assertThat(view.table().getItems()).hasSize(916);
        FrameRow write = view.row(WRITE_FIRST);
        assertThat(write.protocol()).isEqualTo("RoCEv2");
        assertThat(write.source()).isEqualTo("10.77.0.2");
        assertThat(write.info()).matches("RC RDMA WRITE First QP=0x000011 PSN=\\d+ q1");
        List<FrameRow> rows = List.copyOf(view.table().getItems());
        // the ConnectRequest names the connection its ConnectReply makes known
        assertThat(rows).extracting(FrameRow::info).contains("CM ConnectRequest q1", "CM ConnectReply q1",
                "CM ReadyToUse q1", "CM DisconnectReply q3");
        assertThat(rows).filteredOn(r -> r.info().startsWith("RC Acknowledge")).isNotEmpty()
                .allMatch(r -> r.info().contains(" ACK q"));
        assertThat(view.row(9).info()).matches("RC RDMA READ Response Only QP=0x000011 PSN=\\d+ q1");
        assertThat(rows).filteredOn(r -> r.protocol().equals("RoCEv2")).hasSize(914);
        assertThat(view.status().getText()).contains("206 transactions, 0 errors, 0 warnings, 0 notes");
    }

    @Test
    void analyzeFollowOffersTheQueuePairsPacketsAndMessagesOnARoceFrame(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> view.jumpTo(WRITE_FIRST));
        robot.clickOn("Analyze").clickOn("Follow");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.MenuItem mpa = item(robot, "followMpa");
        javafx.scene.control.MenuItem messages = item(robot, "followQueuePairMessages");
        // as Wireshark greys Follow TCP Stream on a UDP packet
        assertThat(mpa.isDisable()).isTrue();
        assertThat(item(robot, "followDdp").isDisable()).isTrue();
        assertThat(item(robot, "followQueuePairPackets").isDisable()).isFalse();
        assertThat(messages.isDisable()).isFalse();
        robot.clickOn("Queue Pair Messages");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#followList").tryQuery().isPresent());
        javafx.scene.control.ListView<?> list = robot.lookup("#followList").queryAs(javafx.scene.control.ListView.class);
        Stage follow = (Stage) list.getScene().getWindow();
        assertThat(follow.getTitle()).startsWith("Follow Queue Pair Messages (q1)");
        robot.interact(follow::close);
        // closed, the menu's items are all enabled again, so that its shortcuts work on any frame
        assertThat(mpa.isDisable()).isFalse();
    }

    private javafx.scene.control.MenuItem item(FxRobot robot, String id) {
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        return bar.getMenus().stream().filter(m -> "analyzeMenu".equals(m.getId()))
                .flatMap(m -> m.getItems().stream()).filter(javafx.scene.control.Menu.class::isInstance)
                .flatMap(m -> ((javafx.scene.control.Menu) m).getItems().stream())
                .filter(i -> id.equals(i.getId())).findFirst().orElseThrow();
    }

    @Test
    void detailTreeShowsTheInfinibandHeadersAndTheirOctets(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> view.jumpTo(WRITE_FIRST));
        WaitForAsyncUtils.waitForFxEvents();
        List<TreeItem<FieldNode>> layers = view.details().getRoot().getChildren();
        assertThat(layers).extracting(i -> i.getValue().name()).containsExactly("frame", "eth", "ip", "udp",
                "infiniband");
        FieldNode ib = layers.get(4).getValue();
        assertThat(ib.label()).isEqualTo("InfiniBand, RC RDMA WRITE First, q1");
        assertThat(ib.children()).extracting(FieldNode::name).contains("bth", "reth");
        FieldNode reth = ib.children().stream().filter(n -> n.name().equals("reth")).findFirst().orElseThrow();
        assertThat(reth.children()).extracting(FieldNode::name).contains("reth.va", "reth.r_key", "reth.dmalen");
        assertThat(reth.children().stream().filter(n -> n.name().equals("reth.r_key")).findFirst().orElseThrow()
                .value()).isEqualTo(0x339L);

        // the BTH is the 12 octets after the UDP header (Ethernet 14 + IPv4 20 + UDP 8)
        robot.interact(() -> assertThat(view.selectField("bth")).isTrue());
        assertThat(view.hex().highlightOffset()).isEqualTo(42);
        assertThat(view.hex().highlightLength()).isEqualTo(12);
        assertThat(view.hex().bytes()[42]).isEqualTo((byte) 6);
    }

    @Test
    void displayFiltersTakeTheInfinibandFields(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> view.filterField().setText("infiniband.bth.opcode == 6"));
        robot.clickOn("#filterApply");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.filterError().isVisible()).isFalse();
        assertThat(view.table().getItems()).hasSize(25);
        assertThat(view.table().getItems().get(0).number()).isEqualTo(WRITE_FIRST);
        assertThat(view.table().getItems()).allMatch(r -> r.info().startsWith("RC RDMA WRITE First"));

        robot.interact(() -> view.filterField().setText("infiniband.reth.r_key == 0x339 && transaction == w1"));
        robot.clickOn("#filterApply");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getItems()).extracting(FrameRow::number).containsExactly(WRITE_FIRST);
    }

    @Test
    void transactionsConversationsAndFlowsAreThoseOfTheQueuePairs(FxRobot robot) throws Exception {
        open(robot);
        List<Transaction> txs = view.model().transactions();
        assertThat(txs).hasSize(206);
        Set<TransactionKind> kinds = txs.stream().map(t -> t.kind).collect(Collectors.toSet());
        assertThat(kinds).contains(TransactionKind.WRITE, TransactionKind.READ, TransactionKind.SEND);
        assertThat(txs.stream().filter(t -> t.kind == TransactionKind.WRITE).count()).isEqualTo(27);
        assertThat(txs.stream().filter(t -> t.kind == TransactionKind.READ).count()).isEqualTo(4);
        assertThat(txs.stream().filter(t -> t.kind == TransactionKind.SEND).count()).isEqualTo(116);
        assertThat(view.model().connections()).extracting(ConnectionInfo::id).containsExactly("q1", "q2", "q3");
        assertThat(view.model().connections().get(0).initiator()).isEqualTo("10.77.0.1 QP=0x000011");
        assertThat(view.model().transactionsAt(WRITE_FIRST)).contains("w1");

        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        Transaction w1 = txs.stream().filter(t -> t.id.equals("w1")).findFirst().orElseThrow();
        assertThat(w1.connection).isEqualTo("q1");
        robot.interact(() -> view.selectTransaction(w1));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().barOf(w1)).isNotNull();
        assertThat(Windows.selectedFrame(view)).isGreaterThanOrEqualTo(WRITE_FIRST);
        assertThat(view.sequence().messages()).anyMatch(m -> m.contains("RC RDMA WRITE First"));

        List<Conversation> convs = view.model().conversations();
        assertThat(convs).extracting(c -> c.connection().id()).containsExactly("q1", "q2", "q3");
        assertThat(convs).extracting(c -> c.fpdusAtoB() + c.fpdusBtoA()).containsExactly(80L, 185L, 634L);
        assertThat(convs.get(2).bytesAtoB() + convs.get(2).bytesBtoA()).isPositive();

        List<FlowMessage> flow = view.model().messages("q1", 1000);
        assertThat(flow).hasSize(85);
        assertThat(flow).extracting(FlowMessage::text).contains("CM ConnectRequest", "CM ConnectReply");
        assertThat(flow.stream().filter(m -> m.frame() == WRITE_FIRST).findFirst().orElseThrow().fromInitiator())
                .isFalse();
    }

    /** On a capture of RDMA Writes over a lossy link the PSN sequence NAKs are the expert's notes. */
    @Test
    void sequenceNaksAreNamedAndListedAsNotes(FxRobot robot) throws Exception {
        open(robot, "rxe/rxeloss_write_bw_65536_mtu1500.pcap");
        assertThat(view.status().getText()).contains("52 transactions, 0 errors, 0 warnings, 22 notes");
        assertThat(view.row(51).info()).matches("RC Acknowledge QP=0x0000\\p{XDigit}{2} PSN=\\d+ NAK PSN sequence error q2");
        assertThat(view.model().severityAt(51)).isEqualTo(io.rdmascope.engine.Severity.INFO);
        assertThat(view.model().violationsAt(51)).extracting(v -> v.code().name()).containsExactly("IB_NAK_SEQUENCE");
        robot.interact(() -> view.jumpTo(51));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.details().expertItems()).hasSize(1);
        TreeItem<FieldNode> item = view.details().expertItems().get(0);
        assertThat(item.getParent().getValue().name()).isEqualTo("aeth.syndrome");
        assertThat(item.getValue().label()).startsWith("[Expert Info (Note/IB_NAK_SEQUENCE)");
        robot.clickOn("Violations");
        assertThat(robot.lookup("IB_NAK_SEQUENCE (22)").tryQuery()).isPresent();
    }

    @Test
    void nicStateHoldsTheKeysTheHostAdvertised(FxRobot robot) throws Exception {
        open(robot);
        robot.interact(() -> view.jumpTo(WRITE_FIRST));
        robot.clickOn("NIC State");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> view.nic().title().getText().equals("NIC state after frame " + WRITE_FIRST));
        WaitForAsyncUtils.waitForFxEvents();
        NicState.StagEntry key = view.nic().stagTable().getItems().stream().filter(e -> e.stag() == 0x339)
                .findFirst().orElseThrow();
        assertThat(key.endpoint()).isEqualTo("10.77.0.1");
        assertThat(key.connection()).isEqualTo("q1");
        assertThat(key.state()).isEqualTo(NicState.StagState.VALID);
        assertThat(key.access() & 1).isEqualTo(1);
    }
}

package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.ui.FlowGraphView;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.StatisticsPane;
import io.rdmascope.gui.ui.TransactionStyle;
import io.rdmascope.report.KindTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.geometry.Rectangle2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The analysis tabs on real captures of the Linux siw driver: transactions of every kind. */
@ExtendWith(ApplicationExtension.class)
class AnalysisTabsTest {
    private static final String NFS = "siw/std_nfs_rdma_mtu1500_tso.pcap";
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, String capture) throws Exception {
        Path file = Samples.real(capture);
        assertTrue(file.toFile().isFile(), "real capture missing: " + file);
        Windows.open(robot, view, file, 30);
    }

    private Transaction transaction(String id) {
        return view.model().transactions().stream().filter(t -> t.id.equals(id)).findFirst().orElseThrow();
    }

    private void waitForNic(long frame) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> view.nic().title().getText().equals("NIC state after frame " + frame));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void statusBarCountsTransactionsAndFindingsBySeverity(FxRobot robot) throws Exception {
        open(robot, NFS);
        assertThat(view.status().getText())
                .isEqualTo("std_nfs_rdma_mtu1500_tso.pcap: 2365 frames, 272 transactions, 0 errors, 0 warnings, 0 notes");
    }

    @Test
    void timelineColoursTransactionsByKindAndTellsWhatABarIs(FxRobot robot) throws Exception {
        open(robot, NFS);
        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().lanes()).containsExactly("c1", "c2");
        Set<TransactionKind> kinds = view.model().transactions().stream().map(t -> t.kind)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(kinds).containsExactly(TransactionKind.READ, TransactionKind.WRITE, TransactionKind.SEND,
                TransactionKind.of("rpc"));
        assertThat(kinds.stream().map(TransactionStyle::colour).distinct().count()).isEqualTo(4);

        Transaction rpc = transaction("rpc2");
        Rectangle2D bar = view.timeline().barOf(rpc);
        assertThat(bar).isNotNull();
        assertThat(view.timeline().barOf(transaction("w1"))).isNotNull();
        // the call and the Write of its chunk overlap in time: they take rows of their own
        assertThat(view.timeline().barOf(transaction("w1")).getMinY()).isGreaterThan(bar.getMaxY());
        robot.moveTo(view.timeline().canvas().localToScreen(bar.getMinX() + 2, bar.getMinY() + bar.getHeight() / 2));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> view.timeline().tooltip().isShowing());
        String tip = view.timeline().tooltip().getText();
        assertThat(tip).startsWith("RPC-over-RDMA rpc2 (complete)");
        assertThat(tip).contains("NFSv4.1 COMPOUND: EXCHANGE_ID").contains("436 bytes, latency 83 ms")
                .contains("Operations s3, w1, s4");
        assertThat(TransactionStyle.tooltip(transaction("w1"))).startsWith("RDMA Write w1 (complete)")
                .contains("STag 0x20205901").contains("region advertised in frame 10");
    }

    @Test
    void nicStateListsRegionsAdvertisedByTheUpperLayer(FxRobot robot) throws Exception {
        open(robot, NFS);
        robot.clickOn("NIC State");
        robot.interact(() -> view.jumpTo(12));
        waitForNic(12);
        List<NicState.StagEntry> stags = List.copyOf(view.nic().stagTable().getItems());
        NicState.StagEntry s = stags.stream().filter(e -> e.stag() == 0x20205901L).findFirst().orElseThrow();
        assertThat(s.state()).isEqualTo(NicState.StagState.VALID);
        assertThat(s.advertisedFrame()).isEqualTo(10);
        assertThat(s.transaction()).isEqualTo("rpc2");
        assertThat(s.length()).isEqualTo(4240);
        assertThat(robot.lookup("0x20205901").tryQuery()).isPresent();

        robot.interact(() -> view.jumpTo(13));
        waitForNic(13);
        assertThat(view.nic().stagTable().getItems().stream().filter(e -> e.stag() == 0x20205901L).findFirst()
                .orElseThrow().state()).isEqualTo(NicState.StagState.INVALIDATED);
    }

    @Test
    void nicStateListsTheRegionOfAnRpingBufferMessage(FxRobot robot) throws Exception {
        open(robot, "siw/std_rping_64000_mtu1500_tso.pcap");
        robot.clickOn("NIC State");
        robot.interact(() -> view.jumpTo(40));
        waitForNic(40);
        assertThat(view.nic().stagTable().getItems()).anySatisfy(e -> {
            assertThat(e.advertisedFrame()).isEqualTo(10);
            assertThat(e.length()).isEqualTo(64000);
            assertThat(e.state()).isEqualTo(NicState.StagState.VALID);
        });
    }

    @Test
    void statisticsCountEachKindPerConnection(FxRobot robot) throws Exception {
        open(robot, NFS);
        robot.clickOn("Statistics");
        WaitForAsyncUtils.waitForFxEvents();
        StatisticsPane stats = robot.lookup("#statistics").queryAs(StatisticsPane.class);
        List<KindTable.Row> rows = List.copyOf(stats.kindTable().getItems());
        assertThat(rows).extracting(r -> r.kind.jsonName + " " + r.connection + " " + r.count + " " + r.bytes)
                .containsExactly("read c1 1 262144", "write c1 22 207294", "write c2 33 468324", "send c1 78 14020",
                        "send c2 66 11504", "rpc c1 39 483458", "rpc c2 33 479828");
        KindTable.Row rpc = rows.get(5);
        assertThat(TransactionStyle.duration(rpc.quantile(0.5))).isEqualTo("2802 us");
        assertThat(TransactionStyle.duration(rpc.max)).isEqualTo("83 ms");
        assertThat(robot.lookup("2802 us").tryQuery()).isPresent();

        assertThat(stats.latencyKind().getItems()).containsExactly(StatisticsPane.ALL_KINDS, "read", "write", "send",
                "rpc");
        // every Send completes in its own frame: all 144 latencies are 0 ns, one bar holds them all
        robot.interact(() -> stats.latencyKind().setValue("send"));
        List<XYChart.Data<String, Number>> bars = stats.latencyChart().getData().get(0).getData();
        assertThat(bars).hasSize(1);
        assertThat(bars.get(0).getXValue()).isEqualTo("0 ns");
        assertThat(bars.get(0).getYValue().intValue()).isEqualTo(144);
    }

    @Test
    void histogramOfEqualLatenciesIsOneBar() {
        List<StatisticsPane.Bin> bins = StatisticsPane.histogram(new long[] {42_000, 42_000, 42_000});
        assertThat(bins).containsExactly(new StatisticsPane.Bin("42 \u00b5s", 3));
        List<StatisticsPane.Bin> spread = StatisticsPane.histogram(new long[] {1_000, 1_001, 1_002, 5_000});
        assertThat(spread.stream().mapToInt(StatisticsPane.Bin::count).sum()).isEqualTo(4);
        assertThat(spread.stream().map(StatisticsPane.Bin::label).distinct().count()).isEqualTo(spread.size());
        assertThat(StatisticsPane.histogram(new long[0])).isEmpty();
    }

    @Test
    void timelineLanesScrollWhenTheyDoNotFit(FxRobot robot) throws Exception {
        List<ConnectionInfo> connections = new ArrayList<>();
        List<Transaction> txs = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            connections.add(new ConnectionInfo("c" + i, "10.0.0.1:" + (1000 + i), "10.0.0.2:4791"));
            Transaction t = new Transaction("w" + i, TransactionKind.WRITE, "c" + i, "10.0.0.1", 0x100 + i, 0, 64, 1,
                    i, i * 1000L);
            t.completionFrame = i;
            t.completionTimeNanos = i * 1000L + 500;
            txs.add(t);
        }
        robot.clickOn("Timeline");
        robot.interact(() -> view.timeline().show(connections, txs, f -> f * 1000L));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().scrollBar().isVisible()).isTrue();
        assertThat(view.timeline().barOf(txs.get(0))).isNotNull();
        assertThat(view.timeline().barOf(txs.get(59))).isNull();
        robot.interact(() -> view.timeline().select(txs.get(59)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().scrollBar().getValue()).isPositive();
        assertThat(view.timeline().barOf(txs.get(59))).isNotNull();
        assertThat(view.timeline().barOf(txs.get(0))).isNull();
    }

    @Test
    void onlyTheCanvasOfTheTabShownHoldsPixels(FxRobot robot) throws Exception {
        open(robot, NFS);
        Canvas timeline = view.timeline().canvas();
        FlowGraphView flowGraph = robot.lookup("#flowGraph").queryAs(FlowGraphView.class);
        Canvas flow = flowGraph.canvas();
        Canvas sequence = (Canvas) view.sequence().getContent();
        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(timeline.getWidth() * timeline.getHeight()).isPositive();
        assertThat(flow.getWidth() * flow.getHeight()).isZero();
        assertThat(sequence.getWidth() * sequence.getHeight()).isZero();

        robot.clickOn("Flow Graph");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !flowGraph.labels().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(flow.getWidth() * flow.getHeight()).isPositive();
        assertThat(timeline.getWidth() * timeline.getHeight()).isZero();

        robot.interact(() -> view.selectTransaction(transaction("w1")));
        assertThat(sequence.getWidth() * sequence.getHeight()).isZero();
        assertThat(view.sequence().messages()).isNotEmpty();
        List<String> drawnHidden = List.copyOf(view.sequence().messages());
        robot.clickOn("Sequence");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(sequence.getWidth() * sequence.getHeight()).isPositive();
        assertThat(view.sequence().messages()).isEqualTo(drawnHidden);
        assertThat(flow.getWidth() * flow.getHeight()).isZero();

        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(timeline.getWidth() * timeline.getHeight()).isPositive();
        assertThat(view.timeline().barOf(transaction("w1"))).isNotNull();
    }
}

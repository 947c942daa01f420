package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.Conversation;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.ui.FlowGraphView;
import io.rdmascope.gui.ui.IoGraphView;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.StatisticsPane;
import io.rdmascope.gui.ui.TimelineView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.chart.XYChart;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The timeline's zoom, the flow graph and the statistics' views, driven in a real window. */
@ExtendWith(ApplicationExtension.class)
class ViewsTest {
    private static final String NFS = "siw/std_nfs_rdma_mtu1500_tso.pcap";
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1280, 900);
    }

    private void open(FxRobot robot, Path file) throws Exception {
        assertTrue(file.toFile().isFile(), "capture missing: " + file);
        Windows.open(robot, view, file, 30);
    }

    private Point2D on(TimelineView t, double x, double y) {
        return t.canvas().localToScreen(x, y);
    }

    @Test
    void timelineZoomsAndPansAlongATimeAxis(FxRobot robot) throws Exception {
        open(robot, Samples.real(NFS));
        robot.clickOn("Timeline");
        WaitForAsyncUtils.waitForFxEvents();
        TimelineView t = view.timeline();
        double full = t.visibleSpan();
        // the capture lasts about 4.5 s: ticks every half second, counted from the capture's start
        assertThat(t.tickLabels()).contains("0.5 s", "1.0 s", "4.0 s");
        assertThat(robot.lookup("#timelineTimeScroll").query().isVisible()).isFalse();

        robot.clickOn("#timelineZoomIn").clickOn("#timelineZoomIn").clickOn("#timelineZoomIn");
        assertThat(t.visibleSpan()).isCloseTo(full / 8, org.assertj.core.data.Offset.offset(full / 1000));
        assertThat(robot.lookup("#timelineTimeScroll").query().isVisible()).isTrue();
        assertThat(t.spanLabel().getText()).contains("of 4.45 s");

        double before = t.visibleFrom();
        double mid = t.canvas().getHeight() / 2;
        robot.drag(on(t, 700, mid), MouseButton.PRIMARY).dropTo(on(t, 400, mid));
        assertThat(t.visibleFrom()).isGreaterThan(before);

        double span = t.visibleSpan();
        robot.moveTo(on(t, 600, mid));
        robot.press(KeyCode.CONTROL);
        robot.scroll(3, javafx.geometry.VerticalDirection.UP);
        robot.release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(t.visibleSpan()).isNotEqualTo(span);

        // down to one transaction: its bar is wide and labelled, the axis in microseconds or ms
        Transaction rpc = view.model().transactions().stream().filter(x -> x.id.equals("rpc2")).findFirst().orElseThrow();
        robot.interact(() -> {
            t.fit();
            while (t.visibleSpan() > 20_000_000) {
                t.zoom(0.5);
            }
            t.select(rpc);
        });
        assertThat(t.barOf(rpc)).isNotNull();
        assertThat(t.tickLabels()).allMatch(s -> s.endsWith(" ms") || s.endsWith(" s"));
        robot.clickOn("#timelineFit");
        assertThat(t.visibleSpan()).isEqualTo(full);
    }

    @Test
    void stackedBarsAreChosenByClickingAgainOrFromAMenu(FxRobot robot) throws Exception {
        List<Transaction> txs = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            Transaction t = new Transaction("w" + i, TransactionKind.WRITE, "c1", "10.0.0.1", 0x100 + i, 0, 64, 1, i,
                    1000L + i);
            t.completionFrame = 20 + i;
            t.completionTimeNanos = 50_000L;
            txs.add(t);
        }
        List<Transaction> chosen = new ArrayList<>();
        robot.clickOn("Timeline");
        robot.interact(() -> {
            view.timeline().show(List.of(new ConnectionInfo("c1", "10.0.0.1:1", "10.0.0.2:2")), txs, f -> f * 1000L);
            view.timeline().setOnSelect(chosen::add);
        });
        // four rows: the 5th, 6th and 7th transactions are stacked on the bars of the last row
        Rectangle2D bar = view.timeline().barOf(txs.get(6));
        List<Transaction> under = view.timeline().transactionsAt(bar.getMinX() + bar.getWidth() / 2, bar.getMinY() + 4);
        assertThat(under.size()).isGreaterThan(1);
        Point2D p = on(view.timeline(), bar.getMinX() + bar.getWidth() / 2, bar.getMinY() + 4);
        for (int i = 0; i < under.size(); i++) {
            robot.clickOn(p);
            robot.sleep(600);
        }
        assertThat(chosen).containsExactlyInAnyOrderElementsOf(under);
        robot.clickOn(p, MouseButton.SECONDARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.timeline().chooser().getItems()).filteredOn(i -> !(i instanceof javafx.scene.control.Menu)
                && !(i instanceof javafx.scene.control.SeparatorMenuItem)).hasSize(under.size());
        String first = view.timeline().chooser().getItems().get(0).getText();
        assertThat(first).startsWith(under.get(0).id + "  RDMA Write");
        robot.clickOn(first);
        assertThat(chosen.get(chosen.size() - 1)).isSameAs(under.get(0));
    }

    @Test
    void flowGraphDrawsEachMessageOfAConnectionAndJumpsToItsFrame(FxRobot robot) throws Exception {
        open(robot, Samples.real(NFS));
        FlowGraphView flow = robot.lookup("#flowGraph").queryAs(FlowGraphView.class);
        // nothing is read while loading: the graph waits for its tab
        assertThat(flow.connectionChooser().getItems()).isEmpty();
        robot.clickOn("Flow Graph");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !flow.isLoading() && !flow.labels().isEmpty());
        assertThat(flow.connectionChooser().getItems()).extracting(ConnectionInfo::id).containsExactly("c1", "c2");
        assertThat(flow.endpoints()).containsExactly("10.77.0.1:59964", "10.77.0.2:20049");
        assertThat(flow.labels().get(0)).startsWith("MPA Request rev 2");
        assertThat(flow.labels().get(1)).startsWith("MPA Reply rev 2");
        assertThat(flow.labels()).anyMatch(s -> s.startsWith("RDMA Write STag 0x20205901"));
        assertThat(flow.labels()).anyMatch(s -> s.startsWith("Send with Invalidate invalidate 0x20205901 MSN 2"));
        assertThat(flow.labels()).hasSize(425);

        int i = flow.labels().indexOf(flow.labels().stream().filter(s -> s.startsWith("RDMA Write STag 0x20205901"))
                .findFirst().orElseThrow());
        long frame = flow.frames().get(i);
        double[] y = new double[1];
        robot.interact(() -> y[0] = flow.reveal(i));
        robot.clickOn(flow.canvas().localToScreen(flow.canvas().getWidth() / 2, y[0]));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.table().getSelectionModel().getSelectedItem()).extracting(FrameRow::number).isEqualTo(frame);

        robot.interact(() -> flow.showConnection("c2"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !flow.isLoading() && !flow.labels().isEmpty());
        assertThat(flow.endpoints()).containsExactly("10.77.0.1:38584", "10.77.0.2:20049");
    }

    @Test
    void flowGraphWritesTheViolationCodesOnTheirArrow(FxRobot robot) throws Exception {
        Path dir = Files.createTempDirectory("rdmascope-gui");
        open(robot, Samples.synth("bounds.yaml", dir));
        robot.clickOn("Flow Graph");
        FlowGraphView flow = robot.lookup("#flowGraph").queryAs(FlowGraphView.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !flow.isLoading() && !flow.labels().isEmpty());
        int i = flow.frames().indexOf(18L);
        assertThat(i).isNotNegative();
        assertThat(flow.codes(i)).containsExactly("STAG_BOUNDS");
        assertThat(flow.codes(0)).isEmpty();
    }

    @Test
    void conversationsListEachConnectionAndSort(FxRobot robot) throws Exception {
        open(robot, Samples.real(NFS));
        robot.clickOn("#tabStatistics");
        robot.clickOn("#statView").clickOn("Conversations");
        StatisticsPane stats = robot.lookup("#statistics").queryAs(StatisticsPane.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !stats.conversations().isLoading()
                && !stats.conversations().table().getItems().isEmpty());
        List<Conversation> rows = List.copyOf(stats.conversations().table().getItems());
        assertThat(rows).extracting(c -> c.connection().id()).containsExactly("c1", "c2");
        Conversation c1 = rows.get(0);
        assertThat(c1.connection().initiator()).isEqualTo("10.77.0.1:59964");
        assertThat(c1.revision()).isEqualTo(2);
        assertThat(c1.crc()).isFalse();
        assertThat(c1.markers()).isEqualTo("none");
        // the payload octets each way add up to what the kind table counts for the connection's calls
        assertThat(c1.bytesAtoB() + c1.bytesBtoA()).isEqualTo(483458);
        assertThat(rows.get(1).bytesAtoB() + rows.get(1).bytesBtoA()).isEqualTo(479828);
        assertThat(c1.fpdusAtoB()).isPositive();
        assertThat(c1.durationNanos()).isPositive();
        assertThat(c1.bitsPerSecond()).isPositive();

        javafx.scene.control.TableView<Conversation> table = stats.conversations().table();
        javafx.scene.control.TableColumn<Conversation, ?> back = table.getColumns().stream()
                .filter(c -> c.getText().equals("Bytes B\u2192A")).findFirst().orElseThrow();
        robot.interact(() -> {
            back.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(List.of(back));
        });
        assertThat(stats.conversations().table().getItems()).extracting(c -> c.connection().id())
                .containsExactly("c2", "c1");
    }

    @Test
    void ioGraphCountsTransactionsPerIntervalAndFollowsTheDisplayFilter(FxRobot robot) throws Exception {
        open(robot, Samples.real(NFS));
        robot.clickOn("#tabStatistics");
        StatisticsPane stats = robot.lookup("#statistics").queryAs(StatisticsPane.class);
        robot.interact(() -> stats.showView(StatisticsPane.IO_GRAPH));
        IoGraphView io = stats.ioGraph();
        assertThat(seriesNames(io)).containsExactly("all", "read", "write", "send", "rpc");
        assertThat(sum(io, "all")).isEqualTo(272);
        assertThat(sum(io, "rpc")).isEqualTo(72);
        robot.interact(() -> io.interval().setValue("1 s"));
        assertThat(io.chart().getData().get(0).getData()).hasSize(5);
        assertThat(sum(io, "all")).isEqualTo(272);
        robot.interact(() -> io.metric().setValue(IoGraphView.BYTES));
        assertThat(sum(io, "read")).isEqualTo(262144);

        robot.interact(() -> {
            view.filterField().setText("transaction == rpc2");
            view.applyFilter();
        });
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> io.note().getText().contains("display filter"));
        robot.interact(() -> io.metric().setValue(IoGraphView.OPERATIONS));
        assertThat(sum(io, "all")).isBetween(1L, 10L);
    }

    private static List<String> seriesNames(IoGraphView io) {
        return io.chart().getData().stream().map(XYChart.Series::getName).toList();
    }

    private static long sum(IoGraphView io, String name) {
        return io.chart().getData().stream().filter(s -> s.getName().equals(name)).findFirst().orElseThrow().getData()
                .stream().mapToLong(d -> d.getYValue().longValue()).sum();
    }

    @Test
    void bytesPerConnectionChartKeepsTheTopConnectionsInNaturalOrder(FxRobot robot) throws Exception {
        open(robot, Samples.real(NFS));
        robot.clickOn("#tabStatistics");
        StatisticsPane stats = robot.lookup("#statistics").queryAs(StatisticsPane.class);
        assertThat(stats.bytesChart().getData().get(0).getData()).extracting(XYChart.Data::getXValue)
                .containsExactly("c1", "c2");
    }
}

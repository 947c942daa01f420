package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.ui.ConversationsView;
import io.rdmascope.gui.ui.IoGraphView;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.StatisticsPane;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Statistics menu of the menu bar: each item opens the Statistics tab on its view. */
@ExtendWith(ApplicationExtension.class)
class StatisticsMenuTest {
    private MainView view;

    @Start
    void start(Stage stage) {
        view = Windows.show(stage, 1200, 800);
    }

    private Menu statisticsMenu(FxRobot robot) {
        MenuBar bar = robot.lookup("#menuBar").queryAs(MenuBar.class);
        return bar.getMenus().stream().filter(m -> "statisticsMenu".equals(m.getId())).findFirst().orElseThrow();
    }

    private String tabShown() {
        return view.tabs().getSelectionModel().getSelectedItem().getId();
    }

    @Test
    void theMenuListsTheViewsOfTheStatisticsTab(FxRobot robot) {
        assertThat(statisticsMenu(robot).getItems()).extracting(MenuItem::getText)
                .containsExactlyElementsOf(StatisticsPane.VIEWS);
    }

    /** The statistics window opened last. */
    private StatisticsPane window(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#statisticsWindow").tryQuery().isPresent());
        List<StatisticsPane> all = robot.lookup("#statisticsWindow").queryAllAs(StatisticsPane.class).stream().toList();
        return all.get(all.size() - 1);
    }

    @Test
    void eachItemOpensItsViewInAWindowOfItsOwn(FxRobot robot) throws Exception {
        Windows.open(robot, view, Samples.sample("completion-mismatch.pcap"), 30);
        assertThat(tabShown()).isEqualTo("tabTimeline");

        // through the mouse: the menu bar's Statistics, then Conversations
        Node menu = robot.lookup("#menuBar .menu").match(n -> n instanceof Labeled l && "Statistics".equals(l.getText()))
                .query();
        robot.clickOn(menu);
        robot.clickOn(robot.lookup(".menu-item").match(n -> n.isVisible() && n.lookup(".label") instanceof Labeled l
                && "Conversations".equals(l.getText())).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        StatisticsPane pane = window(robot);
        assertThat(tabShown()).isEqualTo("tabTimeline");
        assertThat(pane.getCenter()).isInstanceOf(ConversationsView.class);
        assertThat(pane.viewMenu().getText()).isEqualTo(StatisticsPane.CONVERSATIONS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !pane.conversations().table().getItems().isEmpty());
        javafx.stage.Stage stage = (javafx.stage.Stage) pane.getScene().getWindow();
        assertThat(stage.getTitle()).startsWith("Conversations");
        assertThat(stage.isResizable()).isTrue();
        robot.interact(stage::close);

        robot.interact(() -> item(robot, StatisticsPane.IO_GRAPH).fire());
        StatisticsPane io = window(robot);
        assertThat(io.getCenter()).isInstanceOf(IoGraphView.class);
        robot.interact(() -> ((javafx.stage.Stage) io.getScene().getWindow()).close());

        robot.interact(() -> item(robot, StatisticsPane.SUMMARY).fire());
        StatisticsPane summary = window(robot);
        assertThat(summary.viewMenu().getText()).isEqualTo(StatisticsPane.SUMMARY);
        assertThat(summary.kindTable().getItems()).isNotEmpty();
        assertThat(List.of(summary.getCenter().getId())).containsExactly("statSummary");
        robot.interact(() -> ((javafx.stage.Stage) summary.getScene().getWindow()).close());
    }

    private MenuItem item(FxRobot robot, String name) {
        return statisticsMenu(robot).getItems().stream().filter(i -> name.equals(i.getText())).findFirst().orElseThrow();
    }
}

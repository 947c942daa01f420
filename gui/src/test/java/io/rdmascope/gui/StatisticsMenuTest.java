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

    @Test
    void eachItemOpensTheStatisticsTabOnItsView(FxRobot robot) throws Exception {
        Windows.open(robot, view, Samples.sample("completion-mismatch.pcap"), 30);
        StatisticsPane pane = robot.lookup("#statistics").queryAs(StatisticsPane.class);
        assertThat(tabShown()).isEqualTo("tabTimeline");

        // through the mouse: the menu bar's Statistics, then Conversations
        Node menu = robot.lookup("#menuBar .menu").match(n -> n instanceof Labeled l && "Statistics".equals(l.getText()))
                .query();
        robot.clickOn(menu);
        robot.clickOn(robot.lookup(".menu-item").match(n -> n.isVisible() && n.lookup(".label") instanceof Labeled l
                && "Conversations".equals(l.getText())).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tabShown()).isEqualTo("tabStatistics");
        assertThat(pane.getCenter()).isInstanceOf(ConversationsView.class);
        assertThat(pane.viewMenu().getText()).isEqualTo(StatisticsPane.CONVERSATIONS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !pane.conversations().table().getItems().isEmpty());

        robot.interact(() -> view.tabs().getSelectionModel().select(0));
        robot.interact(() -> item(robot, StatisticsPane.IO_GRAPH).fire());
        assertThat(tabShown()).isEqualTo("tabStatistics");
        assertThat(pane.getCenter()).isInstanceOf(IoGraphView.class);

        robot.interact(() -> item(robot, StatisticsPane.SUMMARY).fire());
        assertThat(pane.viewMenu().getText()).isEqualTo(StatisticsPane.SUMMARY);
        assertThat(pane.kindTable().getItems()).isNotEmpty();
        assertThat(List.of(pane.getCenter().getId())).containsExactly("statSummary");
    }

    private MenuItem item(FxRobot robot, String name) {
        return statisticsMenu(robot).getItems().stream().filter(i -> name.equals(i.getText())).findFirst().orElseThrow();
    }
}

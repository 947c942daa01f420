package io.rdmascope.gui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.prefs.ConfigFolder;
import io.rdmascope.gui.prefs.PreferencesFile;
import io.rdmascope.gui.ui.DesktopSettings;
import io.rdmascope.gui.ui.MainView;
import io.rdmascope.gui.ui.PreferencesDialog;
import io.rdmascope.gui.ui.TimeFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ButtonType;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Edit &gt; Preferences and what is kept in preferences.json: the dialog from the menu and from
 * Ctrl+Shift+P, choices made there, in the View menu and in the column header menu showing in a
 * new window started with the same folder, and a broken file giving the defaults.
 */
@ExtendWith(ApplicationExtension.class)
class PreferencesTest {
    @TempDir
    static Path root;
    private static int windows;

    private Path folder;
    private String propertyBefore;
    private MainView view;
    private final List<Stage> opened = new ArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        // each test's own folder, named as a user would: the system property before the environment
        folder = root.resolve("config" + windows++);
        propertyBefore = System.getProperty(ConfigFolder.PROPERTY);
        System.setProperty(ConfigFolder.PROPERTY, folder.toString());
        view = Windows.show(stage, 1280, 860, ConfigFolder.resolve());
    }

    @AfterEach
    void restore(FxRobot robot) {
        robot.interact(() -> opened.forEach(Stage::close));
        if (propertyBefore == null) {
            System.clearProperty(ConfigFolder.PROPERTY);
        } else {
            System.setProperty(ConfigFolder.PROPERTY, propertyBefore);
        }
    }

    /** A new window, as a new run of the application would open with the same folder. */
    private MainView freshWindow(FxRobot robot) {
        MainView[] fresh = {null};
        robot.interact(() -> {
            Stage s = new Stage();
            opened.add(s);
            fresh[0] = Windows.show(s, 1100, 760, ConfigFolder.resolve());
        });
        WaitForAsyncUtils.waitForFxEvents();
        return fresh[0];
    }

    private Path file() {
        return folder.resolve(PreferencesFile.FILE_NAME);
    }

    private static boolean showing(PreferencesDialog d) {
        WaitForAsyncUtils.waitForFxEvents();
        return d != null && d.isShowing();
    }

    /** Clicks one of the dialog's buttons (the window has buttons named Cancel and Apply too). */
    private static void press(FxRobot robot, PreferencesDialog d, ButtonType button) {
        robot.clickOn(d.getDialogPane().lookupButton(button));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static List<String> columns(MainView v, boolean shownOnly) {
        List<String> out = new ArrayList<>();
        for (TableColumn<FrameRow, ?> c : v.table().getColumns()) {
            if (!shownOnly || c.isVisible()) {
                out.add(c.getText());
            }
        }
        return out;
    }

    @Test
    void editMenuOpensThePreferences(FxRobot robot) {
        robot.clickOn("Edit").clickOn("Preferences\u2026");
        PreferencesDialog d = view.preferencesDialog();
        assertThat(showing(d)).isTrue();
        assertThat(d.getTitle()).startsWith("Preferences");
        assertThat(robot.lookup("#preferencesDialog").tryQuery()).isPresent();
        press(robot, d, ButtonType.CANCEL);
        assertThat(showing(d)).isFalse();
    }

    @Test
    void ctrlShiftPOpensThePreferences(FxRobot robot) {
        robot.clickOn("#packetTable");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P).release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
        PreferencesDialog d = view.preferencesDialog();
        assertThat(showing(d)).isTrue();
        // the dialog starts from the window's choices
        assertThat(d.timeFormatChoice().getValue()).isEqualTo(TimeFormat.SINCE_START);
        assertThat(d.fontFamilyChoice().getValue()).isEqualTo(PreferencesDialog.DEFAULT_FAMILY);
        assertThat(d.columnChoices()).extracting(PreferencesDialog.ColumnChoice::name).containsExactlyElementsOf(
                columns(view, false));
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        assertThat(showing(d)).isFalse();
    }

    @Test
    void choicesMadeInTheDialogShowInAFreshWindow(FxRobot robot) throws Exception {
        String family = javafx.scene.text.Font.getFamilies().get(0);
        robot.clickOn("Edit").clickOn("Preferences\u2026");
        PreferencesDialog d = view.preferencesDialog();
        assertThat(showing(d)).isTrue();
        robot.interact(() -> {
            d.timeFormatChoice().setValue(TimeFormat.UTC);
            d.fontFamilyChoice().setValue(family);
            d.fontSizeChoice().getValueFactory().setValue(15);
            d.recentFilesMaxChoice().getValueFactory().setValue(2);
            d.paneChoice("Packet Bytes").setSelected(false);
            d.aboveChoice().setSelected(true);
            d.columnChoices().stream().filter(c -> c.name().equals("Protocol")).findFirst().orElseThrow()
                    .shown().set(false);
        });
        // Info moved up twice, to before Protocol and Length
        robot.clickOn("Columns");
        robot.interact(() -> d.columnList().getSelectionModel().select(d.columnChoices().size() - 1));
        robot.clickOn("#prefsColumnUp").clickOn("#prefsColumnUp");
        Windows.shot(robot, d.getDialogPane(), "preferences-columns");
        press(robot, d, ButtonType.OK);
        assertThat(showing(d)).isFalse();
        // the window follows at once
        assertThat(view.table().timeFormat()).isEqualTo(TimeFormat.UTC);
        assertThat(view.hex().fontSize()).isEqualTo(15);
        assertThat(view.hex().fontFamily()).isEqualTo(family);
        assertThat(view.paneShown("Packet Bytes")).isFalse();
        assertThat(view.sideBySide()).isFalse();
        assertThat(columns(view, false)).containsExactly("No.", "Time", "Source", "Destination", "Info", "Protocol",
                "Length");
        assertThat(columns(view, true)).doesNotContain("Protocol");
        assertThat(Files.readString(file())).contains("\"timeFormat\" : \"UTC\"");

        MainView fresh = freshWindow(robot);
        assertThat(fresh.table().timeFormat()).isEqualTo(TimeFormat.UTC);
        assertThat(fresh.hex().fontSize()).isEqualTo(15);
        assertThat(fresh.hex().fontFamily()).isEqualTo(family);
        assertThat(fresh.table().getStyle()).contains(family);
        assertThat(fresh.details().getStyle()).contains(family);
        assertThat(fresh.paneShown("Packet Bytes")).isFalse();
        assertThat(fresh.paneShown("Packet Details")).isTrue();
        assertThat(fresh.sideBySide()).isFalse();
        assertThat(columns(fresh, false)).isEqualTo(columns(view, false));
        assertThat(columns(fresh, true)).doesNotContain("Protocol");
        assertThat(fresh.settings().recentFilesMax().get()).isEqualTo(2);
        // the detail tree's lines are drawn in the family chosen
        Path capture = Samples.sample("stag-bounds.pcap");
        if (capture.toFile().isFile()) {
            Windows.open(robot, fresh, capture, 30);
            robot.interact(() -> fresh.jumpTo(1));
            WaitForAsyncUtils.waitForFxEvents();
            var cell = robot.lookup(".tree-cell").match(n -> n.getScene() == fresh.getScene())
                    .queryAllAs(javafx.scene.control.TreeCell.class).stream()
                    .filter(c -> c.getTreeItem() != null).findFirst().orElseThrow();
            assertThat(cell.getFont().getFamily()).isEqualTo(family);
            assertThat(cell.getFont().getSize()).isEqualTo(15);
        }
        // and so do the fresh window's View menu entries
        assertThat(((RadioMenuItem) menuItem(fresh, "timeUTC")).isSelected()).isTrue();
        assertThat(((javafx.scene.control.CheckMenuItem) menuItem(fresh, "viewPacketBytes")).isSelected()).isFalse();
        assertThat(((RadioMenuItem) menuItem(fresh, "viewDetailsAboveBytes")).isSelected()).isTrue();
    }

    /** A View menu entry of a window, by its id. */
    private static javafx.scene.control.MenuItem menuItem(MainView v, String id) {
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) v.lookup("#menuBar");
        java.util.ArrayDeque<javafx.scene.control.MenuItem> todo = new java.util.ArrayDeque<>();
        bar.getMenus().forEach(todo::add);
        while (!todo.isEmpty()) {
            javafx.scene.control.MenuItem m = todo.poll();
            if (id.equals(m.getId())) {
                return m;
            }
            if (m instanceof javafx.scene.control.Menu menu) {
                todo.addAll(menu.getItems());
            }
        }
        throw new AssertionError("no menu item " + id);
    }

    @Test
    void theViewMenuAndTheColumnHeaderMenuAreKeptAndTheDialogShowsThem(FxRobot robot) throws Exception {
        robot.clickOn("View").moveTo("Time Display Format").moveTo("Seconds Since Beginning of Capture")
                .clickOn("Date and Time of Day");
        robot.clickOn("View").moveTo("Layout").moveTo("Details Beside Bytes").clickOn("Details Above Bytes");
        robot.clickOn("#packetTable");
        robot.press(KeyCode.CONTROL, KeyCode.EQUALS).release(KeyCode.EQUALS, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        robot.rightClickOn(robot.lookup(".column-header").match(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h
                && h.getTableColumn() != null && "Source".equals(h.getTableColumn().getText())).queryAs(javafx.scene.Node.class));
        robot.clickOn(robot.lookup("Hide Column").match(n -> n.getScene() != null && n.getScene().getWindow().isShowing())
                .queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(columns(view, true)).doesNotContain("Source");

        // the dialog shows the state the menus left
        robot.clickOn("Edit").clickOn("Preferences\u2026");
        PreferencesDialog d = view.preferencesDialog();
        assertThat(showing(d)).isTrue();
        assertThat(d.timeFormatChoice().getValue()).isEqualTo(TimeFormat.ABSOLUTE);
        assertThat(d.aboveChoice().isSelected()).isTrue();
        assertThat(d.fontSizeChoice().getValue()).isEqualTo(13);
        assertThat(d.columnChoices().stream().filter(c -> c.name().equals("Source")).findFirst().orElseThrow()
                .shown().get()).isFalse();
        // showing Source again from the dialog shows in the header menu's state, the table's columns
        robot.interact(() -> d.columnChoices().stream().filter(c -> c.name().equals("Source")).findFirst()
                .orElseThrow().shown().set(true));
        press(robot, d, PreferencesDialog.APPLY);
        assertThat(showing(d)).isTrue();
        assertThat(columns(view, true)).contains("Source");
        robot.interact(() -> d.columnChoices().stream().filter(c -> c.name().equals("Length")).findFirst()
                .orElseThrow().shown().set(false));
        press(robot, d, ButtonType.CANCEL);
        assertThat(columns(view, true)).contains("Length");

        MainView fresh = freshWindow(robot);
        assertThat(fresh.table().timeFormat()).isEqualTo(TimeFormat.ABSOLUTE);
        assertThat(fresh.sideBySide()).isFalse();
        assertThat(fresh.hex().fontSize()).isEqualTo(13);
        assertThat(columns(fresh, true)).contains("Source", "Length");
    }

    @Test
    void recentFilesAndFiltersAreKeptInTheSameFile(FxRobot robot) throws Exception {
        Path capture = Samples.sample("stag-bounds.pcap");
        org.junit.jupiter.api.Assumptions.assumeTrue(capture.toFile().isFile(), "capture missing: " + capture);
        Windows.open(robot, view, capture, 30);
        robot.clickOn("#filterField");
        robot.write("violation").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS, () -> !view.isFiltering());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(Files.readString(file())).contains("stag-bounds.pcap").contains("violation");

        MainView fresh = freshWindow(robot);
        assertThat(fresh.recentFiles()).containsExactly(capture.toAbsolutePath().toString());
        assertThat(fresh.recentFilters()).containsExactly("violation");
        // fewer recent files to remember drops the oldest
        robot.interact(() -> fresh.settings().recentFilesMax().set(0));
        assertThat(fresh.recentFiles()).isEmpty();
        assertThat(new PreferencesFile(folder).load().recentFiles).isEmpty();
    }

    @Test
    void garbageInTheFileGivesTheDefaults(FxRobot robot) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(file(), "{\"timeFormat\": \"UTC\", \"columns\": [ {\"name\": ");
        MainView fresh = freshWindow(robot);
        assertThat(fresh.getScene().getWindow().isShowing()).isTrue();
        assertThat(fresh.table().timeFormat()).isEqualTo(TimeFormat.SINCE_START);
        assertThat(fresh.sideBySide()).isTrue();
        assertThat(fresh.hex().fontSize()).isEqualTo(12);
        for (String pane : DesktopSettings.PANES) {
            assertThat(fresh.paneShown(pane)).isTrue();
        }
        assertThat(columns(fresh, true)).containsExactly("No.", "Time", "Source", "Destination", "Protocol", "Length",
                "Info");
        assertThat(fresh.recentFiles()).isEmpty();
        // the next change writes a good file over the broken one
        robot.interact(() -> fresh.settings().timeFormat().set(TimeFormat.SINCE_PREVIOUS));
        assertThat(new PreferencesFile(folder).load().timeFormat).isEqualTo("SINCE_PREVIOUS");
    }

    @Test
    void aDialogClosedByOkOrCancelIsNotLeftOpen(FxRobot robot) {
        robot.interact(view::openPreferences);
        PreferencesDialog d = view.preferencesDialog();
        assertThat(showing(d)).isTrue();
        // asking again brings the same dialog forward rather than a second one
        robot.interact(view::openPreferences);
        assertThat(view.preferencesDialog()).isSameAs(d);
        robot.interact(() -> d.setResult(ButtonType.CANCEL));
        assertThat(showing(d)).isFalse();
    }
}

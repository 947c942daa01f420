package io.rdmascope.gui.ui;

import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.FrameRow;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Control;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * The context menus of the detail tree, the packet list and the violations, as Wireshark's: Apply
 * as Filter, Prepare as Filter, Copy (value, field name, as filter) and, for a field, Apply as
 * Column. An item whose filter does not exist (a field the filters do not know) is disabled.
 */
final class ContextMenus {
    /** What the menus ask of the window. */
    interface Actions {
        /** Puts a filter in the bar and applies it. */
        void applyFilter(String filter);

        /** Puts a filter in the bar for the user to complete. */
        void prepareFilter(String filter);

        /** Adds a packet-list column showing a field. */
        void addColumn(String field, int hexDigits);

        /** Opens Follow MPA Stream or Follow DDP Stream for the selected frame. */
        default void follow(FollowedStream.Layer layer) {}

        /** The kind of connection the selected frame belongs to, which the Follow items offer. */
        default FollowItems.Kind followKind() {
            return FollowItems.Kind.NONE;
        }

        /** The filter in the bar now, which "...and Selected" and the like combine with. */
        default String currentFilter() {
            return "";
        }
    }

    /**
     * Wireshark's ways of putting a selected item's filter with the one in the bar: the item's
     * filter alone, negated, or joined to the bar's with and, or, and not, or not.
     */
    enum Combine {
        SELECTED("Selected"), NOT_SELECTED("Not Selected"), AND("\u2026and Selected"), OR("\u2026or Selected"),
        AND_NOT("\u2026and not Selected"), OR_NOT("\u2026or not Selected");

        final String label;

        Combine(String label) {
            this.label = label;
        }

        /** The filter of {@code selected} put with {@code current} (the bar's text) this way. */
        String apply(String current, String selected) {
            String now = current == null ? "" : current.trim();
            return switch (this) {
                case SELECTED -> selected;
                case NOT_SELECTED -> "!(" + selected + ")";
                case AND -> now.isEmpty() ? selected : "(" + now + ") && (" + selected + ")";
                case OR -> now.isEmpty() ? selected : "(" + now + ") || (" + selected + ")";
                case AND_NOT -> now.isEmpty() ? "!(" + selected + ")" : "(" + now + ") && !(" + selected + ")";
                case OR_NOT -> now.isEmpty() ? "!(" + selected + ")" : "(" + now + ") || !(" + selected + ")";
            };
        }
    }

    /** The actions on the window: filters through its filter bar, columns computed from its model. */
    static Actions actionsOf(MainView view) {
        return new Actions() {
            @Override
            public void applyFilter(String filter) {
                view.filterField().setText(filter);
                view.applyFilter();
            }

            @Override
            public void prepareFilter(String filter) {
                view.filterField().setText(filter);
                view.filterField().requestFocus();
                view.filterField().end();
            }

            @Override
            public void addColumn(String field, int hexDigits) {
                view.table().addFieldColumn(field, r -> {
                    io.rdmascope.gui.model.CaptureModel m = view.model();
                    return m == null ? "" : FieldFilters.column(m.filterContext(r.number(), true), field, hexDigits);
                });
            }

            @Override
            public void follow(FollowedStream.Layer layer) {
                view.follow(layer);
            }

            @Override
            public FollowItems.Kind followKind() {
                return view.followKind();
            }

            @Override
            public String currentFilter() {
                return view.filterField().getText();
            }
        };
    }

    private final Actions actions;
    private String copied;

    ContextMenus(Actions actions) {
        this.actions = actions;
    }

    /** What was copied last (also on the system clipboard). */
    String copied() {
        return copied;
    }

    private void copy(String text) {
        copied = text;
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
    }

    /**
     * One menu's items, made once: Apply and Prepare as Filter, then Copy with one entry per
     * label and "As Filter" last; {@link #update} points them at what was clicked.
     */
    private final class Items {
        final ContextMenu menu = new ContextMenu();
        final Menu apply = new Menu("Apply as Filter");
        final Menu prepare = new Menu("Prepare as Filter");
        final Menu copy = new Menu("Copy");
        final MenuItem copyFilter = new MenuItem("As Filter");

        Items(String... copyLabels) {
            for (Combine c : Combine.values()) {
                apply.getItems().add(new MenuItem(c.label));
                prepare.getItems().add(new MenuItem(c.label));
            }
            for (String label : copyLabels) {
                copy.getItems().add(new MenuItem(label));
            }
            copy.getItems().add(copyFilter);
            menu.getItems().setAll(apply, prepare, copy, follow());
        }

        /** Points the items at {@code filter} and the texts to copy, in the order of the labels. */
        void update(String filter, String... copies) {
            apply.setDisable(filter == null || filter.isEmpty());
            prepare.setDisable(filter == null || filter.isEmpty());
            for (Combine c : Combine.values()) {
                set(apply.getItems().get(c.ordinal()), filter,
                        () -> actions.applyFilter(c.apply(actions.currentFilter(), filter)));
                set(prepare.getItems().get(c.ordinal()), filter,
                        () -> actions.prepareFilter(c.apply(actions.currentFilter(), filter)));
            }
            for (int i = 0; i < copies.length; i++) {
                String text = copies[i];
                set(copy.getItems().get(i), text, () -> copy(text));
            }
            set(copyFilter, filter, () -> copy(filter));
        }
    }

    /** Follow &gt; MPA Stream, DDP Stream, Queue Pair Packets, Queue Pair Messages. */
    private Menu follow() {
        Menu follow = new Menu("Follow");
        new FollowItems(follow, actions::followKind, actions::follow, false);
        return follow;
    }

    private static void set(MenuItem m, String needed, Runnable action) {
        m.setDisable(needed == null || needed.isEmpty());
        m.setOnAction(e -> action.run());
    }

    void install(DetailTree tree) {
        Items items = new Items("Value", "Field Name");
        MenuItem column = new MenuItem("Apply as Column");
        items.menu.getItems().add(column);
        items.menu.setOnShowing(e -> {
            TreeItem<FieldNode> item = tree.getSelectionModel().getSelectedItem();
            FieldNode n = item == null ? null : item.getValue();
            String field = n == null || n.value() == null ? null : FieldFilters.filterName(n.name());
            items.update(FieldFilters.of(n), n == null ? null : n.display(), n == null ? null : n.name());
            int hex = FieldFilters.hexDigits(n == null ? null : n.display());
            set(column, field, () -> actions.addColumn(field, hex));
        });
        attach(tree, items.menu);
    }

    void install(PacketTable table) {
        Items items = new Items("Summary");
        String[] column = {null};
        table.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (e.getButton() == MouseButton.SECONDARY) {
                column[0] = columnAt(e.getPickResult().getIntersectedNode());
            }
        });
        items.menu.setOnShowing(e -> {
            FrameRow row = table.getSelectionModel().getSelectedItem();
            items.update(row == null ? null : FieldFilters.of(row, column[0]), row == null ? null : summary(row));
        });
        attach(table, items.menu);
    }

    /** A timeline bar's menu: Apply and Prepare as Filter and Copy for the bar's transaction. */
    void install(TimelineView timeline) {
        timeline.setBarMenu(t -> {
            Items items = new Items("Transaction ID", "Summary");
            String summary = t.id + " " + t.kind.displayName + " (" + t.status.jsonName() + ") frames "
                    + Navigator.frames(t).stream().distinct().sorted().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
            items.update(FieldFilters.checked("transaction == " + t.id), t.id, summary);
            items.menu.getItems().clear();
            return java.util.List.of(items.apply, items.prepare, items.copy);
        });
    }

    void install(ViolationsPane pane) {
        Items items = new Items("Text", "Message");
        items.menu.setOnShowing(e -> {
            TreeItem<Object> item = pane.getSelectionModel().getSelectedItem();
            Object o = item == null ? null : item.getValue();
            String filter = null;
            String text = o == null ? null : o.toString();
            String message = null;
            if (o instanceof Violation v) {
                filter = FieldFilters.of(v);
                text = ViolationsPane.text(v);
                message = v.message();
            } else if (o instanceof ViolationsPane.Group g && g.severity() != null) {
                boolean severityLine = item.getParent() == pane.getRoot();
                filter = severityLine ? FieldFilters.of(g.severity())
                        : FieldFilters.checked("violation.code == \"" + g.label() + "\"");
            }
            items.update(filter, text, message);
        });
        attach(pane, items.menu);
    }

    /**
     * Shows {@code menu} on the platform's context-menu request, or on the release of the
     * secondary button where the platform makes no such request.
     */
    private static void attach(Control control, ContextMenu menu) {
        control.setContextMenu(menu);
        // the keyboard's menu key and Shift+F10 open it at the selected line
        control.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            boolean key = e.getCode() == javafx.scene.input.KeyCode.CONTEXT_MENU
                    || e.getCode() == javafx.scene.input.KeyCode.F10 && e.isShiftDown();
            if (key && !menu.isShowing()) {
                javafx.geometry.Point2D at = selectedLine(control);
                menu.show(control, at.getX(), at.getY());
                e.consume();
            }
        });
        control.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (e.getButton() == MouseButton.SECONDARY && !menu.isShowing()
                    && !inHeader(e.getPickResult().getIntersectedNode())) {
                menu.show(control, e.getScreenX(), e.getScreenY());
            }
        });
    }

    /** Where a keyboard-opened menu shows: under the selected line, else at the control's top left. */
    private static javafx.geometry.Point2D selectedLine(Control control) {
        for (Node n : control.lookupAll(".indexed-cell")) {
            if (n instanceof javafx.scene.control.IndexedCell<?> c && c.isSelected() && c.isVisible()
                    && !(n instanceof TableCell<?, ?>)) {
                javafx.geometry.Bounds b = c.localToScreen(c.getBoundsInLocal());
                if (b != null) {
                    return new javafx.geometry.Point2D(b.getMinX() + 40, b.getMaxY());
                }
            }
        }
        javafx.geometry.Bounds b = control.localToScreen(control.getBoundsInLocal());
        return b == null ? new javafx.geometry.Point2D(0, 0) : new javafx.geometry.Point2D(b.getMinX() + 40, b.getMinY() + 40);
    }

    /** Whether a node is part of a table's column headers (which have a menu of their own). */
    static boolean inHeader(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof javafx.scene.control.skin.TableHeaderRow) {
                return true;
            }
        }
        return false;
    }

    /** The packet-list column of the cell a node belongs to, or null. */
    private static String columnAt(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p instanceof TableCell<?, ?> c && c.getTableColumn() != null) {
                return c.getTableColumn().getText();
            }
        }
        return null;
    }

    /** A packet-list row as Wireshark copies a summary line: the columns, tab-separated. */
    static String summary(FrameRow r) {
        return r.number() + "\t" + r.source() + "\t" + r.destination() + "\t" + r.protocol() + "\t" + r.length()
                + "\t" + r.info();
    }
}

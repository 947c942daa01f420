package io.rdmascope.gui.ui;

import io.rdmascope.fields.FieldNode;
import java.util.List;
import java.util.Set;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/** The detail tree of a frame: one branch per layer, "label: value" per field, descriptions as tooltips. */
public final class DetailTree extends TreeView<FieldNode> {
    private static final Set<String> OPEN_LAYERS = Set.of("mpa", "ddp", "rdmap");

    public DetailTree() {
        setShowRoot(false);
        getStyleClass().add("detail-tree");
        setCellFactory(v -> new TreeCell<>() {
            @Override
            protected void updateItem(FieldNode node, boolean empty) {
                super.updateItem(node, empty);
                if (empty || node == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                setText(text(node));
                String tip = node.description() != null ? node.description()
                        : node.name() + (node.length() > 0 && node.offset() >= 0
                                ? "  (" + node.length() + " octets at " + node.offset() + ")" : "");
                setTooltip(new Tooltip(tip));
            }
        });
    }

    /** What a tree line reads: the label, and the value when the node has one. */
    public static String text(FieldNode node) {
        return node.display() == null || node.display().isEmpty() ? node.label() : node.label() + ": " + node.display();
    }

    public void show(List<FieldNode> layers) {
        TreeItem<FieldNode> root = new TreeItem<>(FieldNode.layer("", "", -1, 0, layers));
        for (FieldNode layer : layers) {
            TreeItem<FieldNode> item = item(layer);
            item.setExpanded(OPEN_LAYERS.contains(layer.name()));
            root.getChildren().add(item);
        }
        setRoot(root);
    }

    private static TreeItem<FieldNode> item(FieldNode node) {
        TreeItem<FieldNode> item = new TreeItem<>(node);
        for (FieldNode c : node.children()) {
            item.getChildren().add(item(c));
        }
        return item;
    }

    /** Selects the deepest field covering octet {@code offset} of the frame; false when none does. */
    public boolean selectDeepest(int offset) {
        if (getRoot() == null) {
            return false;
        }
        TreeItem<FieldNode> best = null;
        for (TreeItem<FieldNode> layer : getRoot().getChildren()) {
            TreeItem<FieldNode> found = deepest(layer, offset);
            if (found != null && (best == null || depth(found) > depth(best) || narrower(found, best))) {
                best = found;
            }
        }
        if (best == null) {
            return false;
        }
        for (TreeItem<FieldNode> p = best.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        getSelectionModel().select(best);
        int row = getRow(best);
        if (row >= 0) {
            scrollTo(Math.max(0, row - 3));
        }
        return true;
    }

    private static boolean narrower(TreeItem<FieldNode> a, TreeItem<FieldNode> b) {
        return depth(a) == depth(b) && a.getValue().length() < b.getValue().length();
    }

    private static int depth(TreeItem<?> item) {
        int d = 0;
        for (TreeItem<?> p = item.getParent(); p != null; p = p.getParent()) {
            d++;
        }
        return d;
    }

    private static TreeItem<FieldNode> deepest(TreeItem<FieldNode> item, int offset) {
        FieldNode n = item.getValue();
        boolean covers = n.offset() >= 0 && n.length() > 0 && offset >= n.offset() && offset < n.offset() + n.length();
        TreeItem<FieldNode> best = null;
        for (TreeItem<FieldNode> c : item.getChildren()) {
            TreeItem<FieldNode> f = deepest(c, offset);
            if (f != null && (best == null || f.getValue().length() < best.getValue().length())) {
                best = f;
            }
        }
        return best != null ? best : covers ? item : null;
    }

    /** Selects the detail tree's first node whose name is {@code name} (expanding its parents). */
    public boolean selectField(String name) {
        TreeItem<FieldNode> root = getRoot();
        TreeItem<FieldNode> found = root == null ? null : find(root, name);
        if (found == null) {
            return false;
        }
        for (TreeItem<FieldNode> p = found.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        getSelectionModel().select(found);
        int row = getRow(found);
        if (row >= 0) {
            scrollTo(Math.max(0, row - 2));
        }
        return true;
    }

    private static TreeItem<FieldNode> find(TreeItem<FieldNode> item, String name) {
        if (item.getValue() != null && name.equals(item.getValue().name())) {
            return item;
        }
        for (TreeItem<FieldNode> c : item.getChildren()) {
            TreeItem<FieldNode> f = find(c, name);
            if (f != null) {
                return f;
            }
        }
        return null;
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;
import javafx.css.PseudoClass;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;

/**
 * The detail tree of a frame: one branch per layer, "label: value" per field, descriptions as
 * tooltips. Expert items ({@link ExpertItems}) are coloured by severity and shown expanded; their
 * links to other frames are followed by a double-click or Enter.
 */
public final class DetailTree extends TreeView<FieldNode> {
    private static final Set<String> OPEN_LAYERS = Set.of("mpa", "ddp", "rdmap");
    private static final PseudoClass ERROR = PseudoClass.getPseudoClass("expert-error");
    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("expert-warning");
    private static final PseudoClass NOTE = PseudoClass.getPseudoClass("expert-note");
    private static final PseudoClass LINK = PseudoClass.getPseudoClass("frame-link");

    private LongConsumer onLink = f -> {};

    public DetailTree() {
        setShowRoot(false);
        getStyleClass().add("detail-tree");
        setCellFactory(v -> {
            Cell c = new Cell();
            c.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !c.isEmpty()) {
                    follow(c.getTreeItem());
                }
            });
            return c;
        });
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && follow(getSelectionModel().getSelectedItem())) {
                e.consume();
            }
        });
    }

    /** A tree line: its text, tooltip and expert colouring. */
    private static final class Cell extends TreeCell<FieldNode> {
        @Override
        protected void updateItem(FieldNode node, boolean empty) {
            super.updateItem(node, empty);
            Severity sev = !empty && node != null && node.value() instanceof Violation vi ? vi.severity() : null;
            pseudoClassStateChanged(ERROR, sev == Severity.ERROR);
            pseudoClassStateChanged(WARNING, sev == Severity.WARNING);
            pseudoClassStateChanged(NOTE, sev == Severity.INFO);
            pseudoClassStateChanged(LINK, !empty && ExpertItems.target(node) > 0);
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
    }

    /** What following a link does: select its frame. */
    public void setOnLink(LongConsumer handler) {
        onLink = handler == null ? f -> {} : handler;
    }

    /** Follows the link of {@code item}; false when it is no link. */
    public boolean follow(TreeItem<FieldNode> item) {
        long frame = item == null ? -1 : ExpertItems.target(item.getValue());
        if (frame <= 0) {
            return false;
        }
        onLink.accept(frame);
        return true;
    }

    /** What a tree line reads: the label, and the value when the node has one. */
    public static String text(FieldNode node) {
        return node.display() == null || node.display().isEmpty() ? node.label() : node.label() + ": " + node.display();
    }

    public void show(List<FieldNode> layers) {
        TreeItem<FieldNode> root = new TreeItem<>(FieldNode.layer("", "", -1, 0, layers));
        for (FieldNode layer : layers) {
            TreeItem<FieldNode> item = item(layer);
            item.setExpanded(item.isExpanded() || OPEN_LAYERS.contains(layer.name()));
            root.getChildren().add(item);
        }
        setRoot(root);
        List<TreeItem<FieldNode>> experts = expertItems();
        if (!experts.isEmpty()) {
            scrollTo(Math.max(0, getRow(experts.get(0)) - 3));
        }
    }

    /**
     * The item of a node. Expert items are shown open, with the nodes on the way to them, and so
     * are the nodes that hold links.
     */
    private static TreeItem<FieldNode> item(FieldNode node) {
        TreeItem<FieldNode> item = new TreeItem<>(node);
        boolean open = ExpertItems.EXPERT.equals(node.name());
        for (FieldNode c : node.children()) {
            TreeItem<FieldNode> child = item(c);
            item.getChildren().add(child);
            open |= child.isExpanded() || ExpertItems.target(c) > 0;
        }
        item.setExpanded(open);
        return item;
    }

    /** The expert items shown, in tree order. */
    public List<TreeItem<FieldNode>> expertItems() {
        List<TreeItem<FieldNode>> out = new java.util.ArrayList<>();
        if (getRoot() != null) {
            collectExperts(getRoot(), out);
        }
        return out;
    }

    private static void collectExperts(TreeItem<FieldNode> item, List<TreeItem<FieldNode>> out) {
        for (TreeItem<FieldNode> c : item.getChildren()) {
            if (ExpertItems.EXPERT.equals(c.getValue().name())) {
                out.add(c);
            }
            collectExperts(c, out);
        }
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

    /** The child indexes from the root to {@code item}, or null when it is not in the tree. */
    public int[] pathOf(TreeItem<FieldNode> item) {
        java.util.ArrayDeque<Integer> steps = new java.util.ArrayDeque<>();
        for (TreeItem<FieldNode> i = item; i != null && i != getRoot(); i = i.getParent()) {
            if (i.getParent() == null) {
                return null;
            }
            steps.push(i.getParent().getChildren().indexOf(i));
        }
        return item == null || getRoot() == null ? null : steps.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Selects the item at {@code path} (child indexes from the root), expanding its parents. */
    public boolean selectPath(int[] path) {
        TreeItem<FieldNode> item = getRoot();
        for (int k = 0; item != null && k < path.length; k++) {
            item = path[k] >= 0 && path[k] < item.getChildren().size() ? item.getChildren().get(path[k]) : null;
        }
        if (item == null || item == getRoot()) {
            return false;
        }
        for (TreeItem<FieldNode> p = item.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        getSelectionModel().select(item);
        int row = getRow(item);
        if (row >= 0) {
            scrollTo(Math.max(0, row - 3));
        }
        return true;
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

package io.rdmascope.gui.ui;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/**
 * Violations grouped like Wireshark's Expert Info: by severity (most severe first), then by code,
 * with counts; selecting a violation jumps to its frame.
 */
public final class ViolationsPane extends TreeView<Object> {
    /** A group line: a severity or a code, with how many violations it holds. */
    public record Group(String label, int count, Severity severity) {
        @Override
        public String toString() {
            return label + " (" + count + ")";
        }
    }

    private LongConsumer onJump = f -> {};

    public ViolationsPane() {
        setShowRoot(false);
        setCellFactory(v -> new TreeCell<>() {
            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                setTooltip(null);
                setStyle(null);
                if (empty || item == null) {
                    setText(null);
                } else if (item instanceof Violation) {
                    Violation vi = (Violation) item;
                    setText(text(vi));
                    setTooltip(new Tooltip(vi.reference() == null ? vi.code().name() : vi.reference()));
                } else {
                    setText(item.toString());
                    Group gr = (Group) item;
                    if (gr.severity() != null && getTreeItem() != null && getTreeItem().getParent() == getRoot()) {
                        setStyle("-fx-font-weight: bold; -fx-text-fill: " + colour(gr.severity()) + ";");
                    }
                }
            }
        });
        getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item != null && item.getValue() instanceof Violation) {
                onJump.accept(((Violation) item.getValue()).frame());
            }
        });
    }

    public static String text(Violation v) {
        return "Frame " + v.frame() + ": " + v.message();
    }

    private static String colour(Severity s) {
        switch (s) {
            case ERROR: return "#b71c1c";
            case WARNING: return "#8a6d00";
            default: return "#1f4e8c";
        }
    }

    public void setOnJump(LongConsumer handler) {
        onJump = handler == null ? f -> {} : handler;
    }

    public void show(List<Violation> violations) {
        Map<Severity, Map<ViolationCode, List<Violation>>> groups = new EnumMap<>(Severity.class);
        for (Violation v : violations) {
            groups.computeIfAbsent(v.severity(), k -> new TreeMap<>()).computeIfAbsent(v.code(), k -> new ArrayList<>()).add(v);
        }
        TreeItem<Object> root = new TreeItem<>(new Group("violations", violations.size(), null));
        Severity[] order = {Severity.ERROR, Severity.WARNING, Severity.INFO};
        for (Severity s : order) {
            Map<ViolationCode, List<Violation>> byCode = groups.get(s);
            if (byCode == null) {
                continue;
            }
            int n = byCode.values().stream().mapToInt(List::size).sum();
            String name = s == Severity.ERROR ? "Errors" : s == Severity.WARNING ? "Warnings" : "Notes";
            TreeItem<Object> sev = new TreeItem<>(new Group(name, n, s));
            sev.setExpanded(true);
            for (Map.Entry<ViolationCode, List<Violation>> e : byCode.entrySet()) {
                TreeItem<Object> code = new TreeItem<>(new Group(e.getKey().name(), e.getValue().size(), s));
                code.setExpanded(e.getValue().size() <= 50);
                for (Violation v : e.getValue()) {
                    code.getChildren().add(new TreeItem<>(v));
                }
                sev.getChildren().add(code);
            }
            root.getChildren().add(sev);
        }
        setRoot(root);
    }
}

package io.rdmascope.gui.ui;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.ReassembledFpdu;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import javafx.geometry.Side;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeItem;
import javafx.scene.layout.BorderPane;

/**
 * The bytes pane under the detail tree, as Wireshark's: the frame's octets, and when the frame
 * completed FPDUs that its own octets do not show whole (begun in an earlier segment, or with
 * markers) one more tab per FPDU, "Reassembled FPDU (N bytes)", with the FPDU as the model put it
 * together. Selecting a field highlights its octets in the frame and, for a field of such an FPDU,
 * in the FPDU's tab (which comes to the front); clicking an octet of either selects its field.
 *
 * <p>The tree and an FPDU's layers have the same shape: the FPDU of the frame's n-th MPA unit
 * matches the tree's n-th "mpa" layer and the layers after it, child for child.
 */
public final class FpduBytesTabs extends BorderPane {
    private final HexView frame;
    private final DetailTree tree;
    private final TabPane tabs = new TabPane();
    private final Tab frameTab = new Tab();
    /** Octets of the shown frame that are MPA markers: not part of the fields around them. */
    private final BitSet markerOctets = new BitSet();
    private List<ReassembledFpdu> fpdus = List.of();
    private final List<HexView> fpduViews = new ArrayList<>();
    private boolean selecting;

    public FpduBytesTabs(HexView frame, DetailTree tree) {
        this.frame = frame;
        this.tree = tree;
        setId("bytesTabs");
        tabs.setSide(Side.BOTTOM);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("bytesTabPane");
        frameTab.setId("bytesFrame");
        setCenter(frame);
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> fieldSelected(item));
        frame.setOnByteClicked(b -> {
            selecting = true;
            try {
                tree.selectDeepest(b);
            } finally {
                selecting = false;
            }
        });
    }

    /** Shows a frame's octets and its reassembled FPDUs ({@code layers}: the tree it shows). */
    public void show(CaptureModel model, long number, List<FieldNode> layers) {
        markerOctets.clear();
        collectMarkers(layers);
        frame.setBytes(model == null || number < 1 ? new byte[0] : model.bytes(number));
        fpdus = model == null || number < 1 ? List.of() : model.reassembled(number);
        fpduViews.clear();
        if (fpdus.isEmpty()) {
            tabs.getTabs().clear();
            frameTab.setContent(null);
            setCenter(frame);
            return;
        }
        setCenter(null);
        frameTab.setText("Frame (" + frame.bytes().length + " bytes)");
        frameTab.setContent(frame);
        List<Tab> list = new ArrayList<>(List.of(frameTab));
        for (int i = 0; i < fpdus.size(); i++) {
            ReassembledFpdu r = fpdus.get(i);
            HexView v = new HexView();
            v.setId("fpduHex" + i);
            v.font(frame.fontFamily(), frame.fontSize());
            v.setBytes(r.octets());
            int unit = r.unit();
            v.setOnByteClicked(b -> selectInFpdu(unit, b));
            fpduViews.add(v);
            Tab t = new Tab(r.title() + (r.complete() ? "" : " (octets missing)"), v);
            t.setId("bytesFpdu" + i);
            list.add(t);
        }
        tabs.getTabs().setAll(list);
        tabs.getSelectionModel().select(frameTab);
        setCenter(tabs);
    }

    /** The reassembled FPDUs shown, in the order of their tabs after the frame's. */
    public List<ReassembledFpdu> fpdus() {
        return fpdus;
    }

    /** The bytes view of the {@code i}-th reassembled FPDU. */
    public HexView fpduView(int i) {
        return fpduViews.get(i);
    }

    public TabPane tabs() {
        return tabs;
    }

    /** Sets the font of every bytes view: {@code family} (empty: monospaced) of {@code size} points. */
    public void font(String family, double size) {
        frame.font(family, size);
        fpduViews.forEach(v -> v.font(family, size));
    }

    private void collectMarkers(List<FieldNode> nodes) {
        for (FieldNode n : nodes) {
            if ("mpa.marker".equals(n.name()) && n.offset() >= 0) {
                markerOctets.set(n.offset(), n.offset() + n.length());
            }
            collectMarkers(n.children());
        }
    }

    private void fieldSelected(TreeItem<FieldNode> item) {
        FieldNode n = item == null ? null : item.getValue();
        if (n != null && n.offset() >= 0 && n.length() > 0) {
            frame.highlight(n.offset(), n.length(), "mpa.marker".equals(n.name()) ? null : markerOctets);
        } else {
            frame.highlight(-1, 0);
        }
        fpduViews.forEach(v -> v.highlight(-1, 0));
        if (fpdus.isEmpty()) {
            return;
        }
        int[] path = tree.pathOf(item);
        int[] at = path == null ? null : unitOf(path[0]);
        ReassembledFpdu r = at == null ? null : fpdu(at[0]);
        FieldNode mapped = r == null ? null : at(r.layers(), at[1], path);
        if (mapped != null && mapped.offset() >= 0 && mapped.length() > 0) {
            int i = fpdus.indexOf(r);
            fpduViews.get(i).highlight(mapped.offset(), mapped.length());
            if (!selecting) {
                tabs.getSelectionModel().select(i + 1);
            }
        } else if (!selecting && n != null) {
            tabs.getSelectionModel().select(frameTab);
        }
    }

    /** For a top-level layer of the tree: {unit, layer within the unit}, or null before the first MPA layer. */
    private int[] unitOf(int top) {
        List<TreeItem<FieldNode>> layers = tree.getRoot().getChildren();
        int unit = -1, start = -1;
        for (int i = 0; i <= top && i < layers.size(); i++) {
            if ("mpa".equals(layers.get(i).getValue().name())) {
                unit++;
                start = i;
            }
        }
        return unit < 0 ? null : new int[] {unit, top - start};
    }

    /** The tree's top-level index of the first layer of unit {@code unit}, or -1. */
    private int firstLayerOf(int unit) {
        List<TreeItem<FieldNode>> layers = tree.getRoot().getChildren();
        for (int i = 0, u = -1; i < layers.size(); i++) {
            if ("mpa".equals(layers.get(i).getValue().name()) && ++u == unit) {
                return i;
            }
        }
        return -1;
    }

    private ReassembledFpdu fpdu(int unit) {
        for (ReassembledFpdu r : fpdus) {
            if (r.unit() == unit) {
                return r;
            }
        }
        return null;
    }

    /** The node of an FPDU's layers at a tree path whose first step is replaced by {@code layer}. */
    private static FieldNode at(List<FieldNode> layers, int layer, int[] path) {
        if (layer < 0 || layer >= layers.size()) {
            return null;
        }
        FieldNode n = layers.get(layer);
        for (int k = 1; k < path.length; k++) {
            if (path[k] >= n.children().size()) {
                return null;
            }
            n = n.children().get(path[k]);
        }
        return n;
    }

    /** Selects the deepest field of FPDU {@code unit} that covers its octet {@code offset}. */
    private void selectInFpdu(int unit, int offset) {
        ReassembledFpdu r = fpdu(unit);
        int first = firstLayerOf(unit);
        if (r == null || first < 0) {
            return;
        }
        List<Integer> best = null;
        int bestLength = Integer.MAX_VALUE;
        for (int l = 0; l < r.layers().size(); l++) {
            List<Integer> path = new ArrayList<>(List.of(first + l));
            List<Integer> found = deepest(r.layers().get(l), offset, path);
            if (found != null) {
                FieldNode n = at(r.layers(), l, found.stream().mapToInt(Integer::intValue).toArray());
                if (best == null || found.size() > best.size() || found.size() == best.size() && n.length() < bestLength) {
                    best = found;
                    bestLength = n.length();
                }
            }
        }
        if (best != null) {
            selecting = true;
            try {
                tree.selectPath(best.stream().mapToInt(Integer::intValue).toArray());
            } finally {
                selecting = false;
            }
        }
    }

    private static List<Integer> deepest(FieldNode n, int offset, List<Integer> path) {
        List<Integer> best = null;
        int bestLength = Integer.MAX_VALUE;
        for (int i = 0; i < n.children().size(); i++) {
            List<Integer> p = new ArrayList<>(path);
            p.add(i);
            List<Integer> f = deepest(n.children().get(i), offset, p);
            int len = f == null ? 0 : below(n, f, path.size()).length();
            if (f != null && (best == null || len < bestLength)) {
                best = f;
                bestLength = len;
            }
        }
        boolean covers = n.offset() >= 0 && n.length() > 0 && offset >= n.offset() && offset < n.offset() + n.length();
        return best != null ? best : covers ? path : null;
    }

    /** The node {@code path} leads to from {@code n}, which stands at step {@code from - 1} of it. */
    private static FieldNode below(FieldNode n, List<Integer> path, int from) {
        for (int k = from; k < path.size(); k++) {
            n = n.children().get(path.get(k));
        }
        return n;
    }
}

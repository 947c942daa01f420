package io.rdmascope.gui.pipeline;

import io.rdmascope.fields.FieldNode;
import java.util.ArrayList;
import java.util.List;

/** Moves detail trees whose offsets are relative to a PDU into frame-relative offsets. */
public final class FieldTrees {
    private FieldTrees() {}

    /**
     * @param base where offset 0 of {@code node} lies in the frame, or -1 when the PDU's octets are
     *     not all in the frame (then every offset becomes -1: nothing to highlight)
     */
    public static FieldNode shift(FieldNode node, int base) {
        List<FieldNode> children = new ArrayList<>(node.children().size());
        for (FieldNode c : node.children()) {
            children.add(shift(c, base));
        }
        int offset = base < 0 || node.offset() < 0 ? -1 : base + node.offset();
        return new FieldNode(node.name(), node.label(), node.value(), node.display(), offset, node.length(),
                node.description(), children);
    }
}

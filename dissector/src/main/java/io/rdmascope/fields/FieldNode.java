package io.rdmascope.fields;

import java.util.List;

/**
 * One node of a frame's detail tree: a protocol layer or a field. The name is the stable field
 * name used by display filters, JSON and the GUI (as in Wireshark's field registry).
 *
 * @param name stable name, e.g. "ddp.stag"; a layer's node is named after the layer ("ddp")
 * @param label what people read, e.g. "Steering Tag"
 * @param value the typed value (Long, Boolean, String, byte[]) or null for a layer
 * @param display the value as shown, e.g. "0x0a000100"
 * @param offset first octet of the field in the frame's captured bytes, or -1 when the field is
 *     not in this frame's bytes (a PDU assembled from earlier segments)
 * @param length octets covered in the frame, 0 when unknown
 * @param description what the field means and where it is defined (from the Kaitai specs' docs)
 */
public record FieldNode(String name, String label, Object value, String display, int offset, int length,
                        String description, List<FieldNode> children) {
    public static FieldNode layer(String name, String label, int offset, int length, List<FieldNode> children) {
        return new FieldNode(name, label, null, "", offset, length, null, children);
    }

    public static FieldNode field(String name, String label, Object value, String display, int offset, int length) {
        return new FieldNode(name, label, value, display, offset, length, null, List.of());
    }
}

package io.rdmascope.pdu;

import io.rdmascope.fields.FieldNode;
import java.util.List;

/**
 * Detail-tree nodes of a DDP segment and its RDMAP header, named as the display filters and the
 * dissect JSON name them, described by the docs of the Kaitai specs. Offsets are relative to the
 * first octet of the ULPDU.
 */
public final class PduFields {
    private PduFields() {}

    /** Two nodes: "ddp" and "rdmap". */
    public static List<FieldNode> segment(DdpSegment segment) {
        throw new UnsupportedOperationException("not yet");
    }
}

package io.rdmascope.mpa;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.fields.Hex;
import io.rdmascope.fields.SpecDocs;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Detail-tree nodes of MPA, each a field of the registry ({@link Fields}), which gives its name,
 * label and description (the {@code doc} texts of ksy/mpa.ksy with their {@code doc-ref}).
 * Offsets are relative to the first octet of the handshake frame or of the FPDU with its markers
 * removed.
 */
public final class MpaFields {
    private MpaFields() {}

    public static FieldNode handshake(MpaHandshake h) {
        List<FieldNode> c = new ArrayList<>();
        c.add(node(Fields.MPA_KEY, h, v -> h.request() ? "MPA ID Req Frame" : "MPA ID Rep Frame", 0, 16));
        c.add(node(Fields.MPA_MARKER_FLAG, h, String::valueOf, 16, 1));
        c.add(node(Fields.MPA_CRC_FLAG, h, String::valueOf, 16, 1));
        c.add(node(Fields.MPA_REJECT_FLAG, h, String::valueOf, 16, 1));
        c.add(node(Fields.MPA_ENHANCED_FLAG, h, String::valueOf, 16, 1));
        c.add(node(Fields.MPA_REVISION, h, String::valueOf, 17, 1));
        c.add(node(Fields.MPA_PD_LENGTH, h, String::valueOf, 18, 2));
        if (h.ird() != null) {
            c.add(node(Fields.MPA_IRD, h, v -> irdOrd(h.ird(), h.irdFlags()), 20, 2));
        }
        if (h.ord() != null) {
            c.add(node(Fields.MPA_ORD, h, v -> irdOrd(h.ord(), h.ordFlags()), 22, 2));
        }
        String label = h.request() ? "MPA Request" : "MPA Reply";
        return new FieldNode(Fields.MPA.name(), label, null, "", 0, h.length(), typeDoc("request_reply"), c);
    }

    private static String irdOrd(int value, int flags) {
        String v = value == 0x3fff ? "none (0x3fff)" : String.valueOf(value);
        return flags == 0 ? v : v + " (flags 0x" + Integer.toHexString(flags) + ")";
    }

    /** The MPA layer of an FPDU: ULPDU length, pad, CRC with its check, markers. */
    public static FieldNode fpdu(Fpdu f) {
        List<FieldNode> c = new ArrayList<>();
        c.add(node(Fields.MPA_ULPDU_LENGTH, f, String::valueOf, 0,
                FpduLayout.LENGTH_FIELD_SIZE));
        int pad = f.padLength;
        int padAt = FpduLayout.LENGTH_FIELD_SIZE + f.ulpduLength;
        c.add(node(Fields.MPA_PAD_LENGTH, f, String::valueOf, padAt, pad));
        if (!f.truncated) {
            String crcText = Hex.hex(f.crcField, 8);
            c.add(node(Fields.MPA_CRC, f, v -> crcText, padAt + pad, FpduLayout.CRC_SIZE));
            String ok = f.crcOk == null ? "not negotiated"
                    : f.crcOk ? "good" : "bad (computed " + Hex.atLeast(f.crcComputed, 8) + ")";
            c.add(node(Fields.MPA_CRC_OK, f, v -> ok, padAt + pad, FpduLayout.CRC_SIZE));
        }
        String m = f.badMarkers == 0 ? String.valueOf(f.markers) : f.markers + " (" + f.badMarkers + " invalid)";
        c.add(node(Fields.MPA_MARKERS, f, v -> m, -1, 0));
        if (f.snapped) {
            c.add(node(Fields.MPA_SNAPPED, f, v -> "yes", -1, 0));
        }
        int len = padAt + pad + FpduLayout.CRC_SIZE;
        return new FieldNode(Fields.MPA.name(), f.snapped ? "MPA FPDU (cut by the snapshot length)"
                : f.truncated ? "MPA FPDU (truncated)" : "MPA FPDU", null, "", 0, len,
                typeDoc("fpdu"), c);
    }

    /** The node of a field with its value as the registry reads it from {@code pdu}, shown by {@code display}. */
    private static FieldNode node(Field f, Object pdu, Function<Object, String> display, int offset, int length) {
        Object v = f.value(pdu);
        return node(f, v, display.apply(v), offset, length);
    }

    private static FieldNode node(Field f, Object value, String display, int offset, int length) {
        return new FieldNode(f.name(), f.label(), value, display, offset, length, f.description(), List.of());
    }

    /** The whole doc of a type of ksy/mpa.ksy, or null when the spec is not on the class path. */
    private static String typeDoc(String type) {
        SpecDocs.Doc d = SpecDocs.get("mpa/" + type);
        return d == null ? null : d.text();
    }
}

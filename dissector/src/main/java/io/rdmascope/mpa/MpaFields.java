package io.rdmascope.mpa;

import io.rdmascope.fields.Hex;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rdmascope.fields.FieldNode;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Detail-tree nodes of MPA. Offsets are relative to the first octet of the handshake frame or of
 * the FPDU with its markers removed. Descriptions are the {@code doc} texts of ksy/mpa.ksy (read
 * from the class path when it is there), followed by their {@code doc-ref}.
 */
public final class MpaFields {
    private MpaFields() {}

    private static final Map<String, String> DOCS = loadDocs();

    public static FieldNode handshake(MpaHandshake h) {
        List<FieldNode> c = new ArrayList<>();
        c.add(node("mpa.key", "Key", h.request() ? "request" : "reply",
                h.request() ? "MPA ID Req Frame" : "MPA ID Rep Frame", 0, 16, "request_reply/key"));
        c.add(node("mpa.flags.marker", "Marker flag (M)", h.markerFlag(), String.valueOf(h.markerFlag()), 16, 1,
                "request_reply/marker_flag"));
        c.add(node("mpa.flags.crc", "CRC flag (C)", h.crcFlag(), String.valueOf(h.crcFlag()), 16, 1,
                "request_reply/crc_flag"));
        c.add(node("mpa.flags.reject", "Reject flag (R)", h.rejectFlag(), String.valueOf(h.rejectFlag()), 16, 1,
                "request_reply/reject_flag"));
        c.add(node("mpa.flags.enhanced", "Enhanced connection flag", h.enhancedFlag(),
                String.valueOf(h.enhancedFlag()), 16, 1, "request_reply/enhanced_flag"));
        c.add(node("mpa.rev", "Revision", (long) h.revision(), String.valueOf(h.revision()), 17, 1,
                "request_reply/revision"));
        c.add(node("mpa.pd_length", "Private data length", (long) h.privateDataLength(),
                String.valueOf(h.privateDataLength()), 18, 2, "request_reply/pd_length"));
        if (h.ird() != null) {
            c.add(node("mpa.ird", "IRD", (long) h.ird(), irdOrd(h.ird(), h.irdFlags()), 20, 2, "ird_ord/ird"));
        }
        if (h.ord() != null) {
            c.add(node("mpa.ord", "ORD", (long) h.ord(), irdOrd(h.ord(), h.ordFlags()), 22, 2, "ird_ord/ord"));
        }
        String label = h.request() ? "MPA Request" : "MPA Reply";
        return new FieldNode("mpa", label, null, "", 0, h.length(), doc("request_reply"), c);
    }

    private static String irdOrd(int value, int flags) {
        String v = value == 0x3fff ? "none (0x3fff)" : String.valueOf(value);
        return flags == 0 ? v : v + " (flags 0x" + Integer.toHexString(flags) + ")";
    }

    /** The MPA layer of an FPDU: ULPDU length, pad, CRC with its check, markers. */
    public static FieldNode fpdu(Fpdu f) {
        List<FieldNode> c = new ArrayList<>();
        c.add(node("mpa.ulpdu_length", "ULPDU length", (long) f.ulpduLength, String.valueOf(f.ulpduLength), 0, 2,
                "fpdu/ulpdu_length"));
        int pad = f.padLength;
        c.add(node("mpa.pad_length", "Pad length", (long) pad, String.valueOf(pad), 2 + f.ulpduLength, pad,
                "fpdu/pad_length"));
        if (!f.truncated) {
            String crcText = Hex.hex(f.crcField, 8);
            c.add(node("mpa.crc", "CRC", f.crcField, crcText, 2 + f.ulpduLength + pad, 4, "fpdu/crc"));
            String ok = f.crcOk == null ? "not negotiated"
                    : f.crcOk ? "good" : String.format("bad (computed 0x%08x)", f.crcComputed);
            c.add(node("mpa.crc_ok", "CRC check", f.crcOk, ok, 2 + f.ulpduLength + pad, 4, "fpdu/crc"));
        }
        String m = f.badMarkers == 0 ? String.valueOf(f.markers) : f.markers + " (" + f.badMarkers + " invalid)";
        c.add(node("mpa.markers", "Markers", (long) f.markers, m, -1, 0, "marker"));
        int len = 6 + f.ulpduLength + pad;
        return new FieldNode("mpa", f.truncated ? "MPA FPDU (truncated)" : "MPA FPDU", null, "", 0, len,
                doc("fpdu"), c);
    }

    private static FieldNode node(String name, String label, Object value, String display, int offset, int length,
                                  String docKey) {
        return new FieldNode(name, label, value, display, offset, length, doc(docKey), List.of());
    }

    private static String doc(String key) {
        return DOCS.get(key);
    }

    /** "type/field" to "doc (doc-ref)" from the spec on the class path; empty when it is not there. */
    private static Map<String, String> loadDocs() {
        Map<String, String> out = new HashMap<>();
        try (InputStream in = MpaFields.class.getClassLoader().getResourceAsStream("ksy/mpa.ksy")) {
            if (in == null) {
                return out;
            }
            JsonNode types = new ObjectMapper(new YAMLFactory()).readTree(in).path("types");
            types.fields().forEachRemaining(t -> {
                out.put(t.getKey(), text(t.getValue()));
                for (String section : new String[] {"seq", "instances"}) {
                    JsonNode s = t.getValue().path(section);
                    if (s.isArray()) {
                        s.forEach(f -> out.put(t.getKey() + "/" + f.path("id").asText(), text(f)));
                    } else if (s.isObject()) {
                        s.fields().forEachRemaining(f -> out.put(t.getKey() + "/" + f.getKey(), text(f.getValue())));
                    }
                }
            });
        } catch (Exception e) {
            // Descriptions are optional: the tree is complete without them.
        }
        return out;
    }

    private static String text(JsonNode n) {
        String d = n.path("doc").asText("").trim().replaceAll("\\s+", " ");
        JsonNode ref = n.path("doc-ref");
        String r = ref.isArray() ? ref.toString() : ref.asText("");
        return r.isEmpty() ? d : d + " (" + r + ")";
    }
}

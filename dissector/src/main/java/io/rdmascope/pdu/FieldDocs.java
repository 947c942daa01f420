package io.rdmascope.pdu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The documentation of the Kaitai specs ({@code /ksy/*.ksy} on the classpath), read once: each
 * field's label (first line of its {@code doc}), description (the rest, with its {@code doc-ref})
 * and, for fixed-size fields, where it lies inside its type, so the detail tree, its offsets and
 * the names of enum values come from the same source as the parsers.
 */
public final class FieldDocs {
    /**
     * One documented field.
     *
     * @param label the first line of the doc, e.g. "Steering Tag"
     * @param description the rest of the doc and its reference
     * @param bitOffset offset in bits from the start of its type, or -1 when not fixed
     * @param bitWidth width in bits, or -1 when not fixed
     */
    public record Doc(String label, String description, int bitOffset, int bitWidth) {}

    private static final String[] SPECS = {"ddp", "rdmap", "oneshot"};
    private static final Map<String, JsonNode> SPEC_TREES = new HashMap<>();
    private static final Map<String, Doc> DOCS = new HashMap<>();
    private static final Map<String, String> ENUMS = new HashMap<>();

    static {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        for (String spec : SPECS) {
            try (InputStream in = FieldDocs.class.getResourceAsStream("/ksy/" + spec + ".ksy")) {
                if (in != null) {
                    SPEC_TREES.put(spec, yaml.readTree(in));
                }
            } catch (IOException e) {
                // Without the specs the tree falls back to field names; decoding does not depend on them.
            }
        }
        for (Map.Entry<String, JsonNode> e : SPEC_TREES.entrySet()) {
            index(e.getKey(), "", e.getValue());
            JsonNode types = e.getValue().path("types");
            for (Iterator<Map.Entry<String, JsonNode>> it = types.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> t = it.next();
                index(e.getKey(), t.getKey(), t.getValue());
            }
            JsonNode enums = e.getValue().path("enums");
            for (Iterator<Map.Entry<String, JsonNode>> it = enums.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> en = it.next();
                for (Iterator<Map.Entry<String, JsonNode>> vs = en.getValue().fields(); vs.hasNext(); ) {
                    Map.Entry<String, JsonNode> v = vs.next();
                    Long key = parseNumber(v.getKey());
                    String doc = v.getValue().isTextual() ? v.getValue().asText() : v.getValue().path("doc").asText(
                            v.getValue().path("id").asText());
                    if (key != null) {
                        ENUMS.put(e.getKey() + "::" + en.getKey() + "::" + key, doc.strip());
                    }
                }
            }
        }
    }

    private FieldDocs() {}

    /**
     * The doc of a field.
     *
     * @param spec the spec id ("ddp", "rdmap", "oneshot")
     * @param type the type inside the spec ("tagged_header"), or "" for the spec's top-level type
     * @param field the field or instance id
     * @return its doc; a doc holding the field id as label when the spec does not document it
     */
    public static Doc get(String spec, String type, String field) {
        Doc d = DOCS.get(spec + "/" + type + "/" + field);
        return d != null ? d : new Doc(field, null, -1, -1);
    }

    public static String label(String spec, String type, String field) {
        return get(spec, type, field).label();
    }

    /** The doc of an enum value, e.g. ("rdmap", "layer", 1) gives "DDP layer", or null when undefined. */
    public static String enumDoc(String spec, String enumName, long value) {
        return ENUMS.get(spec + "::" + enumName + "::" + value);
    }

    /** Whether the specs were found on the classpath. */
    public static boolean loaded() {
        return SPEC_TREES.size() == SPECS.length;
    }

    private static void index(String spec, String typeName, JsonNode type) {
        int bit = 0;
        for (JsonNode f : type.path("seq")) {
            String id = f.path("id").asText();
            int width = f.has("if") ? -1 : bitWidth(spec, f);
            int offset = bit;
            DOCS.put(spec + "/" + typeName + "/" + id, doc(f, bit >= 0 && width >= 0 ? offset : -1, width));
            bit = bit < 0 || width < 0 ? -1 : bit + width;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = type.path("instances").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> i = it.next();
            DOCS.put(spec + "/" + typeName + "/" + i.getKey(), doc(i.getValue(), -1, -1));
        }
    }

    private static Doc doc(JsonNode f, int offset, int width) {
        String text = f.path("doc").asText("").strip();
        String ref = f.path("doc-ref").asText("").strip();
        int nl = text.indexOf('\n');
        String label = nl < 0 ? text : text.substring(0, nl);
        String rest = nl < 0 ? "" : text.substring(nl + 1).replaceAll("\\s+", " ").strip();
        if (label.endsWith(".")) {
            label = label.substring(0, label.length() - 1);
        }
        if (label.isEmpty()) {
            label = f.path("id").asText();
        }
        String description = rest.isEmpty() ? label : rest;
        if (!ref.isEmpty()) {
            description = description + " (" + ref + ")";
        }
        return new Doc(label, description, offset, width);
    }

    /** Width in bits of a field of fixed size, or -1. */
    private static int bitWidth(String spec, JsonNode f) {
        if (f.has("size")) {
            Long n = parseNumber(f.path("size").asText());
            return n == null ? -1 : (int) (n * 8);
        }
        String t = f.path("type").asText("");
        if (t.matches("[us][1248](be|le)?")) {
            return 8 * (t.charAt(1) - '0');
        }
        if (t.matches("b[0-9]+")) {
            return Integer.parseInt(t.substring(1));
        }
        String owner = spec;
        int sep = t.indexOf("::");
        if (sep > 0) {
            owner = t.substring(0, sep);
            t = t.substring(sep + 2);
        }
        JsonNode tree = SPEC_TREES.get(owner);
        if (tree == null || !tree.path("types").has(t)) {
            return -1;
        }
        int sum = 0;
        for (JsonNode g : tree.path("types").path(t).path("seq")) {
            int w = g.has("if") ? -1 : bitWidth(owner, g);
            if (w < 0) {
                return -1;
            }
            sum += w;
        }
        return sum;
    }

    private static Long parseNumber(String s) {
        try {
            s = s.strip();
            return s.startsWith("0x") || s.startsWith("0X") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

package io.rdmascope.fields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * The documentation of the Kaitai specs ({@code /ksy/*.ksy} on the class path), read once: for
 * each type and each field its label (first line of its {@code doc}), description (the rest, with
 * its {@code doc-ref}), its whole text and, for fixed-size fields, where it lies inside its type.
 * The field registry takes its labels and descriptions from here, so the detail tree, its offsets
 * and the names of enum values come from the same source as the parsers.
 */
public final class SpecDocs {
    /**
     * One documented type or field.
     *
     * @param label the first line of the doc, e.g. "Steering Tag"
     * @param description the rest of the doc and its reference
     * @param bitOffset offset in bits from the start of its type, or -1 when not fixed
     * @param bitWidth width in bits, or -1 when not fixed
     * @param text the whole doc on one line, followed by its reference in parentheses
     */
    public record Doc(String label, String description, int bitOffset, int bitWidth, String text) {}

    private static final String[] SPECS = {"mpa", "ddp", "rdmap", "oneshot", "infiniband", "ib_cm"};
    private static final Map<String, JsonNode> SPEC_TREES = new HashMap<>();
    private static final Map<String, Doc> DOCS = new HashMap<>();
    private static final Map<String, String> ENUMS = new HashMap<>();

    static {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        for (String spec : SPECS) {
            try (InputStream in = SpecDocs.class.getResourceAsStream("/ksy/" + spec + ".ksy")) {
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
                DOCS.put(e.getKey() + "/" + t.getKey(), doc(t.getValue(), -1, -1));
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

    private SpecDocs() {}

    /**
     * The doc of a type or field.
     *
     * @param path "spec/type/field" ("ddp/tagged_header/stag"), "spec//field" for a field of the
     *     spec's top-level type, or "spec/type" for a type
     * @return its doc, or null when the spec does not document it
     */
    public static Doc get(String path) {
        return DOCS.get(path);
    }

    /** The doc of an enum value, e.g. ("rdmap", "layer", 1) gives "DDP layer", or null when undefined. */
    public static String enumDoc(String spec, String enumName, long value) {
        return ENUMS.get(spec + "::" + enumName + "::" + value);
    }

    /** Whether every spec was found on the class path. */
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
            int[] at = locate(spec, type, i.getValue().path("value").asText(""));
            DOCS.put(spec + "/" + typeName + "/" + i.getKey(), doc(i.getValue(), at[0], at[1]));
        }
    }

    /**
     * Where a value instance that only names a field ({@code invalidate_stag.stag}) lies: offset
     * and width in bits of that field inside {@code type}, or {-1, -1}.
     */
    private static int[] locate(String spec, JsonNode type, String path) {
        int[] none = {-1, -1};
        if (!path.matches("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*")) {
            return none;
        }
        String[] parts = path.split("\\.");
        int base = 0;
        String owner = spec;
        JsonNode cur = type;
        for (int i = 0; i < parts.length; i++) {
            int bit = 0;
            int width = -1;
            JsonNode found = null;
            for (JsonNode f : cur.path("seq")) {
                width = f.has("if") ? -1 : bitWidth(owner, f);
                if (width < 0) {
                    return none;
                }
                if (f.path("id").asText().equals(parts[i])) {
                    found = f;
                    break;
                }
                bit += width;
            }
            if (found == null) {
                return none;
            }
            base += bit;
            if (i == parts.length - 1) {
                return new int[] {base, width};
            }
            TypeRef next = type(owner, found.path("type").asText(""));
            if (next == null) {
                return none;
            }
            owner = next.spec();
            cur = next.node();
        }
        return none;
    }

    private static Doc doc(JsonNode f, int offset, int width) {
        String text = f.path("doc").asText("").strip();
        JsonNode refNode = f.path("doc-ref");
        String ref = refNode.asText("").strip();
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
        String whole = text.replaceAll("\\s+", " ");
        String wholeRef = refNode.isArray() ? refNode.toString() : ref;
        return new Doc(label, description, offset, width, wholeRef.isEmpty() ? whole : whole + " (" + wholeRef + ")");
    }

    /** A user type of a spec, and the spec that declares it. */
    private record TypeRef(String spec, JsonNode node) {}

    /** The type a field names, {@code name} or {@code other_spec::name}, as seen from {@code spec}; null if unknown. */
    private static TypeRef type(String spec, String name) {
        String owner = spec;
        int sep = name.indexOf("::");
        if (sep > 0) {
            owner = name.substring(0, sep);
            name = name.substring(sep + 2);
        }
        JsonNode tree = SPEC_TREES.get(owner);
        if (tree == null || !tree.path("types").has(name)) {
            return null;
        }
        return new TypeRef(owner, tree.path("types").path(name));
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
        TypeRef ref = type(spec, t);
        if (ref == null) {
            return -1;
        }
        int sum = 0;
        for (JsonNode g : ref.node().path("seq")) {
            int w = g.has("if") ? -1 : bitWidth(ref.spec(), g);
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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes {@code io/rdmascope/ksy/FixedLayout.java}: for each named type of the Kaitai specs whose
 * fields all have a fixed size (bit fields {@code b1} to {@code b63}, integers {@code u1} to
 * {@code s8}, types made of such fields), its size and one static reader per integer field that
 * reads the field in place from an octet array, at the offset the spec gives it (for a field of a
 * type, where it starts). The readers are generated from the same specs as
 * the Kaitai parsers, so the layout has one source; a type with any other kind of field is refused.
 *
 * <pre>java -cp CLASSPATH FixedLayoutGenerator OUTDIR KSYDIR spec:type...</pre>
 *
 * Run by the build (source-file mode, before compilation) with Jackson's YAML reader on the class path.
 */
public final class FixedLayoutGenerator {
    private static final Pattern INT = Pattern.compile("([us])([1248])(be|le)?");
    private static final Pattern BITS = Pattern.compile("b([1-9][0-9]?)(be|le)?");

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: FixedLayoutGenerator OUTDIR KSYDIR spec:type...");
        }
        Path out = Path.of(args[0], "io", "rdmascope", "ksy", "FixedLayout.java");
        Path ksy = Path.of(args[1]);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        StringBuilder j = new StringBuilder();
        j.append("package io.rdmascope.ksy;\n\n");
        j.append("/**\n");
        j.append(" * Readers of fixed-size types of the Kaitai specs, generated from them at build time (as the\n");
        j.append(" * parsers of this package are): each type's size in octets, and for each field a method that reads\n");
        j.append(" * it in place from an octet array holding the type at {@code at}, without the parser's objects.\n");
        j.append(" * The methods do not check bounds: the caller has made sure the array holds the type.\n");
        j.append(" */\n");
        j.append("public final class FixedLayout {\n");
        j.append("    private FixedLayout() {}\n");
        for (int i = 2; i < args.length; i++) {
            String[] st = args[i].split(":", 2);
            JsonNode spec = yaml.readTree(ksy.resolve(st[0] + ".ksy").toFile());
            JsonNode type = spec.path("types").path(st[1]);
            if (type.isMissingNode()) {
                throw new IllegalArgumentException(args[i] + ": no such type");
            }
            String endian = spec.path("meta").path("endian").asText("be");
            if (!spec.path("meta").path("bit-endian").asText("be").equals("be")) {
                throw new IllegalArgumentException(args[i] + ": only big-endian bit fields are supported");
            }
            type(j, yaml, ksy, st[0], st[1], type, endian);
        }
        j.append("}\n");
        Files.createDirectories(out.getParent());
        Files.writeString(out, j.toString());
    }

    private static void type(StringBuilder j, ObjectMapper yaml, Path ksy, String spec, String name, JsonNode type,
                             String endian) throws IOException {
        String where = spec + "::" + name;
        j.append("\n    /** {@code ").append(where).append("}: ").append(first(type)).append(" (").append(
                type.path("doc-ref").asText("").replace("*/", "*\\/")).append(") */\n");
        j.append("    public static final class ").append(camel(spec)).append(camel(name)).append(" {\n");
        j.append("        private ").append(camel(spec)).append(camel(name)).append("() {}\n");
        List<String> readers = new ArrayList<>();
        int bit = 0;
        for (JsonNode f : type.path("seq")) {
            String id = f.path("id").asText();
            String t = f.path("type").asText();
            for (String key : new String[] {"if", "repeat", "size", "contents", "process", "terminator"}) {
                if (f.has(key)) {
                    throw new IllegalArgumentException(where + "/" + id + ": '" + key + "' has no fixed layout");
                }
            }
            String doc = "\n    /** " + first(f) + " ({@code " + where + "/" + id + "}: " + t;
            Matcher b = BITS.matcher(t);
            Matcher n = INT.matcher(t);
            if (b.matches()) {
                int width = Integer.parseInt(b.group(1));
                if (width > 63) {
                    throw new IllegalArgumentException(where + "/" + id + ": bit fields up to b63 are supported");
                }
                readers.add(doc + " at bit " + (bit % 8) + " of octet " + (bit / 8) + ref(f) + ") */\n"
                        + bitReader(id, bit, width));
                bit += width;
            } else if (n.matches()) {
                bit = (bit + 7) / 8 * 8; // integers start on an octet, as in the Kaitai parsers
                int size = Integer.parseInt(n.group(2));
                boolean little = (n.group(3) == null ? endian : n.group(3)).equals("le");
                readers.add(doc + " at octet " + bit / 8 + ref(f) + ") */\n"
                        + intReader(id, bit / 8, size, n.group(1).equals("s"), little));
                bit += size * 8;
            } else {
                // a type of this spec or of an imported one ("spec::type"), itself of fixed size
                bit = (bit + 7) / 8 * 8;
                int size = fixedSize(yaml, ksy, t.contains("::") ? t.split("::")[0] : spec,
                        t.contains("::") ? t.split("::")[1] : t, where + "/" + id);
                readers.add(doc + " at octet " + bit / 8 + ref(f) + "): where it starts in the type. */\n"
                        + "    public static final int " + id.toUpperCase() + "_OFFSET = " + bit / 8 + ";\n");
                bit += size * 8;
            }
        }
        j.append("\n        /** Octets the type takes. */\n");
        j.append("        public static final int SIZE = ").append((bit + 7) / 8).append(";\n");
        for (String r : readers) {
            j.append(r.replace("\n    ", "\n        "));
        }
        j.append("    }\n");
    }

    /** Octets of a type whose fields all have a fixed size; refuses any other. */
    private static int fixedSize(ObjectMapper yaml, Path ksy, String spec, String name, String from) throws IOException {
        JsonNode type = yaml.readTree(ksy.resolve(spec + ".ksy").toFile()).path("types").path(name);
        if (type.isMissingNode()) {
            throw new IllegalArgumentException(from + ": no type " + spec + "::" + name);
        }
        int bit = 0;
        for (JsonNode f : type.path("seq")) {
            String t = f.path("type").asText();
            Matcher b = BITS.matcher(t);
            Matcher n = INT.matcher(t);
            if (f.has("if") || f.has("repeat") || f.has("size")) {
                throw new IllegalArgumentException(from + ": " + spec + "::" + name + " has no fixed layout");
            } else if (b.matches()) {
                bit += Integer.parseInt(b.group(1));
            } else if (n.matches()) {
                bit = (bit + 7) / 8 * 8 + Integer.parseInt(n.group(2)) * 8;
            } else {
                bit = (bit + 7) / 8 * 8 + 8 * fixedSize(yaml, ksy, t.contains("::") ? t.split("::")[0] : spec,
                        t.contains("::") ? t.split("::")[1] : t, from);
            }
        }
        return (bit + 7) / 8;
    }

    /** A bit field, most significant bit first, spanning as many octets as it needs. */
    private static String bitReader(String id, int bit, int width) {
        int first = bit / 8;
        int last = (bit + width - 1) / 8;
        String v = octets(first, last - first + 1, false);
        int shift = (last + 1) * 8 - (bit + width);
        String value = "((" + v + " >>> " + shift + ") & 0x" + Long.toHexString((1L << width) - 1) + "L)";
        if (width == 1) {
            return "    public static boolean " + javaName(id) + "(byte[] b, int at) {\n        return " + value
                    + " != 0;\n    }\n";
        }
        String type = width < 32 ? "int" : "long";
        return "    public static " + type + " " + javaName(id) + "(byte[] b, int at) {\n        return "
                + (type.equals("int") ? "(int) " : "") + value + ";\n    }\n";
    }

    /** An integer of 1, 2, 4 or 8 octets; u4 and the 8-octet ones as long, as the Kaitai parsers give them. */
    private static String intReader(String id, int offset, int size, boolean signed, boolean little) {
        String value = octets(offset, size, little);
        String type = size == 8 || (size == 4 && !signed) ? "long" : "int";
        String expr;
        if (signed && size < 8) {
            int s = 64 - size * 8;
            expr = "(int) (" + value + " << " + s + " >> " + s + ")";
        } else {
            expr = type.equals("int") ? "(int) " + value : value;
        }
        return "    public static " + type + " " + javaName(id) + "(byte[] b, int at) {\n        return " + expr
                + ";\n    }\n";
    }

    /** The octets {@code [offset, offset + count)} as one unsigned number, most significant first unless {@code little}. */
    private static String octets(int offset, int count, boolean little) {
        String v = null;
        for (int i = 0; i < count; i++) {
            String octet = "(b[at + " + (offset + (little ? count - 1 - i : i)) + "] & 0xffL)";
            v = v == null ? octet : "(" + v + " << 8 | " + octet + ")";
        }
        return v;
    }

    /** The first line of a doc: the label. */
    private static String first(JsonNode n) {
        String doc = n.path("doc").asText("").strip();
        return (doc.isEmpty() ? "" : doc.lines().findFirst().orElse("").strip()).replace("*/", "*\\/");
    }

    private static String ref(JsonNode n) {
        String ref = n.path("doc-ref").asText("");
        return ref.isEmpty() ? "" : "; " + ref.replace("*/", "*\\/");
    }

    private static String camel(String s) {
        StringBuilder out = new StringBuilder();
        for (String p : s.split("_")) {
            if (!p.isEmpty()) {
                out.append(Character.toUpperCase(p.charAt(0))).append(p.substring(1));
            }
        }
        return out.toString();
    }

    private static String javaName(String id) {
        String c = camel(id);
        return Character.toLowerCase(c.charAt(0)) + c.substring(1);
    }
}

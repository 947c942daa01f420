import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes {@code io/rdmascope/ksy/FixedLayout.java}: for each named type of the Kaitai specs whose
 * fields all have a fixed size (bit fields {@code b1} to {@code b63}, integers {@code u1} to
 * {@code s8}, octets of a constant size, types made of such fields), its size, one static reader
 * per integer field that reads the field in place from an octet array, at the offset the spec gives
 * it, and one writer that stores it there (for a field of a type or of octets, where it starts). The readers are generated from the same specs as the Kaitai parsers, so
 * the layout has one source; a type with any other kind of field, or with a field the parser would
 * check or transform ({@code valid}, {@code process}, ...), is refused and fails the build.
 *
 * <pre>java -cp CLASSPATH FixedLayoutGenerator OUTDIR KSYDIR spec:type...</pre>
 *
 * Run by the build (source-file mode, before compilation) with Jackson's YAML reader on the class path.
 */
public final class FixedLayoutGenerator {
    private static final Pattern INT = Pattern.compile("([us])([1248])(be|le)?");
    private static final Pattern BITS = Pattern.compile("b([1-9][0-9]?)(be|le)?");

    private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    private final Path ksy;
    private final Map<String, JsonNode> specs = new HashMap<>();

    private FixedLayoutGenerator(Path ksy) {
        this.ksy = ksy;
    }

    /** A field of a fixed-size type and where it lies: {@code bit} from the type's start, {@code width} bits. */
    private record Placed(JsonNode field, String id, String type, int bit, int width, Kind kind, boolean signed,
                          boolean little) {}

    private enum Kind { BITS, INTEGER, TYPE, OCTETS }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: FixedLayoutGenerator OUTDIR KSYDIR spec:type...");
        }
        FixedLayoutGenerator g = new FixedLayoutGenerator(Path.of(args[1]));
        StringBuilder j = new StringBuilder();
        j.append("package io.rdmascope.ksy;\n\n");
        j.append("/**\n");
        j.append(" * Readers and writers of fixed-size types of the Kaitai specs, generated from them at build\n");
        j.append(" * time (as the parsers of this package are): each type's size in octets, and for each field a\n");
        j.append(" * method that reads it in place from an octet array holding the type at {@code at}, without the\n");
        j.append(" * parser's objects, and one ({@code putName}) that writes it there. The methods do not check\n");
        j.append(" * bounds: the caller has made sure the array holds the type.\n");
        j.append(" */\n");
        j.append("public final class FixedLayout {\n");
        j.append("    private FixedLayout() {}\n");
        for (int i = 2; i < args.length; i++) {
            String[] st = args[i].split(":", 2);
            g.type(j, st[0], st[1]);
        }
        j.append("}\n");
        Path out = Path.of(args[0], "io", "rdmascope", "ksy", "FixedLayout.java");
        Files.createDirectories(out.getParent());
        Files.writeString(out, j.toString());
    }

    /** A spec's tree, read once: a type's fields and the types they name are looked up in it again. */
    private JsonNode spec(String spec) throws IOException {
        JsonNode tree = specs.get(spec);
        if (tree == null) {
            tree = yaml.readTree(ksy.resolve(spec + ".ksy").toFile());
            specs.put(spec, tree);
        }
        return tree;
    }

    /** The fields of {@code spec::name} with their places; refuses a type without a fixed layout. */
    private List<Placed> layout(String spec, String name) throws IOException {
        JsonNode root = spec(spec);
        JsonNode type = root.path("types").path(name);
        String where = spec + "::" + name;
        if (type.isMissingNode()) {
            throw new IllegalArgumentException(where + ": no such type");
        }
        if (!root.path("meta").path("bit-endian").asText("be").equals("be")) {
            throw new IllegalArgumentException(where + ": only big-endian bit fields are supported");
        }
        JsonNode endianNode = root.path("meta").path("endian");
        if (!endianNode.isMissingNode() && !endianNode.isTextual()) {
            throw new IllegalArgumentException(where + ": an endianness chosen at run time has no fixed layout");
        }
        String endian = endianNode.asText("be");
        List<Placed> fields = new ArrayList<>();
        int bit = 0;
        for (JsonNode f : type.path("seq")) {
            String id = f.path("id").asText();
            String t = f.path("type").asText();
            for (String key : new String[] {"if", "repeat", "size-eos", "contents", "process", "terminator",
                    "pad-right", "eos-error", "encoding", "valid"}) {
                if (f.has(key)) {
                    throw new IllegalArgumentException(
                            where + "/" + id + ": a field with '" + key + "' cannot be read in place");
                }
            }
            Matcher b = BITS.matcher(t);
            Matcher n = INT.matcher(t);
            Placed p;
            if (f.has("size")) {
                if (!f.path("size").canConvertToInt() || f.has("type")) {
                    throw new IllegalArgumentException(where + "/" + id + ": only octets of a constant size lie in place");
                }
                bit = (bit + 7) / 8 * 8;
                p = new Placed(f, id, "size " + f.path("size").asInt(), bit, 8 * f.path("size").asInt(), Kind.OCTETS,
                        false, false);
            } else if (b.matches()) {
                int width = Integer.parseInt(b.group(1));
                if (width > 63 || bit % 8 + width > 64) {
                    throw new IllegalArgumentException(where + "/" + id + ": a bit field must lie within 8 octets");
                }
                if ("le".equals(b.group(2))) {
                    throw new IllegalArgumentException(where + "/" + id + ": only big-endian bit fields are supported");
                }
                p = new Placed(f, id, t, bit, width, Kind.BITS, false, false);
            } else {
                bit = (bit + 7) / 8 * 8; // anything but a bit field starts on an octet, as in the Kaitai parsers
                if (n.matches()) {
                    boolean little = (n.group(3) == null ? endian : n.group(3)).equals("le");
                    p = new Placed(f, id, t, bit, Integer.parseInt(n.group(2)) * 8, Kind.INTEGER,
                            n.group(1).equals("s"), little);
                } else {
                    // a type of this spec or of an imported one ("spec::type"), itself of fixed size
                    String[] ref = t.contains("::") ? t.split("::", 2) : new String[] {spec, t};
                    p = new Placed(f, id, t, bit, 8 * size(layout(ref[0], ref[1])), Kind.TYPE, false, false);
                }
            }
            fields.add(p);
            bit += p.width();
        }
        return fields;
    }

    private static int size(List<Placed> fields) {
        if (fields.isEmpty()) {
            return 0;
        }
        Placed last = fields.get(fields.size() - 1);
        return (last.bit() + last.width() + 7) / 8;
    }

    private void type(StringBuilder j, String spec, String name) throws IOException {
        String where = spec + "::" + name;
        JsonNode type = spec(spec).path("types").path(name);
        List<Placed> fields = layout(spec, name);
        String cls = camel(spec) + camel(name);
        j.append("\n    /** {@code ").append(where).append("}: ").append(first(type)).append(ref(type, " (", ")"))
                .append(" */\n");
        j.append("    public static final class ").append(cls).append(" {\n");
        j.append("        private ").append(cls).append("() {}\n\n");
        j.append("        /** Octets the type takes. */\n");
        j.append("        public static final int SIZE = ").append(size(fields)).append(";\n");
        for (Placed p : fields) {
            String at = p.kind() == Kind.BITS ? "bit " + p.bit() % 8 + " of octet " + p.bit() / 8
                    : "octet " + p.bit() / 8;
            j.append("\n        /** ").append(first(p.field())).append(" ({@code ").append(where).append('/')
                    .append(p.id()).append("}: ").append(p.type()).append(" at ").append(at)
                    .append(ref(p.field(), "; ", "")).append(')')
                    .append(p.kind() == Kind.TYPE || p.kind() == Kind.OCTETS ? ": where it starts in the type." : "")
                    .append(" */\n");
            j.append(switch (p.kind()) {
                case BITS -> bitReader(p) + writer(p);
                case INTEGER -> intReader(p) + writer(p);
                case TYPE, OCTETS -> "        public static final int " + p.id().toUpperCase() + "_OFFSET = " + p.bit() / 8
                        + ";\n";
            });
        }
        j.append("    }\n");
    }

    /** A bit field, most significant bit first, spanning as many octets as it needs. */
    private static String bitReader(Placed p) {
        int first = p.bit() / 8;
        int last = (p.bit() + p.width() - 1) / 8;
        int shift = (last + 1) * 8 - (p.bit() + p.width());
        String value = "((" + octets(first, last - first + 1, false) + " >>> " + shift + ") & 0x"
                + Long.toHexString((1L << p.width()) - 1) + "L)";
        if (p.width() == 1) {
            return method("boolean", p.id(), value + " != 0");
        }
        return p.width() < 32 ? method("int", p.id(), "(int) " + value) : method("long", p.id(), value);
    }

    /** An integer of 1, 2, 4 or 8 octets; u4 and the 8-octet ones as long, as the Kaitai parsers give them. */
    private static String intReader(Placed p) {
        int size = p.width() / 8;
        String value = octets(p.bit() / 8, size, p.little());
        if (p.signed() && size < 8) {
            int s = 64 - p.width();
            return method("int", p.id(), "(int) (" + value + " << " + s + " >> " + s + ")");
        }
        return size == 8 || size == 4 ? method("long", p.id(), value) : method("int", p.id(), "(int) " + value);
    }

    /**
     * The writer of an integer or bit field: {@code putName(b, at, value)} stores the value's low bits
     * in the field and leaves the other bits of the octets it shares untouched.
     */
    private static String writer(Placed p) {
        int first = p.bit() / 8;
        int last = (p.bit() + p.width() - 1) / 8;
        int shift = (last + 1) * 8 - (p.bit() + p.width());
        StringBuilder m = new StringBuilder();
        m.append("        public static void put").append(camel(p.id())).append("(byte[] b, int at, long value) {\n");
        m.append("            long mask = 0x").append(Long.toHexString(p.width() == 64 ? -1L : (1L << p.width()) - 1))
                .append("L << ").append(shift).append(";\n");
        m.append("            long v = value << ").append(shift).append(" & mask;\n");
        for (int i = first; i <= last; i++) {
            int s = (last - i) * 8;
            int o = p.little() ? first + last - i : i;
            m.append("            b[at + ").append(o).append("] = (byte) (b[at + ").append(o).append("] & ~(mask >>> ")
                    .append(s).append(") | v >>> ").append(s).append(");\n");
        }
        m.append("        }\n");
        return m.toString();
    }

    private static String method(String type, String id, String expression) {
        return "        public static " + type + " " + javaName(id) + "(byte[] b, int at) {\n            return "
                + expression + ";\n        }\n";
    }

    /** The octets {@code [offset, offset + count)} as one unsigned number, most significant first unless little. */
    private static String octets(int offset, int count, boolean little) {
        String v = null;
        for (int i = 0; i < count; i++) {
            String octet = "(b[at + " + (offset + (little ? count - 1 - i : i)) + "] & 0xffL)";
            v = v == null ? octet : "(" + v + " << 8 | " + octet + ")";
        }
        return v;
    }

    /** The first line of a doc, the label; a field without a doc is named by its id. */
    private static String first(JsonNode n) {
        String doc = n.path("doc").asText("").strip();
        return javadoc(doc.isEmpty() ? n.path("id").asText("") : doc.lines().findFirst().orElse("").strip());
    }

    private static String ref(JsonNode n, String before, String after) {
        String ref = n.path("doc-ref").asText("");
        return ref.isEmpty() ? "" : before + javadoc(ref) + after;
    }

    private static String javadoc(String text) {
        return text.replace("*/", "*\\/");
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

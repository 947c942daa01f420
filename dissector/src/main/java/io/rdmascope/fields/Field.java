package io.rdmascope.fields;

import java.util.List;
import java.util.function.Function;

/**
 * One field of the registry ({@link Fields}), declared once: its name, which the detail tree, the
 * dissect JSON (as layer and key) and the display filters share; the Wireshark field it matches;
 * its type; its place in a Kaitai spec, from whose docs its label and description come.
 *
 * <p>As in Wireshark's {@code header_field_info} (abbreviation, name, type, display base, parent
 * protocol), a field also carries the one reader of its value ({@link #value(Object)}): from the
 * decoded PDU it belongs to (an MPA Request or Reply, an FPDU, a DDP segment, an InfiniBand
 * packet), from the dissect record of a PDU (the view fields, {@link PduView}) or from the
 * frame's record (the frame fields, whose reader gives the list of their values). The dissect JSON,
 * the display filters, {@code -T fields} and the detail tree all take the value from there. A
 * field declared with a {@link Base} is also placed in the detail tree by the registry alone, at
 * its spec offset.
 */
public final class Field {
    /** The kind of values a field holds. */
    public enum Type {
        /** An unsigned integer (JSON number; compared as unsigned 64-bit). */
        NUMBER,
        /** A time in seconds with nanoseconds: nine decimals (JSON number), compared exactly. */
        SECONDS,
        /** A flag. */
        BOOLEAN,
        /** Text. */
        STRING,
        /** Octets, shown in hex. */
        BYTES,
        /** A subtree that groups other fields. */
        NONE,
        /** A protocol layer: tested for presence only. */
        PROTOCOL
    }

    /** Where the values of a field come from. */
    public enum Source {
        /** The frame itself: its number, addresses, connection, violations, transactions. */
        FRAME,
        /** The PDU's {@code mpa}, {@code ddp} or {@code rdmap} object of the dissect JSON. */
        PDU,
        /** Only the detail tree shows it. */
        TREE,
        /** A protocol layer: present when a PDU of the frame has it. */
        PROTOCOL,
        /**
         * Read from each PDU's dissect record ({@link PduView}) by the field's reader: how Wireshark shows
         * what rdmascope holds in other fields, or parts of the wire that only the tree shows.
         */
        VIEW
    }

    /** How a value read by {@link #value(Object)} is shown in the detail tree. */
    public enum Base {
        /** Decimal. */
        DEC,
        /** {@code 0x} and as many hex digits as the field's width in the spec. */
        HEX,
        /** "Set" or "Not set". */
        SET
    }

    private final String name;
    private final Type type;
    private final Source source;
    private String wireshark;
    private String jsonKey;
    private String spec;
    private String label;
    private String description;
    private List<String> treeNames = List.of();
    private Class<?> readsFrom;
    private Function<Object, Object> reader;
    private String shown;
    private Base base;
    private boolean jsonLast;
    private boolean jsonNull;
    private String jsonParent;
    private String jsonLeaf;
    private boolean hexOutside;
    private int hexDigits;

    Field(String name, Type type, Source source) {
        this.name = name;
        this.type = type;
        this.source = source;
        if (source == Source.PDU) {
            jsonKey = name.substring(name.indexOf('.') + 1);
        }
    }

    // ---------------------------------------------------------------- declaration

    /** The Wireshark display-filter field this one matches ({@code iwarp_ddp.stag}). */
    Field wireshark(String alias) {
        this.wireshark = alias;
        return this;
    }

    /** The place in a Kaitai spec: "spec/type/field", "spec//field" (top-level type) or "spec/type". */
    Field spec(String path) {
        this.spec = path;
        return this;
    }

    /**
     * The label the tree shows, when the spec's first doc line is not it. A field with its own
     * label takes the spec's whole doc as its description.
     */
    Field label(String text) {
        this.label = text;
        return this;
    }

    /** The description, for fields that no spec describes. */
    Field describe(String text) {
        this.description = text;
        return this;
    }

    /** Names under which the detail tree once showed this field; node look-ups still accept them. */
    Field treeNames(String... names) {
        this.treeNames = List.of(names);
        return this;
    }

    /** A key of the dissect JSON object other than the one the name gives. */
    Field json(String key) {
        this.jsonKey = key;
        return this;
    }

    /**
     * How to read the value from what the field belongs to (a decoded PDU of {@code type}, or the
     * frame's record for a frame field): null when it does not have the field. The detail tree
     * shows the value as its builder for the layer formats it.
     */
    @SuppressWarnings("unchecked")
    <T> Field from(Class<T> type, Function<T, ?> value) {
        this.readsFrom = type;
        this.reader = (Function<Object, Object>) value;
        return this;
    }

    /**
     * As {@link #from(Class, Function)}, and shown in the detail tree by the registry alone, in
     * {@code base}: the tree, the JSON and the filters then need nothing else.
     */
    <T> Field from(Class<T> type, Function<T, ?> value, Base base) {
        this.base = base;
        return from(type, value);
    }

    /**
     * Written after the other keys of its layer's dissect JSON object (the order of the keys is
     * part of the analysis-output contract, and this key was added to it after them).
     */
    Field lastInJson() {
        this.jsonLast = true;
        return this;
    }

    /** Written in the dissect JSON as {@code null} when it has no value (rather than left out). */
    Field nullInJson() {
        this.jsonNull = true;
        return this;
    }


    /**
     * Shows the field's numbers in hexadecimal outside the tree too ({@code -T fields}), with
     * {@code digits} digits (those of the field's width), as Wireshark shows STags and opcodes.
     */
    Field hex(int digits) {
        this.hexOutside = true;
        this.hexDigits = digits;
        return this;
    }

    /** What {@code -T fields} prints for a protocol that is present (Wireshark: its name, or 1). */
    Field shown(String text) {
        this.shown = text;
        return this;
    }

    // ---------------------------------------------------------------- use

    /** The one name: tree node, filter field and, after the layer, dissect JSON key. */
    public String name() {
        return name;
    }

    public Type type() {
        return type;
    }

    public Source source() {
        return source;
    }

    /** The Wireshark field name, or null when Wireshark has none. */
    public String wireshark() {
        return wireshark;
    }

    /** The layer: the name up to its first dot ("ddp" for "ddp.advertised.to"). */
    public String layer() {
        int dot = name.indexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    /** The key inside the layer's dissect JSON object ("advertised.to" for a nested one), or null. */
    public String jsonKey() {
        return jsonKey;
    }

    /** The key of the nested object that holds the field ("advertised"), or null when not nested. */
    public String jsonParent() {
        if (jsonLeaf == null) {
            splitJsonKey();
        }
        return jsonParent;
    }

    /** The last part of the JSON key: the key inside its own (possibly nested) object. */
    public String jsonLeaf() {
        if (jsonLeaf == null) {
            splitJsonKey();
        }
        return jsonLeaf;
    }

    private void splitJsonKey() {
        int dot = jsonKey.lastIndexOf('.');
        jsonParent = dot < 0 ? null : jsonKey.substring(0, dot);
        jsonLeaf = jsonKey.substring(dot + 1);
    }

    /** Whether the dissect JSON writes this key after the other keys of its layer. */
    public boolean lastInLayer() {
        return jsonLast;
    }

    /** Whether the dissect JSON writes this key, as null, when the field has no value. */
    public boolean keptWhenAbsent() {
        return jsonNull;
    }

    /** The spec path ("ddp/tagged_header/stag"), or null. */
    public String specPath() {
        return spec;
    }

    public List<String> treeNames() {
        return treeNames;
    }

    /** Whether display filters know the field. */
    public boolean filterable() {
        return source != Source.TREE;
    }

    /** The spec's doc of the field, or null. */
    public SpecDocs.Doc doc() {
        return spec == null ? null : SpecDocs.get(spec);
    }

    /** What people read in the tree. */
    public String label() {
        if (label != null) {
            return label;
        }
        SpecDocs.Doc d = doc();
        return d != null ? d.label() : spec != null ? spec.substring(spec.lastIndexOf('/') + 1) : name;
    }

    /** What the field means and where it is defined. */
    public String description() {
        if (description != null) {
            return description;
        }
        SpecDocs.Doc d = doc();
        return d == null ? null : label != null ? d.text() : d.description();
    }

    /** What {@link #value(Object)} reads (a kind of PDU, or the frame's record), or null. */
    public Class<?> readsFrom() {
        return readsFrom;
    }

    /**
     * The value of the field in {@code pdu} (of {@link #readsFrom()}), or null when absent; for a
     * frame field, the list of its values in the frame's record.
     */
    public Object value(Object pdu) {
        return reader == null || !readsFrom.isInstance(pdu) ? null : reader.apply(pdu);
    }

    /** Whether the detail tree shows the field as the registry reads it, placed at its spec offset. */
    public boolean placedByRegistry() {
        return base != null;
    }


    /** A value read by {@link #value(Object)} as the tree shows it. */
    public String display(Object v) {
        if (v instanceof Boolean) {
            return (Boolean) v ? "Set" : "Not set";
        }
        if (!(v instanceof Number)) {
            return String.valueOf(v);
        }
        long n = ((Number) v).longValue();
        // a field read from a packet by the registry shows in the tree as Wireshark shows it outside
        if (base == Base.HEX || hexOutside) {
            return Hex.hex(n, digits(0));
        }
        return Long.toUnsignedString(n);
    }

    /**
     * A value as {@code -T fields} prints it: numbers in decimal, or in hexadecimal with as many
     * digits as the field's width (at least two) for the fields Wireshark shows so; flags as 1 or 0;
     * times with nine decimals; text as it is.
     */
    public String text(Object v) {
        if (shown != null) {
            return shown;
        }
        if (v instanceof Boolean) {
            return (Boolean) v ? "1" : "0";
        }
        if (v instanceof Long || v instanceof Integer) {
            long n = ((Number) v).longValue();
            if (hexOutside || base == Base.HEX) {
                return Hex.hex(n, digits(2));
            }
            return Long.toUnsignedString(n);
        }
        if (v instanceof byte[] b) {
            return Hex.octets(b);
        }
        if (v instanceof java.math.BigDecimal) {
            return ((java.math.BigDecimal) v).toPlainString();
        }
        return String.valueOf(v);
    }

    /** Hex digits of the field: as declared, else its width in the spec (at least {@code least}), else 8. */
    private int digits(int least) {
        if (hexDigits > 0) {
            return hexDigits;
        }
        SpecDocs.Doc d = doc();
        return d == null || d.bitWidth() <= 0 ? 8 : Math.max(least, (d.bitWidth() + 3) / 4);
    }

    @Override
    public String toString() {
        return name;
    }
}

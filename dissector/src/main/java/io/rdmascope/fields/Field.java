package io.rdmascope.fields;

import io.rdmascope.pdu.DdpSegment;
import java.util.List;
import java.util.function.Function;

/**
 * One field of the registry ({@link Fields}), declared once: its name, which the detail tree, the
 * dissect JSON (as layer and key) and the display filters share; the Wireshark field it matches;
 * its type; its place in a Kaitai spec, from whose docs its label and description come.
 *
 * <p>A field of a DDP segment may also say how to read its value from the decoded segment
 * ({@link #value(DdpSegment)}) and how to show it ({@link Base}): the detail tree then places it
 * at its spec offset and the dissect JSON and the filters carry it, with no other code to write.
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
         * Read from each PDU by the field's own reader ({@link #value(PduView)}): how Wireshark shows
         * what rdmascope holds in other fields, or parts of the wire that only the tree shows.
         */
        VIEW
    }

    /** How a value read by {@link #value(DdpSegment)} is shown in the detail tree. */
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
    private Function<DdpSegment, Object> segmentValue;
    private Class<?> readsFrom;
    private Function<Object, Object> reader;
    private Function<PduView, Object> viewValue;
    private String shown;
    private Base base = Base.DEC;
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
     * How to read the value from a decoded segment (null when the segment does not have the
     * field) and how to show it: the tree, the JSON and the filters then need nothing else.
     */
    Field fromSegment(Function<DdpSegment, Object> value, Base base) {
        this.segmentValue = value;
        this.base = base;
        return this;
    }

    /**
     * How to read the value from a decoded PDU of another kind than a DDP segment (an InfiniBand
     * packet): null when the PDU does not have the field. The dissect JSON, the filters and the
     * tree then need nothing else.
     */
    <T> Field from(Class<T> type, Function<T, Object> value, Base base) {
        this.readsFrom = type;
        this.reader = pdu -> value.apply(type.cast(pdu));
        this.base = base;
        return this;
    }

    /** How a view field reads its value from a PDU (null when the PDU does not have it). */
    Field fromView(Function<PduView, Object> value) {
        this.viewValue = value;
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
        int dot = jsonKey.lastIndexOf('.');
        return dot < 0 ? null : jsonKey.substring(0, dot);
    }

    /** The last part of the JSON key: the key inside its own (possibly nested) object. */
    public String jsonLeaf() {
        return jsonKey.substring(jsonKey.lastIndexOf('.') + 1);
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

    /** The kind of PDU {@link #value(Object)} reads, or null. */
    public Class<?> readsFrom() {
        return readsFrom;
    }

    /** The value of the field in {@code pdu} (of {@link #readsFrom()}), or null when absent. */
    public Object value(Object pdu) {
        return reader == null || !readsFrom.isInstance(pdu) ? null : reader.apply(pdu);
    }

    /** Whether the field is read from segments by the registry alone. */
    public boolean fromSegment() {
        return segmentValue != null;
    }

    /** The value of the field in {@code s}, or null when absent (or not read by the registry). */
    public Object value(DdpSegment s) {
        return segmentValue == null ? null : segmentValue.apply(s);
    }

    /** The value of a view field in {@code p}, or null when absent. */
    public Object value(PduView p) {
        return viewValue == null ? null : viewValue.apply(p);
    }

    /** A value read by {@link #value(DdpSegment)} as the tree shows it. */
    public String display(Object v) {
        if (v instanceof Boolean) {
            return (Boolean) v ? "Set" : "Not set";
        }
        if (!(v instanceof Number)) {
            return String.valueOf(v);
        }
        long n = ((Number) v).longValue();
        // a field read from a packet by the registry shows in the tree as Wireshark shows it outside
        if (base == Base.HEX || readsFrom != null && hexOutside) {
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

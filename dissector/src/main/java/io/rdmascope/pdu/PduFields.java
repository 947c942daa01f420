package io.rdmascope.pdu;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.fields.PduView;
import io.rdmascope.fields.SpecDocs;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Detail-tree nodes of a DDP segment and its RDMAP header, each a field of the registry
 * ({@link Fields}): named as the display filters and the dissect JSON name them, labelled and
 * described by the docs of the Kaitai specs. Offsets are relative to the first octet of the ULPDU.
 *
 * <p>Labels, descriptions and the position of each field inside its header come from the
 * registry; this class only knows where each header starts: the DDP control octet first, the
 * RDMAP control octet second, the buffer model header from the third octet, then the one-shot
 * optional fields and the RDMAP header at the offsets the decoder recorded. The fields that the
 * registry reads from the segment by itself are placed at their spec offsets.
 */
public final class PduFields {
    private PduFields() {}

    private static final int DDP_CONTROL_OFFSET = 0;
    private static final int RDMAP_CONTROL_OFFSET = 1;
    private static final int BUFFER_MODEL_HEADER_OFFSET = 2;

    /** Two nodes: "ddp" and "rdmap". */
    public static List<FieldNode> segment(DdpSegment s) {
        List<FieldNode> ddp = new ArrayList<>();
        List<FieldNode> rdmap = new ArrayList<>();
        boolean controls = s.ddpHeaderLength > 0 || s.dv != 0 || s.tagged || s.last || s.sv || s.ab
                || s.reserved != 0 || s.rdmapVersion != 0 || s.opcode != 0 || s.malformed == null;

        if (controls) {
            ddp.add(flag(Fields.DDP_TAGGED, s, DDP_CONTROL_OFFSET));
            ddp.add(flag(Fields.DDP_LAST, s, DDP_CONTROL_OFFSET));
            ddp.add(flag(Fields.DDP_SV, s, DDP_CONTROL_OFFSET));
            ddp.add(flag(Fields.DDP_AB, s, DDP_CONTROL_OFFSET));
            ddp.add(num(Fields.DDP_RESERVED, s, v -> "0x" + Long.toHexString(v),
                    DDP_CONTROL_OFFSET));
            ddp.add(num(Fields.DDP_DV, s, Long::toString, DDP_CONTROL_OFFSET));

            rdmap.add(num(Fields.RDMAP_VERSION, s, Long::toString, RDMAP_CONTROL_OFFSET));
            rdmap.add(num(Fields.RDMAP_RESERVED, s, v -> "0x" + Long.toHexString(v), RDMAP_CONTROL_OFFSET));
            rdmap.add(num(Fields.RDMAP_OPCODE, s, v -> opcodeDisplay((int) v),
                    RDMAP_CONTROL_OFFSET));
        }

        int base = BUFFER_MODEL_HEADER_OFFSET;
        if (s.ddpHeaderLength > 0) {
            if (s.tagged) {
                ddp.add(num(Fields.DDP_STAG, s, PduFields::stag, base));
                ddp.add(num(Fields.DDP_TO, s, PduFields::to, base));
            } else {
                rdmap.add(num(Fields.RDMAP_INVALIDATE_STAG, s, PduFields::stag, base));
                ddp.add(num(Fields.DDP_QN, s, Long::toString, base));
                ddp.add(num(Fields.DDP_MSN, s, Long::toString, base));
                ddp.add(num(Fields.DDP_MO, s, Long::toString, base));
            }
        }

        int opt = s.ddpHeaderLength;
        if (s.optionalStag != null) {
            ddp.add(num(Fields.DDP_OPTIONAL_STAG, s, PduFields::stag, opt));
        }
        if (s.advertised != null) {
            int ab = opt + (s.optionalStag != null ? 4 : 0);
            DdpSegment.Advertised a = s.advertised;
            List<FieldNode> adv = new ArrayList<>();
            adv.add(num(Fields.DDP_ADVERTISED_TO, s, PduFields::to, ab));
            adv.add(num(Fields.DDP_ADVERTISED_LENGTH, s, v -> v + " octets", ab));
            adv.add(num(Fields.DDP_ADVERTISED_ACCESS, s, v -> accessDisplay((int) v), ab));
            adv.add(num(Fields.DDP_ADVERTISED_RESERVED, s, v -> "0x" + Long.toHexString(v), ab));
            Field f = Fields.DDP_ADVERTISED;
            ddp.add(new FieldNode(f.name(), f.label(), null, "", ab, 16, f.description(), adv));
        }

        int body = s.rdmapHeaderOffset();
        if (s.readRequest != null) {
            DdpSegment.ReadRequest r = s.readRequest;
            rdmap.add(num(Fields.RDMAP_SINK_STAG, s, PduFields::stag, body));
            rdmap.add(num(Fields.RDMAP_SINK_TO, s, PduFields::to, body));
            rdmap.add(num(Fields.RDMAP_READ_SIZE, s, v -> v + " bytes", body));
            rdmap.add(num(Fields.RDMAP_SOURCE_STAG, s, PduFields::stag, body));
            rdmap.add(num(Fields.RDMAP_SOURCE_TO, s, PduFields::to, body));
        }
        SegmentView view = new SegmentView(s);
        if (s.terminate != null) {
            terminate(s.terminate, view, body, rdmap);
        }
        if (s.atomicRequest != null) {
            String op = FieldDocs.enumDoc("rdmap", "atomic_opcode", s.atomicRequest.atomicOpcode());
            rdmap.add(num(Fields.RDMAP_ATOMIC_RESERVED, view, v -> "0x" + Long.toHexString(v), body));
            rdmap.add(num(Fields.RDMAP_ATOMIC_OPCODE, s, v -> named(op, (int) v), body));
            rdmap.add(num(Fields.RDMAP_REQUEST_ID, s, Long::toString, body));
            rdmap.add(num(Fields.RDMAP_REMOTE_STAG, s, PduFields::stag, body));
            rdmap.add(num(Fields.RDMAP_REMOTE_TO, s, PduFields::to, body));
            rdmap.add(num(Fields.RDMAP_ADD_OR_SWAP_DATA, s, Long::toUnsignedString, body));
            rdmap.add(num(Fields.RDMAP_ADD_OR_SWAP_MASK, s, PduFields::to, body));
            rdmap.add(num(Fields.RDMAP_COMPARE_DATA, view, Long::toUnsignedString, body));
            rdmap.add(num(Fields.RDMAP_COMPARE_MASK, view, PduFields::to, body));
        }
        if (s.atomicResponse != null) {
            rdmap.add(num(Fields.RDMAP_ORIGINAL_REQUEST_ID, s, Long::toString, body));
            rdmap.add(num(Fields.RDMAP_ORIGINAL_VALUE, s, Long::toUnsignedString, body));
        }
        if (s.immediateData != null) {
            rdmap.add(num(Fields.RDMAP_IMMEDIATE_DATA, s, PduFields::to, body));
        }
        if (s.malformed != null) {
            Field f = Fields.DDP_MALFORMED;
            ddp.add(new FieldNode(f.name(), f.label(), s.malformed, s.malformed, 0, 0, f.description(), List.of()));
        }
        registered(s, Fields.placed(DdpSegment.class, Fields.DDP.name()), ddp);
        registered(s, Fields.placed(DdpSegment.class, Fields.RDMAP.name()), rdmap);

        int ddpLength = s.ddpHeaderLength > 0 ? s.ddpHeaderLength + s.optionalFieldsLength : s.headerLength;
        FieldNode ddpNode = new FieldNode(Fields.DDP.name(), Fields.DDP.label(), null, "", 0, ddpLength,
                Fields.DDP.description(), List.copyOf(ddp));
        FieldNode rdmapNode = new FieldNode(Fields.RDMAP.name(), Fields.RDMAP.label(), null,
                opcodeDisplay(s.opcode), RDMAP_CONTROL_OFFSET, Math.max(1, s.headerLength - RDMAP_CONTROL_OFFSET),
                Fields.RDMAP.description(), List.copyOf(rdmap));
        return List.of(ddpNode, rdmapNode);
    }

    private static void terminate(DdpSegment.Terminate t, SegmentView view, int body, List<FieldNode> out) {
        String layer = FieldDocs.enumDoc("rdmap", "layer", t.layer());
        out.add(num(Fields.RDMAP_LAYER, view, v -> named(layer, (int) v), body));
        out.add(num(Fields.RDMAP_ETYPE, view,
                v -> named(PduSummary.errorTypeName(t.layer(), (int) v), (int) v), body));
        out.add(num(Fields.RDMAP_ERROR_CODE, view,
                v -> named(PduSummary.errorCodeName(t.layer(), t.errorType(), (int) v), (int) v), body));
        out.add(flag(Fields.RDMAP_HDRCT_M, (Boolean) view.read(Fields.RDMAP_HDRCT_M), body));
        out.add(flag(Fields.RDMAP_HDRCT_D, (Boolean) view.read(Fields.RDMAP_HDRCT_D), body));
        out.add(flag(Fields.RDMAP_HDRCT_R, (Boolean) view.read(Fields.RDMAP_HDRCT_R), body));
        out.add(num(Fields.RDMAP_TERM_RSVD, view, v -> "0x" + Integer.toHexString((int) v), body));
        // The tail depends on D and R: the segment length and DDP header follow the 4-octet control word.
        int at = body + 4;
        Object length = view.read(Fields.RDMAP_DDP_SEGMENT_LENGTH);
        if (length != null) {
            Field f = Fields.RDMAP_DDP_SEGMENT_LENGTH;
            out.add(new FieldNode(f.name(), f.label(), length, length.toString(), at, 2, f.description(), List.of()));
            at += 2;
        }
        at = bytes(Fields.RDMAP_TERMINATED_DDP_HEADER, view, at, out);
        bytes(Fields.RDMAP_TERMINATED_RDMAP_HEADER, view, at, out);
    }

    /** The node of a header that the registry reads as octets, at {@code at}; returns where the next starts. */
    private static int bytes(Field f, SegmentView view, int at, List<FieldNode> out) {
        byte[] b = (byte[]) view.read(f);
        if (b == null) {
            return at;
        }
        out.add(new FieldNode(f.name(), f.label(), b, hex(b), at, b.length, f.description(), List.of()));
        return at + b.length;
    }

    /**
     * A segment as the registry's view fields read it: they read the Terminate and atomic headers
     * through {@link PduView}, which the dissect records implement too.
     */
    private record SegmentView(DdpSegment s) implements PduView {
        /** A field's value as the registry reads it, from the segment or from this view of it. */
        Object read(Field f) {
            Object v = f.value(s);
            return v != null ? v : f.value(this);
        }

        @Override
        public java.util.Map<String, Object> mpa() {
            return java.util.Map.of();
        }

        @Override
        public java.util.Map<String, Object> ddp() {
            return null;
        }

        @Override
        public java.util.Map<String, Object> rdmap() {
            return null;
        }

        @Override
        public io.rdmascope.mpa.MpaHandshake handshake() {
            return null;
        }

        @Override
        public byte[] pad() {
            return null;
        }

        @Override
        public DdpSegment.Terminate terminate() {
            return s.terminate;
        }

        @Override
        public DdpSegment.AtomicRequest atomicRequest() {
            return s.atomicRequest;
        }

        @Override
        public DdpSegment.AtomicResponse atomicResponse() {
            return s.atomicResponse;
        }
    }

    /**
     * The nodes of the fields that the registry alone reads from the segment, each placed among
     * {@code out} before the first node that starts after it.
     */
    private static void registered(DdpSegment s, List<Field> fields, List<FieldNode> out) {
        for (Field f : fields) {
            Object v = f.value(s);
            int start = v == null ? -1 : typeStart(f.specPath(), s);
            if (start < 0) {
                continue;
            }
            SpecDocs.Doc d = f.doc();
            FieldNode n = new FieldNode(f.name(), f.label(), v, f.display(v), offset(start, d), length(d),
                    f.description(), List.of());
            int at = 0;
            while (at < out.size() && (out.get(at).offset() <= n.offset() || out.get(at).offset() < 0)) {
                at++;
            }
            out.add(at, n);
        }
    }

    /** Where the spec type of a field ("ddp/untagged_header/...") starts in the segment, or -1. */
    private static int typeStart(String specPath, DdpSegment s) {
        String[] p = specPath == null ? new String[0] : specPath.split("/");
        if (p.length < 3) {
            return -1;
        }
        switch (p[0] + "/" + p[1]) {
            case "ddp/": case "ddp/control": return DDP_CONTROL_OFFSET;
            case "rdmap/control": return RDMAP_CONTROL_OFFSET;
            case "ddp/tagged_header": case "ddp/untagged_header": return BUFFER_MODEL_HEADER_OFFSET;
            case "oneshot/optional_stag": return s.ddpHeaderLength;
            case "oneshot/advertised_buffer": return s.ddpHeaderLength + (s.optionalStag != null ? 4 : 0);
            case "rdmap/read_request": case "rdmap/terminate": case "rdmap/atomic_request":
            case "rdmap/atomic_response": case "rdmap/immediate_data":
                return s.rdmapHeaderOffset();
            default: return -1;
        }
    }

    /** The node of a flag that the registry reads from the segment. */
    private static FieldNode flag(Field f, DdpSegment s, int base) {
        return flag(f, (Boolean) f.value(s), base);
    }

    /** The node of a number that the registry reads from the segment, shown by {@code display}. */
    private static FieldNode num(Field f, DdpSegment s, LongFunction<String> display, int base) {
        long v = (Long) f.value(s);
        return num(f, v, display.apply(v), base);
    }

    /** The node of a number that the registry reads from the segment or its view, shown by {@code display}. */
    private static FieldNode num(Field f, SegmentView view, LongFunction<String> display, int base) {
        long v = ((Number) view.read(f)).longValue();
        return num(f, v, display.apply(v), base);
    }

    private static FieldNode flag(Field f, boolean value, int base) {
        SpecDocs.Doc d = f.doc();
        return new FieldNode(f.name(), f.label(), value, value ? "Set" : "Not set", offset(base, d), length(d),
                f.description(), List.of());
    }

    private static FieldNode num(Field f, long value, String display, int base) {
        SpecDocs.Doc d = f.doc();
        return new FieldNode(f.name(), f.label(), value, display, offset(base, d), length(d), f.description(),
                List.of());
    }

    private static int offset(int base, SpecDocs.Doc d) {
        return d == null || d.bitOffset() < 0 ? base : base + d.bitOffset() / 8;
    }

    private static int length(SpecDocs.Doc d) {
        if (d == null || d.bitWidth() < 0) {
            return 0;
        }
        int first = Math.max(d.bitOffset(), 0) / 8;
        int last = (Math.max(d.bitOffset(), 0) + d.bitWidth() - 1) / 8;
        return last - first + 1;
    }

    static String opcodeDisplay(int opcode) {
        Opcode o = Opcode.of(opcode);
        return (o == null ? "Unknown" : o.displayName) + " (" + opcode + ")";
    }

    private static String named(String name, int value) {
        return (name == null ? "Unknown" : name) + " (" + value + ")";
    }

    private static String accessDisplay(int access) {
        StringBuilder b = new StringBuilder();
        if ((access & DdpSegment.Advertised.REMOTE_WRITE) != 0) {
            b.append("remote write");
        }
        if ((access & DdpSegment.Advertised.REMOTE_READ) != 0) {
            b.append(b.length() > 0 ? ", " : "").append("remote read");
        }
        if (b.length() == 0) {
            b.append("none");
        }
        return b.append(" (0x").append(PduSummary.hex2(access)).append(')').toString();
    }

    static String stag(long v) {
        return PduSummary.stag(v);
    }

    static String to(long v) {
        return PduSummary.to(v);
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 2);
        for (byte x : b) {
            sb.append(PduSummary.hex2(x & 0xff));
        }
        return sb.toString();
    }
}

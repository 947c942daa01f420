package io.rdmascope.pdu;

import io.rdmascope.fields.FieldNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Detail-tree nodes of a DDP segment and its RDMAP header, named as the display filters and the
 * dissect JSON name them, described by the docs of the Kaitai specs. Offsets are relative to the
 * first octet of the ULPDU.
 *
 * <p>Labels, descriptions and the position of each field inside its header come from
 * {@link FieldDocs}; this class only knows where each header starts: the DDP control octet first,
 * the RDMAP control octet second, the buffer model header from the third octet, then the one-shot
 * optional fields and the RDMAP header at the offsets the decoder recorded.
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
            ddp.add(flag("ddp.tagged", "ddp", "control", "tagged", s.tagged, DDP_CONTROL_OFFSET));
            ddp.add(flag("ddp.last", "ddp", "control", "last", s.last, DDP_CONTROL_OFFSET));
            ddp.add(flag("ddp.sv", "ddp", "control", "sv", s.sv, DDP_CONTROL_OFFSET));
            ddp.add(flag("ddp.ab", "ddp", "control", "ab", s.ab, DDP_CONTROL_OFFSET));
            ddp.add(num("ddp.rsvd", "ddp", "control", "reserved", s.reserved, "0x" + Integer.toHexString(s.reserved),
                    DDP_CONTROL_OFFSET));
            ddp.add(num("ddp.dv", "ddp", "control", "version", s.dv, Integer.toString(s.dv), DDP_CONTROL_OFFSET));

            rdmap.add(num("rdmap.version", "rdmap", "control", "version", s.rdmapVersion,
                    Integer.toString(s.rdmapVersion), RDMAP_CONTROL_OFFSET));
            rdmap.add(num("rdmap.rsvd", "rdmap", "control", "reserved", s.rdmapReserved,
                    "0x" + Integer.toHexString(s.rdmapReserved), RDMAP_CONTROL_OFFSET));
            rdmap.add(num("rdmap.opcode", "rdmap", "control", "opcode", s.opcode, opcodeDisplay(s.opcode),
                    RDMAP_CONTROL_OFFSET));
        }

        int base = BUFFER_MODEL_HEADER_OFFSET;
        if (s.ddpHeaderLength > 0) {
            if (s.tagged) {
                ddp.add(num("ddp.stag", "ddp", "tagged_header", "stag", s.stag, stag(s.stag), base));
                ddp.add(num("ddp.to", "ddp", "tagged_header", "to", s.to, to(s.to), base));
            } else {
                rdmap.add(num("rdmap.invalidate_stag", "ddp", "untagged_header", "invalidate_stag", s.invalidateStag,
                        stag(s.invalidateStag), base));
                ddp.add(num("ddp.qn", "ddp", "untagged_header", "qn", s.qn, Long.toString(s.qn), base));
                ddp.add(num("ddp.msn", "ddp", "untagged_header", "msn", s.msn, Long.toString(s.msn), base));
                ddp.add(num("ddp.mo", "ddp", "untagged_header", "mo", s.mo, Long.toString(s.mo), base));
            }
        }

        int opt = s.ddpHeaderLength;
        if (s.optionalStag != null) {
            ddp.add(num("ddp.optional_stag", "oneshot", "optional_stag", "stag", s.optionalStag,
                    stag(s.optionalStag), opt));
        }
        if (s.advertised != null) {
            int ab = opt + (s.optionalStag != null ? 4 : 0);
            DdpSegment.Advertised a = s.advertised;
            List<FieldNode> adv = new ArrayList<>();
            adv.add(num("ddp.advertised.to", "oneshot", "advertised_buffer", "to", a.to(), to(a.to()), ab));
            adv.add(num("ddp.advertised.length", "oneshot", "advertised_buffer", "length", a.length(),
                    a.length() + " octets", ab));
            adv.add(num("ddp.advertised.access", "oneshot", "advertised_buffer", "access", (long) a.access(),
                    accessDisplay(a.access()), ab));
            adv.add(num("ddp.advertised.reserved", "oneshot", "advertised_buffer", "reserved", (long) a.reserved(),
                    "0x" + Integer.toHexString(a.reserved()), ab));
            FieldDocs.Doc d = FieldDocs.get("ddp", "", "advertised_buffer");
            ddp.add(new FieldNode("ddp.advertised", d.label(), null, "", ab, 16, d.description(), adv));
        }

        int body = s.rdmapHeaderOffset();
        if (s.readRequest != null) {
            DdpSegment.ReadRequest r = s.readRequest;
            rdmap.add(num("rdmap.sink_stag", "rdmap", "read_request", "sink_stag", r.sinkStag(), stag(r.sinkStag()), body));
            rdmap.add(num("rdmap.sink_to", "rdmap", "read_request", "sink_to", r.sinkTo(), to(r.sinkTo()), body));
            rdmap.add(num("rdmap.read_size", "rdmap", "read_request", "read_size", r.readSize(),
                    r.readSize() + " bytes", body));
            rdmap.add(num("rdmap.source_stag", "rdmap", "read_request", "source_stag", r.sourceStag(),
                    stag(r.sourceStag()), body));
            rdmap.add(num("rdmap.source_to", "rdmap", "read_request", "source_to", r.sourceTo(), to(r.sourceTo()), body));
        }
        if (s.terminate != null) {
            terminate(s.terminate, body, rdmap);
        }
        if (s.atomicRequest != null) {
            DdpSegment.AtomicRequest a = s.atomicRequest;
            String op = FieldDocs.enumDoc("rdmap", "atomic_opcode", a.atomicOpcode());
            rdmap.add(num("rdmap.atomic_reserved", "rdmap", "atomic_request", "reserved", a.reserved(),
                    "0x" + Long.toHexString(a.reserved()), body));
            rdmap.add(num("rdmap.atomic_opcode", "rdmap", "atomic_request", "atomic_opcode", (long) a.atomicOpcode(),
                    named(op, a.atomicOpcode()), body));
            rdmap.add(num("rdmap.request_id", "rdmap", "atomic_request", "request_id", a.requestId(),
                    Long.toString(a.requestId()), body));
            rdmap.add(num("rdmap.remote_stag", "rdmap", "atomic_request", "remote_stag", a.remoteStag(),
                    stag(a.remoteStag()), body));
            rdmap.add(num("rdmap.remote_to", "rdmap", "atomic_request", "remote_to", a.remoteTo(), to(a.remoteTo()), body));
            rdmap.add(num("rdmap.add_or_swap_data", "rdmap", "atomic_request", "add_or_swap_data", a.addOrSwapData(),
                    Long.toUnsignedString(a.addOrSwapData()), body));
            rdmap.add(num("rdmap.add_or_swap_mask", "rdmap", "atomic_request", "add_or_swap_mask", a.addOrSwapMask(),
                    to(a.addOrSwapMask()), body));
            rdmap.add(num("rdmap.compare_data", "rdmap", "atomic_request", "compare_data", a.compareData(),
                    Long.toUnsignedString(a.compareData()), body));
            rdmap.add(num("rdmap.compare_mask", "rdmap", "atomic_request", "compare_mask", a.compareMask(),
                    to(a.compareMask()), body));
        }
        if (s.atomicResponse != null) {
            DdpSegment.AtomicResponse a = s.atomicResponse;
            rdmap.add(num("rdmap.original_request_id", "rdmap", "atomic_response", "request_id", a.requestId(),
                    Long.toString(a.requestId()), body));
            rdmap.add(num("rdmap.original_value", "rdmap", "atomic_response", "original_value", a.originalValue(),
                    Long.toUnsignedString(a.originalValue()), body));
        }
        if (s.immediateData != null) {
            rdmap.add(num("rdmap.immediate_data", "rdmap", "immediate_data", "data", s.immediateData,
                    to(s.immediateData), body));
        }
        if (s.malformed != null) {
            ddp.add(new FieldNode("ddp.malformed", "Malformed segment", s.malformed, s.malformed, 0, 0,
                    "The segment does not hold the fields its control bits announce (one-shot-extension.md)",
                    List.of()));
        }

        int ddpLength = s.ddpHeaderLength > 0 ? s.ddpHeaderLength + s.optionalFieldsLength : s.headerLength;
        FieldNode ddpNode = new FieldNode("ddp", "Direct Data Placement", null, "", 0, ddpLength, "RFC 5041 section 4", List.copyOf(ddp));
        FieldNode rdmapNode = new FieldNode("rdmap", "Remote Direct Memory Access Protocol", null,
                opcodeDisplay(s.opcode), RDMAP_CONTROL_OFFSET, Math.max(1, s.headerLength - RDMAP_CONTROL_OFFSET),
                "RFC 5040 section 4", List.copyOf(rdmap));
        return List.of(ddpNode, rdmapNode);
    }

    private static void terminate(DdpSegment.Terminate t, int body, List<FieldNode> out) {
        String layer = FieldDocs.enumDoc("rdmap", "layer", t.layer());
        out.add(num("rdmap.layer", "rdmap", "terminate", "layer", (long) t.layer(), named(layer, t.layer()), body));
        out.add(num("rdmap.etype", "rdmap", "terminate", "etype", (long) t.errorType(),
                named(PduSummary.errorTypeName(t.layer(), t.errorType()), t.errorType()), body));
        out.add(num("rdmap.error_code", "rdmap", "terminate", "error_code", (long) t.errorCode(),
                named(PduSummary.errorCodeName(t.layer(), t.errorType(), t.errorCode()), t.errorCode()), body));
        out.add(flag("rdmap.hdrct_m", "rdmap", "terminate", "m", t.m(), body));
        out.add(flag("rdmap.hdrct_d", "rdmap", "terminate", "d", t.d(), body));
        out.add(flag("rdmap.hdrct_r", "rdmap", "terminate", "r", t.r(), body));
        out.add(num("rdmap.term_rsvd", "rdmap", "terminate", "reserved", (long) t.reserved(),
                "0x" + Integer.toHexString(t.reserved()), body));
        // The tail depends on D and R: the segment length and DDP header follow the 4-octet control word.
        int at = body + 4;
        if (t.ddpSegmentLength() != null) {
            FieldDocs.Doc d = FieldDocs.get("rdmap", "terminate", "ddp_segment_length");
            out.add(new FieldNode("rdmap.ddp_segment_length", d.label(), (long) t.ddpSegmentLength(),
                    t.ddpSegmentLength().toString(), at, 2, d.description(), List.of()));
            at += 2;
        }
        if (t.ddpHeader() != null) {
            FieldDocs.Doc d = FieldDocs.get("rdmap", "terminate", "ddp_header");
            out.add(new FieldNode("rdmap.terminated_ddp_header", d.label(), t.ddpHeader(), hex(t.ddpHeader()), at,
                    t.ddpHeader().length, d.description(), List.of()));
            at += t.ddpHeader().length;
        }
        if (t.rdmapHeader() != null) {
            FieldDocs.Doc d = FieldDocs.get("rdmap", "terminate", "rdmap_header");
            out.add(new FieldNode("rdmap.terminated_rdmap_header", d.label(), t.rdmapHeader(), hex(t.rdmapHeader()), at,
                    t.rdmapHeader().length, d.description(), List.of()));
        }
    }

    private static FieldNode flag(String name, String spec, String type, String field, boolean value, int base) {
        FieldDocs.Doc d = FieldDocs.get(spec, type, field);
        return new FieldNode(name, d.label(), value, value ? "Set" : "Not set", offset(base, d), length(d),
                d.description(), List.of());
    }

    private static FieldNode num(String name, String spec, String type, String field, long value, String display,
                                 int base) {
        FieldDocs.Doc d = FieldDocs.get(spec, type, field);
        return new FieldNode(name, d.label(), value, display, offset(base, d), length(d), d.description(), List.of());
    }

    private static int offset(int base, FieldDocs.Doc d) {
        return d.bitOffset() < 0 ? base : base + d.bitOffset() / 8;
    }

    private static int length(FieldDocs.Doc d) {
        if (d.bitWidth() < 0) {
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

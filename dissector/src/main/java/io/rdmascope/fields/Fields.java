package io.rdmascope.fields;

import io.rdmascope.fields.Field.Base;
import io.rdmascope.fields.Field.Source;
import io.rdmascope.fields.Field.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The field registry, in the spirit of Wireshark's {@code hf_register_info} arrays: every field
 * that rdmascope shows, writes or filters on is declared here once, with its name (the detail
 * tree's, the display filters' and, after its layer, the dissect JSON's), its Wireshark alias,
 * its type and its place in the Kaitai specs (from whose docs its label and description come).
 * The detail tree ({@code MpaFields}, {@code PduFields}), the dissect JSON ({@code PduRecord}),
 * the display filters ({@code FilterFields}) and {@code rdmascope fields} all read this table.
 *
 * <p>The order of declaration is the order of {@code rdmascope fields} and of the field table in
 * docs/fields.md. A field of a DDP segment declared with {@code fromSegment} needs nothing else:
 * see docs/fields.md.
 */
public final class Fields {
    private static final List<Field> ALL = new ArrayList<>();
    private static final Map<String, Field> BY_NAME = new HashMap<>();
    private static final Map<String, List<Field>> FROM_SEGMENT = new HashMap<>();

    // ---------------------------------------------------------------- the frame

    public static final Field FRAME_NUMBER = frame("frame.number", Type.NUMBER,
            "Frame number, from 1 as Wireshark numbers frames").wireshark("frame.number");
    public static final Field FRAME_TIME_EPOCH = frame("frame.time_epoch", Type.SECONDS,
            "Capture time in seconds since 1970-01-01 UTC, with nanoseconds").wireshark("frame.time_epoch")
            .json("time_epoch");
    public static final Field FRAME_TIME_RELATIVE = frame("frame.time_relative", Type.SECONDS,
            "Seconds since the capture's first frame").wireshark("frame.time_relative").json("time_relative");
    public static final Field FRAME_LEN = frame("frame.len", Type.NUMBER, "Length of the frame on the wire, in octets")
            .wireshark("frame.len").json("len");
    public static final Field IP_SRC = frame("ip.src", Type.STRING, "IP source address").wireshark("ip.src")
            .json("src");
    public static final Field IP_DST = frame("ip.dst", Type.STRING, "IP destination address").wireshark("ip.dst")
            .json("dst");
    public static final Field IP_ADDR = frame("ip.addr", Type.STRING, "IP source or destination address")
            .wireshark("ip.addr");
    public static final Field TCP_SRCPORT = frame("tcp.srcport", Type.NUMBER, "TCP source port")
            .wireshark("tcp.srcport").json("srcport");
    public static final Field TCP_DSTPORT = frame("tcp.dstport", Type.NUMBER, "TCP destination port")
            .wireshark("tcp.dstport").json("dstport");
    public static final Field TCP_PORT = frame("tcp.port", Type.NUMBER, "TCP source or destination port")
            .wireshark("tcp.port");
    public static final Field TCP_STREAM = frame("tcp.stream", Type.NUMBER,
            "Index of the frame's TCP connection, from 0 in order of first frame (as Wireshark counts them)")
            .wireshark("tcp.stream").json("stream");
    public static final Field TCP_FLAGS = frame("tcp.flags", Type.NUMBER, "The TCP flags (12 bits, mask 0x0FFF)")
            .wireshark("tcp.flags").json("flags");
    public static final Field TCP_FLAGS_FIN = tcpFlag("fin", "FIN: the sender has finished sending");
    public static final Field TCP_FLAGS_SYN = tcpFlag("syn", "SYN: synchronize sequence numbers (opens a connection)");
    public static final Field TCP_FLAGS_RESET = tcpFlag("reset", "RST: reset the connection");
    public static final Field TCP_FLAGS_PUSH = tcpFlag("push", "PSH: push the data to the receiving application");
    public static final Field TCP_FLAGS_ACK = tcpFlag("ack", "ACK: the acknowledgment number is valid");
    public static final Field TCP_FLAGS_URG = tcpFlag("urg", "URG: the urgent pointer is valid");
    public static final Field CONNECTION = frame("connection", Type.STRING,
            "The MPA connection of the frame's PDUs or stream issues (c1, c2, ...)");

    // ---------------------------------------------------------------- MPA (RFC 5044, RFC 6581)

    public static final Field MPA = protocol("mpa", "iwarp_mpa", "MPA",
            "Marker PDU Aligned framing: an MPA Request or Reply, or an FPDU (RFC 5044, RFC 6581)");
    public static final Field MPA_KEY = pdu("mpa.key", Type.STRING).spec("mpa/request_reply/key").label("Key");
    public static final Field MPA_MARKER_FLAG = pdu("mpa.marker_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/marker_flag").label("Marker flag (M)").wireshark("iwarp_mpa.marker_flag")
            .treeNames("mpa.flags.marker");
    public static final Field MPA_CRC_FLAG = pdu("mpa.crc_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/crc_flag").label("CRC flag (C)").wireshark("iwarp_mpa.crc_flag")
            .treeNames("mpa.flags.crc");
    public static final Field MPA_REJECT_FLAG = pdu("mpa.reject_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/reject_flag").label("Reject flag (R)").wireshark("iwarp_mpa.rej_flag")
            .treeNames("mpa.flags.reject");
    public static final Field MPA_ENHANCED_FLAG = pdu("mpa.enhanced_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/enhanced_flag").label("Enhanced connection flag")
            .treeNames("mpa.flags.enhanced");
    public static final Field MPA_RESERVED_FLAGS = pdu("mpa.reserved_flags", Type.NUMBER)
            .spec("mpa/request_reply/reserved_flags").label("Reserved flags").wireshark("iwarp_mpa.res");
    public static final Field MPA_REVISION = pdu("mpa.revision", Type.NUMBER).spec("mpa/request_reply/revision")
            .label("Revision").wireshark("iwarp_mpa.rev").treeNames("mpa.rev");
    public static final Field MPA_PD_LENGTH = pdu("mpa.pd_length", Type.NUMBER).spec("mpa/request_reply/pd_length")
            .label("Private data length").wireshark("iwarp_mpa.pdlength");
    public static final Field MPA_IRD = pdu("mpa.ird", Type.NUMBER).spec("mpa/ird_ord/ird").label("IRD");
    public static final Field MPA_ORD = pdu("mpa.ord", Type.NUMBER).spec("mpa/ird_ord/ord").label("ORD");
    public static final Field MPA_ULPDU_LENGTH = pdu("mpa.ulpdu_length", Type.NUMBER).spec("mpa/fpdu/ulpdu_length")
            .label("ULPDU length").wireshark("iwarp_mpa.ulpdulength");
    public static final Field MPA_PAD_LENGTH = pdu("mpa.pad_length", Type.NUMBER).spec("mpa/fpdu/pad_length")
            .label("Pad length");
    public static final Field MPA_CRC = pdu("mpa.crc", Type.NUMBER).spec("mpa/fpdu/crc").label("CRC")
            .wireshark("iwarp_mpa.crc").hex();
    public static final Field MPA_CRC_OK = pdu("mpa.crc_ok", Type.BOOLEAN).spec("mpa/fpdu/crc").label("CRC check");
    public static final Field MPA_MARKERS = pdu("mpa.markers", Type.NUMBER).spec("mpa/marker").label("Markers");
    public static final Field MPA_BAD_MARKERS = pdu("mpa.bad_markers", Type.NUMBER).label("Invalid markers")
            .describe("Markers of the FPDU whose FPDU pointer does not point at the FPDU's start (RFC 5044 section 5)");
    public static final Field MPA_TRUNCATED = pdu("mpa.truncated", Type.BOOLEAN).label("Truncated")
            .describe("The FPDU is cut short: the capture or the stream ended inside it");
    public static final Field MPA_FIRST_FRAME = pdu("mpa.first_frame", Type.NUMBER).label("First frame")
            .describe("The first frame of an FPDU that spans segments (present when it is not the frame itself)");

    // ---------------------------------------------------------------- DDP (RFC 5041, one-shot extension)

    public static final Field DDP = protocol("ddp", "iwarp_ddp", "Direct Data Placement", "RFC 5041 section 4");
    public static final Field DDP_TAGGED = pdu("ddp.tagged", Type.BOOLEAN).spec("ddp/control/tagged")
            .wireshark("iwarp_ddp.tagged_flag");
    public static final Field DDP_LAST = pdu("ddp.last", Type.BOOLEAN).spec("ddp/control/last")
            .wireshark("iwarp_ddp.last_flag");
    public static final Field DDP_SV = pdu("ddp.sv", Type.BOOLEAN).spec("ddp/control/sv");
    public static final Field DDP_AB = pdu("ddp.ab", Type.BOOLEAN).spec("ddp/control/ab");
    public static final Field DDP_RESERVED = pdu("ddp.reserved", Type.NUMBER).spec("ddp/control/reserved")
            .wireshark("iwarp_ddp.rsvd").treeNames("ddp.rsvd");
    public static final Field DDP_DV = pdu("ddp.dv", Type.NUMBER).spec("ddp/control/version").wireshark("iwarp_ddp.dv");
    public static final Field DDP_STAG = pdu("ddp.stag", Type.NUMBER).spec("ddp/tagged_header/stag")
            .wireshark("iwarp_ddp.stag").hex();
    public static final Field DDP_TO = pdu("ddp.to", Type.NUMBER).spec("ddp/tagged_header/to")
            .wireshark("iwarp_ddp.tagged_offset");
    public static final Field DDP_RSVDULP = pdu("ddp.rsvdulp", Type.NUMBER).spec("ddp/untagged_header/rsvd_ulp")
            .wireshark("iwarp_ddp.rsvdulp")
            .fromSegment(s -> s.ddpHeaderLength > 0 && !s.tagged ? s.invalidateStag : null, Base.HEX);
    public static final Field DDP_QN = pdu("ddp.qn", Type.NUMBER).spec("ddp/untagged_header/qn").wireshark("iwarp_ddp.qn");
    public static final Field DDP_MSN = pdu("ddp.msn", Type.NUMBER).spec("ddp/untagged_header/msn")
            .wireshark("iwarp_ddp.msn");
    public static final Field DDP_MO = pdu("ddp.mo", Type.NUMBER).spec("ddp/untagged_header/mo").wireshark("iwarp_ddp.mo");
    public static final Field DDP_OPTIONAL_STAG = pdu("ddp.optional_stag", Type.NUMBER)
            .spec("oneshot/optional_stag/stag").hex();
    public static final Field DDP_ADVERTISED = tree("ddp.advertised", Type.NONE).spec("ddp//advertised_buffer");
    public static final Field DDP_ADVERTISED_TO = pdu("ddp.advertised.to", Type.NUMBER)
            .spec("oneshot/advertised_buffer/to");
    public static final Field DDP_ADVERTISED_LENGTH = pdu("ddp.advertised.length", Type.NUMBER)
            .spec("oneshot/advertised_buffer/length");
    public static final Field DDP_ADVERTISED_ACCESS = pdu("ddp.advertised.access", Type.NUMBER)
            .spec("oneshot/advertised_buffer/access");
    public static final Field DDP_ADVERTISED_RESERVED = tree("ddp.advertised.reserved", Type.NUMBER)
            .spec("oneshot/advertised_buffer/reserved");
    public static final Field DDP_MALFORMED = pdu("ddp.malformed", Type.STRING).label("Malformed segment")
            .describe("The segment does not hold the fields its control bits announce (one-shot-extension.md)");
    public static final Field DDP_PAYLOAD_LENGTH = pdu("ddp.payload_length", Type.NUMBER).label("Payload length")
            .describe("Octets of ULP payload after the DDP and RDMAP headers");

    // ---------------------------------------------------------------- RDMAP (RFC 5040, RFC 7306)

    public static final Field RDMAP = protocol("rdmap", "iwarp_rdma", "Remote Direct Memory Access Protocol",
            "RFC 5040 section 4");
    public static final Field RDMAP_VERSION = pdu("rdmap.version", Type.NUMBER).spec("rdmap/control/version")
            .wireshark("iwarp_rdma.version");
    public static final Field RDMAP_RESERVED = pdu("rdmap.reserved", Type.NUMBER).spec("rdmap/control/reserved")
            .wireshark("iwarp_rdma.rsv").treeNames("rdmap.rsvd");
    public static final Field RDMAP_OPCODE = pdu("rdmap.opcode", Type.NUMBER).spec("rdmap/control/opcode")
            .wireshark("iwarp_rdma.opcode").hex();
    public static final Field RDMAP_OPCODE_NAME = pdu("rdmap.opcode_name", Type.STRING).label("OpCode name")
            .describe("The name of the RDMAP opcode (RFC 5040 section 4.2, RFC 7306 section 8)");
    public static final Field RDMAP_INVALIDATE_STAG = pdu("rdmap.invalidate_stag", Type.NUMBER)
            .spec("ddp/untagged_header/invalidate_stag").wireshark("iwarp_rdma.inval_stag").hex();
    public static final Field RDMAP_SINK_STAG = pdu("rdmap.sink_stag", Type.NUMBER).spec("rdmap/read_request/sink_stag")
            .wireshark("iwarp_rdma.sinkstag").hex();
    public static final Field RDMAP_SINK_TO = pdu("rdmap.sink_to", Type.NUMBER).spec("rdmap/read_request/sink_to")
            .wireshark("iwarp_rdma.sinkto");
    public static final Field RDMAP_READ_SIZE = pdu("rdmap.read_size", Type.NUMBER).spec("rdmap/read_request/read_size")
            .wireshark("iwarp_rdma.rdmardsz");
    public static final Field RDMAP_SOURCE_STAG = pdu("rdmap.source_stag", Type.NUMBER)
            .spec("rdmap/read_request/source_stag").wireshark("iwarp_rdma.srcstag").hex();
    public static final Field RDMAP_SOURCE_TO = pdu("rdmap.source_to", Type.NUMBER).spec("rdmap/read_request/source_to")
            .wireshark("iwarp_rdma.srcto");
    public static final Field RDMAP_LAYER = pdu("rdmap.layer", Type.NUMBER).spec("rdmap/terminate/layer")
            .wireshark("iwarp_rdma.term_layer");
    public static final Field RDMAP_ETYPE = pdu("rdmap.etype", Type.NUMBER).spec("rdmap/terminate/etype")
            .wireshark("iwarp_rdma.term_etype");
    public static final Field RDMAP_ERROR_CODE = pdu("rdmap.error_code", Type.NUMBER).spec("rdmap/terminate/error_code")
            .wireshark("iwarp_rdma.term_errcode");
    public static final Field RDMAP_HDRCT_M = tree("rdmap.hdrct_m", Type.BOOLEAN).spec("rdmap/terminate/m")
            .wireshark("iwarp_rdma.term_hdrct_m");
    public static final Field RDMAP_HDRCT_D = tree("rdmap.hdrct_d", Type.BOOLEAN).spec("rdmap/terminate/d")
            .wireshark("iwarp_rdma.hdrct_d");
    public static final Field RDMAP_HDRCT_R = tree("rdmap.hdrct_r", Type.BOOLEAN).spec("rdmap/terminate/r")
            .wireshark("iwarp_rdma.hdrct_r");
    public static final Field RDMAP_TERM_RSVD = tree("rdmap.term_rsvd", Type.NUMBER).spec("rdmap/terminate/reserved")
            .wireshark("iwarp_rdma.term_rsvd");
    public static final Field RDMAP_DDP_SEGMENT_LENGTH = tree("rdmap.ddp_segment_length", Type.NUMBER)
            .spec("rdmap/terminate/ddp_segment_length").wireshark("iwarp_rdma.term_ddp_seg_len");
    public static final Field RDMAP_TERMINATED_DDP_HEADER = tree("rdmap.terminated_ddp_header", Type.BYTES)
            .spec("rdmap/terminate/ddp_header").wireshark("iwarp_rdma.term_ddp_h");
    public static final Field RDMAP_TERMINATED_RDMAP_HEADER = tree("rdmap.terminated_rdmap_header", Type.BYTES)
            .spec("rdmap/terminate/rdmap_header").wireshark("iwarp_rdma.term_rdma_h");
    public static final Field RDMAP_IMMEDIATE_DATA = pdu("rdmap.immediate_data", Type.NUMBER)
            .spec("rdmap/immediate_data/data");
    public static final Field RDMAP_ATOMIC_RESERVED = tree("rdmap.atomic_reserved", Type.NUMBER)
            .spec("rdmap/atomic_request/reserved").wireshark("iwarp_rdma.atomic.reserved");
    public static final Field RDMAP_ATOMIC_OPCODE = pdu("rdmap.atomic_opcode", Type.NUMBER)
            .spec("rdmap/atomic_request/atomic_opcode").wireshark("iwarp_rdma.atomic.opcode");
    public static final Field RDMAP_REQUEST_ID = pdu("rdmap.request_id", Type.NUMBER)
            .spec("rdmap/atomic_request/request_id").wireshark("iwarp_rdma.atomic.request_identifier");
    public static final Field RDMAP_REMOTE_STAG = pdu("rdmap.remote_stag", Type.NUMBER)
            .spec("rdmap/atomic_request/remote_stag").wireshark("iwarp_rdma.atomic.remote_stag").hex();
    public static final Field RDMAP_REMOTE_TO = pdu("rdmap.remote_to", Type.NUMBER)
            .spec("rdmap/atomic_request/remote_to").wireshark("iwarp_rdma.atomic.remote_tagged_offset");
    public static final Field RDMAP_ADD_OR_SWAP_DATA = tree("rdmap.add_or_swap_data", Type.NUMBER)
            .spec("rdmap/atomic_request/add_or_swap_data");
    public static final Field RDMAP_ADD_OR_SWAP_MASK = tree("rdmap.add_or_swap_mask", Type.NUMBER)
            .spec("rdmap/atomic_request/add_or_swap_mask");
    public static final Field RDMAP_COMPARE_DATA = tree("rdmap.compare_data", Type.NUMBER)
            .spec("rdmap/atomic_request/compare_data").wireshark("iwarp_rdma.atomic.compare_data");
    public static final Field RDMAP_COMPARE_MASK = tree("rdmap.compare_mask", Type.NUMBER)
            .spec("rdmap/atomic_request/compare_mask").wireshark("iwarp_rdma.atomic.compare_mask");
    /** The Atomic Response's request id: in the dissect JSON and the filters it is {@code rdmap.request_id}. */
    public static final Field RDMAP_ORIGINAL_REQUEST_ID = tree("rdmap.original_request_id", Type.NUMBER)
            .spec("rdmap/atomic_response/request_id").wireshark("iwarp_rdma.atomic.original_request_identifier");
    public static final Field RDMAP_ORIGINAL_VALUE = pdu("rdmap.original_value", Type.NUMBER)
            .spec("rdmap/atomic_response/original_value").wireshark("iwarp_rdma.atomic.original_remote_data_value");

    // ---------------------------------------------------------------- the analysis

    public static final Field VIOLATION = frame("violation", Type.STRING,
            "The codes of the frame's violations (the analysis runs first)");
    public static final Field VIOLATION_CODE = frame("violation.code", Type.STRING, "A violation's code");
    public static final Field VIOLATION_SEVERITY = frame("violation.severity", Type.STRING,
            "A violation's severity: info, warning or error");
    public static final Field VIOLATION_MESSAGE = frame("violation.message", Type.STRING, "A violation's message");
    public static final Field TRANSACTION = frame("transaction", Type.STRING,
            "The transactions the frame belongs to (t1, t2, ...; the analysis runs first)");

    private Fields() {}

    private static Field add(Field f) {
        ALL.add(f);
        return f;
    }

    private static Field frame(String name, Type type, String description) {
        return add(new Field(name, type, Source.FRAME)).describe(description).label(name);
    }

    private static Field tcpFlag(String flag, String description) {
        String name = "tcp.flags." + flag;
        return add(new Field(name, Type.BOOLEAN, Source.FRAME)).describe(description).label(name).wireshark(name);
    }

    private static Field protocol(String name, String wireshark, String label, String description) {
        return add(new Field(name, Type.PROTOCOL, Source.PROTOCOL)).wireshark(wireshark).label(label)
                .describe(description);
    }

    private static Field pdu(String name, Type type) {
        return add(new Field(name, type, Source.PDU));
    }

    private static Field tree(String name, Type type) {
        return add(new Field(name, type, Source.TREE));
    }

    static {
        for (Field f : ALL) {
            index(f.name(), f);
            if (f.wireshark() != null && !f.wireshark().equals(f.name())) {
                index(f.wireshark(), f);
            }
            for (String n : f.treeNames()) {
                index(n, f);
            }
            if (f.fromSegment()) {
                FROM_SEGMENT.computeIfAbsent(f.layer(), k -> new ArrayList<>()).add(f);
            }
        }
    }

    private static void index(String name, Field f) {
        Field before = BY_NAME.putIfAbsent(name, f);
        if (before != null && before != f) {
            throw new IllegalStateException("field name " + name + " declared twice: " + before + ", " + f);
        }
    }

    /** Every field, in the order of declaration. */
    public static List<Field> all() {
        return Collections.unmodifiableList(ALL);
    }

    /** The field with this name, Wireshark alias or former tree name; null when there is none. */
    public static Field get(String name) {
        return BY_NAME.get(name);
    }

    /** The one name of the field known by {@code name} (itself when unknown). */
    public static String canonical(String name) {
        Field f = BY_NAME.get(name);
        return f == null ? name : f.name();
    }

    /** The fields of {@code layer} that the registry alone reads from DDP segments. */
    public static List<Field> fromSegment(String layer) {
        return FROM_SEGMENT.getOrDefault(layer, List.of());
    }
}

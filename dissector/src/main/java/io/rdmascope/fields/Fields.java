package io.rdmascope.fields;

import io.rdmascope.fields.Field.Base;
import io.rdmascope.fields.Field.Source;
import io.rdmascope.fields.Field.Type;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.FrameSummary;
import io.rdmascope.roce.CmMessage;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The field registry, in the spirit of Wireshark's {@code hf_register_info} arrays: every field
 * that rdmascope shows, writes or filters on is declared here once, with its name (the detail
 * tree's, the display filters' and, after its layer, the dissect JSON's), its Wireshark alias,
 * its type and its place in the Kaitai specs (from whose docs its label and description come).
 * The detail tree ({@code MpaFields}, {@code PduFields}), the dissect JSON ({@code PduRecord}),
 * the display filters ({@code FilterFields}) and {@code rdmascope fields} all read this table.
 *
 * <p>The order of declaration is the order of {@code rdmascope fields} and of the field table in
 * docs/fields.md. Each field also says, in one place, how its value is read ({@code from}): from
 * the decoded PDU (an MPA Request or Reply, an FPDU, a DDP segment, an InfiniBand packet), from the
 * PDU's dissect record (the view fields) or from the frame's record (the frame fields); a field
 * read from a PDU and declared with a display base needs nothing else: see docs/fields.md.
 */
public final class Fields {
    private static final List<Field> ALL = new ArrayList<>();
    private static final Map<String, Field> BY_NAME = new HashMap<>();
    private static final Map<Class<?>, List<Field>> READING = new HashMap<>();

    // ---------------------------------------------------------------- the frame

    public static final Field FRAME_NUMBER = frame("frame.number", Type.NUMBER,
            "Frame number, from 1 as Wireshark numbers frames").wireshark("frame.number")
            .from(FrameRecord.class, r -> List.of(r.frame));
    public static final Field FRAME_TIME_EPOCH = frame("frame.time_epoch", Type.SECONDS,
            "Capture time in seconds since 1970-01-01 UTC, with nanoseconds").wireshark("frame.time_epoch")
            .json("time_epoch")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(FrameRecord.seconds(r.timestampNanos)));
    public static final Field FRAME_TIME_RELATIVE = frame("frame.time_relative", Type.SECONDS,
            "Seconds since the capture's first frame").wireshark("frame.time_relative").json("time_relative")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of()
                    : List.of(FrameRecord.seconds(r.timestampNanos - r.firstTimestampNanos)));
    public static final Field FRAME_LEN = frame("frame.len", Type.NUMBER, "Length of the frame on the wire, in octets")
            .wireshark("frame.len").json("len")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(r.length));
    public static final Field FRAME_TIME = frame("frame.time", Type.STRING,
            "Capture time in the local time zone, as Wireshark writes it (May  1, 2024 10:00:00.000000000 UTC)")
            .wireshark("frame.time")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(FrameSummary.time(r.timestampNanos)));
    public static final Field FRAME_TIME_DELTA = frame("frame.time_delta", Type.SECONDS,
            "Seconds since the previous frame").wireshark("frame.time_delta")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(FrameRecord.seconds(r.timeDeltaNanos)));
    public static final Field FRAME_BYTES = frame("frame", Type.BYTES,
            "The frame's captured octets (frame contains \"MPA ID\")").wireshark("frame")
            .from(FrameRecord.class, r -> r.bytes == null ? List.of() : List.of(r.bytes));
    public static final Field IP_SRC = frame("ip.src", Type.STRING, "IP source address").wireshark("ip.src")
            .json("src")
            .from(FrameRecord.class, r -> r.source != null ? List.of(r.source.address()) : r.ipv4(r.ipSource, null));
    public static final Field IP_DST = frame("ip.dst", Type.STRING, "IP destination address").wireshark("ip.dst")
            .json("dst")
            .from(FrameRecord.class, r -> r.destination != null ? List.of(r.destination.address())
                    : r.ipv4(r.ipDestination, null));
    public static final Field IP_ADDR = frame("ip.addr", Type.STRING, "IP source or destination address")
            .wireshark("ip.addr")
            .from(FrameRecord.class, r -> r.source != null ? List.of(r.source.address(), r.destination.address())
                    : r.ipv4(r.ipSource, r.ipDestination));
    public static final Field IPV6_SRC = frame("ipv6.src", Type.STRING, "IPv6 source address").wireshark("ipv6.src")
            .from(FrameRecord.class, r -> r.ipv6(r.source(), null));
    public static final Field IPV6_DST = frame("ipv6.dst", Type.STRING, "IPv6 destination address")
            .wireshark("ipv6.dst")
            .from(FrameRecord.class, r -> r.ipv6(r.destination(), null));
    public static final Field IPV6_ADDR = frame("ipv6.addr", Type.STRING, "IPv6 source or destination address")
            .wireshark("ipv6.addr")
            .from(FrameRecord.class, r -> r.ipv6(r.source(), r.destination()));
    public static final Field TCP_SRCPORT = frame("tcp.srcport", Type.NUMBER, "TCP source port")
            .wireshark("tcp.srcport").json("srcport")
            .from(FrameRecord.class, r -> r.source == null ? List.of() : List.of((long) r.source.port()));
    public static final Field TCP_DSTPORT = frame("tcp.dstport", Type.NUMBER, "TCP destination port")
            .wireshark("tcp.dstport").json("dstport")
            .from(FrameRecord.class, r -> r.destination == null ? List.of() : List.of((long) r.destination.port()));
    public static final Field TCP_PORT = frame("tcp.port", Type.NUMBER, "TCP source or destination port")
            .wireshark("tcp.port")
            .from(FrameRecord.class, r -> r.source == null ? List.of()
                    : List.of((long) r.source.port(), (long) r.destination.port()));
    public static final Field TCP_LEN = frame("tcp.len", Type.NUMBER, "TCP payload length in octets")
            .wireshark("tcp.len")
            .from(FrameRecord.class, r -> present(r.tcpLen));
    public static final Field TCP_SEQ = frame("tcp.seq", Type.NUMBER,
            "TCP sequence number, relative to the first of its direction (as Wireshark shows it by default)")
            .wireshark("tcp.seq")
            .from(FrameRecord.class, r -> present(r.tcpSeq));
    public static final Field TCP_ACK = frame("tcp.ack", Type.NUMBER,
            "TCP acknowledgment number, relative to the first sequence number of the other direction")
            .wireshark("tcp.ack")
            .from(FrameRecord.class, r -> present(r.tcpAck));
    public static final Field TCP_STREAM = frame("tcp.stream", Type.NUMBER,
            "Index of the frame's TCP connection, from 0 in order of first frame (as Wireshark counts them)")
            .wireshark("tcp.stream").json("stream")
            .from(FrameRecord.class, r -> present(r.tcpStream));
    public static final Field TCP_FLAGS = frame("tcp.flags", Type.NUMBER, "The TCP flags (12 bits, mask 0x0FFF)")
            .wireshark("tcp.flags").json("flags")
            .from(FrameRecord.class, r -> r.tcpFlags < 0 ? List.of() : List.of((long) r.tcpFlags));
    public static final Field TCP_FLAGS_FIN = tcpFlag("fin", TcpSegment.FIN, "FIN: the sender has finished sending");
    public static final Field TCP_FLAGS_SYN = tcpFlag("syn", TcpSegment.SYN,
            "SYN: synchronize sequence numbers (opens a connection)");
    public static final Field TCP_FLAGS_RESET = tcpFlag("reset", TcpSegment.RST, "RST: reset the connection");
    public static final Field TCP_FLAGS_PUSH = tcpFlag("push", TcpSegment.PSH,
            "PSH: push the data to the receiving application");
    public static final Field TCP_FLAGS_ACK = tcpFlag("ack", TcpSegment.ACK, "ACK: the acknowledgment number is valid");
    public static final Field TCP_FLAGS_URG = tcpFlag("urg", TcpSegment.URG, "URG: the urgent pointer is valid");
    public static final Field COL_PROTOCOL = frame("_ws.col.Protocol", Type.STRING,
            "The Protocol column: the highest layer decoded (TCP, MPA, DDP/RDMA, ICMPv6, ...)")
            .wireshark("_ws.col.Protocol")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(FrameSummary.protocol(r)));
    public static final Field COL_INFO = frame("_ws.col.Info", Type.STRING,
            "The Info column, as tshark's summary line shows it").wireshark("_ws.col.Info")
            .from(FrameRecord.class, r -> r.length < 0 ? List.of() : List.of(FrameSummary.info(r)));
    public static final Field CONNECTION = frame("connection", Type.STRING,
            "The MPA connection of the frame's PDUs or stream issues (c1, c2, ...)")
            .from(FrameRecord.class, r -> r.connections());

    // ---------------------------------------------------------------- MPA (RFC 5044, RFC 6581)

    public static final Field MPA = protocol("mpa", "iwarp_mpa", "MPA",
            "Marker PDU Aligned framing: an MPA Request or Reply, or an FPDU (RFC 5044, RFC 6581)").shown("iwarp_mpa");
    public static final Field MPA_KEY = pdu("mpa.key", Type.STRING).spec("mpa/request_reply/key").label("Key")
            .from(MpaHandshake.class, h -> h.request() ? "request" : "reply");
    public static final Field MPA_MARKER_FLAG = pdu("mpa.marker_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/marker_flag").label("Marker flag (M)").wireshark("iwarp_mpa.marker_flag")
            .treeNames("mpa.flags.marker")
            .from(MpaHandshake.class, h -> h.markerFlag());
    public static final Field MPA_CRC_FLAG = pdu("mpa.crc_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/crc_flag").label("CRC flag (C)").wireshark("iwarp_mpa.crc_flag")
            .treeNames("mpa.flags.crc")
            .from(MpaHandshake.class, h -> h.crcFlag());
    public static final Field MPA_REJECT_FLAG = pdu("mpa.reject_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/reject_flag").label("Reject flag (R)").wireshark("iwarp_mpa.rej_flag")
            .treeNames("mpa.flags.reject")
            .from(MpaHandshake.class, h -> h.rejectFlag());
    public static final Field MPA_ENHANCED_FLAG = pdu("mpa.enhanced_flag", Type.BOOLEAN)
            .spec("mpa/request_reply/enhanced_flag").label("Enhanced connection flag")
            .treeNames("mpa.flags.enhanced")
            .from(MpaHandshake.class, h -> h.enhancedFlag());
    public static final Field MPA_RESERVED_FLAGS = pdu("mpa.reserved_flags", Type.NUMBER)
            .spec("mpa/request_reply/reserved_flags").label("Reserved flags")
            .from(MpaHandshake.class, h -> (long) h.reservedFlags());
    public static final Field MPA_REVISION = pdu("mpa.revision", Type.NUMBER).spec("mpa/request_reply/revision")
            .label("Revision").wireshark("iwarp_mpa.rev").treeNames("mpa.rev")
            .from(MpaHandshake.class, h -> (long) h.revision());
    public static final Field MPA_PD_LENGTH = pdu("mpa.pd_length", Type.NUMBER).spec("mpa/request_reply/pd_length")
            .label("Private data length").wireshark("iwarp_mpa.pdlength")
            .from(MpaHandshake.class, h -> (long) h.privateDataLength());
    public static final Field MPA_IRD = pdu("mpa.ird", Type.NUMBER).spec("mpa/ird_ord/ird").label("IRD")
            .from(MpaHandshake.class, h -> h.ird() == null ? null : (long) h.ird());
    public static final Field MPA_ORD = pdu("mpa.ord", Type.NUMBER).spec("mpa/ird_ord/ord").label("ORD")
            .from(MpaHandshake.class, h -> h.ord() == null ? null : (long) h.ord());
    public static final Field MPA_ULPDU_LENGTH = pdu("mpa.ulpdu_length", Type.NUMBER).spec("mpa/fpdu/ulpdu_length")
            .label("ULPDU length").wireshark("iwarp_mpa.ulpdulength")
            .from(Fpdu.class, f -> (long) f.ulpduLength);
    public static final Field MPA_PAD_LENGTH = pdu("mpa.pad_length", Type.NUMBER).spec("mpa/fpdu/pad_length")
            .label("Pad length")
            .from(Fpdu.class, f -> (long) f.padLength);
    public static final Field MPA_CRC = pdu("mpa.crc", Type.NUMBER).spec("mpa/fpdu/crc").label("CRC").hex(8)
            .from(Fpdu.class, f -> f.crcField);
    public static final Field MPA_CRC_OK = pdu("mpa.crc_ok", Type.BOOLEAN).spec("mpa/fpdu/crc").label("CRC check")
            .from(Fpdu.class, f -> f.crcOk).nullInJson();
    public static final Field MPA_MARKERS = pdu("mpa.markers", Type.NUMBER).spec("mpa/marker").label("Markers")
            .from(Fpdu.class, f -> (long) f.markers);
    public static final Field MPA_BAD_MARKERS = pdu("mpa.bad_markers", Type.NUMBER).label("Invalid markers")
            .describe("Markers of the FPDU whose FPDU pointer does not point at the FPDU's start (RFC 5044 section 5)")
            .from(Fpdu.class, f -> f.badMarkers == 0 ? null : (long) f.badMarkers);
    public static final Field MPA_TRUNCATED = pdu("mpa.truncated", Type.BOOLEAN).label("Truncated")
            .describe("The FPDU is cut short: the capture or the stream ended inside it")
            .from(Fpdu.class, f -> f.truncated ? Boolean.TRUE : null);
    public static final Field MPA_SNAPPED = pdu("mpa.snapped", Type.BOOLEAN).label("Packet size limited during capture")
            .describe("The capture's snapshot length cut the FPDU: its headers were kept, its CRC was not checked,"
                    + " and the FPDUs after it are framed by its length")
            .from(Fpdu.class, f -> f.snapped ? Boolean.TRUE : null);
    public static final Field MPA_FIRST_FRAME = pdu("mpa.first_frame", Type.NUMBER).label("First frame")
            .describe("The first frame of an FPDU that spans segments (present when it is not the frame itself)")
            .from(Fpdu.class, f -> f.firstFrame == f.frame ? null : (Long) f.firstFrame);

    // Wireshark's view of the MPA frames: its subtrees, its expert items and its forms of the values above

    public static final Field MPA_REQUEST = view("mpa.request", Type.NONE, "iwarp_mpa.req",
            "An MPA Request frame (Wireshark's subtree)", p -> present("request".equals(p.mpa().get("key"))));
    public static final Field MPA_REPLY = view("mpa.reply", Type.NONE, "iwarp_mpa.rep",
            "An MPA Reply frame (Wireshark's subtree)", p -> present("reply".equals(p.mpa().get("key"))));
    public static final Field MPA_FPDU = view("mpa.fpdu", Type.NONE, "iwarp_mpa.fpdu",
            "An FPDU (Wireshark's subtree)", p -> present(p.handshake() == null));
    public static final Field MPA_HAS_MARKERS = view("mpa.has_markers", Type.NONE, "iwarp_mpa.markers",
            "The FPDU holds markers (Wireshark's subtree)", p -> present(number(p.mpa(), "markers") > 0));
    public static final Field MPA_KEY_REQUEST = view("mpa.key_request", Type.BYTES, "iwarp_mpa.key.req",
            "The key of a Request, as octets", p -> key(p, true));
    public static final Field MPA_KEY_REPLY = view("mpa.key_reply", Type.BYTES, "iwarp_mpa.key.rep",
            "The key of a Reply, as octets", p -> key(p, false));
    public static final Field MPA_RES = view("mpa.res", Type.NUMBER, "iwarp_mpa.res",
            "The five low bits of the flags octet as Wireshark shows them: the reserved bits with the enhanced-"
                    + "connection bit of revision 2", p -> p.handshake() == null ? null
                    : (long) (p.handshake().reservedFlags() | (p.handshake().enhancedFlag() ? 0x10 : 0))).hex(2);
    public static final Field MPA_PRIVATE_DATA = view("mpa.private_data", Type.BYTES, "iwarp_mpa.privatedata",
            "The private data of a Request or Reply (with revision 2, the IRD and ORD words first)",
            p -> p.handshake() == null || p.handshake().privateData() == null
                    || p.handshake().privateData().length == 0 ? null : p.handshake().privateData());
    public static final Field MPA_CRC_CHECK = view("mpa.crc_check", Type.NUMBER, "iwarp_mpa.crc_check",
            "The CRC when CRC is in use (matched or not, see mpa.crc_ok), its four octets read as they stand on the "
                    + "wire (as Wireshark shows it)", p -> wireCrc(p, true)).hex(8);
    public static final Field MPA_CRC_UNUSED = view("mpa.crc_unused", Type.NUMBER, "iwarp_mpa.crc",
            "The CRC field when CRC was not negotiated, its four octets read as they stand on the wire (as "
                    + "Wireshark shows it)", p -> wireCrc(p, false)).hex(8);
    public static final Field MPA_PAD = view("mpa.pad", Type.BYTES, "iwarp_mpa.pad",
            "The pad octets of an FPDU (zero unless the sender broke RFC 5044 section 4.1)",
            p -> p.pad() != null ? p.pad() : number(p.mpa(), "pad_length") > 0
                    ? new byte[(int) number(p.mpa(), "pad_length")] : null);
    public static final Field MPA_MARKER_RES = view("mpa.marker_res", Type.NUMBER, "iwarp_mpa.marker_res",
            "The reserved half of a marker (not kept: markers are counted, see mpa.markers)", p -> null);
    public static final Field MPA_MARKER_FPDUPTR = view("mpa.marker_fpduptr", Type.NUMBER, "iwarp_mpa.marker_fpduptr",
            "A marker's FPDU pointer (not kept: markers are counted and checked, see mpa.bad_markers)", p -> null);
    public static final Field MPA_RES_NOT_ZERO = view("mpa.res_not_zero", Type.NONE, "iwarp_mpa.res.not_set0",
            "Wireshark's expert item: reserved flag bits are set", p -> present(p.handshake() != null
                    && p.handshake().reservedFlags() != 0));
    public static final Field MPA_REV_UNKNOWN = view("mpa.rev_unknown", Type.NONE, "iwarp_mpa.rev.not_set1",
            "Wireshark's expert item: a revision above 2", p -> present(p.handshake() != null
                    && p.handshake().revision() > 2));
    public static final Field MPA_REJECT_IN_REQUEST = view("mpa.reject_in_request", Type.NONE,
            "iwarp_mpa.reject_bit_responder", "Wireshark's expert item: a Request has the Reject flag set",
            p -> present(p.handshake() != null && p.handshake().request() && p.handshake().rejectFlag()));
    public static final Field MPA_BAD_LENGTH = view("mpa.bad_length", Type.NONE, "iwarp_mpa.bad_length",
            "Wireshark's expert item: an FPDU cut short by the end of the stream",
            p -> present(Boolean.TRUE.equals(p.mpa().get("truncated"))));

    // ---------------------------------------------------------------- DDP (RFC 5041, one-shot extension)

    public static final Field DDP = protocol("ddp", "iwarp_ddp", "Direct Data Placement", "RFC 5041 section 4")
            .shown("1");
    public static final Field DDP_TAGGED = pdu("ddp.tagged", Type.BOOLEAN).spec("ddp/control/tagged")
            .wireshark("iwarp_ddp.tagged_flag")
            .from(DdpSegment.class, s -> s.tagged);
    public static final Field DDP_LAST = pdu("ddp.last", Type.BOOLEAN).spec("ddp/control/last")
            .wireshark("iwarp_ddp.last_flag")
            .from(DdpSegment.class, s -> s.last);
    public static final Field DDP_SV = pdu("ddp.sv", Type.BOOLEAN).spec("ddp/control/sv")
            .from(DdpSegment.class, s -> s.sv);
    public static final Field DDP_AB = pdu("ddp.ab", Type.BOOLEAN).spec("ddp/control/ab")
            .from(DdpSegment.class, s -> s.ab);
    public static final Field DDP_RESERVED = pdu("ddp.reserved", Type.NUMBER).spec("ddp/control/reserved")
            .wireshark("iwarp_ddp.rsvd").treeNames("ddp.rsvd")
            .from(DdpSegment.class, s -> (long) s.reserved);
    public static final Field DDP_DV = pdu("ddp.dv", Type.NUMBER).spec("ddp/control/version").wireshark("iwarp_ddp.dv")
            .from(DdpSegment.class, s -> (long) s.dv);
    public static final Field DDP_STAG = pdu("ddp.stag", Type.NUMBER).spec("ddp/tagged_header/stag")
            .wireshark("iwarp_ddp.stag").hex(8)
            .from(DdpSegment.class, s -> s.tagged ? (Long) s.stag : null);
    public static final Field DDP_TO = pdu("ddp.to", Type.NUMBER).spec("ddp/tagged_header/to")
            .wireshark("iwarp_ddp.tagged_offset")
            .from(DdpSegment.class, s -> s.tagged ? (Long) s.to : null);
    public static final Field DDP_RSVDULP = pdu("ddp.rsvdulp", Type.NUMBER).spec("ddp/untagged_header/rsvd_ulp")
            .from(DdpSegment.class, s -> s.ddpHeaderLength > 0 && !s.tagged ? s.invalidateStag : null, Base.HEX).hex(8)
            .lastInJson();
    public static final Field DDP_QN = pdu("ddp.qn", Type.NUMBER).spec("ddp/untagged_header/qn").wireshark("iwarp_ddp.qn")
            .from(DdpSegment.class, s -> s.tagged ? null : (Long) s.qn);
    public static final Field DDP_MSN = pdu("ddp.msn", Type.NUMBER).spec("ddp/untagged_header/msn")
            .wireshark("iwarp_ddp.msn")
            .from(DdpSegment.class, s -> s.tagged ? null : (Long) s.msn);
    public static final Field DDP_MO = pdu("ddp.mo", Type.NUMBER).spec("ddp/untagged_header/mo").wireshark("iwarp_ddp.mo")
            .from(DdpSegment.class, s -> s.tagged ? null : (Long) s.mo);
    public static final Field DDP_OPTIONAL_STAG = pdu("ddp.optional_stag", Type.NUMBER)
            .spec("oneshot/optional_stag/stag").hex(8)
            .from(DdpSegment.class, s -> s.optionalStag);
    public static final Field DDP_ADVERTISED = tree("ddp.advertised", Type.NONE).spec("ddp//advertised_buffer");
    public static final Field DDP_ADVERTISED_TO = pdu("ddp.advertised.to", Type.NUMBER)
            .spec("oneshot/advertised_buffer/to")
            .from(DdpSegment.class, s -> s.advertised == null ? null : (Long) s.advertised.to());
    public static final Field DDP_ADVERTISED_LENGTH = pdu("ddp.advertised.length", Type.NUMBER)
            .spec("oneshot/advertised_buffer/length")
            .from(DdpSegment.class, s -> s.advertised == null ? null : (Long) s.advertised.length());
    public static final Field DDP_ADVERTISED_ACCESS = pdu("ddp.advertised.access", Type.NUMBER)
            .spec("oneshot/advertised_buffer/access")
            .from(DdpSegment.class, s -> s.advertised == null ? null : (Long) (long) s.advertised.access());
    public static final Field DDP_ADVERTISED_RESERVED = tree("ddp.advertised.reserved", Type.NUMBER)
            .spec("oneshot/advertised_buffer/reserved")
            .from(DdpSegment.class, s -> s.advertised == null ? null : (Long) (long) s.advertised.reserved());
    public static final Field DDP_MALFORMED = pdu("ddp.malformed", Type.STRING).label("Malformed segment")
            .describe("The segment does not hold the fields its control bits announce (one-shot-extension.md)")
            .from(DdpSegment.class, s -> s.malformed);
    public static final Field DDP_PAYLOAD_LENGTH = pdu("ddp.payload_length", Type.NUMBER).label("Payload length")
            .describe("Octets of ULP payload after the DDP and RDMAP headers")
            .from(DdpSegment.class, s -> (long) s.payloadLength);

    public static final Field DDP_RDMAP = view("iwarp_ddp_rdmap", Type.PROTOCOL, "iwarp_ddp_rdmap",
            "Wireshark's protocol of DDP and RDMAP together", p -> p.ddp() == null ? null : "iwarp_ddp_rdmap");
    public static final Field DDP_CONTROL_FIELD = view("ddp.control_field", Type.NONE, "iwarp_ddp.control_field",
            "The DDP control field (Wireshark's subtree)", p -> present(p.ddp() != null));
    public static final Field DDP_TAGGED_BUFFER = view("ddp.tagged_buffer", Type.NONE, "iwarp_ddp.tagged",
            "A tagged buffer model header (Wireshark's subtree)", p -> present(p.ddp() != null
                    && Boolean.TRUE.equals(p.ddp().get("tagged"))));
    public static final Field DDP_UNTAGGED_BUFFER = view("ddp.untagged_buffer", Type.NONE, "iwarp_ddp.untagged",
            "An untagged buffer model header (Wireshark's subtree)", p -> present(untagged(p)));
    public static final Field DDP_RSVDULP_OCTETS = view("ddp.rsvdulp_octets", Type.BYTES, "iwarp_ddp.rsvdulp",
            "The 40 bits of RsvdULP of an untagged header as Wireshark shows them: RDMAP's control octet, then "
                    + "ddp.rsvdulp", p -> untagged(p) ? octets(control(p), number(p.rdmap(), "invalidate_stag")) : null);

    // ---------------------------------------------------------------- RDMAP (RFC 5040, RFC 7306)

    public static final Field RDMAP = protocol("rdmap", "iwarp_rdma", "Remote Direct Memory Access Protocol",
            "RFC 5040 section 4").shown("1");
    public static final Field RDMAP_VERSION = pdu("rdmap.version", Type.NUMBER).spec("rdmap/control/version")
            .wireshark("iwarp_rdma.version")
            .from(DdpSegment.class, s -> (long) s.rdmapVersion);
    public static final Field RDMAP_RESERVED = pdu("rdmap.reserved", Type.NUMBER).spec("rdmap/control/reserved")
            .wireshark("iwarp_rdma.rsv").treeNames("rdmap.rsvd")
            .from(DdpSegment.class, s -> (long) s.rdmapReserved);
    public static final Field RDMAP_OPCODE = pdu("rdmap.opcode", Type.NUMBER).spec("rdmap/control/opcode")
            .wireshark("iwarp_rdma.opcode").hex(2)
            .from(DdpSegment.class, s -> (long) s.opcode);
    public static final Field RDMAP_OPCODE_NAME = pdu("rdmap.opcode_name", Type.STRING).label("OpCode name")
            .describe("The name of the RDMAP opcode (RFC 5040 section 4.2, RFC 7306 section 8)")
            .from(DdpSegment.class, s -> opcodeName(s.opcode));
    public static final Field RDMAP_INVALIDATE_STAG = pdu("rdmap.invalidate_stag", Type.NUMBER)
            .spec("ddp/untagged_header/invalidate_stag").wireshark("iwarp_rdma.inval_stag").hex(8)
            .from(DdpSegment.class, s -> s.tagged ? null : (Long) s.invalidateStag);
    public static final Field RDMAP_SINK_STAG = pdu("rdmap.sink_stag", Type.NUMBER).spec("rdmap/read_request/sink_stag")
            .wireshark("iwarp_rdma.sinkstag").hex(8)
            .from(DdpSegment.class, s -> s.readRequest == null ? null : (Long) s.readRequest.sinkStag());
    public static final Field RDMAP_SINK_TO = pdu("rdmap.sink_to", Type.NUMBER).spec("rdmap/read_request/sink_to")
            .wireshark("iwarp_rdma.sinkto")
            .from(DdpSegment.class, s -> s.readRequest == null ? null : (Long) s.readRequest.sinkTo());
    public static final Field RDMAP_READ_SIZE = pdu("rdmap.read_size", Type.NUMBER).spec("rdmap/read_request/read_size")
            .wireshark("iwarp_rdma.rdmardsz")
            .from(DdpSegment.class, s -> s.readRequest == null ? null : (Long) s.readRequest.readSize());
    public static final Field RDMAP_SOURCE_STAG = pdu("rdmap.source_stag", Type.NUMBER)
            .spec("rdmap/read_request/source_stag").wireshark("iwarp_rdma.srcstag").hex(8)
            .from(DdpSegment.class, s -> s.readRequest == null ? null : (Long) s.readRequest.sourceStag());
    public static final Field RDMAP_SOURCE_TO = pdu("rdmap.source_to", Type.NUMBER).spec("rdmap/read_request/source_to")
            .wireshark("iwarp_rdma.srcto")
            .from(DdpSegment.class, s -> s.readRequest == null ? null : (Long) s.readRequest.sourceTo());
    public static final Field RDMAP_LAYER = pdu("rdmap.layer", Type.NUMBER).spec("rdmap/terminate/layer")
            .wireshark("iwarp_rdma.term_layer")
            .from(DdpSegment.class, s -> s.terminate == null ? null : (Long) (long) s.terminate.layer());
    public static final Field RDMAP_ETYPE = pdu("rdmap.etype", Type.NUMBER).spec("rdmap/terminate/etype")
            .from(DdpSegment.class, s -> s.terminate == null ? null : (Long) (long) s.terminate.errorType());
    public static final Field RDMAP_ERROR_CODE = pdu("rdmap.error_code", Type.NUMBER).spec("rdmap/terminate/error_code")
            .from(DdpSegment.class, s -> s.terminate == null ? null : (Long) (long) s.terminate.errorCode());
    public static final Field RDMAP_HDRCT_M = view("rdmap.hdrct_m", Type.BOOLEAN).spec("rdmap/terminate/m")
            .wireshark("iwarp_rdma.term_hdrct_m")
            .from(PduView.class, p -> p.terminate() == null ? null : p.terminate().m());
    public static final Field RDMAP_HDRCT_D = view("rdmap.hdrct_d", Type.BOOLEAN).spec("rdmap/terminate/d")
            .wireshark("iwarp_rdma.hdrct_d").from(PduView.class, p -> p.terminate() == null ? null : p.terminate().d());
    public static final Field RDMAP_HDRCT_R = view("rdmap.hdrct_r", Type.BOOLEAN).spec("rdmap/terminate/r")
            .wireshark("iwarp_rdma.hdrct_r").from(PduView.class, p -> p.terminate() == null ? null : p.terminate().r());
    public static final Field RDMAP_TERM_RSVD = view("rdmap.term_rsvd", Type.NUMBER).spec("rdmap/terminate/reserved")
            .wireshark("iwarp_rdma.term_rsvd").hex(4)
            .from(PduView.class, p -> p.terminate() == null ? null : (long) p.terminate().reserved());
    public static final Field RDMAP_DDP_SEGMENT_LENGTH = view("rdmap.ddp_segment_length", Type.NUMBER)
            .spec("rdmap/terminate/ddp_segment_length")
            .from(PduView.class, p -> p.terminate() == null || p.terminate().ddpSegmentLength() == null ? null
                    : (long) p.terminate().ddpSegmentLength());
    public static final Field RDMAP_TERMINATED_DDP_HEADER = view("rdmap.terminated_ddp_header", Type.BYTES)
            .spec("rdmap/terminate/ddp_header").wireshark("iwarp_rdma.term_ddp_h")
            .from(PduView.class, p -> p.terminate() == null ? null : p.terminate().ddpHeader());
    public static final Field RDMAP_TERMINATED_RDMAP_HEADER = view("rdmap.terminated_rdmap_header", Type.BYTES)
            .spec("rdmap/terminate/rdmap_header").wireshark("iwarp_rdma.term_rdma_h")
            .from(PduView.class, p -> p.terminate() == null ? null : p.terminate().rdmapHeader());
    public static final Field RDMAP_IMMEDIATE_DATA = pdu("rdmap.immediate_data", Type.NUMBER)
            .spec("rdmap/immediate_data/data")
            .from(DdpSegment.class, s -> s.immediateData);
    public static final Field RDMAP_ATOMIC_RESERVED = view("rdmap.atomic_reserved", Type.NUMBER)
            .spec("rdmap/atomic_request/reserved").wireshark("iwarp_rdma.atomic.reserved")
            .from(PduView.class, p -> p.atomicRequest() == null ? null : p.atomicRequest().reserved());
    public static final Field RDMAP_ATOMIC_OPCODE = pdu("rdmap.atomic_opcode", Type.NUMBER)
            .spec("rdmap/atomic_request/atomic_opcode").wireshark("iwarp_rdma.atomic.opcode")
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) (long) s.atomicRequest.atomicOpcode());
    public static final Field RDMAP_REQUEST_ID = pdu("rdmap.request_id", Type.NUMBER)
            .spec("rdmap/atomic_request/request_id").wireshark("iwarp_rdma.atomic.request_identifier")
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) s.atomicRequest.requestId());
    public static final Field RDMAP_REMOTE_STAG = pdu("rdmap.remote_stag", Type.NUMBER)
            .spec("rdmap/atomic_request/remote_stag").wireshark("iwarp_rdma.atomic.remote_stag").hex(8)
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) s.atomicRequest.remoteStag());
    public static final Field RDMAP_REMOTE_TO = pdu("rdmap.remote_to", Type.NUMBER)
            .spec("rdmap/atomic_request/remote_to").wireshark("iwarp_rdma.atomic.remote_tagged_offset")
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) s.atomicRequest.remoteTo());
    public static final Field RDMAP_ADD_OR_SWAP_DATA = tree("rdmap.add_or_swap_data", Type.NUMBER)
            .spec("rdmap/atomic_request/add_or_swap_data")
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) s.atomicRequest.addOrSwapData());
    public static final Field RDMAP_ADD_OR_SWAP_MASK = tree("rdmap.add_or_swap_mask", Type.NUMBER)
            .spec("rdmap/atomic_request/add_or_swap_mask")
            .from(DdpSegment.class, s -> s.atomicRequest == null ? null : (Long) s.atomicRequest.addOrSwapMask());
    public static final Field RDMAP_COMPARE_DATA = view("rdmap.compare_data", Type.NUMBER)
            .spec("rdmap/atomic_request/compare_data").wireshark("iwarp_rdma.atomic.compare_data")
            .from(PduView.class, p -> p.atomicRequest() == null ? null : p.atomicRequest().compareData());
    public static final Field RDMAP_COMPARE_MASK = view("rdmap.compare_mask", Type.NUMBER)
            .spec("rdmap/atomic_request/compare_mask").wireshark("iwarp_rdma.atomic.compare_mask").hex(16)
            .from(PduView.class, p -> p.atomicRequest() == null ? null : p.atomicRequest().compareMask());
    /** The Atomic Response's copy of the request id it answers (RFC 7306 section 6.2). */
    public static final Field RDMAP_ORIGINAL_REQUEST_ID = pdu("rdmap.original_request_id", Type.NUMBER)
            .spec("rdmap/atomic_response/request_id").wireshark("iwarp_rdma.atomic.original_request_identifier")
            .from(DdpSegment.class, s -> s.atomicResponse == null ? null : (Long) s.atomicResponse.requestId());
    public static final Field RDMAP_ORIGINAL_VALUE = pdu("rdmap.original_value", Type.NUMBER)
            .spec("rdmap/atomic_response/original_value").wireshark("iwarp_rdma.atomic.original_remote_data_value")
            .from(DdpSegment.class, s -> s.atomicResponse == null ? null : (Long) s.atomicResponse.originalValue());

    // ---------------------------------------------------------------- InfiniBand transport (RoCEv2, RoCEv1, InfiniBand)

    public static final Field INFINIBAND = protocol("infiniband", "infiniband", "InfiniBand",
            "An InfiniBand transport packet: RoCEv2 (UDP port 4791), RoCEv1 (EtherType 0x8915) or native InfiniBand");
    public static final Field IB_ENCAPSULATION = ib("infiniband.encapsulation", Type.STRING, null,
            p -> p.encapsulation == null ? null : switch (p.encapsulation) {
                case ROCE_V2_IPV4, ROCE_V2_IPV6 -> "RoCEv2";
                case ROCE_V1 -> "RoCEv1";
                case INFINIBAND -> "InfiniBand";
            }).label("Carried as").describe("RoCEv2 (UDP port 4791), RoCEv1 (EtherType 0x8915) or InfiniBand (an LRH first)");
    public static final Field IB_OPCODE_NAME = ib("infiniband.opcode_name", Type.STRING, null, p -> Opcodes.name(p.opcode))
            .label("Operation").describe("The BTH opcode's transport service and operation (IBA volume 1)");
    public static final Field IB_PAYLOAD_LENGTH = ib("infiniband.payload_length", Type.NUMBER, null,
            p -> p.payloadLength < 0 ? null : (long) p.payloadLength).label("Payload length")
            .describe("Octets of the payload, without the pad");
    public static final Field IB_SNAPPED = ib("infiniband.snapped", Type.BOOLEAN, null, p -> p.snapped ? Boolean.TRUE : null)
            .label("Packet size limited during capture")
            .describe("The capture's snapshot length cut the packet: its headers were read from the octets kept and its"
                    + " payload length from its length fields; the payload past the cut and the ICRC were not captured,"
                    + " so the ICRC is not checked");
    public static final Field IB_ICRC = ib("infiniband.icrc", Type.NUMBER, "infiniband//icrc",
            p -> p.icrc < 0 ? null : p.icrc).wireshark("infiniband.invariant.crc").hex(8);
    public static final Field IB_ICRC_OK = ib("infiniband.icrc_ok", Type.BOOLEAN, null,
            p -> p.icrc < 0 || p.icrcComputed < 0 ? null : p.icrc == p.icrcComputed).label("ICRC check")
            .describe("Whether the ICRC matches the packet's octets (IBA volume 1 section 7.8.1; Annex A17)");
    public static final Field BTH = protocol("bth", "infiniband.bth", "Base Transport Header", "IBA volume 1 section 9.2");
    public static final Field BTH_OPCODE = ib("bth.opcode", Type.NUMBER, "infiniband/bth/opcode",
            p -> p.opcode < 0 ? null : (long) p.opcode).wireshark("infiniband.bth.opcode");
    public static final Field BTH_SE = ib("bth.se", Type.BOOLEAN, "infiniband/bth/solicited_event",
            p -> p.opcode < 0 ? null : p.solicitedEvent).wireshark("infiniband.bth.se");
    public static final Field BTH_M = ib("bth.m", Type.BOOLEAN, "infiniband/bth/mig_req",
            p -> p.opcode < 0 ? null : p.migReq).wireshark("infiniband.bth.m");
    public static final Field BTH_PADCNT = ib("bth.padcnt", Type.NUMBER, "infiniband/bth/pad_count",
            p -> p.opcode < 0 ? null : (long) p.padCount).wireshark("infiniband.bth.padcnt");
    public static final Field BTH_TVER = ib("bth.tver", Type.NUMBER, "infiniband/bth/transport_version",
            p -> p.opcode < 0 ? null : (long) p.transportVersion).wireshark("infiniband.bth.tver");
    public static final Field BTH_P_KEY = ib("bth.p_key", Type.NUMBER, "infiniband/bth/partition_key",
            p -> p.opcode < 0 ? null : (long) p.partitionKey).wireshark("infiniband.bth.p_key");
    public static final Field BTH_FECN = ib("bth.fecn", Type.BOOLEAN, "infiniband/bth/fecn",
            p -> p.opcode < 0 ? null : p.fecn);
    public static final Field BTH_BECN = ib("bth.becn", Type.BOOLEAN, "infiniband/bth/becn",
            p -> p.opcode < 0 ? null : p.becn);
    public static final Field BTH_DESTQP = ib("bth.destqp", Type.NUMBER, "infiniband/bth/dest_qp",
            p -> p.destQp < 0 ? null : p.destQp).wireshark("infiniband.bth.destqp").hex(6);
    public static final Field BTH_A = ib("bth.a", Type.BOOLEAN, "infiniband/bth/ack_request",
            p -> p.opcode < 0 ? null : p.ackRequest).wireshark("infiniband.bth.a");
    public static final Field BTH_RESERVED7 = ib("bth.reserved7", Type.NUMBER, "infiniband/bth/reserved_7",
            p -> p.opcode < 0 ? null : (long) p.reserved7).wireshark("infiniband.bth.reserved7");
    public static final Field BTH_PSN = ib("bth.psn", Type.NUMBER, "infiniband/bth/psn",
            p -> p.psn < 0 ? null : p.psn).wireshark("infiniband.bth.psn");
    public static final Field DETH = protocol("deth", "infiniband.deth", "Datagram Extended Transport Header",
            "IBA volume 1 section 9.3.2");
    public static final Field DETH_Q_KEY = ib("deth.q_key", Type.NUMBER, "infiniband/deth/q_key",
            p -> p.qKey < 0 ? null : p.qKey).wireshark("infiniband.deth.q_key").hex(16);
    public static final Field DETH_SRCQP = ib("deth.srcqp", Type.NUMBER, "infiniband/deth/src_qp",
            p -> p.srcQp < 0 ? null : p.srcQp).wireshark("infiniband.deth.srcqp").hex(8);
    public static final Field RETH = protocol("reth", "infiniband.reth", "RDMA Extended Transport Header",
            "IBA volume 1 section 9.3.3");
    // Wireshark shows the AtomicETH's virtual address and R_Key under the RETH's names as well
    public static final Field RETH_VA = ib("reth.va", Type.NUMBER, "infiniband/reth/va",
            p -> p.hasReth || p.hasAtomicEth ? p.va : null).wireshark("infiniband.reth.va").hex(16);
    public static final Field RETH_R_KEY = ib("reth.r_key", Type.NUMBER, "infiniband/reth/r_key",
            p -> p.hasReth || p.hasAtomicEth ? p.rKey : null).wireshark("infiniband.reth.r_key").hex(8);
    public static final Field RETH_DMALEN = ib("reth.dmalen", Type.NUMBER, "infiniband/reth/dma_length",
            p -> p.hasReth ? p.dmaLength : null).wireshark("infiniband.reth.dmalen");
    public static final Field ATOMICETH = protocol("atomiceth", "infiniband.atomiceth",
            "Atomic Extended Transport Header", "IBA volume 1 section 9.3.4");
    public static final Field ATOMICETH_VA = ib("atomiceth.va", Type.NUMBER, "infiniband/atomiceth/va",
            p -> p.hasAtomicEth ? p.va : null).hex(16);
    public static final Field ATOMICETH_R_KEY = ib("atomiceth.r_key", Type.NUMBER, "infiniband/atomiceth/r_key",
            p -> p.hasAtomicEth ? p.rKey : null).hex(8);
    public static final Field ATOMICETH_SWAPDT = ib("atomiceth.swapdt", Type.NUMBER, "infiniband/atomiceth/swap_add_data",
            p -> p.hasAtomicEth ? p.swapAddData : null).wireshark("infiniband.atomiceth.swapdt");
    public static final Field ATOMICETH_CMPDT = ib("atomiceth.cmpdt", Type.NUMBER, "infiniband/atomiceth/compare_data",
            p -> p.hasAtomicEth ? p.compareData : null).wireshark("infiniband.atomiceth.cmpdt");
    public static final Field AETH = protocol("aeth", "infiniband.aeth", "ACK Extended Transport Header",
            "IBA volume 1 section 9.3.5");
    public static final Field AETH_SYNDROME = ib("aeth.syndrome", Type.NUMBER, "infiniband/aeth/syndrome",
            p -> p.syndrome < 0 ? null : (long) p.syndrome).wireshark("infiniband.aeth.syndrome");
    public static final Field AETH_MSN = ib("aeth.msn", Type.NUMBER, "infiniband/aeth/msn",
            p -> p.msn < 0 ? null : p.msn).wireshark("infiniband.aeth.msn");
    public static final Field ATOMICACKETH = protocol("atomicacketh", "infiniband.atomicacketh",
            "Atomic Acknowledge Extended Transport Header", "IBA volume 1 section 9.3.6");
    public static final Field ATOMICACKETH_ORIGREMDT = ib("atomicacketh.origremdt", Type.NUMBER,
            "infiniband/atomicacketh/original_remote_data", p -> p.hasAtomicAck ? p.originalRemoteData : null)
            .wireshark("infiniband.atomicacketh.origremdt");
    public static final Field IMMDT = ib("immdt", Type.STRING, "infiniband/immdt/immediate_data",
            p -> p.immediate == null ? null : Hex.digits(p.immediate, 8)).wireshark("infiniband.immdt");
    public static final Field IETH = ib("ieth", Type.STRING, "infiniband/ieth/r_key",
            p -> p.invalidateKey == null ? null : Hex.digits(p.invalidateKey, 8)).wireshark("infiniband.ieth");
    public static final Field CM = protocol("cm", null, "Communication Manager",
            "A CM message on QP1 (IBA volume 1 section 12.6)");
    public static final Field CM_TYPE = ib("cm.type", Type.STRING, null, p -> p.cm == null ? null : p.cm.type.displayName)
            .label("Message").describe("The CM message its MAD's attribute ID names");
    public static final Field CM_REQ_LOCAL_COMM_ID = cm("cm.req.local_comm_id", "req/local_comm_id", CmMessage.Type.REQ,
            m -> m.localCommId, "infiniband.cm.req", 8);
    public static final Field CM_REQ_SERVICE_ID = cm("cm.req.service_id", "req/service_id", CmMessage.Type.REQ,
            m -> m.serviceId, "infiniband.cm.req.serviceid", 16);
    public static final Field CM_REQ_LOCAL_QPN = cm("cm.req.local_qpn", "req/local_qpn", CmMessage.Type.REQ,
            m -> m.qpn, "infiniband.cm.req.localqpn", 6);
    public static final Field CM_REQ_RESPONDER_RESOURCES = cm("cm.req.responder_resources", "req/responder_resources",
            CmMessage.Type.REQ, m -> (long) m.responderResources, "infiniband.cm.req.responderres", 2);
    public static final Field CM_REQ_INITIATOR_DEPTH = cm("cm.req.initiator_depth", "req/initiator_depth",
            CmMessage.Type.REQ, m -> (long) m.initiatorDepth, "infiniband.cm.req.initdepth", 2);
    public static final Field CM_REQ_STARTING_PSN = cm("cm.req.starting_psn", "req/starting_psn", CmMessage.Type.REQ,
            m -> m.startingPsn, "infiniband.cm.req.startpsn", 6);
    public static final Field CM_REQ_PATH_MTU = cm("cm.req.path_mtu", "req/path_mtu", CmMessage.Type.REQ,
            m -> (long) m.pathMtu, "infiniband.cm.req.pppmtu", 2);
    public static final Field CM_REQ_IP_SOURCE_PORT = cm("cm.req.ip.source_port", "ip_cm_private_data/source_port",
            CmMessage.Type.REQ, m -> m.sourcePort < 0 ? null : (long) m.sourcePort, "infiniband.cm.req.ip_cm.sport", 4);
    public static final Field CM_REQ_IP_SOURCE = ib("cm.req.ip.source", Type.STRING, "ib_cm/ip_cm_private_data/source_ip",
            p -> p.cm == null || p.cm.type != CmMessage.Type.REQ ? null : ipCm(p.cm.sourceIp, false))
            .wireshark("infiniband.cm.req.ip_cm.sip4");
    public static final Field CM_REQ_IP_DESTINATION = ib("cm.req.ip.destination", Type.STRING,
            "ib_cm/ip_cm_private_data/destination_ip",
            p -> p.cm == null || p.cm.type != CmMessage.Type.REQ ? null : ipCm(p.cm.destinationIp, false))
            .wireshark("infiniband.cm.req.ip_cm.dip4");
    public static final Field CM_REQ_IP6_SOURCE = ib("cm.req.ip6.source", Type.STRING,
            "ib_cm/ip_cm_private_data/source_ip",
            p -> p.cm == null || p.cm.type != CmMessage.Type.REQ ? null : ipCm(p.cm.sourceIp, true))
            .wireshark("infiniband.cm.req.ip_cm.sip6");
    public static final Field CM_REQ_IP6_DESTINATION = ib("cm.req.ip6.destination", Type.STRING,
            "ib_cm/ip_cm_private_data/destination_ip",
            p -> p.cm == null || p.cm.type != CmMessage.Type.REQ ? null : ipCm(p.cm.destinationIp, true))
            .wireshark("infiniband.cm.req.ip_cm.dip6");
    public static final Field CM_REP_LOCAL_COMM_ID = cm("cm.rep.local_comm_id", "rep/local_comm_id", CmMessage.Type.REP,
            m -> m.localCommId, "infiniband.cm.rep", 8);
    public static final Field CM_REP_REMOTE_COMM_ID = cm("cm.rep.remote_comm_id", "rep/remote_comm_id",
            CmMessage.Type.REP, m -> m.remoteCommId, "infiniband.cm.rep.remotecommid", 8);
    public static final Field CM_REP_LOCAL_QPN = cm("cm.rep.local_qpn", "rep/local_qpn", CmMessage.Type.REP,
            m -> m.qpn, "infiniband.cm.rep.localqpn", 6);
    public static final Field CM_REP_STARTING_PSN = cm("cm.rep.starting_psn", "rep/starting_psn", CmMessage.Type.REP,
            m -> m.startingPsn, "infiniband.cm.rep.startpsn", 6);
    public static final Field CM_REP_RESPONDER_RESOURCES = cm("cm.rep.responder_resources", "rep/responder_resources",
            CmMessage.Type.REP, m -> (long) m.responderResources, "infiniband.cm.rep.respres", 2);
    public static final Field CM_REP_INITIATOR_DEPTH = cm("cm.rep.initiator_depth", "rep/initiator_depth",
            CmMessage.Type.REP, m -> (long) m.initiatorDepth, "infiniband.cm.rep.initdepth", 2);
    public static final Field CM_RTU_LOCAL_COMM_ID = cm("cm.rtu.local_comm_id", "rtu/local_comm_id", CmMessage.Type.RTU,
            m -> m.localCommId, "infiniband.cm.rtu.localcommid", 8);
    public static final Field CM_REJ_REASON = cm("cm.rej.reason", "rej/reason", CmMessage.Type.REJ,
            m -> (long) m.reason, "infiniband.cm.rej.reason", 4);
    public static final Field CM_DREQ_LOCAL_COMM_ID = cm("cm.dreq.local_comm_id", "dreq/local_comm_id",
            CmMessage.Type.DREQ, m -> m.localCommId, "infiniband.cm.dreq.localcommid", 8);
    public static final Field CM_DREQ_REMOTE_QPN = cm("cm.dreq.remote_qpn", "dreq/remote_qpn", CmMessage.Type.DREQ,
            m -> m.qpn, null, 6);
    public static final Field CM_DREP_LOCAL_COMM_ID = cm("cm.drep.local_comm_id", "drep/local_comm_id",
            CmMessage.Type.DREP, m -> m.localCommId, null, 8);
    public static final Field CM_SIDR_REQ_REQUEST_ID = cm("cm.sidr_req.request_id", "sidr_req/request_id",
            CmMessage.Type.SIDR_REQ, m -> m.localCommId, null, 8);
    public static final Field CM_SIDR_REQ_SERVICE_ID = cm("cm.sidr_req.service_id", "sidr_req/service_id",
            CmMessage.Type.SIDR_REQ, m -> m.serviceId, null, 16);
    public static final Field CM_SIDR_REP_REQUEST_ID = cm("cm.sidr_rep.request_id", "sidr_rep/request_id",
            CmMessage.Type.SIDR_REP, m -> m.remoteCommId, null, 8);
    public static final Field CM_SIDR_REP_STATUS = cm("cm.sidr_rep.status", "sidr_rep/status", CmMessage.Type.SIDR_REP,
            m -> (long) m.reason, null, 2);
    public static final Field CM_SIDR_REP_QPN = cm("cm.sidr_rep.qpn", "sidr_rep/qpn", CmMessage.Type.SIDR_REP,
            m -> m.qpn, null, 6);
    public static final Field CM_SIDR_REP_Q_KEY = cm("cm.sidr_rep.q_key", "sidr_rep/q_key", CmMessage.Type.SIDR_REP,
            m -> m.qKey, null, 8);
    // Wireshark's view of the RDMAP headers: its subtrees and its split of the Terminate and Atomic fields

    public static final Field RDMAP_CONTROL_FIELD = view("rdmap.control_field", Type.NONE, "iwarp_rdma.control_field",
            "The RDMAP control field (Wireshark's subtree)", p -> present(p.rdmap() != null));
    public static final Field RDMAP_RESERVED_WORD = view("rdmap.reserved_word", Type.BYTES, "iwarp_rdma.reserved",
            "The word of an untagged message that only Send with Invalidate uses (Wireshark shows it as reserved "
                    + "for the other opcodes it knows)", p -> untagged(p) && reservesTheWord(p)
                    ? octets(-1, number(p.rdmap(), "invalidate_stag")) : null);
    public static final Field RDMAP_READ_REQUEST = view("rdmap.read_request", Type.NONE, "iwarp_rdma.rr",
            "An RDMA Read Request header (Wireshark's subtree)", p -> present(p.rdmap() != null
                    && p.rdmap().containsKey("sink_stag")));
    public static final Field RDMAP_TERMINATE = view("rdmap.terminate", Type.NONE, "iwarp_rdma.terminate",
            "A Terminate header (Wireshark's subtree)", p -> present(p.terminate() != null));
    public static final Field RDMAP_TERM_CTRL = view("rdmap.term_ctrl", Type.NONE, "iwarp_rdma.term_ctrl",
            "The Terminate control field (Wireshark's subtree)", p -> present(p.terminate() != null));
    public static final Field RDMAP_TERM_HDRCT = view("rdmap.term_hdrct", Type.NONE, "iwarp_rdma.term_hdrct",
            "The Terminate header control bits (Wireshark's subtree)", p -> present(p.terminate() != null));
    public static final Field RDMAP_ETYPE_OTHER = view("rdmap.etype_other", Type.NUMBER, "iwarp_rdma.term_etype",
            "rdmap.etype when the layer is none of RDMA, DDP and the LLP", p -> terminateValue(p, -1, -1, false)).hex(2);
    public static final Field RDMAP_ERRCODE_OTHER = view("rdmap.error_code_other", Type.NUMBER,
            "iwarp_rdma.term_errcode", "rdmap.error_code when no field of a layer and error type holds it",
            p -> terminateValue(p, -1, -1, true)).hex(2);
    public static final Field RDMAP_ETYPE_RDMA = view("rdmap.etype_rdma", Type.NUMBER, "iwarp_rdma.term_etype_rdma",
            "rdmap.etype when the layer is RDMA", p -> terminateValue(p, 0, -1, false)).hex(2);
    public static final Field RDMAP_ETYPE_DDP = view("rdmap.etype_ddp", Type.NUMBER, "iwarp_rdma.term_etype_ddp",
            "rdmap.etype when the layer is DDP", p -> terminateValue(p, 1, -1, false)).hex(2);
    public static final Field RDMAP_ETYPE_LLP = view("rdmap.etype_llp", Type.NUMBER, "iwarp_rdma.term_etype_llp",
            "rdmap.etype when the layer is the LLP (MPA)", p -> terminateValue(p, 2, -1, false)).hex(2);
    public static final Field RDMAP_ERRCODE_RDMA = view("rdmap.error_code_rdma", Type.NUMBER,
            "iwarp_rdma.term_errcode_rdma", "rdmap.error_code when the layer is RDMA",
            p -> terminateValue(p, 0, -1, true)).hex(2);
    public static final Field RDMAP_ERRCODE_DDP_TAGGED = view("rdmap.error_code_ddp_tagged", Type.NUMBER,
            "iwarp_rdma.term_errcode_ddp_tagged", "rdmap.error_code of a DDP tagged buffer error",
            p -> terminateValue(p, 1, 1, true)).hex(2);
    public static final Field RDMAP_ERRCODE_DDP_UNTAGGED = view("rdmap.error_code_ddp_untagged", Type.NUMBER,
            "iwarp_rdma.term_errcode_ddp_untagged", "rdmap.error_code of a DDP untagged buffer error",
            p -> terminateValue(p, 1, 2, true)).hex(2);
    public static final Field RDMAP_ERRCODE_LLP = view("rdmap.error_code_llp", Type.NUMBER,
            "iwarp_rdma.term_errcode_llp", "rdmap.error_code when the layer is the LLP (MPA)",
            p -> terminateValue(p, 2, -1, true)).hex(2);
    public static final Field RDMAP_DDP_SEGMENT_LENGTH_OCTETS = view("rdmap.ddp_segment_length_octets", Type.BYTES,
            "iwarp_rdma.term_ddp_seg_len", "rdmap.ddp_segment_length as Wireshark shows it: its two octets",
            p -> p.terminate() == null || p.terminate().ddpSegmentLength() == null ? null
                    : new byte[] {(byte) (p.terminate().ddpSegmentLength() >> 8), (byte) (int) p.terminate().ddpSegmentLength()});
    public static final Field RDMAP_ADD_DATA = view("rdmap.add_data", Type.NUMBER, "iwarp_rdma.atomic.add_data",
            "rdmap.add_or_swap_data of a Fetch and Add", p -> fetchAndAdd(p) ? p.atomicRequest().addOrSwapData() : null);
    public static final Field RDMAP_ADD_MASK = view("rdmap.add_mask", Type.NUMBER, "iwarp_rdma.atomic.add_mask",
            "rdmap.add_or_swap_mask of a Fetch and Add", p -> fetchAndAdd(p) ? p.atomicRequest().addOrSwapMask() : null)
            .hex(16);
    public static final Field RDMAP_SWAP_DATA = view("rdmap.swap_data", Type.NUMBER, "iwarp_rdma.atomic.swap_data",
            "rdmap.add_or_swap_data of a Compare and Swap",
            p -> compareAndSwap(p) ? p.atomicRequest().addOrSwapData() : null);
    public static final Field RDMAP_SWAP_MASK = view("rdmap.swap_mask", Type.NUMBER, "iwarp_rdma.atomic.swap_mask",
            "rdmap.add_or_swap_mask of a Compare and Swap",
            p -> compareAndSwap(p) ? p.atomicRequest().addOrSwapMask() : null).hex(16);
    // Wireshark reassembles SMB Direct messages sent in several Sends; rdmascope does not.
    public static final Field RDMAP_SEND_FRAGMENTS = notReassembled("fragments", Type.NONE);
    public static final Field RDMAP_SEND_FRAGMENT = notReassembled("fragment", Type.NUMBER);
    public static final Field RDMAP_SEND_FRAGMENT_OVERLAP = notReassembled("fragment.overlap", Type.BOOLEAN);
    public static final Field RDMAP_SEND_FRAGMENT_OVERLAP_CONFLICT = notReassembled("fragment.overlap.conflict",
            Type.BOOLEAN);
    public static final Field RDMAP_SEND_FRAGMENT_MULTIPLETAILS = notReassembled("fragment.multipletails", Type.BOOLEAN);
    public static final Field RDMAP_SEND_FRAGMENT_TOOLONG = notReassembled("fragment.toolongfragment", Type.BOOLEAN);
    public static final Field RDMAP_SEND_FRAGMENT_ERROR = notReassembled("fragment.error", Type.NUMBER);
    public static final Field RDMAP_SEND_FRAGMENT_COUNT = notReassembled("fragment.count", Type.NUMBER);
    public static final Field RDMAP_SEND_REASSEMBLED_IN = notReassembled("reassembled_in", Type.NUMBER);
    public static final Field RDMAP_SEND_REASSEMBLED_LENGTH = notReassembled("reassembled.length", Type.NUMBER);
    public static final Field RDMAP_SEND_REASSEMBLED_DATA = notReassembled("reassembled.data", Type.BYTES);

    // ---------------------------------------------------------------- the analysis

    public static final Field VIOLATION = frame("violation", Type.STRING,
            "The codes of the frame's violations (the analysis runs first)")
            .from(FrameRecord.class, r -> r.violationCodes());
    public static final Field VIOLATION_CODE = frame("violation.code", Type.STRING, "A violation's code")
            .from(FrameRecord.class, r -> r.violationCodes());
    public static final Field VIOLATION_SEVERITY = frame("violation.severity", Type.STRING,
            "A violation's severity: info, warning or error")
            .from(FrameRecord.class, r -> r.violationSeverities());
    public static final Field VIOLATION_MESSAGE = frame("violation.message", Type.STRING, "A violation's message")
            .from(FrameRecord.class, r -> r.violationMessages());
    public static final Field TRANSACTION = frame("transaction", Type.STRING,
            "The transactions the frame belongs to (t1, t2, ...; the analysis runs first)")
            .from(FrameRecord.class, r -> r.transactions);

    private Fields() {}

    private static Field add(Field f) {
        ALL.add(f);
        return f;
    }

    private static Field frame(String name, Type type, String description) {
        return add(new Field(name, type, Source.FRAME)).describe(description).label(name);
    }

    private static Field tcpFlag(String flag, int mask, String description) {
        String name = "tcp.flags." + flag;
        return add(new Field(name, Type.BOOLEAN, Source.FRAME)).describe(description).label(name).wireshark(name)
                .from(FrameRecord.class, r -> r.tcpFlags < 0 ? List.of() : List.of((r.tcpFlags & mask) != 0));
    }

    /** A number of the frame's record as the list of its values: none when negative (absent). */
    private static List<?> present(long n) {
        return n < 0 ? List.of() : List.of(n);
    }

    private static Field protocol(String name, String wireshark, String label, String description) {
        return add(new Field(name, Type.PROTOCOL, Source.PROTOCOL)).wireshark(wireshark).label(label)
                .describe(description);
    }

    private static Field pdu(String name, Type type) {
        return add(new Field(name, type, Source.PDU));
    }

    /** A field of an InfiniBand packet, read from it by the registry alone. */
    /** An address of rdma_cm's IP private data when it is of the version asked for (IPv6 or IPv4), else null. */
    private static String ipCm(String address, boolean v6) {
        return address == null || address.contains(":") != v6 ? null : address;
    }

    private static Field ib(String name, Type type, String spec, Function<IbPacket, Object> value) {
        Field f = add(new Field(name, type, Source.PDU)).from(IbPacket.class, value, Base.DEC);
        return spec == null ? f : f.spec(spec);
    }

    /** A field of one CM message, shown in hexadecimal as Wireshark shows them. */
    private static Field cm(String name, String spec, CmMessage.Type type, Function<CmMessage, Object> value,
                            String wireshark, int hexDigits) {
        // a field the message does not carry, or the snapshot length cut, is -1
        Field f = ib(name, Type.NUMBER, "ib_cm/" + spec, p -> {
            Object v = p.cm == null || p.cm.type != type ? null : value.apply(p.cm);
            return v instanceof Long l && l < 0 ? null : v;
        }).hex(hexDigits);
        return wireshark == null ? f : f.wireshark(wireshark);
    }

    private static Field tree(String name, Type type) {
        return add(new Field(name, type, Source.TREE));
    }

    private static Field view(String name, Type type) {
        return add(new Field(name, type, Source.VIEW));
    }

    private static Field view(String name, Type type, String wireshark, String description,
                              Function<PduView, Object> value) {
        return view(name, type).wireshark(wireshark).label(name).describe(description).from(PduView.class, value);
    }

    private static Field notReassembled(String name, Type type) {
        return view("rdmap.send." + name, type, "iwarp_rdma.send." + name,
                "Wireshark's reassembly of SMB Direct messages sent in several Sends (rdmascope does not reassemble "
                        + "them: never present)", p -> null);
    }

    // ---------------------------------------------------------------- readers of the view fields

    /** The name of an RDMAP opcode (RFC 5040 section 4.2, RFC 7306 section 8), or "Unknown (n)". */
    private static String opcodeName(int opcode) {
        Opcode op = Opcode.of(opcode);
        return op == null ? "Unknown (" + opcode + ")" : op.displayName;
    }

    /** {@code Boolean.TRUE} when the subtree is there, else null (absent). */
    private static Object present(boolean there) {
        return there ? Boolean.TRUE : null;
    }

    /** A number of a JSON object of the PDU, or -1 when absent. */
    private static long number(Map<String, Object> layer, String key) {
        return layer != null && layer.get(key) instanceof Long n ? n : -1;
    }

    private static boolean untagged(PduView p) {
        return p.ddp() != null && Boolean.FALSE.equals(p.ddp().get("tagged")) && p.rdmap() != null
                && p.rdmap().containsKey("invalidate_stag");
    }

    /** Whether Wireshark shows the Invalidate STag word as reserved: on a Read Request, a Send, a Send with SE and a Terminate. */
    private static boolean reservesTheWord(PduView p) {
        long op = number(p.rdmap(), "opcode");
        return op == 0x1 || op == 0x3 || op == 0x5 || op == 0x7;
    }

    /** RDMAP's control octet: version, reserved bits and opcode. */
    private static int control(PduView p) {
        return (int) (number(p.rdmap(), "version") << 6 | number(p.rdmap(), "reserved") << 4
                | number(p.rdmap(), "opcode"));
    }

    /** An octet (unless negative) and a 32-bit word, as octets. */
    private static byte[] octets(int first, long word) {
        ByteBuffer b = ByteBuffer.allocate(first < 0 ? 4 : 5);
        if (first >= 0) {
            b.put((byte) first);
        }
        return b.putInt((int) word).array();
    }

    private static byte[] key(PduView p, boolean request) {
        return p.handshake() == null || p.handshake().request() != request ? null
                : (request ? "MPA ID Req Frame" : "MPA ID Rep Frame").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The CRC field of an FPDU, its octets read in wire order, when CRC is in use ({@code
     * negotiated}) or when it is not, as Wireshark places it ({@code crc_check}, {@code crc}); null
     * otherwise.
     */
    private static Object wireCrc(PduView p, boolean negotiated) {
        long crc = number(p.mpa(), "crc");
        boolean shown = p.handshake() == null && (p.mpa().get("crc_ok") != null) == negotiated;
        return shown && crc >= 0 ? Integer.reverseBytes((int) crc) & 0xFFFFFFFFL : null;
    }

    /**
     * The Terminate's error type ({@code code} false) or code, for one layer (and error type,
     * unless -1), as Wireshark splits them; layer -1 stands for the values no split field holds.
     */
    private static Object terminateValue(PduView p, int layer, int etype, boolean code) {
        DdpSegment.Terminate t = p.terminate();
        if (t == null) {
            return null;
        }
        boolean split = t.layer() == 0 || t.layer() == 2
                || t.layer() == 1 && (!code || t.errorType() == 1 || t.errorType() == 2);
        boolean holds = layer < 0 ? !split : t.layer() == layer && (etype < 0 || t.errorType() == etype);
        return holds ? (Long) (long) (code ? t.errorCode() : t.errorType()) : null;
    }

    private static boolean fetchAndAdd(PduView p) {
        return p.atomicRequest() != null && p.atomicRequest().atomicOpcode() == 0;
    }

    private static boolean compareAndSwap(PduView p) {
        return p.atomicRequest() != null && p.atomicRequest().atomicOpcode() == 1;
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
            if (f.readsFrom() != null) {
                READING.computeIfAbsent(f.readsFrom(), k -> new ArrayList<>()).add(f);
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

    /** The fields the registry reads from PDUs of {@code type} (InfiniBand packets), in order of declaration. */
    public static List<Field> reading(Class<?> type) {
        return READING.getOrDefault(type, List.of());
    }

    /**
     * The fields of {@code layer} that the dissect JSON carries, read from PDUs of {@code type}: in
     * the order of their keys in the layer's object (the order of declaration, those written last
     * at the end).
     */
    public static List<Field> reading(Class<?> type, String layer) {
        List<Field> first = new ArrayList<>();
        List<Field> last = new ArrayList<>();
        for (Field f : reading(type)) {
            if (f.source() == Source.PDU && f.layer().equals(layer)) {
                (f.lastInLayer() ? last : first).add(f);
            }
        }
        first.addAll(last);
        return List.copyOf(first);
    }

    /**
     * The fields of one layer's dissect JSON object read from PDUs of one kind: in the order of
     * their keys ({@link #reading(Class, String)}), and by key for those not in a nested object.
     */
    public static final class Layer {
        private final List<Field> fields;
        private final Map<String, Field> byKey = new HashMap<>();

        private Layer(List<Field> fields) {
            this.fields = fields;
            for (Field f : fields) {
                if (f.jsonParent() == null) {
                    byKey.put(f.jsonKey(), f);
                }
            }
        }

        /** The fields, in the order of their keys. */
        public List<Field> fields() {
            return fields;
        }

        /** The field whose key is {@code key} at the top of the object, or null. */
        public Field top(Object key) {
            return byKey.get(key);
        }
    }

    /** The fields of {@code layer} read from PDUs of {@code type}, as a {@link Layer}. */
    public static Layer layer(Class<?> type, String layer) {
        return new Layer(reading(type, layer));
    }

    /**
     * The fields of {@code layer} read from PDUs of {@code type} that the detail tree shows as the
     * registry reads them, at their spec offsets.
     */
    public static List<Field> placed(Class<?> type, String layer) {
        List<Field> out = new ArrayList<>();
        for (Field f : reading(type)) {
            if (f.placedByRegistry() && f.layer().equals(layer)) {
                out.add(f);
            }
        }
        return List.copyOf(out);
    }
}

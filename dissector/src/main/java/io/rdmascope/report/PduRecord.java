package io.rdmascope.report;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.tcp.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One PDU that a frame completes, as the dissect output and the display filters see it: the
 * {@code mpa}, {@code ddp} and {@code rdmap} objects of the analysis contract, as ordered maps of
 * field name to value (Long, Boolean, String, or a nested map). Values are copied out of the
 * stage objects, whose buffers are reused.
 *
 * @param connection the MPA connection id
 * @param direction "initiator" or "responder": who sent the PDU
 * @param mpa the MPA Request/Reply or FPDU fields (never null)
 * @param ddp the DDP fields, or null for an MPA Request/Reply
 * @param rdmap the RDMAP fields, or null for an MPA Request/Reply
 * @param tree detail-tree nodes for text output, or null when not asked for
 */
public record PduRecord(String connection, String direction, Map<String, Object> mpa, Map<String, Object> ddp,
                        Map<String, Object> rdmap, List<FieldNode> tree) {

    public static PduRecord of(MpaConnection connection, MpaHandshake h, List<FieldNode> tree) {
        Map<String, Object> mpa = new LinkedHashMap<>();
        mpa.put("key", h.request() ? "request" : "reply");
        mpa.put("marker_flag", h.markerFlag());
        mpa.put("crc_flag", h.crcFlag());
        mpa.put("reject_flag", h.rejectFlag());
        mpa.put("enhanced_flag", h.enhancedFlag());
        mpa.put("reserved_flags", (long) h.reservedFlags());
        mpa.put("revision", (long) h.revision());
        mpa.put("pd_length", (long) h.privateDataLength());
        if (h.ird() != null) {
            mpa.put("ird", (long) h.ird());
        }
        if (h.ord() != null) {
            mpa.put("ord", (long) h.ord());
        }
        return new PduRecord(connection.id(), direction(h.direction()), mpa, null, null, tree);
    }

    public static PduRecord of(MpaConnection connection, Fpdu f, DdpSegment s, List<FieldNode> tree) {
        Map<String, Object> mpa = new LinkedHashMap<>();
        mpa.put("ulpdu_length", (long) f.ulpduLength);
        mpa.put("pad_length", (long) f.padLength);
        mpa.put("crc", f.crcField);
        mpa.put("crc_ok", f.crcOk);
        mpa.put("markers", (long) f.markers);
        if (f.badMarkers != 0) {
            mpa.put("bad_markers", (long) f.badMarkers);
        }
        if (f.truncated) {
            mpa.put("truncated", true);
        }
        if (f.firstFrame != f.frame) {
            mpa.put("first_frame", f.firstFrame);
        }
        return new PduRecord(connection.id(), direction(f.direction), mpa, s == null ? null : ddp(s),
                s == null ? null : rdmap(s), tree);
    }

    private static String direction(Direction d) {
        return d == null ? null : d == Direction.FROM_INITIATOR ? "initiator" : "responder";
    }

    private static Map<String, Object> ddp(DdpSegment s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tagged", s.tagged);
        m.put("last", s.last);
        m.put("sv", s.sv);
        m.put("ab", s.ab);
        m.put("reserved", (long) s.reserved);
        m.put("dv", (long) s.dv);
        if (s.tagged) {
            m.put("stag", s.stag);
            m.put("to", s.to);
        } else {
            m.put("qn", s.qn);
            m.put("msn", s.msn);
            m.put("mo", s.mo);
        }
        if (s.optionalStag != null) {
            m.put("optional_stag", s.optionalStag);
        }
        if (s.advertised != null) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put("to", s.advertised.to());
            a.put("length", s.advertised.length());
            a.put("access", (long) s.advertised.access());
            m.put("advertised", a);
        }
        if (s.malformed != null) {
            m.put("malformed", s.malformed);
        }
        m.put("payload_length", (long) s.payloadLength);
        return m;
    }

    private static Map<String, Object> rdmap(DdpSegment s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", (long) s.rdmapVersion);
        m.put("reserved", (long) s.rdmapReserved);
        m.put("opcode", (long) s.opcode);
        Opcode op = Opcode.of(s.opcode);
        m.put("opcode_name", op == null ? "Unknown (" + s.opcode + ")" : op.displayName);
        if (!s.tagged) {
            m.put("invalidate_stag", s.invalidateStag);
        }
        if (s.readRequest != null) {
            m.put("sink_stag", s.readRequest.sinkStag());
            m.put("sink_to", s.readRequest.sinkTo());
            m.put("read_size", s.readRequest.readSize());
            m.put("source_stag", s.readRequest.sourceStag());
            m.put("source_to", s.readRequest.sourceTo());
        }
        if (s.terminate != null) {
            m.put("layer", (long) s.terminate.layer());
            m.put("etype", (long) s.terminate.errorType());
            m.put("error_code", (long) s.terminate.errorCode());
        }
        if (s.immediateData != null) {
            m.put("immediate_data", s.immediateData);
        }
        if (s.atomicRequest != null) {
            m.put("atomic_opcode", (long) s.atomicRequest.atomicOpcode());
            m.put("request_id", s.atomicRequest.requestId());
            m.put("remote_stag", s.atomicRequest.remoteStag());
            m.put("remote_to", s.atomicRequest.remoteTo());
        }
        if (s.atomicResponse != null) {
            m.put("request_id", s.atomicResponse.requestId());
            m.put("original_value", s.atomicResponse.originalValue());
        }
        return m;
    }

    /** The object of a layer ("mpa", "ddp", "rdmap"), or null. */
    public Map<String, Object> layer(String name) {
        switch (name) {
            case "mpa": return mpa;
            case "ddp": return ddp;
            case "rdmap": return rdmap;
            default: return null;
        }
    }
}

package io.rdmascope.report;

import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.fields.PduView;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import io.rdmascope.tcp.Direction;
import java.util.ArrayList;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One PDU that a frame completes, as the dissect output and the display filters see it: the
 * {@code mpa}, {@code ddp} and {@code rdmap} objects of the analysis contract (or, for an
 * InfiniBand packet, its {@link #layers}), as ordered maps of
 * field name to value (Long, Boolean, String, or a nested map), keyed by the JSON keys of the
 * field registry ({@link Fields}). Values are copied out of the
 * stage objects, whose buffers are reused.
 *
 * @param connection the MPA connection id
 * @param direction "initiator" or "responder": who sent the PDU
 * @param mpa the MPA Request/Reply or FPDU fields (never null)
 * @param ddp the DDP fields, or null for an MPA Request/Reply
 * @param rdmap the RDMAP fields, or null for an MPA Request/Reply
 * @param layers the layers of an InfiniBand packet by name, or null for an iWARP PDU
 * @param tree detail-tree nodes for text output, or null when not asked for
 * @param wire the parts of the wire the objects leave out (for the registry's view fields), or null
 */
public record PduRecord(String connection, String direction, Map<String, Object> mpa, Map<String, Object> ddp,
                        Map<String, Object> rdmap, Map<String, Map<String, Object>> layers, List<FieldNode> tree,
                        Wire wire) implements PduView {

    /** The headers that the JSON objects summarise; immutable values of the stages, kept as they are. */
    public record Wire(MpaHandshake handshake, byte[] pad, DdpSegment.Terminate terminate,
                       DdpSegment.AtomicRequest atomicRequest, DdpSegment.AtomicResponse atomicResponse) {
        /** Equal when they hold the same values beyond the JSON objects (octets compared by content). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Wire w && Arrays.deepEquals(values(), w.values());
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(values());
        }

        private Object[] values() {
            DdpSegment.Terminate t = terminate;
            return new Object[] {handshake == null ? null : handshake.privateData(), pad, t == null ? null
                    : new Object[] {t.layer(), t.errorType(), t.errorCode(), t.m(), t.d(), t.r(), t.reserved(),
                        t.ddpSegmentLength(), t.ddpHeader(), t.rdmapHeader()}, atomicRequest, atomicResponse};
        }
    }

    /** An iWARP PDU with the headers its JSON objects summarise. */
    public PduRecord(String connection, String direction, Map<String, Object> mpa, Map<String, Object> ddp,
                     Map<String, Object> rdmap, List<FieldNode> tree, Wire wire) {
        this(connection, direction, mpa, ddp, rdmap, null, tree, wire);
    }

    @Override
    public MpaHandshake handshake() {
        return wire == null ? null : wire.handshake();
    }

    @Override
    public byte[] pad() {
        return wire == null ? null : wire.pad();
    }

    @Override
    public DdpSegment.Terminate terminate() {
        return wire == null ? null : wire.terminate();
    }

    @Override
    public DdpSegment.AtomicRequest atomicRequest() {
        return wire == null ? null : wire.atomicRequest();
    }

    @Override
    public DdpSegment.AtomicResponse atomicResponse() {
        return wire == null ? null : wire.atomicResponse();
    }

    /** An iWARP PDU: its MPA, DDP and RDMAP objects. */
    public PduRecord(String connection, String direction, Map<String, Object> mpa, Map<String, Object> ddp,
                     Map<String, Object> rdmap, List<FieldNode> tree) {
        this(connection, direction, mpa, ddp, rdmap, null, tree, null);
    }

    /**
     * An InfiniBand packet (RoCE or native): its layers ({@code infiniband}, {@code bth}, {@code reth},
     * ..., {@code cm}) as the registry reads them from the packet ({@link Fields#reading}), no field
     * wired by hand.
     *
     * @param connection the RoCE connection ("q1"), or null for a packet of none
     */
    public static PduRecord of(String connection, String direction, IbPacket p, boolean tree) {
        Map<String, Map<String, Object>> layers = new LinkedHashMap<>();
        Map<String, List<FieldNode>> nodes = tree ? new LinkedHashMap<>() : null;
        layers.put(Fields.INFINIBAND.name(), new LinkedHashMap<>());
        for (Field f : Fields.reading(IbPacket.class)) {
            Object v = f.value(p);
            if (v != null) {
                put(layers.computeIfAbsent(f.layer(), k -> new LinkedHashMap<>()), f.jsonKey(), v);
                if (tree) {
                    nodes.computeIfAbsent(f.layer(), k -> new ArrayList<>())
                            .add(FieldNode.field(f.name(), f.label(), v, f.display(v), -1, 0));
                }
            }
        }
        List<FieldNode> top = null;
        if (tree) {
            List<FieldNode> headers = new ArrayList<>();
            List<FieldNode> own = nodes.remove(Fields.INFINIBAND.name());
            for (Map.Entry<String, List<FieldNode>> e : nodes.entrySet()) {
                Field layer = Fields.get(e.getKey());
                headers.add(FieldNode.layer(e.getKey(), layer == null ? e.getKey() : layer.label(), -1, 0, e.getValue()));
            }
            if (own != null) {
                headers.addAll(own);
            }
            top = List.of(FieldNode.layer(Fields.INFINIBAND.name(), "InfiniBand, " + Opcodes.name(p.opcode)
                    + (connection == null ? "" : ", " + connection), -1, 0, headers));
        }
        return new PduRecord(connection, direction, null, null, null, layers, top, null);
    }

    /** Puts a value at a dotted key, into nested objects. */
    @SuppressWarnings("unchecked")
    private static void put(Map<String, Object> into, String key, Object value) {
        int dot = key.indexOf('.');
        if (dot < 0) {
            into.put(key, value);
            return;
        }
        Map<String, Object> inner = (Map<String, Object>) into.computeIfAbsent(key.substring(0, dot),
                k -> new LinkedHashMap<String, Object>());
        put(inner, key.substring(dot + 1), value);
    }

    public static PduRecord of(MpaConnection connection, MpaHandshake h, List<FieldNode> tree) {
        Map<String, Object> mpa = new LinkedHashMap<>();
        mpa.put(Fields.MPA_KEY.jsonKey(), h.request() ? "request" : "reply");
        mpa.put(Fields.MPA_MARKER_FLAG.jsonKey(), h.markerFlag());
        mpa.put(Fields.MPA_CRC_FLAG.jsonKey(), h.crcFlag());
        mpa.put(Fields.MPA_REJECT_FLAG.jsonKey(), h.rejectFlag());
        mpa.put(Fields.MPA_ENHANCED_FLAG.jsonKey(), h.enhancedFlag());
        mpa.put(Fields.MPA_RESERVED_FLAGS.jsonKey(), (long) h.reservedFlags());
        mpa.put(Fields.MPA_REVISION.jsonKey(), (long) h.revision());
        mpa.put(Fields.MPA_PD_LENGTH.jsonKey(), (long) h.privateDataLength());
        if (h.ird() != null) {
            mpa.put(Fields.MPA_IRD.jsonKey(), (long) h.ird());
        }
        if (h.ord() != null) {
            mpa.put(Fields.MPA_ORD.jsonKey(), (long) h.ord());
        }
        return new PduRecord(connection.id(), direction(h.direction()), mpa, null, null, tree,
                new Wire(h, null, null, null, null));
    }

    public static PduRecord of(MpaConnection connection, Fpdu f, DdpSegment s, List<FieldNode> tree) {
        Map<String, Object> mpa = new LinkedHashMap<>();
        mpa.put(Fields.MPA_ULPDU_LENGTH.jsonKey(), (long) f.ulpduLength);
        mpa.put(Fields.MPA_PAD_LENGTH.jsonKey(), (long) f.padLength);
        mpa.put(Fields.MPA_CRC.jsonKey(), f.crcField);
        mpa.put(Fields.MPA_CRC_OK.jsonKey(), f.crcOk);
        mpa.put(Fields.MPA_MARKERS.jsonKey(), (long) f.markers);
        if (f.badMarkers != 0) {
            mpa.put(Fields.MPA_BAD_MARKERS.jsonKey(), (long) f.badMarkers);
        }
        if (f.truncated) {
            mpa.put(Fields.MPA_TRUNCATED.jsonKey(), true);
        }
        if (f.firstFrame != f.frame) {
            mpa.put(Fields.MPA_FIRST_FRAME.jsonKey(), f.firstFrame);
        }
        byte[] pad = f.padOctets == 0 ? null
                : Arrays.copyOfRange(ByteBuffer.allocate(4).putInt(f.padOctets).array(), 4 - f.padLength, 4);
        boolean headers = s != null && (s.terminate != null || s.atomicRequest != null || s.atomicResponse != null);
        Wire wire = pad == null && !headers ? null : s == null ? new Wire(null, pad, null, null, null)
                : new Wire(null, pad, s.terminate, s.atomicRequest, s.atomicResponse);
        return new PduRecord(connection.id(), direction(f.direction), mpa, s == null ? null : ddp(s),
                s == null ? null : rdmap(s), tree, wire);
    }

    private static String direction(Direction d) {
        return d == null ? null : d == Direction.FROM_INITIATOR ? "initiator" : "responder";
    }

    private static Map<String, Object> ddp(DdpSegment s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Fields.DDP_TAGGED.jsonKey(), s.tagged);
        m.put(Fields.DDP_LAST.jsonKey(), s.last);
        m.put(Fields.DDP_SV.jsonKey(), s.sv);
        m.put(Fields.DDP_AB.jsonKey(), s.ab);
        m.put(Fields.DDP_RESERVED.jsonKey(), (long) s.reserved);
        m.put(Fields.DDP_DV.jsonKey(), (long) s.dv);
        if (s.tagged) {
            m.put(Fields.DDP_STAG.jsonKey(), s.stag);
            m.put(Fields.DDP_TO.jsonKey(), s.to);
        } else {
            m.put(Fields.DDP_QN.jsonKey(), s.qn);
            m.put(Fields.DDP_MSN.jsonKey(), s.msn);
            m.put(Fields.DDP_MO.jsonKey(), s.mo);
        }
        if (s.optionalStag != null) {
            m.put(Fields.DDP_OPTIONAL_STAG.jsonKey(), s.optionalStag);
        }
        if (s.advertised != null) {
            Map<String, Object> a = new LinkedHashMap<>();
            a.put(Fields.DDP_ADVERTISED_TO.jsonLeaf(), s.advertised.to());
            a.put(Fields.DDP_ADVERTISED_LENGTH.jsonLeaf(), s.advertised.length());
            a.put(Fields.DDP_ADVERTISED_ACCESS.jsonLeaf(), (long) s.advertised.access());
            m.put(Fields.DDP_ADVERTISED_TO.jsonParent(), a);
        }
        if (s.malformed != null) {
            m.put(Fields.DDP_MALFORMED.jsonKey(), s.malformed);
        }
        m.put(Fields.DDP_PAYLOAD_LENGTH.jsonKey(), (long) s.payloadLength);
        return registered(s, Fields.fromSegment(Fields.DDP.name()), m);
    }

    private static Map<String, Object> rdmap(DdpSegment s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Fields.RDMAP_VERSION.jsonKey(), (long) s.rdmapVersion);
        m.put(Fields.RDMAP_RESERVED.jsonKey(), (long) s.rdmapReserved);
        m.put(Fields.RDMAP_OPCODE.jsonKey(), (long) s.opcode);
        Opcode op = Opcode.of(s.opcode);
        m.put(Fields.RDMAP_OPCODE_NAME.jsonKey(), op == null ? "Unknown (" + s.opcode + ")" : op.displayName);
        if (!s.tagged) {
            m.put(Fields.RDMAP_INVALIDATE_STAG.jsonKey(), s.invalidateStag);
        }
        if (s.readRequest != null) {
            m.put(Fields.RDMAP_SINK_STAG.jsonKey(), s.readRequest.sinkStag());
            m.put(Fields.RDMAP_SINK_TO.jsonKey(), s.readRequest.sinkTo());
            m.put(Fields.RDMAP_READ_SIZE.jsonKey(), s.readRequest.readSize());
            m.put(Fields.RDMAP_SOURCE_STAG.jsonKey(), s.readRequest.sourceStag());
            m.put(Fields.RDMAP_SOURCE_TO.jsonKey(), s.readRequest.sourceTo());
        }
        if (s.terminate != null) {
            m.put(Fields.RDMAP_LAYER.jsonKey(), (long) s.terminate.layer());
            m.put(Fields.RDMAP_ETYPE.jsonKey(), (long) s.terminate.errorType());
            m.put(Fields.RDMAP_ERROR_CODE.jsonKey(), (long) s.terminate.errorCode());
        }
        if (s.immediateData != null) {
            m.put(Fields.RDMAP_IMMEDIATE_DATA.jsonKey(), s.immediateData);
        }
        if (s.atomicRequest != null) {
            m.put(Fields.RDMAP_ATOMIC_OPCODE.jsonKey(), (long) s.atomicRequest.atomicOpcode());
            m.put(Fields.RDMAP_REQUEST_ID.jsonKey(), s.atomicRequest.requestId());
            m.put(Fields.RDMAP_REMOTE_STAG.jsonKey(), s.atomicRequest.remoteStag());
            m.put(Fields.RDMAP_REMOTE_TO.jsonKey(), s.atomicRequest.remoteTo());
        }
        if (s.atomicResponse != null) {
            m.put(Fields.RDMAP_REQUEST_ID.jsonKey(), s.atomicResponse.requestId());
            m.put(Fields.RDMAP_ORIGINAL_VALUE.jsonKey(), s.atomicResponse.originalValue());
        }
        return registered(s, Fields.fromSegment(Fields.RDMAP.name()), m);
    }

    /** Adds the fields that the registry alone reads from the segment, after the others. */
    private static Map<String, Object> registered(DdpSegment s, List<Field> fields, Map<String, Object> m) {
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            Object v = f.value(s);
            if (v != null) {
                m.put(f.jsonKey(), v);
            }
        }
        return m;
    }

    /** How an InfiniBand packet was carried, as the Protocol column names it ("RoCEv2", "RoCEv1", "InfiniBand"). */
    public String carriage() {
        Map<String, Object> ib = layer(Fields.INFINIBAND.name());
        Object carried = ib == null ? null : ib.get(Fields.IB_ENCAPSULATION.jsonKey());
        return carried == null ? "InfiniBand" : carried.toString();
    }

    /** The object of a layer ("mpa", "ddp", "rdmap", "bth", ...), or null. */
    public Map<String, Object> layer(String name) {
        switch (name) {
            case "mpa": return mpa;
            case "ddp": return ddp;
            case "rdmap": return rdmap;
            default: return layers == null ? null : layers.get(name);
        }
    }
}

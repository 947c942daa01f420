package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.fields.PduView;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import io.rdmascope.tcp.Direction;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

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

    /** An MPA Request or Reply: its {@code mpa} object as the registry reads it from the handshake. */
    public static PduRecord of(MpaConnection connection, MpaHandshake h, List<FieldNode> tree) {
        return new PduRecord(connection.id(), direction(h.direction()), new Layer(h, HANDSHAKE), null, null, tree,
                new Wire(h, null, null, null, null));
    }

    /**
     * An FPDU and the DDP segment it carries (null when it could not be decoded): the {@code mpa},
     * {@code ddp} and {@code rdmap} objects as the registry reads them from the two (the FPDU, which
     * its stage reuses, copied; the segment, new for each FPDU, kept).
     */
    public static PduRecord of(MpaConnection connection, Fpdu f, DdpSegment s, List<FieldNode> tree) {
        byte[] pad = f.padOctets == 0 ? null
                : Arrays.copyOfRange(ByteBuffer.allocate(4).putInt(f.padOctets).array(), 4 - f.padLength, 4);
        boolean headers = s != null && (s.terminate != null || s.atomicRequest != null || s.atomicResponse != null);
        Wire wire = pad == null && !headers ? null : s == null ? new Wire(null, pad, null, null, null)
                : new Wire(null, pad, s.terminate, s.atomicRequest, s.atomicResponse);
        return new PduRecord(connection.id(), direction(f.direction), new Layer(f.copy(false), FPDU),
                s == null ? null : new Layer(s, DDP), s == null ? null : new Layer(s, RDMAP), tree, wire);
    }

    private static final Fields.Layer HANDSHAKE = Fields.layer(MpaHandshake.class, Fields.MPA.name());
    private static final Fields.Layer FPDU = Fields.layer(Fpdu.class, Fields.MPA.name());
    private static final Fields.Layer DDP = Fields.layer(DdpSegment.class, Fields.DDP.name());
    private static final Fields.Layer RDMAP = Fields.layer(DdpSegment.class, Fields.RDMAP.name());

    private static String direction(Direction d) {
        return d == null ? null : d == Direction.FROM_INITIATOR ? "initiator" : "responder";
    }

    /**
     * A layer's object of an iWARP PDU: the values of its fields that the decoded PDU has, as their
     * registry readers give them, under their JSON keys, in the registry's order. The readers run
     * when the object is first looked at as a whole; a single key looked up before then
     * ({@code -T fields}, a filter) runs that key's reader alone.
     */
    static final class Layer extends AbstractMap<String, Object> {
        private final Object pdu;
        private final Fields.Layer fields;
        private Map<String, Object> read;

        Layer(Object pdu, Fields.Layer fields) {
            this.pdu = pdu;
            this.fields = fields;
        }

        @Override
        public Object get(Object key) {
            if (read == null) {
                Field f = fields.top(key);
                if (f != null) {
                    return f.value(pdu);
                }
            }
            return read().get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return read().containsKey(key);
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return read().entrySet();
        }

        /**
         * Writes the object as a JSON object: straight from the readers, unless it was read
         * already (the same keys and values in the same order either way).
         */
        void write(JsonGenerator g) throws IOException {
            if (read != null) {
                JsonValues.write(g, read);
                return;
            }
            g.writeStartObject();
            String open = null;
            List<Field> all = fields.fields();
            for (int i = 0; i < all.size(); i++) {
                Field f = all.get(i);
                Object v = f.value(pdu);
                if (v == null && !f.keptWhenAbsent()) {
                    continue;
                }
                String parent = f.jsonParent();
                if (!Objects.equals(parent, open)) {
                    if (open != null) {
                        g.writeEndObject();
                    }
                    if (parent != null) {
                        g.writeObjectFieldStart(parent);
                    }
                    open = parent;
                }
                g.writeFieldName(parent == null ? f.jsonKey() : f.jsonLeaf());
                JsonValues.write(g, v);
            }
            if (open != null) {
                g.writeEndObject();
            }
            g.writeEndObject();
        }

        @SuppressWarnings("unchecked")
        private Map<String, Object> read() {
            if (read != null) {
                return read;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            List<Field> all = fields.fields();
            for (int i = 0; i < all.size(); i++) {
                Field f = all.get(i);
                Object v = f.value(pdu);
                if (v == null && !f.keptWhenAbsent()) {
                    continue;
                }
                String parent = f.jsonParent();
                if (parent == null) {
                    m.put(f.jsonKey(), v);
                } else {
                    ((Map<String, Object>) m.computeIfAbsent(parent, k -> new LinkedHashMap<String, Object>()))
                            .put(f.jsonLeaf(), v);
                }
            }
            read = Collections.unmodifiableMap(m);
            return read;
        }
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

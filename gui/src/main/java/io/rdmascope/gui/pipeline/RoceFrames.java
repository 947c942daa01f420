package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.IbFrame;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.CmMessage;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.tcp.Direction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The index's part for RoCE and InfiniBand: per frame that holds an InfiniBand transport packet,
 * what the packet list and the per-connection views need of it, in primitive {@link Columns} (16
 * octets a packet): how it was carried, its opcode, destination QP and PSN, the AETH syndrome,
 * the payload length, and the queue-pair connection and direction the dissector's queue-pair
 * stage tied it to. The CM messages, a few per connection, keep their name in a small map. The
 * packet itself (for the detail tree and the display filters) is decoded again from the frame
 * re-read ({@link FrameReader#ibOf}).
 *
 * <p>Every method holds this object's lock: the loading thread writes while the application
 * thread reads.
 */
final class RoceFrames {
    private static final int PRESENT = 1 << 31, FROM_INITIATOR = 1 << 30, HAS_DIRECTION = 1 << 29, CM = 1 << 28;
    private static final int CONN_SHIFT = 12, CONN_MASK = 0xffff, ENCAP_SHIFT = 8;
    private static final IbFrame.Encapsulation[] ENCAPSULATIONS = IbFrame.Encapsulation.values();
    /** The Protocol column's name of a packet carried over UDP and IP. */
    static final String ROCE_V2 = "RoCEv2";

    /** Per frame (index frame - 1): flags, connection + 1, encapsulation and opcode; 0 when no packet. */
    private final Columns.Ints meta = new Columns.Ints(0);
    /** Destination QP in the high word, PSN in the low one. */
    private final Columns.Longs qpPsn = new Columns.Longs(0);
    /** Payload length + 1 in the low word, AETH syndrome + 1 in the high one. */
    private final Columns.Longs lengths = new Columns.Longs(0);
    private final Map<Integer, String> cmNames = new HashMap<>();
    private final List<RdmaConnection> connections = new ArrayList<>();
    private final Map<String, Integer> connectionIndex = new HashMap<>();
    /** Frames (index) whose packet names a connection not made known yet, with its id (bounded). */
    private final Map<Integer, String> unannounced = new HashMap<>();
    private static final int MAX_UNANNOUNCED = 4096;

    /** What {@link #forEach} tells of each packet of a connection. */
    interface PacketVisitor {
        /**
         * @param connection the index of its connection in {@link #connections}
         * @param cm whether it is a CM message that set the connection up or down rather than its traffic
         */
        void packet(long frame, int connection, boolean fromInitiator, int payloadLength, boolean cm);
    }

    /** Adds a connection the queue-pair stage made known; returns false when it was known already. */
    synchronized boolean addConnection(RdmaConnection c) {
        if (connectionIndex.containsKey(c.id())) {
            return false;
        }
        int index = connections.size();
        connectionIndex.put(c.id(), index);
        connections.add(c);
        // the packets that named it before it was made known (a ConnectRequest before its ConnectReply)
        for (var it = unannounced.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getValue().equals(c.id()) && index + 1 < CONN_MASK) {
                meta.set(e.getKey(), meta.get(e.getKey()) | (index + 1) << CONN_SHIFT);
                it.remove();
            }
        }
        return true;
    }

    /** The connections in the order the queue-pair stage made them known. */
    synchronized List<RdmaConnection> connections() {
        return List.copyOf(connections);
    }

    /** The index of connection {@code id} in {@link #connections}, or -1. */
    synchronized int indexOf(String id) {
        Integer i = connectionIndex.get(id);
        return i == null ? -1 : i;
    }

    /** Files the packet of {@code p.frame}. */
    synchronized void add(IbPacket p) {
        if (p.frame < 1 || p.frame > Integer.MAX_VALUE - 8) {
            return;
        }
        int i = (int) p.frame - 1;
        Integer conn = p.connection == null ? null : connectionIndex.get(p.connection);
        if (p.connection != null && conn == null && unannounced.size() < MAX_UNANNOUNCED) {
            unannounced.put(i, p.connection);
        }
        int m = PRESENT | (p.opcode & 0xff)
                | (p.encapsulation == null ? 0 : (p.encapsulation.ordinal() + 1) << ENCAP_SHIFT)
                | (conn == null || conn >= CONN_MASK ? 0 : (conn + 1) << CONN_SHIFT)
                | (p.fromInitiator == null ? 0 : HAS_DIRECTION | (p.fromInitiator ? FROM_INITIATOR : 0))
                | (p.cm != null ? CM : 0);
        meta.set(i, m);
        qpPsn.set(i, (Math.max(p.destQp, 0) << 32) | (Math.max(p.psn, 0) & 0xffffffffL));
        lengths.set(i, ((long) (p.syndrome + 1) << 32) | ((p.payloadLength + 1) & 0xffffffffL));
        if (p.cm != null) {
            cmNames.put(i, cmName(p.cm));
        }
    }

    synchronized boolean has(long frame) {
        return meta(frame) != 0;
    }

    private int meta(long frame) {
        return frame < 1 || frame > Integer.MAX_VALUE ? 0 : meta.get((int) frame - 1);
    }

    /** "RoCEv2", "RoCEv1" or "InfiniBand", as the Protocol column names the packet's carriage; null when no packet. */
    synchronized String protocol(long frame) {
        int m = meta(frame);
        if (m == 0) {
            return null;
        }
        int e = (m >>> ENCAP_SHIFT & 0xf) - 1;
        return e < 0 ? "InfiniBand" : switch (ENCAPSULATIONS[e]) {
            case ROCE_V2_IPV4, ROCE_V2_IPV6 -> ROCE_V2;
            case ROCE_V1 -> "RoCEv1";
            case INFINIBAND -> "InfiniBand";
        };
    }

    /** The connection id of a frame's packet, or null. */
    synchronized String connectionOf(long frame) {
        int c = (meta(frame) >>> CONN_SHIFT & CONN_MASK) - 1;
        return c < 0 ? null : connections.get(c).id();
    }

    /** Whether a frame's packet travels from its connection's initiator; null when it belongs to none. */
    synchronized Boolean fromInitiator(long frame) {
        int m = meta(frame);
        return (m & HAS_DIRECTION) == 0 ? null : (m & FROM_INITIATOR) != 0;
    }

    /**
     * The Info text of a frame's packet, as Wireshark writes it with the connection after it:
     * "RC RDMA WRITE First QP=0x000011 PSN=4711 q1", "RC Acknowledge QP=0x000012 PSN=4711 NAK PSN
     * sequence error q1", "CM ConnectReply q1"; null when the frame holds no packet.
     */
    synchronized String info(long frame) {
        String text = message(frame);
        String c = connectionOf(frame);
        return text == null || c == null ? text : text + " " + c;
    }

    /**
     * The packet of a frame as a message of its connection (the flow graph's arrows): the Info text
     * without the connection; null when the frame holds no packet. The AETH's syndrome is named on
     * acknowledgements, and on a Read Response only when it is not a plain ACK.
     */
    synchronized String message(long frame) {
        int m = meta(frame);
        if (m == 0) {
            return null;
        }
        int i = (int) frame - 1;
        String cm = cmNames.get(i);
        if (cm != null) {
            return cm;
        }
        long qp = qpPsn.get(i);
        int opcode = m & 0xff;
        StringBuilder b = new StringBuilder(64).append(Opcodes.name(opcode))
                .append(String.format(Locale.ROOT, " QP=0x%06x PSN=%d", qp >>> 32, qp & 0xffffffffL));
        int syndrome = (int) (lengths.get(i) >>> 32) - 1;
        int operation = opcode & 0x1f;
        if (syndrome >= 0 && (syndrome >>> 5 != 0 || operation == Opcodes.ACKNOWLEDGE
                || operation == Opcodes.ATOMIC_ACKNOWLEDGE)) {
            b.append(' ').append(ack(syndrome));
        }
        return b.toString();
    }

    /** A CM message as the packet list and the statistics name it: "CM ConnectRequest". */
    static String cmName(CmMessage cm) {
        return cm.type == null ? "CM MAD" : "CM " + cm.type.displayName;
    }

    /** An AETH syndrome in words (IBA volume 1 section 9.7.5.1). */
    static String ack(int syndrome) {
        return switch (syndrome >>> 5) {
            case 0 -> "ACK";
            case 1 -> "RNR NAK";
            case 3 -> switch (syndrome & 0x1f) {
                case 0 -> "NAK PSN sequence error";
                case 1 -> "NAK invalid request";
                case 2 -> "NAK remote access error";
                case 3 -> "NAK remote operational error";
                default -> "NAK " + (syndrome & 0x1f);
            };
            default -> "syndrome 0x" + Integer.toHexString(syndrome);
        };
    }

    /** Tells {@code v} of each packet of a known connection, in frame order, up to frame {@code last}. */
    synchronized void forEach(long last, PacketVisitor v) {
        for (long f = 1; f <= last; f++) {
            int m = meta.get((int) f - 1);
            int c = (m >>> CONN_SHIFT & CONN_MASK) - 1;
            if (m != 0 && c >= 0) {
                v.packet(f, c, (m & FROM_INITIATOR) != 0, (int) lengths.get((int) f - 1) - 1, (m & CM) != 0);
            }
        }
    }

    /** A queue-pair connection as the connection lists show it: each side's address and QPN. */
    static ConnectionInfo info(RdmaConnection c) {
        return new ConnectionInfo(c.id(), side(c, Direction.FROM_INITIATOR), side(c, Direction.FROM_RESPONDER));
    }

    private static String side(RdmaConnection c, Direction d) {
        Endpoint e = c.source(d);
        long qpn = c instanceof QpConnection q ? q.qpn[d.ordinal()] : -1;
        return qpn < 0 ? e.address() : String.format(Locale.ROOT, "%s QP=0x%06x", e.address(), qpn);
    }
}

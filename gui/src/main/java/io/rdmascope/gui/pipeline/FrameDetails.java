package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.PduRecord;
import io.rdmascope.roce.IbPacket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A frame's detail tree and what display filters see of it, from the frame re-read (link, IP and
 * TCP by the dissector's {@link NetFields}) and the units the index rebuilds; an InfiniBand
 * packet decoded again from the frame ({@link FrameReader#ibOf}), its fields read by the registry
 * ({@link PduRecord#of(String, String, IbPacket, boolean)}), with the connection and direction
 * the {@link RoceFrames} keep.
 */
final class FrameDetails {
    private final FrameIndex index;
    private final FrameReader reader;
    private final Findings findings;
    private final RoceFrames roce;
    private final SegmentLinks links;

    FrameDetails(FrameIndex index, FrameReader reader, Findings findings, RoceFrames roce) {
        this.index = index;
        this.reader = reader;
        this.findings = findings;
        this.roce = roce;
        this.links = new SegmentLinks(index, reader);
    }

    /**
     * Frame, link, IP and TCP layers, then for each unit the frame completed its MPA, DDP and
     * RDMAP layers; offsets are frame offsets of the octets this frame carries (see {@link
     * FrameBytes}), and the MPA node lists the markers the frame carries as {@code mpa.marker}.
     */
    List<FieldNode> details(long frame) {
        List<FieldNode> out = new ArrayList<>();
        Packet p = reader.read(frame);
        byte[] bytes = null;
        if (p != null) {
            bytes = Arrays.copyOfRange(p.data, p.offset, p.offset + p.length);
            try {
                out.addAll(NetFields.layers(p));
            } catch (RuntimeException e) {
                out.add(problem("frame", e));
            }
            if (roce.has(frame)) {
                out.add(infiniband(frame, p));
            }
        }
        int[] range = index.pduRange(frame);
        TcpSegment t = p != null && index.flowOf(frame) >= 0 ? reader.tcpOf(p) : null;
        if (t != null && t.length > 0) {
            long in = links.reassembledIn(frame);
            if (in > 0) {
                addToTcp(out, SegmentLinks.reassembledInNode(in));
            }
        }
        for (int k = range[0]; k < range[1]; k++) {
            try {
                Unit u = index.unit(k, frame, t == null ? 0 : t.length);
                FrameBytes fb = u.bytes();
                if (u.handshake() != null) {
                    out.add(fb.shift(MpaFields.handshake(u.handshake()), 0));
                } else {
                    if (u.fpdu().firstFrame < frame) {
                        out.add(SegmentLinks.segmentsNode(links.segments(u, frame, t)));
                    }
                    out.add(withMarkers(fb.shift(MpaFields.fpdu(u.fpdu()), 0), fb, bytes));
                    if (u.segment() != null) {
                        for (FieldNode n : PduFields.segment(u.segment())) {
                            out.add(fb.shift(n, 2));
                        }
                    }
                }
            } catch (RuntimeException e) {
                out.add(problem("iwarp", e));
            }
        }
        return out;
    }

    /** Adds {@code node} at the end of the TCP layer of {@code layers} (nothing when there is none). */
    private static void addToTcp(List<FieldNode> layers, FieldNode node) {
        for (int i = 0; i < layers.size(); i++) {
            FieldNode tcp = layers.get(i);
            if ("tcp".equals(tcp.name())) {
                List<FieldNode> children = new ArrayList<>(tcp.children());
                children.add(node);
                layers.set(i, new FieldNode(tcp.name(), tcp.label(), tcp.value(), tcp.display(), tcp.offset(),
                        tcp.length(), tcp.description(), children));
                return;
            }
        }
    }

    /**
     * The InfiniBand layer of a frame with its headers: the layer and its BTH (12 octets) placed
     * on the frame's octets, the fields themselves without offsets.
     */
    private FieldNode infiniband(long frame, Packet p) {
        FrameReader.IbOf ib = reader.ibOf(p);
        if (ib == null) {
            return FieldNode.field(Fields.INFINIBAND.name() + ".unavailable", "Not decoded", null,
                    "the InfiniBand packet could not be read again", -1, 0);
        }
        FieldNode top = ibRecord(frame, ib, true).tree().get(0);
        List<FieldNode> headers = new ArrayList<>(top.children().size());
        for (FieldNode n : top.children()) {
            headers.add(n.name().equals(Fields.BTH.name()) ? placed(n, ib.transportOffset(), 12) : n);
        }
        return placed(new FieldNode(top.name(), top.label(), top.value(), top.display(), top.offset(), top.length(),
                top.description(), headers), ib.transportOffset(), ib.transportLength());
    }

    private static FieldNode placed(FieldNode n, int offset, int length) {
        return new FieldNode(n.name(), n.label(), n.value(), n.display(), offset, Math.max(0, length), n.description(),
                n.children());
    }

    /** A frame's InfiniBand packet, decoded again, as dissect records it. */
    private PduRecord ibRecord(long frame, FrameReader.IbOf ib, boolean tree) {
        IbPacket packet = ib.packet();
        packet.connection = roce.connectionOf(frame);
        packet.fromInitiator = roce.fromInitiator(frame);
        String direction = packet.fromInitiator == null ? null : packet.fromInitiator ? "initiator" : "responder";
        return PduRecord.of(packet.connection, direction, packet, tree);
    }

    private static FieldNode withMarkers(FieldNode mpa, FrameBytes fb, byte[] bytes) {
        List<Integer> octets = fb.markerOctets();
        if (octets.isEmpty()) {
            return mpa;
        }
        List<FieldNode> children = new ArrayList<>(mpa.children());
        for (int i = 0; i < octets.size(); ) {
            int start = octets.get(i);
            int n = 1;
            while (i + n < octets.size() && octets.get(i + n) == start + n) {
                n++;
            }
            i += n;
            String display = "partial (" + n + " of 4 octets in this frame)";
            Long ptr = null;
            if (n == 4 && bytes != null && start + 4 <= bytes.length) {
                ptr = (long) (((bytes[start + 2] & 0xff) << 8) | (bytes[start + 3] & 0xff));
                display = "FPDUPTR " + ptr;
            }
            children.add(new FieldNode("mpa.marker", "Marker", ptr, display, start, n,
                    "MPA marker: 2 reserved octets and the distance back to the start of the FPDU (RFC 5044 section 5)",
                    List.of()));
        }
        return new FieldNode(mpa.name(), mpa.label(), mpa.value(), mpa.display(), mpa.offset(), mpa.length(),
                mpa.description(), children);
    }

    private static FieldNode problem(String layer, RuntimeException e) {
        return FieldNode.field(layer + ".unavailable", "Not decoded", null, String.valueOf(e.getMessage()), -1, 0);
    }

    /**
     * The frame as display filters see it: the same {@link FrameRecord} values as {@code dissect
     * -Y} (TCP endpoints, the PDUs the frame completes, its violations and transactions), all taken
     * from the index: no frame is read again, but for a frame's InfiniBand packet when its fields
     * are asked for.
     */
    FilterContext filterContext(long frame, boolean withPdus) {
        Endpoint[] flow = null;
        synchronized (index) {
            if (index.flowOf(frame) >= 0) {
                flow = index.flow(index.flowOf(frame));
            }
        }
        FrameRecord r = new FrameRecord(frame, 0, flow == null ? null : flow[0], flow == null ? null : flow[1], null,
                false);
        if (withPdus && roce.has(frame)) {
            FrameReader.IbOf ib = reader.ibOf(reader.read(frame));
            if (ib != null) {
                r.pdus.add(ibRecord(frame, ib, false));
            }
        }
        if (withPdus) {
            int[] range = index.pduRange(frame);
            for (int k = range[0]; k < range[1]; k++) {
                Unit u = index.unit(k, frame, 0);
                r.pdus.add(u.handshake() != null ? PduRecord.of(u.connection(), u.handshake(), null)
                        : PduRecord.of(u.connection(), u.fpdu(), u.segment(), null));
            }
        }
        if (index.severityAt(frame) != null) {
            r.violations.addAll(findings.violationsAt(frame));
        }
        r.transactions.addAll(index.transactionsAt(frame));
        return r;
    }
}

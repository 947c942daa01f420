package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.PduFields;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.PduRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A frame's detail tree and what display filters see of it, from the frame re-read (link, IP and
 * TCP by the dissector's {@link NetFields}) and the units the index rebuilds.
 */
final class FrameDetails {
    private final FrameIndex index;
    private final FrameReader reader;
    private final Findings findings;

    FrameDetails(FrameIndex index, FrameReader reader, Findings findings) {
        this.index = index;
        this.reader = reader;
        this.findings = findings;
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
        }
        int[] range = index.pduRange(frame);
        TcpSegment t = range[1] > range[0] ? reader.tcpOf(reader.read(frame)) : null;
        for (int k = range[0]; k < range[1]; k++) {
            try {
                Unit u = index.unit(k, frame, t == null ? 0 : t.length);
                FrameBytes fb = u.bytes();
                if (u.handshake() != null) {
                    out.add(fb.shift(MpaFields.handshake(u.handshake()), 0));
                } else {
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
     * from the index: no frame is read again.
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

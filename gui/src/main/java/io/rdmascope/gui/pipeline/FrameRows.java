package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.net.TcpSegment;

/**
 * The packet list's rows, built on demand from the index: Source and Destination from the flow
 * table, Protocol from the frame's kind, Info from the PDU table or, for frames that carry no PDU,
 * from the frame re-read and decoded again (relative sequence numbers from the per-flow bases).
 * A frame holding an InfiniBand packet takes its Protocol and Info from the {@link RoceFrames}, and
 * when it was not carried over IP (RoCEv1, native InfiniBand) its Source and Destination from the
 * packet decoded again (GIDs, LIDs).
 */
final class FrameRows {
    private final FrameIndex index;
    private final FrameReader reader;
    private final RoceFrames roce;
    private final SegmentLinks links;

    FrameRows(FrameIndex index, FrameReader reader, RoceFrames roce) {
        this.index = index;
        this.reader = reader;
        this.roce = roce;
        this.links = new SegmentLinks(index, reader);
    }

    FrameRow row(long frame) {
        int flow;
        byte kind;
        long time;
        String override;
        String[] text;
        synchronized (index) {
            if (!index.known(frame)) {
                return null;
            }
            flow = index.flowOf(frame);
            kind = index.kindOf(frame);
            time = index.timeNanos(frame);
            override = index.infoOverride(frame);
            text = flow >= 0 ? index.flowText(flow) : null;
        }
        Packet p = reader.read(frame);
        int length = p == null ? 0 : p.originalLength;
        if (kind == FrameIndex.KIND_OTHER || text == null) {
            FrameSummary.NonTcp d = p == null ? new FrameSummary.NonTcp("", "", "Frame", "frame not readable")
                    : FrameSummary.describe(p);
            String ib = roce.protocol(frame);
            if (ib == null) {
                return new FrameRow(frame, time, d.source(), d.destination(), d.protocol(), length,
                        override != null ? override : d.info());
            }
            FrameReader.IbOf packet = ib.equals(RoceFrames.ROCE_V2) ? null : reader.ibOf(p);
            return new FrameRow(frame, time, packet == null ? d.source() : packet.packet().source,
                    packet == null ? d.destination() : packet.packet().destination, ib, length,
                    override != null ? override : roce.info(frame));
        }
        String info = override;
        if (info == null && kind == FrameIndex.KIND_DDP) {
            info = pduInfo(frame);
        }
        if (info == null || kind == FrameIndex.KIND_TCP) {
            TcpSegment t = reader.tcpOf(p);
            if (info == null) {
                int reverse = index.reverse(flow);
                info = t == null ? "TCP"
                        : FrameSummary.tcpInfo(t, index.baseAt(flow, frame), index.baseAt(reverse, frame));
            }
            if (kind == FrameIndex.KIND_TCP && t != null && t.length > 0 && links.reassembledIn(frame) > 0) {
                info += " [TCP segment of a reassembled PDU]";
            }
        }
        return new FrameRow(frame, time, text[0], text[1], FrameIndex.KIND_NAMES[kind], length, info);
    }

    /** The Info text of a frame that completed PDUs: theirs, up to four. */
    private String pduInfo(long frame) {
        int[] r = index.pduRange(frame);
        StringBuilder b = new StringBuilder(96);
        for (int k = r[0]; k < r[1] && k < r[0] + 4; k++) {
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append(index.pduText(k));
        }
        if (r[1] - r[0] > 4) {
            b.append("; \u2026");
        }
        return b.toString();
    }
}

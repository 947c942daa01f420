package io.rdmascope.gui.pipeline;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Wireshark's cross-links between the TCP segments of an FPDU: a segment that carries part of an
 * FPDU completed later names the frame that completed it ({@code [Reassembled PDU in frame: N]},
 * and {@code [TCP segment of a reassembled PDU]} in its Info), and the frame that completed an
 * FPDU begun earlier lists the segments it was put together from ({@code [2 segments: #42, #43]}).
 * Found from the index and the frames re-read, when a row or a tree is shown; nothing is kept.
 */
final class SegmentLinks {
    /** The node name the detail tree follows on a double-click or Enter: its value is the frame (a Long). */
    static final String LINK = "_ws.expert.link";
    /** Frames looked at, at most, after a segment for the frame that completed its FPDU. */
    static final int MAX_FRAMES = 4096;
    /** Frames of the segment's own flow looked at, at most. */
    private static final int MAX_FLOW_FRAMES = 512;

    private final FrameIndex index;
    private final FrameReader reader;

    SegmentLinks(FrameIndex index, FrameReader reader) {
        this.index = index;
        this.reader = reader;
    }

    /**
     * The frame that completed the FPDU whose octets {@code frame} (a TCP segment with payload on
     * an MPA connection) carries at its end, or -1 when there is none: the segment ends where an
     * FPDU ends, or is no part of an MPA stream.
     */
    long reassembledIn(long frame) {
        int flow = index.flowOf(frame);
        if (flow < 0 || !mpaFlow(flow)) {
            return -1;
        }
        long last = Math.min(index.frameCount(), frame + MAX_FRAMES);
        int seen = 0;
        for (long g = frame + 1; g <= last && seen < MAX_FLOW_FRAMES; g++) {
            if (index.flowOf(g) != flow) {
                continue;
            }
            seen++;
            int[] range = index.pduRange(g);
            for (int k = range[0]; k < range[1]; k++) {
                Fpdu f = index.unit(k, g, 0).fpdu();
                if (f == null) {
                    continue;
                }
                return f.firstFrame <= frame ? g : -1;
            }
            if (range[1] > range[0]) {
                return -1;
            }
        }
        return -1;
    }

    /** Whether a flow is one direction of an MPA connection. */
    private boolean mpaFlow(int flow) {
        Endpoint[] ends = index.flow(flow);
        if (ends == null) {
            return false;
        }
        for (var c : index.connections()) {
            Endpoint a = c.tcp().initiator(), b = c.tcp().responder();
            if (a.equals(ends[0]) && b.equals(ends[1]) || a.equals(ends[1]) && b.equals(ends[0])) {
                return true;
            }
        }
        return false;
    }

    /** The link node {@code [Reassembled PDU in frame: N]}. */
    static FieldNode reassembledInNode(long frame) {
        return new FieldNode(LINK, "[Reassembled PDU in frame: " + frame + "]", frame, null, -1, 0,
                "This segment carries part of an FPDU completed in frame " + frame
                        + "; double-click or press Enter to go there", List.of());
    }

    /**
     * The frames whose TCP payloads hold octets of the FPDU of {@code u}, completed by {@code frame}
     * (whose segment is {@code anchor}), in frame order; only {@code frame} when the FPDU began in it.
     */
    List<Long> segments(Unit u, long frame, TcpSegment anchor) {
        Fpdu f = u.fpdu();
        List<Long> out = new ArrayList<>();
        if (f == null || anchor == null || u.segmentStream() < 0 || f.firstFrame >= frame) {
            out.add(frame);
            return out;
        }
        int flow = index.flowOf(frame);
        long start = f.streamOffset, end = f.streamOffset + Math.max(0, f.wireLength);
        for (long g = Math.max(f.firstFrame, frame - MAX_FRAMES); g < frame; g++) {
            if (index.flowOf(g) != flow) {
                continue;
            }
            TcpSegment t = reader.tcpOf(reader.read(g));
            if (t == null || t.length <= 0) {
                continue;
            }
            long stream = u.segmentStream() + (int) (t.seq - anchor.seq);
            if (stream < end && stream + t.length > start && !out.contains(g)) {
                out.add(g);
            }
        }
        out.add(frame);
        return out;
    }

    /** The node {@code [2 segments: #42, #43]}, with a link to each segment's frame. */
    static FieldNode segmentsNode(List<Long> frames) {
        StringBuilder b = new StringBuilder("[").append(frames.size()).append(" segments: ");
        List<FieldNode> links = new ArrayList<>(frames.size());
        for (int i = 0; i < frames.size(); i++) {
            long g = frames.get(i);
            b.append(i > 0 ? ", #" : "#").append(g);
            links.add(new FieldNode(LINK, "[Frame: " + g + "]", g, null, -1, 0,
                    "Double-click or press Enter to go to frame " + g, List.of()));
        }
        b.append(']');
        return new FieldNode(LINK, b.toString(), frames.get(0), null, -1, 0,
                "The TCP segments this FPDU was reassembled from; double-click or press Enter to go to the first",
                links);
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.ReassembledFpdu;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaFields;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.PduFields;
import java.util.ArrayList;
import java.util.List;

/**
 * What the bytes pane shows beside a frame's octets: the FPDUs the frame completed that began in
 * an earlier frame or carry markers, each put together again ({@link StreamOctets}), with the
 * detail tree's MPA, DDP and RDMAP layers counted in octets of the FPDU image; and which MPA
 * connection a frame belongs to.
 */
final class Reassembly {
    private final FrameIndex index;
    private final FrameReader reader;

    Reassembly(FrameIndex index, FrameReader reader) {
        this.index = index;
        this.reader = reader;
    }

    List<ReassembledFpdu> reassembled(long frame) {
        int[] range = index.pduRange(frame);
        List<ReassembledFpdu> out = new ArrayList<>();
        StreamOctets octets = null;
        for (int k = range[0]; k < range[1]; k++) {
            Unit u = index.unit(k, frame, 0);
            Fpdu f = u.fpdu();
            if (u.handshake() != null || f == null || (f.firstFrame == frame && f.markers == 0)) {
                continue;
            }
            if (octets == null) {
                octets = new StreamOctets(index, reader);
            }
            StreamOctets.Image image = octets.image(u, frame);
            if (image == null) {
                continue;
            }
            List<FieldNode> layers = new ArrayList<>();
            layers.add(MpaFields.fpdu(f));
            if (u.segment() != null) {
                for (FieldNode n : PduFields.segment(u.segment())) {
                    layers.add(shift(n, 2));
                }
            }
            out.add(new ReassembledFpdu(k - range[0], f.firstFrame, frame, image.octets(), f.markers,
                    image.complete(), layers));
        }
        return out;
    }

    /** A tree whose offsets count from {@code base} octets further on. */
    static FieldNode shift(FieldNode n, int base) {
        List<FieldNode> children = new ArrayList<>(n.children().size());
        for (FieldNode c : n.children()) {
            children.add(shift(c, base));
        }
        return new FieldNode(n.name(), n.label(), n.value(), n.display(), n.offset() < 0 ? -1 : n.offset() + base,
                n.length(), n.description(), children);
    }

    /** The connection of the first unit {@code frame} completed, else of the TCP flow it travels on; or null. */
    String connectionAt(long frame) {
        int[] range = index.pduRange(frame);
        if (range[1] > range[0]) {
            Unit u = index.unit(range[0], frame, 0);
            if (u.connection() != null) {
                return u.connection().id();
            }
        }
        int flow = index.flowOf(frame);
        Endpoint[] ends = flow < 0 ? null : index.flow(flow);
        if (ends == null) {
            return null;
        }
        for (var c : index.connections()) {
            Endpoint a = c.tcp().initiator(), b = c.tcp().responder();
            if (a.equals(ends[0]) && b.equals(ends[1]) || a.equals(ends[1]) && b.equals(ends[0])) {
                return c.id();
            }
        }
        return null;
    }
}

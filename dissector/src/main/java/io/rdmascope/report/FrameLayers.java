package io.rdmascope.report;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import java.math.BigDecimal;
import java.util.List;

/**
 * Adds to a frame's link, IP and TCP nodes what only the whole capture knows: the time since the
 * first frame ({@code frame.time_relative}, after the epoch time, as Wireshark places it) and the
 * TCP connection's index ({@code tcp.stream}, after the ports).
 */
final class FrameLayers {
    private FrameLayers() {}

    static void addTimeAndStream(List<FieldNode> layers, FrameRecord r) {
        for (FieldNode layer : layers) {
            if (layer.name().equals("frame")) {
                BigDecimal relative = FrameRecord.seconds(r.timestampNanos - r.firstTimestampNanos);
                insertAfter(layer.children(), "frame.time_epoch", FieldNode.field(Fields.FRAME_TIME_RELATIVE.name(),
                        "Time since reference or first frame", relative, relative.toPlainString() + " seconds", -1, 0));
            } else if (layer.name().equals("tcp") && r.tcpStream >= 0) {
                insertAfter(layer.children(), "tcp.dstport", FieldNode.field(Fields.TCP_STREAM.name(),
                        "Stream index", r.tcpStream, Long.toString(r.tcpStream), -1, 0));
            }
        }
    }

    private static void insertAfter(List<FieldNode> nodes, String name, FieldNode node) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                nodes.add(i + 1, node);
                return;
            }
        }
    }
}

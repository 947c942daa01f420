package io.rdmascope.report;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of the {@link AnalysisTables#FRAMES} table of one capture, handed one by one to a
 * {@link Sink} as the pipeline goes: a {@link FrameCollector} builds the records of
 * {@code dissect --format json} from the listeners given to the analysis ({@link #frames()},
 * {@link #pdus()}), and each gets the name of its highest layer.
 */
public final class FrameRows implements FrameSink {
    /** Receives the rows, in capture order. */
    @FunctionalInterface
    public interface Sink {
        void row(AnalysisTables.FrameRow row) throws IOException;
    }

    private final Sink sink;
    private final FrameCollector collector;
    /** Highest layer of the frames without a TCP segment that are not yet handed on. */
    private final Map<Long, String> otherProtocols = new HashMap<>();

    public FrameRows(Sink sink) {
        this.sink = sink;
        this.collector = new FrameCollector(DisplayFilter.all(), this, false);
    }

    /** The frame listener to give the analysis. */
    public FrameListener frames() {
        return this::frame;
    }

    /** The PDU listener to give the analysis (after the engine). */
    public PduListener pdus() {
        return collector;
    }

    private void frame(Packet packet, long position, TcpSegment tcp) {
        collector.frame(packet, position, tcp);
        if (tcp == null) {
            otherProtocols.put(packet.frame, protocol(NetFields.layers(packet)));
        }
    }

    /** The name of the last layer decoded, as Wireshark's Protocol column gives it. */
    static String protocol(List<FieldNode> layers) {
        String name = layers.isEmpty() ? "frame" : layers.get(layers.size() - 1).name();
        return switch (name) {
            case "frame" -> "Frame";
            case "eth", "vlan" -> "Ethernet";
            case "sll" -> "SLL";
            case "null" -> "Null/Loopback";
            case "ip" -> "IPv4";
            case "ipv6" -> "IPv6";
            case "icmpv6" -> "ICMPv6";
            default -> name.toUpperCase(java.util.Locale.ROOT);
        };
    }

    /** TCP, MPA (handshakes, FPDUs without DDP) or DDP/RDMAP, else the one found for the frame. */
    private String protocol(FrameRecord r) {
        String other = r.endOfCapture ? null : otherProtocols.remove(r.frame);
        String p = r.source != null ? "TCP" : other;
        for (PduRecord pdu : r.pdus) {
            if (pdu.layers() != null) {
                return pdu.carriage();
            }
            if (pdu.rdmap() != null) {
                return "DDP/RDMAP";
            }
            p = "MPA";
        }
        return p;
    }

    @Override
    public void frame(FrameRecord record) throws IOException {
        sink.row(new AnalysisTables.FrameRow(record, protocol(record)));
    }

    @Override
    public void finish() {
        // the sink's owner ends it once the analysis returns
    }
}

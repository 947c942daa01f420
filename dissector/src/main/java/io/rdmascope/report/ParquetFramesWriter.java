package io.rdmascope.report;

import io.rdmascope.capture.Packet;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.net.NetFields;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.FrameListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.schema.MessageType;

/**
 * The {@link AnalysisTables#FRAMES} table of one capture, written row by row as the pipeline
 * goes: a {@link FrameCollector} builds the records of {@code dissect --format json} from the
 * listeners given to the analysis ({@link #frames()}, {@link #pdus()}) and hands each one here,
 * so memory stays that of the collector's window whatever the length of the capture.
 */
public final class ParquetFramesWriter implements FrameSink, AutoCloseable {
    private final String capture;
    private final Path file;
    private final SimpleGroupFactory groups;
    private final ParquetWriter<Group> writer;
    private final FrameCollector collector;
    /** Highest layer of the frames without a TCP segment that are not yet written. */
    private final Map<Long, String> otherProtocols = new HashMap<>();
    private boolean finished;

    /** Opens {@code file} for the rows of {@code capture} (the file as named). */
    public ParquetFramesWriter(Path file, String capture) throws IOException {
        this.capture = capture;
        this.file = file;
        MessageType schema = ParquetTablesWriter.schema(AnalysisTables.FRAMES);
        this.groups = new SimpleGroupFactory(schema);
        this.writer = ParquetTablesWriter.open(schema, file);
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
            if (pdu.rdmap() != null) {
                return "DDP/RDMAP";
            }
            p = "MPA";
        }
        return p;
    }

    @Override
    public void frame(FrameRecord record) throws IOException {
        writer.write(ParquetTablesWriter.row(AnalysisTables.FRAMES, groups, capture,
                new AnalysisTables.FrameRow(record, protocol(record))));
    }

    @Override
    public void finish() throws IOException {
        if (!finished) {
            finished = true;
            writer.close();
        }
    }

    /** The file written. */
    public Path file() {
        return file;
    }

    /** Closes the file; when the capture did not end normally, also deletes it. */
    @Override
    public void close() throws IOException {
        if (!finished) {
            finished = true;
            try {
                writer.close();
            } finally {
                Files.deleteIfExists(file);
            }
        }
    }
}

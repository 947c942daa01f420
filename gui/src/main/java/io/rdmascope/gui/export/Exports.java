package io.rdmascope.gui.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.RawFrame;
import java.awt.image.BufferedImage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javax.imageio.ImageIO;

/** Writes what the application shows to files: analysis JSON, frames as pcap, images as PNG. */
public final class Exports {
    /** Classic pcap with nanosecond timestamps. */
    static final int PCAP_MAGIC_NANOS = 0xa1b23c4d;
    static final int SNAPLEN = 262144;

    private Exports() {}

    /** The analysis of the capture, with the names of the analysis contract (analyze --format json). */
    public static void analysisJson(CaptureModel model, Path out) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ObjectNode file = root.putArray("files").addObject();
        file.put("path", model.file().toString());
        file.put("frames", model.frameCount());
        ArrayNode conns = file.putArray("connections");
        for (ConnectionInfo c : model.connections()) {
            conns.addObject().put("id", c.id()).put("initiator", c.initiator()).put("responder", c.responder());
        }
        ArrayNode txs = file.putArray("transactions");
        Map<String, Integer> byStatus = new TreeMap<>();
        for (Transaction t : model.transactions()) {
            ObjectNode o = txs.addObject();
            o.put("id", t.id).put("connection", t.connection).put("advertiser", t.advertiser)
                    .put("stag", String.format("0x%08x", t.stag)).put("to", String.format("0x%016x", t.to))
                    .put("length", t.length);
            ArrayNode access = o.putArray("access");
            if (t.remoteWrite()) {
                access.add("write");
            }
            if (t.remoteRead()) {
                access.add("read");
            }
            o.put("initiationFrame", t.initiationFrame);
            ArrayNode data = o.putArray("dataFrames");
            t.dataFrames.forEach(data::add);
            o.put("bytes", t.bytes);
            if (t.completionFrame >= 0) {
                o.put("completionFrame", t.completionFrame);
            } else {
                o.putNull("completionFrame");
            }
            if (t.completion != null) {
                o.put("completion", t.completion.jsonName);
            } else {
                o.putNull("completion");
            }
            TransactionStatus status = t.status;
            o.put("status", status.jsonName());
            byStatus.merge(status.jsonName(), 1, Integer::sum);
        }
        ArrayNode vs = file.putArray("violations");
        Map<Severity, Integer> bySeverity = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            bySeverity.put(s, 0);
        }
        for (Violation v : model.violations()) {
            ObjectNode o = vs.addObject();
            o.put("code", v.code().name()).put("severity", v.severity().jsonName()).put("frame", v.frame());
            o.put("connection", v.connection());
            if (v.stag() != null) {
                o.put("stag", String.format("0x%08x", v.stag()));
            } else {
                o.putNull("stag");
            }
            o.put("transaction", v.transaction());
            o.put("message", v.message()).put("reference", v.reference());
            bySeverity.merge(v.severity(), 1, Integer::sum);
        }
        ObjectNode summary = file.putObject("summary");
        ObjectNode sv = summary.putObject("violations");
        sv.put("error", bySeverity.get(Severity.ERROR)).put("warning", bySeverity.get(Severity.WARNING))
                .put("info", bySeverity.get(Severity.INFO));
        ObjectNode st = summary.putObject("transactions");
        byStatus.forEach(st::put);
        mapper.writeValue(out.toFile(), root);
    }

    /**
     * Writes frames as a classic pcap file (nanosecond timestamps), their octets re-read from the
     * capture. The file's link type is the first frame's; frames of another link type are skipped.
     *
     * @return the number of frames written
     */
    public static int pcap(CaptureModel model, Collection<Long> frames, Path out) throws IOException {
        int written = 0;
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(out))) {
            ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            int linkType = -1;
            for (Long f : frames) {
                RawFrame r = model.raw(f);
                if (r == null) {
                    continue;
                }
                if (linkType < 0) {
                    linkType = r.linkType();
                    b.clear();
                    b.putInt(PCAP_MAGIC_NANOS).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                            .putInt(SNAPLEN).putInt(linkType);
                    os.write(b.array(), 0, 24);
                }
                if (r.linkType() != linkType) {
                    continue;
                }
                b.clear();
                b.putInt((int) Math.floorDiv(r.timestampNanos(), 1_000_000_000L))
                        .putInt((int) Math.floorMod(r.timestampNanos(), 1_000_000_000L))
                        .putInt(r.data().length).putInt(Math.max(r.originalLength(), r.data().length));
                os.write(b.array(), 0, 16);
                os.write(r.data());
                written++;
            }
            if (linkType < 0) {
                b.clear();
                b.putInt(PCAP_MAGIC_NANOS).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                        .putInt(SNAPLEN).putInt(1);
                os.write(b.array(), 0, 24);
            }
        }
        return written;
    }

    /** Writes a JavaFX image (a snapshot of a view) as PNG. */
    public static void png(Image image, Path out) throws IOException {
        int w = (int) image.getWidth(), h = (int) image.getHeight();
        BufferedImage img = new BufferedImage(Math.max(1, w), Math.max(1, h), BufferedImage.TYPE_INT_ARGB);
        PixelReader pr = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, pr.getArgb(x, y));
            }
        }
        if (!ImageIO.write(img, "png", out.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}

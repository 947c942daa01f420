package io.rdmascope.gui.export;

import java.util.List;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.gui.model.CaptureModel;
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
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javax.imageio.ImageIO;

/** Writes what the application shows to files: analysis JSON, frames as pcap, images as PNG. */
public final class Exports {
    /** Classic pcap with nanosecond timestamps. */
    static final int PCAP_MAGIC_NANOS = 0xa1b23c4d;
    static final int SNAPLEN = 262144;

    private Exports() {}

    /**
     * The analysis of the capture exactly as {@code rdmascope analyze --format json} writes it: the
     * capture is analysed again headless (at about a gigabyte a second) with the same settings.
     */
    public static void analysisJson(CaptureModel model, NicSettings settings, Path out) throws IOException {
        FileAnalysis analysis = new Analyzer(settings).analyze(model.file(), model.file().toString());
        try (OutputStream o = Files.newOutputStream(out)) {
            AnalysisJsonWriter.write(List.of(analysis), o);
        } finally {
            analysis.close();
        }
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

package io.rdmascope.gui;

import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import io.rdmascope.synth.scenario.Scenario;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Captures for the tests: scenarios synthesized on the fly, and the real captures of the project. */
public final class Samples {
    private Samples() {}

    /** A real capture from shared/captures/real beside the checkout (the build's rdmascope.realCaptures). */
    public static Path real(String name) {
        String p = System.getProperty("rdmascope.realCaptures");
        Path dir = p != null ? Path.of(p) : Path.of("..", "..", "shared", "captures", "real").toAbsolutePath();
        return dir.normalize().resolve(name);
    }

    /** A capture of the project's samples folder ("stag-bounds.pcap"). */
    public static Path sample(String name) {
        Path p = Path.of("..", "samples", name).toAbsolutePath().normalize();
        return Files.isRegularFile(p) ? p : Path.of("samples", name).toAbsolutePath();
    }

    /**
     * A big-endian pcap file cut to a snapshot length of {@code snap} octets, written into
     * {@code dir}; its records keep their lengths on the wire. Returns it with those lengths in order.
     */
    public static Path snapped(Path pcap, int snap, Path dir, java.util.List<Integer> wire) throws IOException {
        byte[] whole = Files.readAllBytes(pcap);
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(whole);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(whole, 0, 24);
        for (int at = 24; at + 16 <= whole.length; ) {
            int cap = in.getInt(at + 8), orig = in.getInt(at + 12);
            int kept = Math.min(cap, snap);
            out.write(java.nio.ByteBuffer.allocate(16).putInt(in.getInt(at)).putInt(in.getInt(at + 4)).putInt(kept)
                    .putInt(orig).array());
            out.write(whole, at + 16, kept);
            wire.add(orig);
            at += 16 + cap;
        }
        Path cut = dir.resolve(snap + "-" + pcap.getFileName());
        Files.write(cut, out.toByteArray());
        return cut;
    }

    public static boolean haveReal() {
        return Files.isRegularFile(real("softuiwarp-mixed.pcap"));
    }

    /** Writes the capture of a scenario on the test class path ("bounds.yaml") into {@code dir}. */
    public static Path synth(String resource, Path dir) throws Exception {
        Path out = dir.resolve(resource.replaceAll("\\.ya?ml$", "") + ".pcap");
        Scenario s;
        try (InputStream in = Samples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no scenario " + resource);
            }
            s = new ScenarioParser().parse(in, resource);
        }
        try (OutputStream o = Files.newOutputStream(out)) {
            Synthesizer.write(s, o);
        }
        return out;
    }

    /** A load listener that hears nothing. */
    public static final LoadListener QUIET = new LoadListener() {
        @Override
        public void frames(long count) {}

        @Override
        public void progress(double fraction) {}
    };

    /** The desktop model of a capture, loaded whole. */
    public static PipelineCaptureModel loaded(Path capture) throws IOException {
        PipelineCaptureModel m = new PipelineCaptureModel(capture);
        m.load(QUIET, () -> false);
        return m;
    }
}

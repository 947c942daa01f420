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

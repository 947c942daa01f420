package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.synth.BulkCapture;
import io.rdmascope.testing.Segments;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two-thread dissection gives the listener exactly what the one-thread one gives. */
class PipelinedTest {
    @TempDir
    Path dir;

    /** Every event as a line: kind, frame, connection and the fields that differ between events. */
    static final class Trace implements PduListener {
        final List<String> lines = new ArrayList<>();
        final Thread[] thread = new Thread[1];
        final long throwAt;

        Trace(long throwAt) {
            this.throwAt = throwAt;
        }

        @Override
        public void connection(MpaConnection c) {
            lines.add("connection " + c.id() + " " + c.tcp());
        }

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            lines.add("handshake " + c.id() + " " + h.toString().replaceAll("\\[B@[0-9a-f]+", java.util.Arrays.toString(h.privateData())));
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            lines.add("pdu " + c.id() + " " + f.frame + " " + f.firstFrame + " " + f.direction + " " + f.streamOffset
                    + " " + f.wireLength + " " + f.ulpduLength + " " + f.padLength + " " + f.crcField + " "
                    + f.crcComputed + " " + f.crcOk + " " + f.markers + " " + f.badMarkers + " " + f.markerOrigin
                    + " " + f.truncated + " " + f.ulpduAvailable + " | " + Segments.describe(s));
        }

        @Override
        public void issue(MpaConnection c, StreamIssue issue) {
            lines.add("issue " + (c != null ? c.id() : "-") + " " + issue);
        }

        @Override
        public void watermark(long frame) {
            lines.add("watermark " + frame);
        }

        @Override
        public void frameDone(long frame, long ts) {
            thread[0] = Thread.currentThread();
            if (frame == throwAt) {
                throw new IllegalStateException("listener failed at " + frame);
            }
            lines.add("done " + frame + " " + ts);
        }

        @Override
        public void end() {
            lines.add("end");
        }
    }

    static List<Path> captures() throws IOException {
        List<Path> files = new ArrayList<>();
        Path samples = Path.of("").toAbsolutePath();
        while (samples != null && !Files.isDirectory(samples.resolve("samples"))) {
            samples = samples.getParent();
        }
        for (Path folder : new Path[] {samples.resolve("samples"), io.rdmascope.testing.RealCaptures.dir()}) {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> s = Files.list(folder)) {
                    s.filter(f -> f.toString().endsWith(".pcap") || f.toString().endsWith(".pcapng")).sorted()
                            .forEach(files::add);
                }
            }
        }
        return files;
    }

    static List<String> sequential(Path file) throws IOException {
        Trace t = new Trace(-1);
        Dissection.run(file, null, t, null, null);
        return t.lines;
    }

    static List<String> pipelined(Path file, int dataOctets, int opLongs) throws IOException {
        Trace t = new Trace(-1);
        try (CaptureReader r = Captures.open(file)) {
            Pipelined.run(r, t, null, null, dataOctets, opLongs);
        }
        assertThat(t.thread[0]).isNotSameAs(Thread.currentThread());
        return t.lines;
    }

    @Test
    void samplesAndRealCapturesGiveTheSameEventsInTheSameOrder() throws Exception {
        List<Path> files = captures();
        files.add(bulk());
        files.add(headless());
        for (Path siw : io.rdmascope.testing.RealCaptures.siw()) {
            // headers only: FPDUs cut by the snapshot length, their octets not in the batches
            Path cut = dir.resolve("96-" + siw.getFileName());
            Files.write(cut, io.rdmascope.testing.PcapRecords.snap(Files.readAllBytes(siw), 96));
            files.add(cut);
        }
        assertThat(files).hasSizeGreaterThan(10);
        for (Path f : files) {
            List<String> expected = sequential(f);
            assertThat(pipelined(f, Pipelined.DATA_OCTETS, Pipelined.OP_LONGS)).as(f.toString()).isEqualTo(expected);
            // Batches of a few calls and octets: deliveries larger than a batch, many boundaries.
            assertThat(pipelined(f, 100, 8)).as(f.toString()).isEqualTo(expected);
        }
    }

    /** A real capture without its TCP and MPA handshakes: events held back and replayed later. */
    Path headless() throws IOException {
        Path f = dir.resolve("dv0-nohs.pcap");
        try (java.io.InputStream in = PipelinedTest.class.getResourceAsStream("/io/rdmascope/it/dv0-nohs.pcap")) {
            Files.write(f, in.readAllBytes());
        }
        return f;
    }

    @Test
    void watermarksComeBeforeTheFrameDoneTheyBelongTo() throws Exception {
        List<String> lines = sequential(headless());
        int firstPdu = indexOf(lines, "pdu c1 1 ");
        // The Send of frame 1 is delivered once frame 4 decides the framing; until then frame 1 is held.
        assertThat(lines.subList(0, firstPdu)).map(l -> l.replaceAll("^(done \\d+) .*", "$1"))
                .containsSubsequence("watermark 1", "done 1", "watermark 1", "done 2", "watermark 1", "done 3");
        assertThat(indexOf(lines, "done 3 ")).isLessThan(firstPdu);
        assertThat(lines.subList(firstPdu, lines.size())).noneMatch(l -> l.startsWith("watermark"));
        assertThat(pipelined(headless(), 100, 8)).isEqualTo(lines);
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line " + prefix + " in " + lines);
    }

    Path bulk() throws IOException {
        Path f = dir.resolve("bulk.pcap");
        BulkCapture.write(f, 3_000_000, 7, 64, 1400);
        return f;
    }

    @Test
    void analysisDocumentIsTheSame() throws Exception {
        for (Path f : captures()) {
            assertThat(json(new Analyzer(NicSettings.DEFAULTS, Source.PIPELINED, Analyzer.EngineFactory.ENGINE), f))
                    .as(f.toString())
                    .isEqualTo(json(new Analyzer(NicSettings.DEFAULTS), f));
        }
    }

    static String json(Analyzer a, Path f) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(List.of(a.analyze(f, f.getFileName().toString())), out);
        return out.toString();
    }

    @Test
    void aFailingListenerStopsTheReadingAndItsExceptionReachesTheCaller() throws Exception {
        Path f = bulk();
        for (int i = 0; i < 3; i++) {
            Trace t = new Trace(500);
            try (CaptureReader r = Captures.open(f)) {
                assertThatThrownBy(() -> Pipelined.run(r, t, null, null, 4096, 64))
                        .isInstanceOf(IllegalStateException.class).hasMessage("listener failed at 500");
            }
            assertThat(t.lines).doesNotContain("end").anyMatch(l -> l.startsWith("done 499 "))
                    .noneMatch(l -> l.startsWith("done 500 "));
        }
    }

    @Test
    void cancellingDeliversTheFramesReadAndNoEnd() throws Exception {
        Path f = bulk();
        long[] polls = {0};
        Trace seq = new Trace(-1);
        DissectionResult a = Dissection.run(f, null, seq, null, () -> ++polls[0] >= 300);
        polls[0] = 0;
        Trace par = new Trace(-1);
        DissectionResult b;
        try (CaptureReader r = Captures.open(f)) {
            b = Pipelined.run(r, par, null, () -> ++polls[0] >= 300, 4096, 64);
        }
        assertThat(b).isEqualTo(a);
        assertThat(b.cancelled()).isTrue();
        assertThat(par.lines).isEqualTo(seq.lines).doesNotContain("end");
    }

    @Test
    void aCaptureThatCannotBeReadFailsAsInTheSequentialPath() throws Exception {
        Path f = Files.write(dir.resolve("bad.pcap"), new byte[] {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2, (byte) 0xa1,
            2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 0, 0, 1, 0, 0, 0, 1, 2, 3});
        Throwable seq = null;
        try {
            Dissection.run(f, null, new Trace(-1), null, null);
        } catch (IOException | RuntimeException e) {
            seq = e;
        }
        Throwable par = null;
        DissectionResult r1 = null;
        try {
            r1 = Dissection.runPipelined(f, null, new Trace(-1), null, null);
        } catch (IOException | RuntimeException e) {
            par = e;
        }
        assertThat(par == null).isEqualTo(seq == null);
        if (seq != null) {
            assertThat(par).hasSameClassAs(seq).hasMessage(seq.getMessage());
        } else {
            assertThat(r1).isEqualTo(Dissection.run(f, null, new Trace(-1), null, null));
        }
    }
}

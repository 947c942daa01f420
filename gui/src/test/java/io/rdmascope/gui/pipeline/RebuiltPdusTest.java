package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.fields.Fields;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.gui.Samples;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.report.FrameCollector;
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.FrameSink;
import io.rdmascope.report.PduRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The PDUs the index gives back (one-shot initiations among them) are those the decoder gave. */
class RebuiltPdusTest {
    @org.junit.jupiter.api.io.TempDir
    Path dir;

    @Test
    void everyPduOfEverySampleAndRealCaptureIsTheDecodersOwn() throws Exception {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> s = Files.list(Samples.sample("buffer-pool-exhausted.pcap").getParent())) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(captures::add);
        }
        for (String n : new String[] {"osc-iwarp-crc-markers.pcap", "softuiwarp-mixed.pcap", "softuiwarp-send-read.pcap"}) {
            if (Samples.real(n).toFile().isFile()) {
                captures.add(Samples.real(n));
            }
        }
        // headers only: FPDUs cut by the snapshot length, read from their headers
        captures.add(Samples.snapped(Samples.sample("ulp-nfs.pcap"), 96, dir, new ArrayList<>()));
        captures.add(Samples.snapped(Samples.sample("markers-and-crc.pcap"), 128, dir, new ArrayList<>()));
        int pdus = 0, oneShots = 0;
        for (Path capture : captures) {
            List<PduRecord> want = new ArrayList<>();
            FrameCollector c = new FrameCollector(DisplayFilter.all(), new FrameSink() {
                @Override
                public void frame(FrameRecord r) {
                    want.addAll(r.pdus);
                }

                @Override
                public void finish() {}
            }, false);
            Dissection.run(capture, c, c, null, () -> false);
            List<PduRecord> got = new ArrayList<>();
            try (PipelineCaptureModel m = Samples.loaded(capture)) {
                for (long f = 1; f <= m.frameCount(); f++) {
                    got.addAll(((FrameRecord) m.filterContext(f, true)).pdus);
                }
            }
            // Frames of late units may differ (the index files them under the last frame filed):
            // the units themselves, in order, may not.
            assertThat(got).as(capture.getFileName().toString()).containsExactlyElementsOf(want);
            pdus += got.size();
            for (PduRecord r : want) {
                oneShots += r.ddp() != null && Boolean.TRUE.equals(r.ddp().get(Fields.DDP_AB.jsonKey())) ? 1 : 0;
            }
        }
        assertThat(pdus).isGreaterThan(300);
        assertThat(oneShots).isGreaterThan(3);
    }
}

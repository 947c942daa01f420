package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.gui.Samples;
import io.rdmascope.gui.model.LoadListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlyLoadTest {
    private static final class Counts implements LoadListener {
        final List<Long> frames = new ArrayList<>();

        @Override
        public synchronized void frames(long count) {
            frames.add(count);
        }

        @Override
        public void progress(double fraction) {}
    }

    /** A load started before the window joins it tells the window everything a load of its own would. */
    @Test
    void aLoadStartedEarlyEndsAsALoadOfItsOwn() throws Exception {
        Path capture = Samples.sample("stag-bounds.pcap");
        Counts own = new Counts();
        long frames;
        int transactions;
        try (PipelineCaptureModel m = new PipelineCaptureModel(capture)) {
            m.load(own, () -> false);
            frames = m.frameCount();
            transactions = m.transactions().size();
        }
        Counts joined = new Counts();
        try (PipelineCaptureModel m = new PipelineCaptureModel(capture)) {
            m.startLoading();
            Thread.sleep(200);
            m.load(joined, () -> false);
            assertThat(m.frameCount()).isEqualTo(frames);
            assertThat(m.transactions()).hasSize(transactions);
            assertThat(m.row(frames)).isNotNull();
        }
        assertThat(joined.frames).isNotEmpty().isSorted();
        assertThat(joined.frames.get(joined.frames.size() - 1)).isEqualTo(frames);
    }

    /** Cancelling the window's load stops a load started early. */
    @Test
    void cancellingTheJoinedLoadStopsIt() throws Exception {
        Path capture = Samples.sample("stag-bounds.pcap");
        try (PipelineCaptureModel m = new PipelineCaptureModel(capture)) {
            m.startLoading();
            m.load(new Counts(), () -> true);
            assertThat(m.frameCount()).isGreaterThanOrEqualTo(0);
        }
    }
}

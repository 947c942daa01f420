package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.Samples;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.ReassembledFpdu;
import io.rdmascope.gui.model.StreamMessage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReassemblyTest {
    private static final Set<String> NUMBERS = Set.of("mpa.ulpdu_length", "ddp.stag", "ddp.to", "ddp.qn", "ddp.msn",
            "ddp.mo", "ddp.invalidate_stag", "rdmap.invalidate_stag");

    private static PipelineCaptureModel loaded(Path file) throws Exception {
        PipelineCaptureModel m = new PipelineCaptureModel(file);
        PipelineCaptureModelTest.load(m);
        return m;
    }

    /**
     * Every FPDU spread over several segments or carrying markers comes back whole: the image is
     * as long as the MPA layer says, and every numeric field holds its value at its image offset.
     */
    @Test
    void reassembledFpdusHoldTheirFieldValues() throws Exception {
        int fpdus = 0, withMarkers = 0, multiFrame = 0;
        for (String n : new String[] {"osc-iwarp-crc-markers.pcap", "softuiwarp-mixed.pcap",
                "siw/std_rping_64000_mtu1500_tso.pcap"}) {
            assumeTrue(Samples.real(n).toFile().isFile());
            try (PipelineCaptureModel m = loaded(Samples.real(n))) {
                for (long f = 1; f <= m.frameCount(); f++) {
                    for (ReassembledFpdu r : m.reassembled(f)) {
                        fpdus++;
                        withMarkers += r.markers() > 0 ? 1 : 0;
                        multiFrame += r.firstFrame() < f ? 1 : 0;
                        assertThat(r.complete()).as("%s frame %d", n, f).isTrue();
                        assertThat(r.frame()).isEqualTo(f);
                        checkFields(r, n + " frame " + f);
                    }
                }
            }
        }
        assertThat(fpdus).isGreaterThanOrEqualTo(15);
        assertThat(withMarkers).isGreaterThanOrEqualTo(3);
        assertThat(multiFrame).isGreaterThan(10);
    }

    private static void checkFields(ReassembledFpdu r, String where) {
        byte[] b = r.octets();
        List<FieldNode> nodes = new ArrayList<>();
        r.layers().forEach(l -> collect(l, nodes));
        assertThat(r.layers().get(0).name()).isEqualTo("mpa");
        assertThat(r.layers().get(0).length()).isEqualTo(b.length);
        for (FieldNode n : nodes) {
            if (!NUMBERS.contains(n.name()) || !(n.value() instanceof Long value)) {
                continue;
            }
            long v = 0;
            for (int i = n.offset(); i < n.offset() + n.length(); i++) {
                v = (v << 8) | (b[i] & 0xff);
            }
            assertThat(v).as("%s %s", where, n.name()).isEqualTo(value);
        }
    }

    private static void collect(FieldNode n, List<FieldNode> out) {
        out.add(n);
        n.children().forEach(c -> collect(c, out));
    }

    @Test
    void ordinaryFramesHaveNothingReassembled() throws Exception {
        try (PipelineCaptureModel m = loaded(Samples.sample("oneshot-write.pcap"))) {
            for (long f = 1; f <= m.frameCount(); f++) {
                assertThat(m.reassembled(f)).isEmpty();
            }
        }
    }

    @Test
    void followDdpPutsAMessageTogetherFromItsSegments() throws Exception {
        assumeTrue(Samples.haveReal());
        try (PipelineCaptureModel m = loaded(Samples.real("osc-iwarp-crc-markers.pcap"))) {
            assertThat(m.connectionAt(10)).isEqualTo("c1");
            assertThat(m.connectionAt(1)).isEqualTo("c1");
            FollowedStream ddp = m.follow("c1", FollowedStream.Layer.DDP, 100);
            assertThat(ddp.more()).isFalse();
            StreamMessage send = ddp.messages().stream().filter(x -> x.payload().length == 3000).findFirst()
                    .orElseThrow();
            assertThat(send.complete()).isTrue();
            assertThat(send.header()).startsWith("Send, QN 0 MSN 1 MO 0, 3000 octets in 3 segments, frames 8\u201316");
            FollowedStream mpa = m.follow("c1", FollowedStream.Layer.MPA, 100);
            assertThat(mpa.messages()).extracting(StreamMessage::frame).containsSubsequence(4L, 6L, 10L, 14L, 16L);
            assertThat(mpa.messages().get(0).header()).startsWith("MPA Request");
            assertThat(mpa.messages().get(0).payload()).hasSize(22);
            FollowedStream cut = m.follow("c1", FollowedStream.Layer.MPA, 2);
            assertThat(cut.messages()).hasSize(2);
            assertThat(cut.more()).isTrue();
        }
    }

    @Test
    void followMpaOfALargeSendGivesItsWholeUlpdu() throws Exception {
        assumeTrue(Samples.haveReal());
        try (PipelineCaptureModel m = loaded(Samples.real("softuiwarp-mixed.pcap"))) {
            FollowedStream ddp = m.follow("c1", FollowedStream.Layer.DDP, 10_000);
            assertThat(ddp.messages()).anySatisfy(x -> {
                assertThat(x.payload().length).isEqualTo(65000);
                assertThat(x.complete()).isTrue();
            });
        }
    }
}

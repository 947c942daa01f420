package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.report.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PipelineTest {
    @Test
    void teeFeedsEveryListenerInOrder() {
        List<String> seen = new ArrayList<>();
        PduListener a = new PduListener() {
            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                seen.add("a" + f.frame);
            }

            @Override
            public void frameDone(long frame, long ts) {
                seen.add("a.done" + frame);
            }

            @Override
            public void end() {
                seen.add("a.end");
            }
        };
        PduListener b = new PduListener() {
            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                seen.add("b" + f.frame);
            }

            @Override
            public void end() {
                seen.add("b.end");
            }
        };
        PduListener tee = PduListeners.tee(a, null, b);
        tee.pdu(Fixtures.connection(), Fixtures.fpdu(5), new DdpSegment());
        tee.frameDone(5, 0);
        tee.end();
        assertThat(seen).containsExactly("a5", "b5", "a.done5", "a.end", "b.end");
        assertThat(PduListeners.tee(a)).isSameAs(a);
    }

    @Test
    void teeOfThreeFeedsEachInOrder() {
        List<String> seen = new ArrayList<>();
        List<PduListener> three = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            three.add(new PduListener() {
                @Override
                public void watermark(long frame) {
                    seen.add(name + ".mark" + frame);
                }

                @Override
                public void frameDone(long frame, long ts) {
                    seen.add(name + ".done" + frame);
                }
            });
        }
        PduListener tee = PduListeners.tee(three.get(0), three.get(1), null, three.get(2));
        tee.watermark(3);
        tee.frameDone(4, 0);
        assertThat(seen).containsExactly("a.mark3", "b.mark3", "c.mark3", "a.done4", "b.done4", "c.done4");
    }

    @Test
    void analyzerCollectsConnectionsTransactionsAndViolations() throws Exception {
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS, Fixtures.source(), Fixtures.engine());
        FileAnalysis f = analyzer.analyze(Path.of("x.pcap"), "samples/x.pcap");
        assertThat(f.path()).isEqualTo("samples/x.pcap");
        assertThat(f.frames()).isEqualTo(16);
        assertThat(f.connections()).hasSize(1);
        assertThat(f.connections().get(0).id()).isEqualTo("c1");
        assertThat(f.connections().get(0).fpdus()).isEqualTo(4);
        assertThat(f.transactions()).extracting(t -> t.id).containsExactly("t1");
        assertThat(f.violations()).extracting(v -> v.code().name()).containsExactly("STAG_BOUNDS");
        assertThat(f.hasViolationAtLeast(Severity.ERROR)).isTrue();
        assertThat(f.violationCounts()).containsEntry(Severity.WARNING, 0L);
    }

    @Test
    void violationsAreOrderedByFrame() throws Exception {
        Analyzer analyzer = new Analyzer(new NicSettings(64, 32, true), Fixtures.source(), Fixtures.engine());
        FileAnalysis f = analyzer.analyze(Path.of("x.pcap"), "x");
        assertThat(f.violations()).extracting(v -> v.frame()).containsExactly(13L, 15L);
    }

    @Test
    void unreadableCaptureComesOutAsCaptureException() {
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS, Fixtures.source(), Fixtures.engine());
        assertThatThrownBy(() -> analyzer.analyze(Path.of("bad.pcap"), "bad.pcap"))
                .isInstanceOf(CaptureException.class).hasMessageContaining("not a pcap");
    }
}

package io.rdmascope.gui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.pipeline.PipelineCaptureModel;
import io.rdmascope.testing.Loopback;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The model of a live capture on the loopback interface, without a window. */
class LiveCaptureTest {
    private static final Duration GUARD = Duration.ofSeconds(60);

    @Test
    void framesAreToldWhileCapturingAndStopCompletesTheAnalysisAsForTheFile() {
        String why = Loopback.cannotCapture();
        assumeTrue(why == null, "cannot capture on lo: " + why);
        assertTimeoutPreemptively(GUARD, () -> {
            try (Loopback replay = new Loopback(Loopback.SAMPLE)) {
                CaptureModel live = LiveCapture.open("lo", replay.filter());
                AtomicLong told = new AtomicLong();
                AtomicBoolean stop = new AtomicBoolean();
                CompletableFuture<Void> loading = CompletableFuture.runAsync(() -> {
                    try {
                        live.load(new LoadListener() {
                            @Override
                            public void frames(long count) {
                                told.set(count);
                            }

                            @Override
                            public void progress(double fraction) {}
                        }, stop::get);
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                });
                replay.run();
                while (told.get() < 10) {
                    assertThat(loading).isNotDone();
                    Thread.sleep(20); // told while the capture goes on, the traffic over
                }
                assertThat(live.row(1).info()).isNotEmpty();
                assertThat(live.bytes(told.get())).isNotEmpty();
                stop.set(true);
                loading.get(10, TimeUnit.SECONDS);

                try (CaptureModel file = new PipelineCaptureModel(live.file())) {
                    file.load(new LoadListener() {
                        @Override
                        public void frames(long count) {}

                        @Override
                        public void progress(double fraction) {}
                    }, () -> false);
                    assertThat(live.frameCount()).isEqualTo(file.frameCount()).isGreaterThanOrEqualTo(told.get());
                    assertThat(live.transactions()).hasSize(5).hasSameSizeAs(file.transactions());
                    assertThat(live.violations()).hasSameSizeAs(file.violations()).isNotEmpty();
                    for (long f = 1; f <= live.frameCount(); f++) {
                        assertThat(live.row(f).info()).isEqualTo(file.row(f).info());
                        assertThat(live.bytes(f)).isEqualTo(file.bytes(f));
                    }
                }
                Path spool = live.file();
                live.close();
                assertThat(Files.exists(spool)).as("the capture's own file goes with it").isFalse();
            }
        });
    }

    @Test
    void theInterfacesAreListedWithTheirAddresses() throws Exception {
        String why = Loopback.cannotCapture();
        assumeTrue(why == null, "cannot capture on lo: " + why);
        assertThat(LiveCapture.interfaces()).anySatisfy(i -> {
            assertThat(i.name()).isEqualTo("lo");
            assertThat(i.loopback()).isTrue();
            assertThat(i.addresses()).first().isEqualTo("127.0.0.1");
        });
    }

    @Test
    void addressesAreWrittenAsPeopleWriteThem() throws Exception {
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("192.0.2.2"))).isEqualTo("192.0.2.2");
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("fd00::2"))).isEqualTo("fd00::2");
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("::1"))).isEqualTo("::1");
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("fe80::fc:ff:fe00:1"))).isEqualTo("fe80::fc:ff:fe00:1");
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("1:0:0:2:0:0:0:3"))).isEqualTo("1:0:0:2::3");
        assertThat(LiveCapture.text(java.net.InetAddress.getByName("1:2:3:4:5:6:7:8"))).isEqualTo("1:2:3:4:5:6:7:8");
    }

    @Test
    void aMissingInterfaceOrABadFilterIsToldWhenOpening() {
        assertThatThrownBy(() -> LiveCapture.open("nosuchif0", null)).isInstanceOf(CaptureException.class)
                .hasMessageContaining("nosuchif0");
        assertThat(LiveCapture.filterProblem("tcp port")).contains("capture filter");
        assertThat(LiveCapture.filterProblem("tcp port 4420")).isNull();
        assertThat(LiveCapture.filterProblem(" ")).isNull();
    }
}

package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.synth.BulkCapture;
import io.rdmascope.testing.Loopback;
import io.rdmascope.testing.MpaFlood;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live capture flooded past what it can take: MPA traffic sent on loopback as fast as the
 * sockets go, captured through a 1 MiB buffer. The kernel's drops are counted (standard error,
 * the JSON report's capture object) and the TCP gaps they leave are put down to capture loss
 * instead of being reported as violations.
 */
class LiveDropsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void loopbackCanBeCaptured() {
        Loopback.assumeCapturable();
    }

    @Test
    void dropsAreCountedAndTheirGapsAreCaptureLoss() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            Path bulk = dir.resolve("bulk.pcap");
            BulkCapture.write(bulk, 40L << 20, 1, 1024, 16000);
            try (MpaFlood flood = new MpaFlood(bulk)) {
                LiveCaptureTest.Running r = new LiveCaptureTest.Running("analyze", "--format", "json", "-i", "lo",
                        "-B", "1", "-f", "tcp port " + flood.port());
                r.awaitCapturing();
                for (int i = 0; i < 3; i++) {
                    flood.run();
                }
                Thread.sleep(1500); // a reading of the counts after the flood
                Live.stopAll();
                assertThat(r.status.get(60, TimeUnit.SECONDS)).as(r.err()).isZero();
                JsonNode f = new ObjectMapper().readTree(r.out()).get("files").get(0);
                JsonNode capture = f.get("capture");
                assertThat(capture.get("interface").asText()).isEqualTo("lo");
                long dropped = capture.get("droppedByKernel").asLong();
                assertThat(dropped).as(r.err()).isPositive();
                assertThat(capture.get("received").asLong()).isGreaterThanOrEqualTo(capture.get("frames").asLong());
                assertThat(capture.get("periods")).isNotEmpty();
                long inPeriods = 0;
                for (JsonNode p : capture.get("periods")) {
                    inPeriods += p.get("droppedByKernel").asLong();
                }
                assertThat(inPeriods).isEqualTo(dropped);
                assertThat(capture.get("captureLoss").asLong()).isPositive();
                JsonNode loss = capture.get("captureLosses").get(0);
                assertThat(loss.get("code").asText()).isIn("TCP_GAP", "MPA_TRUNCATED", "DDP_MSN_GAP", "DDP_MO_GAP");
                assertThat(loss.get("message").asText()).contains("the kernel dropped");
                for (JsonNode v : f.get("violations")) {
                    assertThat(v.get("code").asText()).as(v.toString()).isNotEqualTo("TCP_GAP");
                }
                assertThat(r.err()).containsPattern("\\d+ frames captured, [1-9]\\d* dropped \\(\\d+ by the kernel");
            }
        });
    }
}

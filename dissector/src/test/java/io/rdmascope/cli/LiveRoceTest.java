package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.testing.RealCaptures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.Pcaps;

/**
 * Live analysis of RoCEv2 on the loopback interface: the frames of a real rxe capture are sent
 * again on {@code lo} as they were captured (through libpcap, so that their ICRCs still hold:
 * a UDP socket would give them new IP headers, which the ICRC covers) while
 * {@code analyze -i lo -f 'udp port 4791'} runs. No RoCE device can be made here; a user captures
 * on a RoCE NIC as docs/roce.md says.
 */
class LiveRoceTest {
    static final Path RPING = RealCaptures.dir().resolve("rxe").resolve("rxe_rping_64_mtu1500.pcap");

    @BeforeAll
    static void loopbackCanBeCapturedAndSentOn() {
        assumeTrue(Files.exists(RPING), "the rxe captures are at hand");
        io.rdmascope.testing.Loopback.assumeCapturable();
    }

    /** The frames of a capture, in order. */
    static List<byte[]> frames(Path capture) throws Exception {
        List<byte[]> out = new ArrayList<>();
        try (CaptureReader r = Captures.open(capture)) {
            Packet p = new Packet();
            while (r.next(p)) {
                out.add(Arrays.copyOfRange(p.data, p.offset, p.offset + p.length));
            }
        }
        return out;
    }

    /** Sends frames on {@code lo} as they were captured, a little apart. */
    static void send(List<byte[]> frames) throws Exception {
        PcapNetworkInterface lo = Pcaps.getDevByName("lo");
        try (PcapHandle h = lo.openLive(65536, PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS, 100)) {
            for (byte[] f : frames) {
                h.sendPacket(f);
                Thread.sleep(2);
            }
        }
    }

    /** {@code analyze -i lo -f 'udp port 4791'} and {@code options} while rping's frames are sent, its report checked. */
    private static LiveCaptureTest.Running analyzeRping(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("analyze", "-i", "lo", "-f", "udp port 4791"));
        args.addAll(List.of(options));
        LiveCaptureTest.Running r = new LiveCaptureTest.Running(args.toArray(String[]::new));
        r.awaitCapturing();
        send(frames(RPING));
        Thread.sleep(500);
        Live.stopAll();
        assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
        String report = r.out().lines().filter(l -> l.startsWith("lo: ")).findFirst().orElseThrow();
        assertThat(report).as(r.out()).contains("1 RoCE connection", "18 transactions", "0 errors", "0 warnings");
        return r;
    }

    @Test
    void analyzeJudgesTheRocePacketsSentOnLoopback() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> analyzeRping());
    }

    /** With -s 96 libpcap keeps the headers of each frame: the analysis reads them, and the cut is no fault. */
    @Test
    void aSnapshotLengthThatKeepsTheHeadersStillGivesEveryTransaction() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            LiveCaptureTest.Running r = analyzeRping("-s", "96");
            assertThat(r.out()).contains("cut by the snapshot length (ICRC not checked)");
        });
    }

    @Test
    void aSnapshotLengthOutOfRangeIsRefused() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            LiveCaptureTest.Running r = new LiveCaptureTest.Running("analyze", "-i", "lo", "-s", "300000");
            assertThat(r.status.get(30, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(r.err()).contains("-s takes a snapshot length from 1 to 262144");
        });
    }

    @Test
    void theMetricsCountTheEcnMarksAndCnpsOfTheQueuePairsAsTheyCome() {
        assertTimeoutPreemptively(LiveCaptureTest.GUARD, () -> {
            Path sample = Path.of("..", "samples", "roce-ecn-cnp.pcap");
            List<byte[]> frames = frames(sample);
            LiveCaptureTest.Running r = new LiveCaptureTest.Running("analyze", "-i", "lo", "-f", "udp port 4791",
                    "--metrics-port", "0");
            r.awaitCapturing();
            int port = LiveMetricsTest.port(r);
            send(frames);
            // the sample holds 3 packets marked congestion experienced and 2 CNPs (its expected analysis)
            java.util.Map<String, Double> m = java.util.Map.of();
            for (int i = 0; i < 100; i++) {
                m = LiveMetricsTest.scrape(port);
                if (m.getOrDefault("rdmascope_roce_cnps_total", 0.0) >= 2) {
                    break;
                }
                Thread.sleep(50);
            }
            assertThat(m).containsEntry("rdmascope_roce_ecn_ce_packets_total", 3.0)
                    .containsEntry("rdmascope_roce_cnps_total", 2.0);
            Live.stopAll();
            assertThat(r.status.get(30, TimeUnit.SECONDS)).as(r.err()).isZero();
        });
    }
}

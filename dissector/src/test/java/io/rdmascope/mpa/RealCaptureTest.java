package io.rdmascope.mpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.mpa.MpaTestSupport.Recorder;
import io.rdmascope.mpa.MpaTestSupport.Seen;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The OSC userspace iWARP stack with CRC and markers: MPA Request revision 0, Reply revision 1,
 * then a 3000 B Send in three DDP segments. Expected values as tshark shows them (frames 10, 14,
 * 16: ULPDU lengths 1442, 1442, 170; CRC octets 66 0e 6c f7, d7 4f 91 53, 0a bf 28 f7, all good).
 */
class RealCaptureTest {
    static final Path FILE = io.rdmascope.testing.RealCaptures.file("osc-iwarp-crc-markers.pcap");

    @Test
    void oscCaptureFramesWithGoodCrcsAndMarkers() throws IOException {
        assumeTrue(Files.exists(FILE), "capture not available");
        Recorder rec = new Recorder();
        MpaDetector det = new MpaDetector(rec);
        TcpConnection tcp = MpaTestSupport.tcp(1);
        StreamHandler[] h = {det.open(tcp, Direction.FROM_INITIATOR), det.open(tcp, Direction.FROM_RESPONDER)};
        for (ClassicPcap.Segment seg : ClassicPcap.segments(FILE)) {
            if (seg.payload().length > 0) {
                h[seg.direction()].data(seg.frame(), 0L, seg.offset(), seg.payload(), 0, seg.payload().length);
            }
            if (seg.reset()) {
                h[seg.direction()].end(seg.frame(), 0L, true);
            }
        }
        h[0].captureEnd();
        h[1].captureEnd();
        det.finish();

        MpaConnection c = rec.connections.get(0);
        assertThat(c.assumed).isFalse();
        assertThat(c.crc).isTrue();
        assertThat(c.markers).containsExactly(true, true);
        assertThat(c.revision).isEqualTo(1);
        assertThat(rec.handshakes).hasSize(2);
        assertThat(rec.handshakes.get(0).revision()).isZero();
        assertThat(rec.handshakes.get(0).frame()).isEqualTo(4);
        assertThat(rec.handshakes.get(0).privateDataLength()).isEqualTo(22);
        assertThat(rec.handshakes.get(1).frame()).isEqualTo(6);
        assertThat(rec.handshakes.get(1).privateDataLength()).isEqualTo(23);
        assertThat(c.fpduStart).containsExactly(42, 43);

        List<Seen> f = rec.fpdus;
        assertThat(f).extracting(Seen::frame).containsExactly(10L, 14L, 16L);
        assertThat(f).extracting(Seen::ulpduLength).containsExactly(1442, 1442, 170);
        // tshark shows the CRC octets read most significant first; the field is sent least significant first.
        assertThat(f).extracting(x -> Integer.reverseBytes((int) x.crcField()))
                .containsExactly(0x660e6cf7, 0xd74f9153, 0x0abf28f7);
        assertThat(f).allMatch(x -> x.crcOk() && !x.truncated());
        assertThat(f).allMatch(x -> x.direction() == Direction.FROM_RESPONDER);
        // The markers stand where tshark shows them, but this stack writes wrong FPDUPTRs: tshark reads
        // back pointers 0, 2, 4 in the first FPDU and 0x5252 / 21074 in the later ones.
        assertThat(f).extracting(Seen::markers).containsExactly(3, 3, 1);
        assertThat(f).extracting(Seen::badMarkers).containsExactly(2, 3, 1);
        assertThat(rec.issues(StreamIssue.Kind.MARKER_INVALID)).extracting(StreamIssue::streamOffset)
                .containsExactly(555L, 1067L, 1579L, 2091L, 2603L, 3115L);
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_RST)).hasSize(1);
        assertThat(rec.issues).hasSize(7);
    }
}

package io.rdmascope.mpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.mpa.MpaTestSupport.Recorder;
import io.rdmascope.mpa.MpaTestSupport.Seen;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
        long[] isn = {-1, -1};
        int initiatorPort = -1;

        // Classic pcap, Ethernet, IPv4: enough arithmetic to take out each TCP payload.
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(FILE)).order(ByteOrder.LITTLE_ENDIAN);
        int at = 24;
        long frame = 0;
        while (at + 16 <= b.limit()) {
            frame++;
            int caplen = b.getInt(at + 8);
            int p = at + 16;
            at = p + caplen;
            int ip = p + 14;
            int ihl = (b.get(ip) & 0x0f) * 4;
            int ipLen = ((b.get(ip + 2) & 0xff) << 8) | (b.get(ip + 3) & 0xff);
            int t = ip + ihl;
            int sport = ((b.get(t) & 0xff) << 8) | (b.get(t + 1) & 0xff);
            long seq = Integer.toUnsignedLong(b.order(ByteOrder.BIG_ENDIAN).getInt(t + 4));
            b.order(ByteOrder.LITTLE_ENDIAN);
            int flags = b.get(t + 13) & 0xff;
            int thl = ((b.get(t + 12) & 0xf0) >> 4) * 4;
            if ((flags & 0x02) != 0 && (flags & 0x10) == 0) {
                initiatorPort = sport;
            }
            int d = sport == initiatorPort ? 0 : 1;
            if ((flags & 0x02) != 0) {
                isn[d] = seq;
                continue;
            }
            int len = ipLen - ihl - thl;
            if (len > 0) {
                byte[] payload = new byte[len];
                b.get(t + thl, payload, 0, len);
                h[d].data(frame, 0L, seq - isn[d] - 1, payload, 0, len);
            }
            if ((flags & 0x04) != 0) {
                h[d].end(frame, 0L, true);
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

package io.rdmascope.mpa;

import static io.rdmascope.mpa.MpaTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The FPDU assembly buffer of a direction costs little until an FPDU needs it: a capture with a
 * hundred thousand idle connections must not cost a maximal FPDU (64 KiB) per direction.
 */
class MpaStreamMemoryTest {
    @Test
    void assemblyBufferStartsSmallAndGrowsToTheFpduItHolds() {
        Recorder rec = new Recorder();
        MpaDetector det = new MpaDetector(rec);
        TcpConnection tcp = tcp(1);
        MpaStream hi = (MpaStream) det.open(tcp, Direction.FROM_INITIATOR);
        MpaStream hr = (MpaStream) det.open(tcp, Direction.FROM_RESPONDER);
        assertThat(hi.assemblyCapacity()).isLessThanOrEqualTo(MpaStream.INITIAL_ASSEMBLY);
        assertThat(hr.assemblyCapacity()).isLessThanOrEqualTo(MpaStream.INITIAL_ASSEMBLY);

        byte[] req = frame(true, 0x40, 1, new byte[0]);
        byte[] rep = frame(false, 0x40, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        // a Send of 20000 octets, delivered in pieces so that it is assembled across segments
        byte[] big = fpdus(List.of(send(1, 20_000)), req.length, -1, true);
        feed(hi, 3, req.length, big, 1460);
        assertThat(rec.fpdus).singleElement().satisfies(f -> {
            assertThat(f.ulpduLength()).isEqualTo(18 + 20_000);
            assertThat(f.crcOk()).isTrue();
            assertThat(f.ulpdu()).isEqualTo(send(1, 20_000));
        });
        assertThat(hi.assemblyCapacity()).isBetween(18 + 20_000, FpduLayout.MAX_IMAGE);
        assertThat(hr.assemblyCapacity()).isLessThanOrEqualTo(MpaStream.INITIAL_ASSEMBLY);
    }

    @Test
    void pendingOctetsCostLittleWhileFewAndKeepTheirFrames() {
        Pending p = new Pending();
        p.clear(100);
        p.append(7, 0L, new byte[] {1}, 0, 1);
        assertThat(p.data.length).isLessThanOrEqualTo(256);
        for (int i = 0; i < 10; i++) {
            p.append(8 + i, 0L, new byte[1000], 0, 1000);
        }
        assertThat(p.length).isEqualTo(10_001);
        assertThat(p.end()).isEqualTo(100 + 10_001);
        assertThat(p.runs).isEqualTo(11);
        assertThat(p.runFrame[0]).isEqualTo(7);
        assertThat(p.runEnd[10]).isEqualTo(100 + 10_001);
    }
}

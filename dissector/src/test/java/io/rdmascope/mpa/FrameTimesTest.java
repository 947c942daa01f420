package io.rdmascope.mpa;

import static io.rdmascope.mpa.MpaTestSupport.fpdus;
import static io.rdmascope.mpa.MpaTestSupport.tcp;
import static io.rdmascope.mpa.MpaTestSupport.time;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each event of the MPA stage carries the capture time of the frames it names, however late it comes. */
class FrameTimesTest {
    final List<String> events = new ArrayList<>();
    final MpaDetector det = new MpaDetector(new MpaListener() {
        @Override
        public void connection(MpaConnection c) {}

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            events.add("handshake " + h.frame() + " " + h.timeNanos());
        }

        @Override
        public void fpdu(MpaConnection c, Fpdu f) {
            events.add("fpdu " + f.frame + " " + f.timeNanos + " " + f.firstFrame + " " + f.firstTimeNanos);
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            events.add(i.kind() + " " + i.frame() + " " + i.timeNanos());
        }
    });
    final TcpConnection tcp = tcp(1);
    final StreamHandler hi = det.open(tcp, Direction.FROM_INITIATOR);
    final StreamHandler hr = det.open(tcp, Direction.FROM_RESPONDER);

    /** One FPDU of an untagged Send, DDP version {@code dv} (0 is plausible, 1 strong evidence of MPA). */
    static byte[] send(int msn, int dv) {
        byte[] u = MpaTestSupport.send(msn, 16);
        u[0] = (byte) (0x40 | dv);
        return fpdus(List.of(u), 0, -1, false);
    }

    @Test
    void fpdusHeldUntilALaterFrameDecidesCarryTheirOwnFramesTimes() {
        long offset = 0;
        for (int f = 1; f <= 3; f++) {
            byte[] w = send(f, 0);
            hi.data(f, time(f), offset, w, 0, w.length);
            offset += w.length;
            if (f < 3) {
                assertThat(events).isEmpty();
            }
        }
        assertThat(events).containsExactly(
                "fpdu 1 " + time(1) + " 1 " + time(1),
                "fpdu 2 " + time(2) + " 2 " + time(2),
                "fpdu 3 " + time(3) + " 3 " + time(3));
    }

    @Test
    void anFpduInPiecesCarriesTheTimesOfItsFirstAndLastFramesAndStreamIssuesTheirs() {
        byte[] a = send(1, 1);
        byte[] b = send(2, 1);
        byte[] c = send(3, 1);
        hi.data(1, time(1), 0, a, 0, a.length);
        hi.data(2, time(2), a.length, b, 0, b.length);
        long offset = a.length + b.length;
        hi.data(3, time(3), offset, Arrays.copyOfRange(c, 0, 10), 0, 10);
        hi.data(4, time(4), offset + 10, Arrays.copyOfRange(c, 10, c.length), 0, c.length - 10);
        offset += c.length;
        hi.gap(5, time(5), offset, 100);
        hi.end(6, time(6), false);
        assertThat(events).containsExactly(
                "fpdu 1 " + time(1) + " 1 " + time(1),
                "fpdu 2 " + time(2) + " 2 " + time(2),
                "fpdu 4 " + time(4) + " 3 " + time(3),
                "GAP 5 " + time(5),
                "CLOSED_FIN 6 " + time(6));
    }

    @Test
    void aHandshakeCarriesTheTimeOfTheFrameThatCompletesIt() {
        byte[] request = MpaTestSupport.frame(true, 0x40, 1, new byte[0]);
        hi.data(1, time(1), 0, Arrays.copyOfRange(request, 0, 10), 0, 10);
        hi.data(2, time(2), 10, Arrays.copyOfRange(request, 10, request.length), 0, request.length - 10);
        assertThat(events).containsExactly("handshake 2 " + time(2));
    }
}

package io.rdmascope.mpa;

import static io.rdmascope.mpa.MpaTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Connections whose MPA handshake was not captured: how soon each direction is recognised, and
 * what the detector says it still holds back ({@link MpaDetector#heldFrom}).
 */
class HandshakelessRecognitionTest {
    static final Direction I = Direction.FROM_INITIATOR;
    static final Direction R = Direction.FROM_RESPONDER;

    Recorder rec = new Recorder();
    MpaDetector det = new MpaDetector(rec);
    TcpConnection tcp = tcp(1);
    StreamHandler hi = det.open(tcp, I);
    StreamHandler hr = det.open(tcp, R);

    /** An untagged Send of 16 payload octets, DDP version {@code dv}. */
    static byte[] send(int msn, int dv) {
        byte[] u = MpaTestSupport.send(msn, 16);
        u[0] = (byte) (0x40 | dv);
        return u;
    }

    /** An RDMA Read Request (RFC 5040 section 4.4): queue 1. */
    static byte[] readRequest(int msn) {
        byte[] u = new byte[18 + 28];
        u[0] = 0x41;
        u[1] = 0x41;
        u[9] = 1; // QN
        u[13] = (byte) msn;
        u[18 + 3] = 0x40; // sink STag
        u[18 + 15] = 0x40; // read message size 64
        return u;
    }

    static byte[] wire(byte[]... ulpdus) {
        return fpdus(List.of(ulpdus), 0, -1, false);
    }

    /** Feeds one FPDU per frame from {@code frame} on; returns the heldFrom seen after each frame. */
    List<Long> feedEach(StreamHandler h, long frame, long offset, byte[]... ulpdus) {
        List<Long> held = new ArrayList<>();
        for (byte[] u : ulpdus) {
            byte[] w = wire(u);
            h.data(frame++, 0L, offset, w, 0, w.length);
            offset += w.length;
            held.add(det.heldFrom());
        }
        return held;
    }

    @Test
    void threePlausibleFpdusDecideWithoutWaitingForMarkerEvidence() {
        List<Long> held = feedEach(hi, 1, 0, send(1, 0), send(2, 0), send(3, 0));
        // DDP version 0: plausible, not strong; the third FPDU decides.
        assertThat(held).containsExactly(1L, 1L, MpaDetector.NONE);
        assertThat(rec.connections).singleElement().satisfies(c -> {
            assertThat(c.assumed).isTrue();
            assertThat(c.markers(I)).isFalse();
            assertThat(c.crc).isFalse();
        });
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(1L, 2L, 3L);
    }

    @Test
    void twoStrongFpdusDecide() {
        List<Long> held = feedEach(hi, 1, 0, send(1, 1), send(2, 1));
        assertThat(held).containsExactly(1L, MpaDetector.NONE);
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(1L, 2L);
    }

    @Test
    void aLargeMsnIsNotStrong() {
        byte[] a = send(1, 1);
        byte[] b = send(2, 1);
        a[10] = 0x10;
        b[10] = 0x10;
        List<Long> held = feedEach(hi, 1, 0, a, b);
        assertThat(held).containsExactly(1L, 1L);
        assertThat(rec.connections).isEmpty();
    }

    @Test
    void twoFpdusFollowedByGarbageWaitForEvidence() {
        byte[] w = concat(wire(send(1, 1), send(2, 1)), new byte[] {0, 0, 0, 7});
        hi.data(1, 0L, 0, w, 0, w.length);
        assertThat(rec.connections).isEmpty();
        assertThat(det.heldFrom()).isEqualTo(1L);
    }

    @Test
    void oneStrongFpduOfTheOtherDirectionOnceTheConnectionIsKnown() {
        feedEach(hi, 1, 0, send(1, 0), send(2, 0));
        feedEach(hr, 3, 0, readRequest(1));
        assertThat(rec.connections).isEmpty();
        assertThat(det.heldFrom()).isEqualTo(1L);
        feedEach(hi, 4, 80, send(3, 1));
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(1L, 2L, 4L);
        assertThat(rec.fpdus(R)).extracting(Seen::frame).containsExactly(3L);
        assertThat(det.heldFrom()).isEqualTo(MpaDetector.NONE);
        // Later FPDUs of both directions are framed as they come.
        feedEach(hr, 5, 52, readRequest(2));
        assertThat(rec.fpdus(R)).extracting(Seen::frame).containsExactly(3L, 5L);
    }

    @Test
    void aDirectionThatEndedBeforeTheOtherWasRecognisedIsReplayedWithItsFrames() {
        byte[] rr = readRequest(1);
        rr[0] = 0x40; // DDP version 0: not enough alone, even filling the stream
        feedEach(hi, 1, 0, send(1, 0), send(2, 0));
        feedEach(hr, 3, 0, rr);
        hr.end(4, 0L, false);
        assertThat(rec.connections).isEmpty();
        // Held: the initiator's octets since frame 1 and the responder's FPDU of frame 3 and FIN.
        assertThat(det.heldFrom()).isEqualTo(1L);
        feedEach(hi, 5, 80, send(3, 1));
        assertThat(rec.fpdus(R)).extracting(Seen::frame).containsExactly(3L);
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_FIN)).singleElement()
                .satisfies(i -> assertThat(i.frame()).isEqualTo(4L));
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(1L, 2L, 5L);
        assertThat(det.heldFrom()).isEqualTo(MpaDetector.NONE);
    }

    @Test
    void aDirectionEndedWithOneStrongFpduIsRecognisedAtItsEnd() {
        feedEach(hi, 1, 0, send(1, 0));
        feedEach(hr, 2, 0, readRequest(1));
        hr.end(3, 0L, false);
        assertThat(rec.fpdus(R)).extracting(Seen::frame).containsExactly(2L);
        // One Send of DDP version 0 is not enough, two plausible FPDUs are.
        assertThat(rec.fpdus(I)).isEmpty();
        assertThat(det.heldFrom()).isEqualTo(1L);
        feedEach(hi, 4, 40, send(2, 0));
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(1L, 4L);
        assertThat(det.heldFrom()).isEqualTo(MpaDetector.NONE);
    }

    @Test
    void nothingIsHeldForAConnectionRuledOut() {
        byte[] junk = new byte[100];
        java.util.Arrays.fill(junk, (byte) 'x');
        hi.data(1, 0L, 0, junk, 0, junk.length);
        assertThat(det.heldFrom()).isEqualTo(1L);
        hi.end(2, 0L, false);
        hr.end(2, 0L, false);
        assertThat(rec.order).isEmpty();
        assertThat(det.heldFrom()).isEqualTo(MpaDetector.NONE);
    }

    @Test
    void nothingIsHeldWhileFraming() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0, 1, new byte[0]);
        hi.data(1, 0L, 0, req, 0, req.length);
        hr.data(2, 0L, 0, rep, 0, rep.length);
        byte[] w = wire(send(1, 1));
        hi.data(3, 0L, req.length, w, 0, 30);
        assertThat(det.heldFrom()).isEqualTo(MpaDetector.NONE);
        hi.data(4, 0L, req.length + 30, w, 30, w.length - 30);
        assertThat(rec.fpdus(I)).extracting(Seen::frame).containsExactly(4L);
    }

    @Test
    void strongHeader() {
        byte[] img = wire(send(1, 1));
        assertThat(FpduHeaderCheck.strongHeader(img, 0, img.length)).isTrue();
        assertThat(FpduHeaderCheck.strongHeader(img, 0, FpduHeaderCheck.STRONG_PROBE - 1)).isFalse();
        byte[] dv0 = wire(send(1, 0));
        assertThat(FpduHeaderCheck.strongHeader(dv0, 0, dv0.length)).isFalse();
        byte[] rr = wire(readRequest(1));
        assertThat(FpduHeaderCheck.strongHeader(rr, 0, rr.length)).isTrue();
        rr[2 + 9] = 0; // a Read Request on the Send queue
        assertThat(FpduHeaderCheck.strongHeader(rr, 0, rr.length)).isFalse();
        byte[] msn0 = wire(send(0, 1));
        assertThat(FpduHeaderCheck.strongHeader(msn0, 0, msn0.length)).isFalse();
        byte[] tagged = wire(new byte[] {(byte) 0x81, 0x40, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9});
        assertThat(FpduHeaderCheck.strongHeader(tagged, 0, tagged.length)).isTrue();
        // every Send opcode travels on queue 0 (RFC 5040 section 5.1): the responses of NVMe, iSER,
        // SMB Direct and NFS are Sends with Invalidate
        for (int opcode = 3; opcode <= 6; opcode++) {
            byte[] s = send(1, 1);
            s[1] = (byte) (0x40 | opcode);
            byte[] w = wire(s);
            assertThat(FpduHeaderCheck.strongHeader(w, 0, w.length)).as("opcode %d", opcode).isTrue();
            s[9] = 2;
            byte[] q2 = wire(s);
            assertThat(FpduHeaderCheck.strongHeader(q2, 0, q2.length)).as("opcode %d on queue 2", opcode).isFalse();
        }
        byte[] terminate = send(1, 1);
        terminate[1] = 0x47;
        terminate[9] = 2;
        byte[] t = wire(terminate);
        assertThat(FpduHeaderCheck.strongHeader(t, 0, t.length)).isTrue();
    }
}

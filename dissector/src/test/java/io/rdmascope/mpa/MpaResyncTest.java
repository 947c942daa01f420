package io.rdmascope.mpa;

import static io.rdmascope.mpa.MpaTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Framing recovery: an FPDU that is not where the previous one ended (a missing CRC field or pad,
 * extra octets, a length that lies), found again before or after the expected place, with and
 * without CRC and markers; and recognition of streams whose handshake was not captured.
 */
class MpaResyncTest {
    static final Direction I = Direction.FROM_INITIATOR;
    static final Direction R = Direction.FROM_RESPONDER;

    Recorder rec = new Recorder();
    MpaDetector det = new MpaDetector(rec);
    TcpConnection tcp = tcp(1);
    StreamHandler hi = det.open(tcp, I);
    StreamHandler hr = det.open(tcp, R);

    /** Request and Reply with the given flags on both sides; returns the initiator's first FPDU offset. */
    long handshake(int flags) {
        byte[] req = frame(true, flags, 1, new byte[0]);
        byte[] rep = frame(false, flags, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        return req.length;
    }

    static List<byte[]> sends(int first, int count, int payload) {
        List<byte[]> us = new ArrayList<>();
        for (int k = first; k < first + count; k++) {
            us.add(send(k, payload + 13 * k));
        }
        return us;
    }

    static List<Integer> msns(List<Seen> fpdus) {
        return fpdus.stream().filter(f -> !f.truncated() && f.ulpdu().length >= 18).map(f -> (int) f.ulpdu()[13]).toList();
    }

    @Test
    void missingCrcFieldIsFramingAndTheNextFpdusAreDelivered() {
        for (boolean crc : new boolean[] {false, true}) {
            for (int chunk : new int[] {1, 7, 60, 1448}) {
                rec = new Recorder();
                det = new MpaDetector(rec);
                hi = det.open(tcp, I);
                hr = det.open(tcp, R);
                long base = handshake(crc ? 0x40 : 0);
                List<byte[]> us = sends(1, 6, 10);
                byte[] w = fpdus(us, base, -1, crc, 1);
                feed(hi, 10, base, w, chunk);
                hi.captureEnd();
                List<Seen> f = rec.fpdus(I);
                String as = "crc " + crc + " chunk " + chunk;
                // The FPDU without CRC field is delivered (its ULPDU is whole); every later one too.
                assertThat(msns(f)).as(as).containsExactly(1, 2, 3, 4, 5, 6);
                long second = base + fpdus(us.subList(0, 1), base, -1, crc, -1).length;
                long third = second + fpdus(us.subList(1, 2), second, -1, crc, 0).length;
                assertThat(rec.issues(StreamIssue.Kind.FRAMING)).as(as).singleElement().satisfies(i -> {
                    assertThat(i.streamOffset()).isEqualTo(third + 4);
                    assertThat(i.message()).contains("next FPDU found at stream offset " + third, "4 octets earlier");
                });
                assertThat(f.subList(2, f.size())).as(as).allMatch(x -> !x.truncated()
                        && (crc ? x.crcOk() : x.crcOk() == null));
                assertThat(rec.issues(StreamIssue.Kind.TRUNCATED)).as(as).isEmpty();
            }
        }
    }

    @Test
    void missingCrcFieldAsLastButOneFpduOfTheStream() {
        long base = handshake(0);
        List<byte[]> us = sends(1, 2, 10);
        feed(hi, 10, base, fpdus(us, base, -1, false, 0), 1448);
        hi.end(11, 0L, false);
        assertThat(msns(rec.fpdus(I))).containsExactly(1, 2);
        assertThat(rec.issues(StreamIssue.Kind.FRAMING)).singleElement()
                .satisfies(i -> assertThat(i.message()).contains("4 octets earlier"));
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_FIN)).hasSize(1);
    }

    @Test
    void missingCrcFieldWithMarkers() {
        for (int payload : new int[] {10, 300, 497, 900}) {
            for (boolean crc : new boolean[] {false, true}) {
                rec = new Recorder();
                det = new MpaDetector(rec);
                hi = det.open(tcp, I);
                hr = det.open(tcp, R);
                long base = handshake(0x80 | (crc ? 0x40 : 0));
                List<byte[]> us = sends(1, 8, payload);
                byte[] w = fpdus(us, base, base, crc, 2);
                feed(hi, 10, base, w, 1448);
                hi.captureEnd();
                String as = "payload " + payload + " crc " + crc;
                assertThat(msns(rec.fpdus(I))).as(as).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
                assertThat(rec.issues(StreamIssue.Kind.FRAMING)).as(as).singleElement()
                        .satisfies(i -> assertThat(i.message()).contains("4 octets earlier"));
                assertThat(rec.fpdus(I).subList(3, 8)).as(as).allMatch(x -> x.badMarkers() == 0);
            }
        }
    }

    @Test
    void extraOctetsBetweenFpdusAreSkipped() {
        Random rnd = new Random(5);
        for (boolean crc : new boolean[] {false, true}) {
            for (int extra : new int[] {1, 3, 4, 17, 333}) {
                rec = new Recorder();
                det = new MpaDetector(rec);
                hi = det.open(tcp, I);
                hr = det.open(tcp, R);
                long base = handshake(crc ? 0x40 : 0);
                byte[] a = fpdus(sends(1, 2, 20), base, -1, crc, -1);
                byte[] junk = new byte[extra];
                rnd.nextBytes(junk);
                junk[0] = (byte) 0xff;
                byte[] b = fpdus(sends(3, 4, 20), base + a.length + extra, -1, crc, -1);
                feed(hi, 10, base, concat(a, junk, b), 100);
                hi.captureEnd();
                String as = "crc " + crc + " extra " + extra + " " + rec.issues;
                assertThat(msns(rec.fpdus(I))).as(as).containsExactly(1, 2, 3, 4, 5, 6);
                assertThat(rec.issues(StreamIssue.Kind.FRAMING)).as(as).singleElement().satisfies(i -> {
                    assertThat(i.streamOffset()).isEqualTo(base + a.length);
                    assertThat(i.message()).contains("next FPDU found at stream offset " + (base + a.length + extra),
                            extra + " octets later");
                });
            }
        }
    }

    /** An FPDU whose header breaks the rules but whose framing holds is delivered, not skipped. */
    @Test
    void unknownRdmapVersionWithoutCrcKeepsFraming() {
        long base = handshake(0);
        List<byte[]> us = sends(1, 4, 30);
        us.get(1)[1] = (byte) 0x83; // RDMAP version 2
        feed(hi, 10, base, fpdus(us, base, -1, false, -1), 1448);
        assertThat(msns(rec.fpdus(I))).containsExactly(1, 2, 3, 4);
        assertThat(rec.issues).isEmpty();
    }

    @Test
    void zeroLengthUlpduBetweenFpdus() {
        for (boolean crc : new boolean[] {false, true}) {
            rec = new Recorder();
            det = new MpaDetector(rec);
            hi = det.open(tcp, I);
            hr = det.open(tcp, R);
            long base = handshake(crc ? 0x40 : 0);
            List<byte[]> us = new ArrayList<>(sends(1, 2, 5));
            us.add(new byte[0]);
            us.addAll(sends(3, 3, 5));
            feed(hi, 10, base, fpdus(us, base, -1, crc, -1), 1448);
            hi.captureEnd();
            assertThat(msns(rec.fpdus(I))).as("crc %s", crc).containsExactly(1, 2, 3, 4, 5);
            assertThat(rec.fpdus(I)).anyMatch(f -> f.ulpduLength() == 0);
            assertThat(rec.issues(StreamIssue.Kind.FRAMING)).isEmpty();
        }
    }

    @Test
    void lyingLengthAtTheEndOfTheCaptureIsTruncated() {
        long base = handshake(0x40);
        byte[] a = fpdus(sends(1, 2, 20), base, -1, true, -1);
        byte[] lie = new byte[40];
        lie[0] = (byte) 0xff;
        lie[1] = (byte) 0xff;
        lie[2] = 0x41;
        lie[3] = 0x43;
        feed(hi, 10, base, concat(a, lie), 1448);
        hi.captureEnd();
        det.finish();
        assertThat(msns(rec.fpdus(I))).containsExactly(1, 2);
        assertThat(rec.fpdus(I)).hasSize(3);
        assertThat(rec.fpdus(I).get(2).truncated()).isTrue();
        assertThat(rec.issues(StreamIssue.Kind.TRUNCATED)).hasSize(1);
    }

    /** Random octets after framing was lost: never an exception, bounded buffering, framing resumes. */
    @Test
    void garbageOfEverySizeThenFpdus() {
        Random rnd = new Random(11);
        for (int round = 0; round < 200; round++) {
            rec = new Recorder();
            det = new MpaDetector(rec);
            hi = det.open(tcp, I);
            hr = det.open(tcp, R);
            boolean crc = rnd.nextBoolean();
            boolean markers = rnd.nextInt(3) == 0;
            long base = handshake((crc ? 0x40 : 0) | (markers ? 0x80 : 0));
            byte[] a = fpdus(sends(1, 2, 40), base, markers ? base : -1, crc, -1);
            byte[] junk = new byte[rnd.nextInt(rnd.nextBoolean() ? 50 : 5000)];
            rnd.nextBytes(junk);
            // The sender's later FPDUs, written where they land after the garbage.
            long at = base + a.length + junk.length;
            List<byte[]> later = sends(3, 8, 40 + rnd.nextInt(900));
            byte[] b = fpdus(later, at, markers ? base : -1, crc, -1);
            feed(hi, 10, base, concat(a, junk, b), 1 + rnd.nextInt(1500));
            hi.captureEnd();
            String as = "round " + round + " crc " + crc + " markers " + markers + " junk " + junk.length;
            List<Integer> got = msns(rec.fpdus(I).stream().filter(f -> !f.truncated()
                    && (!crc || Boolean.TRUE.equals(f.crcOk()))).toList());
            assertThat(got).as(as).startsWith(1, 2).endsWith(7, 8, 9, 10);
        }
    }

    @Test
    void singleFpduStreamWithoutCrcIsRecognised() {
        byte[] w = fpdus(sends(1, 1, 25), 0, -1, false, -1);
        feed(hi, 1, 0, w, 1448);
        hi.end(2, 0L, false);
        hr.end(3, 0L, false);
        det.finish();
        assertThat(rec.connections).singleElement().satisfies(c -> assertThat(c.assumed).isTrue());
        assertThat(rec.fpdus(I)).singleElement().satisfies(f -> assertThat(f.ulpdu()).isEqualTo(send(1, 25 + 13)));
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_FIN)).hasSize(2);
    }

    @Test
    void singleImplausibleFpduIsNotMpa() {
        byte[] w = fpdus(sends(1, 1, 25), 0, -1, false, -1);
        w[2] = 0x42; // DDP version 2
        feed(hi, 1, 0, w, 1448);
        hi.end(2, 0L, false);
        hr.end(3, 0L, false);
        det.finish();
        assertThat(rec.order).isEmpty();
    }

    /**
     * The initiator's direction ended, and was ruled out, before the responder's FPDUs showed the
     * connection is MPA: its octets are looked at again, and its FIN reported after its FPDU.
     */
    @Test
    void directionRuledOutBeforeTheOtherRecognisesIsReexamined() {
        byte[] one = fpdus(sends(1, 1, 25), 0, -1, false, -1);
        one[2] = 0x40; // DDP version 0: a single FPDU like this does not make a connection MPA
        feed(hi, 1, 0, one, 1448);
        hi.end(2, 0L, false);
        assertThat(rec.order).isEmpty();
        feed(hr, 3, 0, fpdus(sends(1, 5, 30), 0, -1, false, -1), 1448);
        hr.end(4, 0L, false);
        det.finish();
        assertThat(rec.connections).hasSize(1);
        assertThat(rec.fpdus(I)).singleElement().satisfies(f -> assertThat(f.frame()).isEqualTo(1));
        assertThat(rec.fpdus(R)).hasSize(5);
        List<StreamIssue> fins = rec.issues(StreamIssue.Kind.CLOSED_FIN);
        assertThat(fins).extracting(StreamIssue::direction).containsExactly(I, R);
        assertThat(fins.get(0).frame()).isEqualTo(2);
        assertThat(rec.order.indexOf("fpdu c1")).isLessThan(rec.order.indexOf("issue CLOSED_FIN"));
    }

    /** A capture that starts mid-connection with markers: the origin follows from two markers 512 octets apart. */
    @Test
    void markerOriginFromTwoMarkers() {
        List<byte[]> us = sends(1, 4, 250);
        long origin = 100;
        byte[] w = fpdus(us, 0, origin, false, -1);
        int start = 40;
        byte[] seen = java.util.Arrays.copyOfRange(w, start, w.length);
        assertThat(seen.length).isLessThan(3 * 512);
        feed(hi, 1, 5000, seen, 1448);
        hi.captureEnd();
        hr.captureEnd();
        det.finish();
        MpaConnection c = rec.connections.get(0);
        assertThat(c.markers(I)).isTrue();
        assertThat(msns(rec.fpdus(I))).containsExactly(2, 3, 4);
        assertThat(rec.fpdus(I)).allMatch(f -> f.badMarkers() == 0);
    }
}

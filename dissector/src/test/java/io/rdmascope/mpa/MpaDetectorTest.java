package io.rdmascope.mpa;

import static io.rdmascope.mpa.MpaTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MpaDetectorTest {
    static final Direction I = Direction.FROM_INITIATOR;
    static final Direction R = Direction.FROM_RESPONDER;

    Recorder rec = new Recorder();
    MpaDetector det = new MpaDetector(rec);
    TcpConnection tcp = tcp(1);
    StreamHandler hi = det.open(tcp, I);
    StreamHandler hr = det.open(tcp, R);

    @Test
    void crc32cKnownVector() {
        byte[] v = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(FpduCrc.crc32c(v, 0, v.length)).isEqualTo(0xE3069283L);
    }

    @Test
    void fpduCrcMatchesIndependentComputation() {
        // ULPDU_Length 0x0012, Send header, no payload, pad 0; CRC over the 20 octets, sent LSB first.
        byte[] u = send(1, 0);
        byte[] wire = fpdus(List.of(u), 0, -1, true);
        assertThat(wire).hasSize(24);
        long c = crc(wire, 0, 20);
        assertThat(wire[20] & 0xff).isEqualTo((int) (c & 0xff));
        assertThat(wire[23] & 0xff).isEqualTo((int) (c >>> 24));
        assertThat(FpduReader.HAND.crcField(wire, 20)).isEqualTo(c);
    }

    @Test
    void revision1HandshakeAndFpdus() {
        byte[] req = frame(true, 0x40, 1, "hello".getBytes(StandardCharsets.US_ASCII));
        byte[] rep = frame(false, 0x00, 1, new byte[0]);
        feed(hi, 4, 0, req, 100);
        feed(hr, 6, 0, rep, 100);
        byte[] fi = fpdus(List.of(send(1, 10), send(2, 3)), req.length, -1, true);
        byte[] fr = fpdus(List.of(send(1, 100)), rep.length, -1, true);
        feed(hi, 8, req.length, fi, 1000);
        feed(hr, 9, rep.length, fr, 1000);
        hi.end(10, 0L, false);
        hr.end(11, 0L, true);
        det.finish();

        assertThat(rec.connections).hasSize(1);
        MpaConnection c = rec.connections.get(0);
        assertThat(c.id()).isEqualTo("c1");
        assertThat(rec.order.get(0)).isEqualTo("connection c1");
        assertThat(c.revision).isEqualTo(1);
        assertThat(c.crc).isTrue();
        assertThat(c.markers).containsExactly(false, false);
        assertThat(c.assumed).isFalse();
        assertThat(c.fpduStart).containsExactly(req.length, rep.length);
        MpaHandshake h = rec.handshakes.get(0);
        assertThat(h.request()).isTrue();
        assertThat(h.crcFlag()).isTrue();
        assertThat(h.markerFlag()).isFalse();
        assertThat(h.privateDataLength()).isEqualTo(5);
        assertThat(new String(h.privateData(), StandardCharsets.US_ASCII)).isEqualTo("hello");
        assertThat(h.ird()).isNull();
        assertThat(h.frame()).isEqualTo(4);
        assertThat(rec.handshakes.get(1).request()).isFalse();
        assertThat(rec.fpdus(I)).hasSize(2);
        assertThat(rec.fpdus(R)).hasSize(1);
        for (Seen f : rec.fpdus) {
            assertThat(f.crcOk()).isTrue();
            assertThat(f.markers()).isZero();
        }
        Seen f0 = rec.fpdus(I).get(0);
        assertThat(f0.ulpduLength()).isEqualTo(28);
        assertThat(f0.padLength()).isEqualTo(2);
        assertThat(f0.ulpdu()).isEqualTo(send(1, 10));
        assertThat(f0.streamOffset()).isEqualTo(req.length);
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_FIN)).hasSize(1);
        assertThat(rec.issues(StreamIssue.Kind.CLOSED_RST)).hasSize(1);
        assertThat(rec.ended).isTrue();
    }

    @Test
    void crcNotNegotiatedGivesNullCheck() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        feed(hi, 3, req.length, fpdus(List.of(send(1, 5)), req.length, -1, false), 100);
        assertThat(rec.connections.get(0).crc).isFalse();
        assertThat(rec.fpdus).singleElement().satisfies(f -> {
            assertThat(f.crcOk()).isNull();
            assertThat(f.crcField()).isZero();
        });
    }

    @Test
    void revision2IrdOrdWithFlags() {
        byte[] pdReq = {(byte) 0x80 | 0x00, 0x10, 0x40, 0x08, 'x'};
        byte[] pdRep = {0x3f, (byte) 0xff, 0x3f, (byte) 0xff};
        feed(hi, 1, 0, frame(true, 0x10, 2, pdReq), 7);
        feed(hr, 2, 0, frame(false, 0x10 | 0x20, 2, pdRep), 100);
        MpaConnection c = rec.connections.get(0);
        MpaHandshake req = rec.handshakes.get(0);
        assertThat(req.enhancedFlag()).isTrue();
        assertThat(req.reservedFlags()).isZero();
        assertThat(req.ird()).isEqualTo(0x10);
        assertThat(req.ord()).isEqualTo(8);
        assertThat(req.irdFlags()).isEqualTo(2);
        assertThat(req.ordFlags()).isEqualTo(1);
        assertThat(req.privateDataLength()).isEqualTo(5);
        MpaHandshake rep = rec.handshakes.get(1);
        assertThat(rep.rejectFlag()).isTrue();
        assertThat(rep.ird()).isEqualTo(0x3fff);
        assertThat(c.revision).isEqualTo(2);
        assertThat(c.rejected).isTrue();
        assertThat(c.initiatorIrd).isEqualTo(0x10);
        assertThat(c.initiatorOrd).isEqualTo(8);
        assertThat(c.responderOrd).isEqualTo(0x3fff);
        // A rejected connection carries no FPDUs.
        feed(hr, 3, 24, fpdus(List.of(send(1, 4)), 24, -1, false), 100);
        assertThat(rec.fpdus).isEmpty();
    }

    @Test
    void revision1ReservedBitAndLongPrivateDataAreReportedAsSent() {
        byte[] pd = new byte[600];
        feed(hi, 1, 0, frame(true, 0x10 | 0x01, 1, pd), 1460);
        MpaHandshake h = rec.handshakes.get(0);
        assertThat(h.privateDataLength()).isEqualTo(600);
        assertThat(h.reservedFlags()).isEqualTo(0x11);
        assertThat(h.ird()).isNull();
        assertThat(h.length()).isEqualTo(620);
    }

    /** The markers of the responder's stream fall at every offset of the second and third FPDU. */
    @Test
    void markersAtEveryOffsetOfAnFpdu() {
        for (int shift = 0; shift < 512; shift++) {
            for (int second : new int[] {0, 1, 2, 3, 490, 600}) {
                Recorder r = new Recorder();
                MpaDetector d = new MpaDetector(r);
                TcpConnection t = tcp(1);
                StreamHandler i = d.open(t, I);
                StreamHandler s = d.open(t, R);
                byte[] req = frame(true, 0xc0, 1, new byte[0]);
                byte[] rep = frame(false, 0x40, 1, new byte[3]);
                feed(i, 1, 0, req, 1000);
                feed(s, 2, 0, rep, 1000);
                List<byte[]> us = List.of(send(1, shift), send(2, second), send(3, 30), send(4, 1200));
                byte[] w = fpdus(us, rep.length, rep.length, true);
                feed(s, 3, rep.length, w, 1448);
                assertThat(r.fpdus).as("shift %d second %d", shift, second).hasSize(4);
                for (int k = 0; k < 4; k++) {
                    Seen f = r.fpdus.get(k);
                    assertThat(f.crcOk()).as("crc shift %d fpdu %d", shift, k).isTrue();
                    assertThat(f.badMarkers()).isZero();
                    assertThat(f.ulpdu()).isEqualTo(us.get(k));
                }
                assertThat(r.fpdus.stream().mapToInt(Seen::markers).sum()).isEqualTo((w.length + 511) / 512);
                assertThat(r.fpdus.stream().mapToInt(Seen::wireLength).sum()).isEqualTo(w.length);
                assertThat(r.issues).isEmpty();
                assertThat(r.fpdus.get(0).markers()).isGreaterThanOrEqualTo(1);
            }
        }
    }

    @Test
    void everySplitPointAndOneOctetAtATime() {
        byte[] req = frame(true, 0xc0, 1, new byte[0]);
        byte[] rep = frame(false, 0xc0, 1, new byte[0]);
        List<byte[]> us = List.of(send(1, 700), send(2, 1), send(3, 2), send(4, 300));
        byte[] w = fpdus(us, req.length, req.length, true);
        byte[] stream = concat(req, w);
        for (int split = 0; split <= stream.length; split++) {
            Recorder r = new Recorder();
            MpaDetector d = new MpaDetector(r);
            TcpConnection t = tcp(1);
            StreamHandler i = d.open(t, I);
            StreamHandler s = d.open(t, R);
            feed(s, 1, 0, rep, 100);
            i.data(2, 0L, 0, stream, 0, split);
            i.data(3, 0L, split, stream, split, stream.length - split);
            assertThat(r.fpdus).as("split %d", split).hasSize(4);
            assertThat(r.fpdus).allMatch(f -> f.crcOk() && f.badMarkers() == 0);
            assertThat(r.issues).isEmpty();
        }
        Recorder r = new Recorder();
        MpaDetector d = new MpaDetector(r);
        TcpConnection t = tcp(1);
        StreamHandler i = d.open(t, I);
        StreamHandler s = d.open(t, R);
        feed(s, 1, 0, rep, 100);
        feed(i, 2, 0, stream, 1);
        assertThat(r.fpdus).hasSize(4);
        for (int k = 0; k < 4; k++) {
            assertThat(r.fpdus.get(k).ulpdu()).isEqualTo(us.get(k));
            assertThat(r.fpdus.get(k).crcOk()).isTrue();
        }
        // The frame that completes an FPDU is the one that carried its last octet.
        Seen last = r.fpdus.get(3);
        assertThat(last.frame()).isEqualTo(2 + stream.length - 1);
        assertThat(last.frame() - (last.wireLength() - 1)).isEqualTo(2 + last.streamOffset());
    }

    @Test
    void severalFpdusPerSegmentAreDeliveredWithoutCopy() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0x40, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        List<byte[]> us = new ArrayList<>();
        for (int k = 1; k <= 20; k++) {
            us.add(send(k, k));
        }
        byte[] w = fpdus(us, req.length, -1, true);
        List<byte[]> buffers = new ArrayList<>();
        MpaDetector d = new MpaDetector(new Recorder() {
            @Override
            public void fpdu(MpaConnection c, Fpdu f) {
                buffers.add(f.buf);
                super.fpdu(c, f);
            }
        });
        TcpConnection t = tcp(2);
        StreamHandler i = d.open(t, I);
        StreamHandler s = d.open(t, R);
        feed(i, 1, 0, req, 100);
        feed(s, 2, 0, rep, 100);
        byte[] seg = w.clone();
        i.data(3, 0L, req.length, seg, 0, seg.length);
        assertThat(buffers).hasSize(20).allMatch(b -> b == seg);
    }

    @Test
    void gapInsideFpduThenResyncWithoutMarkers() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0x40, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        List<byte[]> us = new ArrayList<>();
        for (int k = 1; k <= 8; k++) {
            us.add(send(k, 100 + k));
        }
        byte[] w = fpdus(us, req.length, -1, true);
        long base = req.length;
        int cut = 130 + 40; // inside the second FPDU, after its header
        hi.data(3, 0L, base, w, 0, cut);
        hi.gap(4, 0L, base + cut, 50);
        hi.data(5, 0L, base + cut + 50, w, cut + 50, w.length - cut - 50);
        assertThat(rec.issues(StreamIssue.Kind.GAP)).singleElement().satisfies(g -> assertThat(g.length()).isEqualTo(50));
        assertThat(rec.issues(StreamIssue.Kind.TRUNCATED)).hasSize(1);
        List<Seen> f = rec.fpdus(I);
        assertThat(f.get(0).crcOk()).isTrue();
        assertThat(f.get(1).truncated()).isTrue();
        assertThat(f.get(1).crcOk()).isNull();
        // The third FPDU may be lost while resynchronising; the last ones are found again.
        assertThat(f.subList(2, f.size())).allMatch(x -> !x.truncated() && x.crcOk());
        assertThat(f.get(f.size() - 1).ulpdu()).isEqualTo(us.get(7));
        assertThat(f.size()).isGreaterThanOrEqualTo(7);
        assertThat(rec.issues(StreamIssue.Kind.FRAMING)).isEmpty();
    }

    @Test
    void gapInsideFpduThenResyncWithMarkers() {
        byte[] req = frame(true, 0xc0, 1, new byte[0]);
        byte[] rep = frame(false, 0xc0, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        List<byte[]> us = new ArrayList<>();
        for (int k = 1; k <= 10; k++) {
            us.add(send(k, 600 + k));
        }
        long base = req.length;
        byte[] w = fpdus(us, base, base, true);
        int cut = 100;
        hi.data(3, 0L, base, w, 0, cut);
        hi.gap(4, 0L, base + cut, 1000);
        hi.data(5, 0L, base + cut + 1000, w, cut + 1000, w.length - cut - 1000);
        assertThat(rec.issues(StreamIssue.Kind.GAP)).hasSize(1);
        assertThat(rec.issues(StreamIssue.Kind.MARKER_INVALID)).isEmpty();
        List<Seen> f = rec.fpdus(I);
        assertThat(f.get(0).truncated()).isTrue();
        assertThat(f.subList(1, f.size())).allMatch(x -> x.crcOk() && x.badMarkers() == 0);
        assertThat(f.get(f.size() - 1).ulpdu()).isEqualTo(us.get(9));
        assertThat(f.size()).isGreaterThanOrEqualTo(8);
    }

    @Test
    void wrongPadIsFramingAndFramingResumes() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0x40, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        long base = req.length;
        byte[] a = fpdus(List.of(send(1, 4)), base, -1, true); // ULPDU 22: no pad
        byte[] bad = fpdus(List.of(send(2, 6)), base + a.length, -1, true); // ULPDU 24: pad 2
        // The sender forgot the pad: drop the two pad octets and recompute the CRC over what it sent.
        byte[] b = new byte[bad.length - 2];
        System.arraycopy(bad, 0, b, 0, 26);
        long c = crc(b, 0, 26);
        for (int k = 0; k < 4; k++) {
            b[26 + k] = (byte) (c >> (8 * k));
        }
        byte[] rest = fpdus(List.of(send(3, 40), send(4, 41), send(5, 42)), base + a.length + b.length, -1, true);
        feed(hi, 3, base, concat(a, b, rest), 60);
        List<StreamIssue> framing = rec.issues(StreamIssue.Kind.FRAMING);
        assertThat(framing).singleElement().satisfies(i ->
                assertThat(i.message()).contains("next FPDU found at stream offset " + (base + a.length + b.length)));
        List<Seen> f = rec.fpdus(I);
        assertThat(f.get(1).crcOk()).isFalse();
        assertThat(f.get(f.size() - 1).ulpdu()).isEqualTo(send(5, 42));
        assertThat(f.stream().filter(x -> x.ulpduLength() == 18 + 40)).hasSize(1);
    }

    @Test
    void nonZeroPadKeepsTheFramingAndTheFpduStillCounts() {
        byte[] req = frame(true, 0x40, 1, new byte[0]);
        byte[] rep = frame(false, 0x40, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        long base = req.length;
        byte[] w = fpdus(List.of(send(1, 5), send(2, 4)), base, -1, true); // ULPDU 23: three pad octets
        w[2 + 23 + 1] = (byte) 0xA5;
        long c = crc(w, 0, 28);
        for (int k = 0; k < 4; k++) {
            w[28 + k] = (byte) (c >> (8 * k));
        }
        feed(hi, 3, base, w, 1448);
        assertThat(rec.issues(StreamIssue.Kind.FRAMING)).isEmpty();
        assertThat(rec.fpdus(I)).hasSize(2).allMatch(Seen::crcOk);
        assertThat(rec.fpdus(I)).extracting(Seen::padNonZero).containsExactly(true, false);
    }

    @Test
    void badFpduPtrIsReported() {
        byte[] req = frame(true, 0x80, 1, new byte[0]);
        byte[] rep = frame(false, 0x80, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        long base = req.length;
        byte[] w = fpdus(List.of(send(1, 1000), send(2, 10)), base, base, false);
        w[512 + 3] ^= 0x04; // the second marker of the first FPDU
        feed(hi, 3, base, w, 1448);
        assertThat(rec.issues(StreamIssue.Kind.MARKER_INVALID)).singleElement()
                .satisfies(i -> assertThat(i.streamOffset()).isEqualTo(base + 512));
        assertThat(rec.fpdus.get(0).badMarkers()).isEqualTo(1);
        assertThat(rec.fpdus.get(0).markers()).isEqualTo(3);
        assertThat(rec.fpdus).hasSize(2);
    }

    @Test
    void noHandshakeRecognitionWithCrc() {
        noHandshake(true, false);
    }

    @Test
    void noHandshakeRecognitionWithoutCrc() {
        noHandshake(false, false);
    }

    @Test
    void noHandshakeRecognitionWithMarkers() {
        noHandshake(true, true);
    }

    private void noHandshake(boolean crc, boolean markers) {
        List<byte[]> us = new ArrayList<>();
        for (int k = 1; k <= 12; k++) {
            us.add(send(k, 200 + 37 * k));
        }
        long origin = markers ? 212 : -1;
        byte[] w = fpdus(us, 0, origin, crc);
        // The capture starts 150 octets into the stream, inside the first FPDU.
        int start = 150;
        byte[] seen = java.util.Arrays.copyOfRange(w, start, w.length);
        feed(hi, 1, 1000, seen, 1448);
        hi.captureEnd();
        hr.captureEnd();
        det.finish();
        MpaConnection c = rec.connections.get(0);
        assertThat(c.assumed).isTrue();
        assertThat(c.crc).isEqualTo(crc);
        assertThat(c.markers(I)).isEqualTo(markers);
        List<Seen> f = rec.fpdus(I);
        assertThat(f).hasSize(11);
        assertThat(f.get(0).ulpdu()).isEqualTo(us.get(1));
        assertThat(f).allMatch(x -> x.badMarkers() == 0 && (crc ? x.crcOk() : x.crcOk() == null));
        assertThat(rec.issues).isEmpty();
    }

    @Test
    void nonMpaConnectionIsRuledOutWithoutEvents() {
        byte[] sync = new byte[8];
        long off = 0;
        for (int k = 0; k < 20_000; k++) {
            sync[0] = (byte) k;
            sync[3] = (byte) (k >> 8);
            sync[5] = 'x';
            hi.data(k * 2 + 1, 0L, off, sync, 0, 8);
            hr.data(k * 2 + 2, 0L, off, sync, 0, 8);
            off += 8;
        }
        hi.end(1, 0L, false);
        hr.end(2, 0L, true);
        det.finish();
        assertThat(rec.order).isEmpty();
        assertThat(((MpaStream) hi).mode).isEqualTo(MpaStream.Mode.DROP);
    }

    @Test
    void captureEndInsideFpduIsTruncated() {
        byte[] req = frame(true, 0, 1, new byte[0]);
        byte[] rep = frame(false, 0, 1, new byte[0]);
        feed(hi, 1, 0, req, 100);
        feed(hr, 2, 0, rep, 100);
        byte[] w = fpdus(List.of(send(1, 500)), req.length, -1, false);
        hi.data(3, 0L, req.length, w, 0, 100);
        hi.captureEnd();
        assertThat(rec.issues(StreamIssue.Kind.TRUNCATED)).hasSize(1);
        assertThat(rec.fpdus).singleElement().satisfies(f -> {
            assertThat(f.truncated()).isTrue();
            assertThat(f.ulpdu()).hasSize(98);
        });
    }

    @Test
    void connectionIdsFollowRecognitionOrder() {
        TcpConnection t2 = tcp(2);
        StreamHandler a = det.open(t2, I);
        det.open(t2, R);
        feed(a, 1, 0, frame(true, 0, 1, new byte[0]), 100);
        feed(hi, 2, 0, frame(true, 0, 1, new byte[0]), 100);
        assertThat(rec.connections).extracting(MpaConnection::id).containsExactly("c1", "c2");
        assertThat(rec.connections.get(0).tcp()).isSameAs(t2);
    }
}

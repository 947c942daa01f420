package io.rdmascope.mpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rdmascope.ksy.Mpa;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * The layout facts of {@link FpduLayout} and the fields {@link FpduReader} reads by hand are those
 * of the generated parser of {@code ksy/mpa.ksy}: on every ULPDU length, and on the Request/Reply
 * frames, FPDUs and markers of a real capture with CRC and markers (the OSC userspace stack).
 */
class FpduLayoutTest {
    static final Path FILE = io.rdmascope.testing.RealCaptures.file("osc-iwarp-crc-markers.pcap");
    static final FpduReader HAND = FpduReader.HAND;

    private static ByteBufferKaitaiStream io(byte[] b, int off, int len) {
        return new ByteBufferKaitaiStream(ByteBuffer.wrap(b, off, len).slice());
    }

    @Test
    void padAndImageLengthAreTheSpecsForEveryUlpduLength() {
        byte[] field = new byte[2];
        for (int len = 0; len <= 0xffff; len++) {
            field[0] = (byte) (len >>> 8);
            field[1] = (byte) len;
            Mpa.Fpdu f = new Mpa.Fpdu(io(field, 0, 2));
            assertThat(HAND.ulpduLength(field, 0)).isEqualTo(f.ulpduLength());
            assertThat(FpduLayout.padLength(len)).as("pad of %d", len).isEqualTo(f.padLength());
            assertThat(FpduLayout.imageLength(len)).isEqualTo(
                    FpduLayout.LENGTH_FIELD_SIZE + len + f.padLength() + FpduLayout.CRC_SIZE);
            assertThat((FpduLayout.LENGTH_FIELD_SIZE + len + f.padLength()) % FpduLayout.PAD_ALIGNMENT).isZero();
        }
        assertThat(FpduLayout.MAX_IMAGE).isEqualTo(FpduLayout.imageLength(0xffff));
    }

    @Test
    void markerPeriodIsTheOneTheSpecStates() throws IOException {
        String ksy;
        try (InputStream in = FpduLayoutTest.class.getResourceAsStream("/ksy/mpa.ksy")) {
            assertThat(in).isNotNull();
            ksy = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(ksy).contains("(S - S0) mod " + FpduLayout.MARKER_PERIOD + " = 0");
        assertThat(ksy).contains("inserts a\n  " + FpduLayout.MARKER_SIZE + "-octet marker every "
                + FpduLayout.MARKER_PERIOD + " octets");
    }

    @Test
    void realFramesFpdusAndMarkersReadAsTheGeneratedParserReadsThem() throws IOException {
        assumeTrue(Files.exists(FILE), "capture not available");
        byte[][] streams = streams(FILE);
        int fpdus = 0;
        int markers = 0;
        for (byte[] s : streams) {
            // The Request or Reply frame: header size, PD_Length.
            Mpa.RequestReply rr = new Mpa.RequestReply(io(s, 0, FpduLayout.REQUEST_REPLY_HEADER));
            assertThat(rr.key()).hasSize(FpduLayout.KEY_SIZE);
            assertThat(rr._io().pos()).isEqualTo(FpduLayout.REQUEST_REPLY_HEADER);
            assertThat(HAND.pdLength(s, 0)).isEqualTo(rr.pdLength());
            assertThat(rr.markerFlag()).isTrue();
            int s0 = FpduLayout.REQUEST_REPLY_HEADER + rr.pdLength();
            // The FPDUs, walked with the layout's arithmetic, fill the rest of the stream exactly.
            int at = s0;
            while (at < s.length) {
                int[] walked = fpdu(s, at, s0);
                markers += walked[1];
                fpdus++;
                at = walked[0];
            }
            assertThat(at).isEqualTo(s.length);
        }
        assertThat(fpdus).isGreaterThanOrEqualTo(3);
        assertThat(markers).isGreaterThanOrEqualTo(1);
    }

    /** Walks the FPDU at stream offset {@code start}; returns its end and the number of markers in it. */
    private static int[] fpdu(byte[] s, int start, int s0) {
        byte[] img = new byte[FpduLayout.MAX_IMAGE];
        int n = 0;
        int need = -1;
        int w = start;
        int markers = 0;
        CRC32C crc = new CRC32C();
        while (need < 0 || n < need) {
            if (FpduLayout.isMarkerPosition(w, s0)) {
                Mpa.Marker m = new Mpa.Marker(io(s, w, FpduLayout.MARKER_SIZE));
                assertThat(m._io().pos()).isEqualTo(FpduLayout.MARKER_SIZE);
                // This stack writes wrong markers after the first (see RealCaptureTest); they
                // stand where the period puts them, as the CRCs, which cover them, show.
                assertThat(HAND.markerReservedZero(s, w)).isEqualTo(m.reserved() == 0);
                assertThat(HAND.fpduptr(s, w)).isEqualTo(m.fpduptr());
                if (need < 0 || n <= need - FpduLayout.CRC_SIZE) {
                    crc.update(s, w, FpduLayout.MARKER_SIZE);
                }
                w += FpduLayout.MARKER_SIZE;
                markers++;
                continue;
            }
            if (need < 0 || n < need - FpduLayout.CRC_SIZE) {
                crc.update(s, w, 1);
            }
            img[n++] = s[w++];
            if (n == FpduLayout.LENGTH_FIELD_SIZE) {
                need = FpduLayout.imageLength(HAND.ulpduLength(img, 0));
            }
        }
        Mpa.Fpdu f = new Mpa.Fpdu(io(img, 0, need));
        assertThat(HAND.ulpduLength(img, 0)).isEqualTo(f.ulpduLength());
        assertThat(FpduLayout.padLength(f.ulpduLength())).isEqualTo(f.padLength());
        assertThat(f.pad()).hasSize(f.padLength()).containsOnly(new byte[f.padLength()]);
        long field = HAND.crcField(img, need - FpduLayout.CRC_SIZE);
        assertThat(field).isEqualTo(f.crc());
        assertThat(field).as("CRC of the FPDU at %d", start).isEqualTo(crc.getValue());
        return new int[] {w, markers};
    }

    /** The TCP payload of each direction (initiator first) of the capture's one connection. */
    private static byte[][] streams(Path file) throws IOException {
        @SuppressWarnings("unchecked")
        Map<Long, byte[]>[] parts = new Map[] {new TreeMap<>(), new TreeMap<>()};
        for (ClassicPcap.Segment seg : ClassicPcap.segments(file)) {
            if (seg.payload().length > 0) {
                parts[seg.direction()].put(seg.offset(), seg.payload());
            }
        }
        byte[][] out = new byte[2][];
        for (int d = 0; d < 2; d++) {
            ByteArrayOutputStream s = new ByteArrayOutputStream();
            for (Map.Entry<Long, byte[]> e : parts[d].entrySet()) {
                int skip = (int) (s.size() - e.getKey());
                assertThat(skip).as("no octets missing").isGreaterThanOrEqualTo(0);
                if (skip < e.getValue().length) {
                    s.write(e.getValue(), skip, e.getValue().length - skip);
                }
            }
            out[d] = s.toByteArray();
        }
        return out;
    }
}

package io.rdmascope.pdu;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.testing.RealCaptures;
import io.rdmascope.testing.Segments;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The segments {@link PduDecoder} reads in place ({@link InPlaceReading}) come out as the
 * generated parsers make them ({@link PduDecoder#readWithParser}): every field, on every segment of
 * the samples and real captures and on random octets.
 */
class InPlaceReadingTest {
    private final PduDecoder decoder = new PduDecoder();

    private void check(byte[] buf, int off, int len, String where) {
        Segments.assertSame(decoder.read(buf, off, len), decoder.readWithParser(buf, off, len), where);
    }

    @Property
    void randomOctetsDecodeAsTheParserDecodesThem(@ForAll @Size(max = 96) byte[] octets,
                                                  @ForAll @IntRange(min = 0, max = 255) int control,
                                                  @ForAll @IntRange(min = 0, max = 15) int opcode) {
        if (octets.length > 0) {
            octets[0] = (byte) control;
        }
        if (octets.length > 1) {
            octets[1] = (byte) (0x40 | opcode);
        }
        check(octets, 0, octets.length, "random");
    }

    @Test
    void shortestSegmentsOfEachKindAndTheirNeighbours() {
        int[] controls = {0x80, 0xc1, 0xcf, 0xa1, 0x91, 0xb1, 0xf1, 0x41, 0x01, 0x61, 0x71, 0x51, 0x0d};
        int[] rdmaps = {0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x03, 0xc6};
        for (int control : controls) {
            for (int rdmap : rdmaps) {
                for (int len = 0; len <= 48; len++) {
                    byte[] b = new byte[len + 3];
                    for (int i = 0; i < b.length; i++) {
                        b[i] = (byte) (0x5a + 37 * i);
                    }
                    if (len > 0) {
                        b[3] = (byte) control;
                    }
                    if (len > 1) {
                        b[4] = (byte) rdmap;
                    }
                    check(b, 3, len, String.format("control 0x%02x rdmap 0x%02x length %d", control, rdmap, len));
                }
            }
        }
    }

    @Test
    void everySegmentOfTheSamplesAndRealCaptures() throws IOException {
        List<Path> captures = RealCaptures.withSamples();
        assertThat(captures).hasSizeGreaterThan(20);
        int[] inPlace = {0};
        for (Path capture : captures) {
            Dissection.run(capture, null, new PduListener() {
                @Override
                public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment s) {
                    if (fpdu.buf == null) {
                        return;
                    }
                    if (InPlaceReading.headersLength(fpdu.buf, fpdu.ulpduOffset, fpdu.ulpduAvailable) >= 0) {
                        inPlace[0]++;
                    }
                    check(fpdu.buf, fpdu.ulpduOffset, fpdu.ulpduAvailable, capture + " frame " + fpdu.frame);
                }
            }, null, null);
        }
        assertThat(inPlace[0]).as("segments read in place").isGreaterThan(1000);
    }
}

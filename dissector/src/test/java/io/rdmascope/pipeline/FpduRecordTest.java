package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.tcp.Direction;
import org.junit.jupiter.api.Test;

class FpduRecordTest {
    private static Fpdu sample(Direction d, Boolean crcOk, boolean truncated, boolean padNonZero) {
        Fpdu f = new Fpdu();
        f.frame = 5_000_000_001L;
        f.firstFrame = 4_999_999_998L;
        f.direction = d;
        f.streamOffset = (1L << 40) + 17;
        f.wireLength = 1_460;
        f.ulpduLength = 1_418;
        f.padLength = 2;
        f.padNonZero = padNonZero;
        f.crcField = 0xfedcba98L;
        f.crcComputed = 0x01234567L;
        f.crcOk = crcOk;
        f.markers = 3;
        f.badMarkers = 1;
        f.markerOrigin = 123_456_789_012L;
        f.truncated = truncated;
        f.buf = new byte[8];
        f.ulpduOffset = 4;
        f.ulpduAvailable = 1_000;
        return f;
    }

    @Test
    void everyFieldButTheOctetsComesBackFromTheRecord() {
        for (Direction d : Direction.values()) {
            for (Boolean crc : new Boolean[] {null, true, false}) {
                for (int bits = 0; bits < 4; bits++) {
                    Fpdu f = sample(d, crc, (bits & 1) != 0, (bits & 2) != 0);
                    long[] words = new long[FpduRecord.WORDS + 2];
                    FpduRecord.write(f, words, 2);
                    int flags = FpduRecord.flags(f);
                    assertThat(flags >>> FpduRecord.FLAG_BITS).isZero();
                    Fpdu back = new Fpdu();
                    back.buf = new byte[1];
                    FpduRecord.read(flags, words, 2, back);
                    assertThat(back).usingRecursiveComparison().ignoringFields("buf", "ulpduOffset").isEqualTo(f);
                    assertThat(back.buf).isNull();
                    assertThat(back.ulpduOffset).isZero();
                }
            }
        }
    }
}

package io.rdmascope.ulp.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;

/**
 * Coverage-guided fuzzing of the rping, perftest and rsockets decoders, one target each. A normal
 * test run replays only the seeds in {@code ToolsFuzzTestInputs/<target>} (messages of the real
 * captures); with {@code JAZZER_FUZZ=1} Jazzer mutates them. Any exception escaping a decoder, a
 * failure caught inside it, or more advertisements than the cap fails the target.
 */
class ToolsFuzzTest {
    @FuzzTest(maxDuration = "2m")
    void rping(byte[] data) {
        check(new Rping(), data, 1);
    }

    @FuzzTest(maxDuration = "2m")
    void perftest(byte[] data) {
        check(new Perftest(), data, 1);
    }

    @FuzzTest(maxDuration = "2m")
    void rsockets(byte[] data) {
        check(new Rsockets(), data, Rsockets.MAX_ADVERTISEMENTS);
    }

    private static void check(Ulp ulp, byte[] data, int maxAdvertisements) {
        for (UlpMessage m : FuzzRecords.replay(ulp, data)) {
            assertThat(m.problems).noneMatch(p -> p.contains("could not be decoded"));
            assertThat(m.advertisements).hasSizeLessThanOrEqualTo(maxAdvertisements);
            assertThat(m.summary).isNotNull();
        }
    }
}

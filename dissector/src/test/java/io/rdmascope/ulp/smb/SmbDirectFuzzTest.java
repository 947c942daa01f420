package io.rdmascope.ulp.smb;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rdmascope.ulp.UlpMessage;
import io.rdmascope.ulp.tools.FuzzRecords;

/**
 * Coverage-guided fuzzing of the SMB Direct decoder. A normal test run replays only the seeds in
 * {@code SmbDirectFuzzTestInputs/decoder} (the Sends of the real cifs/ksmbd capture); with
 * {@code JAZZER_FUZZ=1} Jazzer mutates them. Any exception escaping the decoder, a failure caught
 * inside it, or more advertisements than the cap fails the target.
 */
class SmbDirectFuzzTest {
    @FuzzTest(maxDuration = "2m")
    void decoder(byte[] data) {
        for (UlpMessage m : FuzzRecords.replay(new SmbDirect(), data)) {
            assertThat(m.problems).noneMatch(p -> p.contains("could not be decoded"));
            assertThat(m.advertisements).hasSizeLessThanOrEqualTo(SmbDirect.MAX_ADVERTISEMENTS);
            assertThat(m.summary).isNotNull();
        }
    }
}

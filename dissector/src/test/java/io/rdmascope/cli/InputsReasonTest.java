package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The reader names the file in its message; the one-line report names it once. */
class InputsReasonTest {
    @Test
    void theFileIsNamedOnce() {
        Path p = Path.of("/tmp/x/text.pcap");
        assertThat(Inputs.reason(new CaptureException(p + ": not a capture file (magic 0x67617262)"), p))
                .isEqualTo("not a capture file (magic 0x67617262)");
        assertThat(Inputs.reason(new CaptureException("empty file"), p)).isEqualTo("empty file");
        assertThat(Inputs.reason(new CaptureException("/other.pcap: empty file"), p)).isEqualTo("/other.pcap: empty file");
    }
}

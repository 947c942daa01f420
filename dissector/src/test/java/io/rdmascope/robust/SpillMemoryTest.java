package io.rdmascope.robust;

import static io.rdmascope.robust.Wire.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.SpillList;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture that raises a violation on every FPDU: two million FPDUs with a wrong CRC. Kept in
 * memory, the violations alone would cost several hundred megabytes; spilled, the live heap stays
 * near what the in-memory part of the lists costs, during the analysis and while the result is
 * read back, and the temporary files are gone once the analysis is closed.
 */
class SpillMemoryTest {
    private static final long BOUND = 128L << 20;
    private static final int FRAMES = 125_000;
    private static final int PER_FRAME = 16;

    @TempDir
    Path dir;

    @Test
    void twoMillionBadCrcs() throws Exception {
        Path f = dir.resolve("crc.pcap");
        Path spill = Files.createDirectory(dir.resolve("spill"));
        try (MemoryBoundsTest.Stream s = new MemoryBoundsTest.Stream(f)) {
            Tcp t = new Tcp();
            s.record(t.syn());
            s.record(t.synAck());
            s.record(t.data(true, mpaFrame(true, true)));
            s.record(t.data(false, mpaFrame(false, true)));
            long msn = 1;
            for (int i = 0; i < FRAMES; i++) {
                ByteBuffer b = ByteBuffer.allocate(PER_FRAME * 24);
                for (int k = 0; k < PER_FRAME; k++) {
                    byte[] p = fpdu(untagged(0x41, 3, 0, msn++, 0, new byte[0]));
                    p[p.length - 1] ^= 0x5a;
                    b.put(p);
                }
                s.record(t.data(true, java.util.Arrays.copyOf(b.array(), b.position())));
            }
        }
        String before = System.getProperty(SpillList.DIR_PROPERTY);
        System.setProperty(SpillList.DIR_PROPERTY, spill.toString());
        try {
            long start = MemoryBoundsTest.live();
            long[] peak = {0};
            try (FileAnalysis a = assertTimeoutPreemptively(Duration.ofSeconds(300), () ->
                    new Analyzer(NicSettings.DEFAULTS).analyze(f, f.toString(), (packet, position, tcp) -> {
                        if (packet.frame % 12_500 == 0) {
                            peak[0] = Math.max(peak[0], MemoryBoundsTest.live() - start);
                        }
                    }, null, null, null))) {
                assertThat(a.frames()).isEqualTo(FRAMES + 4L);
                assertThat(peak[0]).as("live heap above start during the analysis").isLessThan(BOUND);
                long expected = (long) FRAMES * PER_FRAME;
                assertThat(a.codeCounts()).containsEntry(ViolationCode.MPA_CRC_MISMATCH, expected);
                assertThat(a.violations().spilled()).isTrue();
                long n = 0;
                long lastFrame = 0;
                long readingPeak = 0;
                for (Violation v : a.violations()) {
                    assertThat(v.frame()).isGreaterThanOrEqualTo(lastFrame);
                    lastFrame = v.frame();
                    if (v.code() == ViolationCode.MPA_CRC_MISMATCH && ++n % 500_000 == 0) {
                        readingPeak = Math.max(readingPeak, MemoryBoundsTest.live() - start);
                    }
                }
                assertThat(n).isEqualTo(expected);
                assertThat(readingPeak).as("live heap above start while reading back").isLessThan(BOUND);
            }
            try (Stream<Path> left = Files.list(spill)) {
                assertThat(left).as("temporary files").isEmpty();
            }
        } finally {
            if (before == null) {
                System.clearProperty(SpillList.DIR_PROPERTY);
            } else {
                System.setProperty(SpillList.DIR_PROPERTY, before);
            }
        }
    }
}

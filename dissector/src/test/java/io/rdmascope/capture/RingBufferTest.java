package io.rdmascope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ring buffer on a clock of its own: when files change, their names, which ones are kept, their statistics. */
class RingBufferTest {
    @TempDir
    Path dir;

    private final long[] now = {LocalDateTime.of(2026, 11, 27, 16, 0, 0).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli()};

    private static Packet packet(int length) {
        Packet p = new Packet();
        p.data = new byte[length];
        p.length = length;
        p.originalLength = length;
        p.linkType = 1;
        return p;
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private RingBuffer ring(RingBuffer.Limits limits) throws Exception {
        RingBuffer r = new RingBuffer(dir.resolve("cap.pcapng"), CaptureWriter.Format.pcapng, limits, () -> now[0]);
        r.linkType(1);
        r.statistics(() -> new CaptureStatistics(1, 2, 3, 4, 5, 6));
        return r;
    }

    @Test
    void durationNamesTheFilesAsDumpcapDoes() throws Exception {
        try (RingBuffer r = ring(new RingBuffer.Limits(10, 0, 0, 0, 0))) {
            r.write(packet(60));
            now[0] += 9_999;
            r.tick();
            now[0] += 1;
            r.tick();
            r.write(packet(60));
            now[0] += 25_000;
            r.write(packet(60));
        }
        assertThat(names()).containsExactly("cap_00001_20261127160000.pcapng", "cap_00002_20261127160010.pcapng",
                "cap_00003_20261127160035.pcapng");
    }

    @Test
    void intervalFollowsTheClock() throws Exception {
        now[0] += 7_000; // 16:00:07
        try (RingBuffer r = ring(new RingBuffer.Limits(0, 10, 0, 0, 0))) {
            now[0] += 2_999;
            r.tick(); // 16:00:09.999
            now[0] += 1;
            r.tick(); // 16:00:10
            now[0] += 9_000;
            r.tick();
        }
        assertThat(names()).containsExactly("cap_00001_20261127160007.pcapng", "cap_00002_20261127160010.pcapng");
    }

    @Test
    void filesKeepsTheNewestAndEachEndsWithItsStatistics() throws Exception {
        try (RingBuffer r = ring(new RingBuffer.Limits(0, 0, 0, 2, 3))) {
            for (int i = 0; i < 9; i++) {
                r.write(packet(100));
            }
            assertThat(r.filesWritten()).isEqualTo(5);
            assertThat(r.files()).hasSize(3);
        }
        assertThat(names()).containsExactly("cap_00003_20261127160000.pcapng", "cap_00004_20261127160000.pcapng",
                "cap_00005_20261127160000.pcapng");
        for (String n : names()) {
            byte[] b = Files.readAllBytes(dir.resolve(n));
            // the last block: an interface statistics block of 100 octets
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            assertThat(bb.getInt(b.length - 4)).isEqualTo(100);
            assertThat(bb.getInt(b.length - 100)).isEqualTo(5);
        }
    }

    @Test
    void filesizeCountsKilobytesOfAThousandOctets() throws Exception {
        try (RingBuffer r = ring(new RingBuffer.Limits(0, 0, 1, 0, 0))) {
            // 28 (section) + 32 (interface) + 4 x (32 + 200) = 988: not yet 1 kB; the fifth record takes it past
            for (int i = 0; i < 4; i++) {
                r.write(packet(200));
            }
            assertThat(r.filesWritten()).isEqualTo(1);
            r.write(packet(200));
            assertThat(r.filesWritten()).isEqualTo(2);
            r.write(packet(200));
        }
        assertThat(names()).hasSize(2);
    }
}

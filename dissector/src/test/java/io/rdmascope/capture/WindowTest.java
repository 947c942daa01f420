package io.rdmascope.capture;

import static io.rdmascope.capture.CaptureBytes.payload;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Reading through the sliding window gives every record whole, whatever the window's size, the
 * records' sizes (up to several windows), the file format and the reads back by position made
 * between the sequential ones.
 */
class WindowTest {
    @Provide
    Arbitrary<Integer> recordSize() {
        return Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.integers().between(0, 1600)),
                Tuple.of(1, Arbitraries.integers().between(1600, 200_000)));
    }

    @Property(tries = 200)
    void everyRecordIsReadWhole(@ForAll @Size(min = 1, max = 120) List<@From("recordSize") Integer> sizes,
                                @ForAll @IntRange(min = 48, max = 300_000) int window,
                                @ForAll boolean pcapng, @ForAll boolean little) throws IOException {
        CaptureBytes b = new CaptureBytes(little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        if (pcapng) {
            b.shb().idb(1, 0, -1);
        } else {
            b.pcapHeader(false, 0, 1);
        }
        List<byte[]> expected = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            byte[] data = payload(sizes.get(i), i + 1);
            expected.add(data);
            if (pcapng) {
                b.epb(0, 1000L * i, data, data.length);
            } else {
                b.pcapRecord(i, 0, data, data.length);
            }
        }
        Path file = Files.createTempFile("window", pcapng ? ".pcapng" : ".pcap");
        try {
            Files.write(file, b.toByteArray());
            Random random = new Random(sizes.hashCode() ^ window);
            try (CaptureReader r = Captures.open(file, window)) {
                Packet p = new Packet();
                List<Long> positions = new ArrayList<>();
                for (int i = 0; i < expected.size(); i++) {
                    positions.add(r.position());
                    assertThat(r.next(p)).as("record %d", i + 1).isTrue();
                    assertThat(Arrays.copyOfRange(p.data, p.offset, p.offset + p.length)).isEqualTo(expected.get(i));
                    if (random.nextInt(8) == 0) {
                        int back = random.nextInt(i + 1);
                        Packet q = new Packet();
                        assertThat(r.readAt(positions.get(back), back + 1, q)).isTrue();
                        assertThat(Arrays.copyOfRange(q.data, q.offset, q.offset + q.length)).isEqualTo(expected.get(back));
                    }
                }
                assertThat(r.next(p)).isFalse();
                assertThat(r.problem()).isNull();
            }
        } finally {
            Files.delete(file);
        }
    }
}

package io.rdmascope.robust;

import static io.rdmascope.robust.Wire.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adversarial captures that would make a careless dissector buffer without bound. Each runs the
 * whole pipeline with the engine and samples the live heap (after a collection) as frames go by;
 * the peak must stay far below what the input would cost if it were all kept.
 */
class MemoryBoundsTest {
    /** Live heap allowed above the level before the run; generous, but far below the unbounded cost. */
    private static final long BOUND = 384L << 20;

    @TempDir
    Path dir;

    /** Writes pcap records one at a time, without holding the capture in memory. */
    static final class Stream implements AutoCloseable {
        final OutputStream out;
        int n;

        Stream(Path p) throws IOException {
            out = new BufferedOutputStream(Files.newOutputStream(p), 1 << 16);
            out.write(new Pcap().bytes());
        }

        void record(byte[] d) throws IOException {
            out.write(le(16).putInt(n).putInt(0).putInt(d.length).putInt(d.length).array());
            out.write(d);
            n++;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** Runs the analysis, sampling the live heap every {@code every} frames. */
    static long[] peakAbove(Path file, int every) {
        return assertTimeoutPreemptively(Duration.ofSeconds(300), () -> {
            long before = live();
            long[] peak = {0, 0};
            FileAnalysis a = new Analyzer(NicSettings.DEFAULTS).analyze(file, file.toString(), (packet, position, tcp) -> {
                if (packet.frame % every == 0) {
                    peak[0] = Math.max(peak[0], live() - before);
                }
            }, null, null, null);
            peak[1] = a.frames();
            return peak;
        });
    }

    static long live() {
        Runtime r = Runtime.getRuntime();
        for (int i = 0; i < 2; i++) {
            System.gc();
        }
        return r.totalMemory() - r.freeMemory();
    }

    @Test
    void manyConnectionsEachWithASynAndOneOctet() throws Exception {
        Path f = dir.resolve("conns.pcap");
        int conns = 100_000;
        try (Stream s = new Stream(f)) {
            for (int i = 0; i < conns; i++) {
                Tcp t = new Tcp(0x0a000000 | (i >>> 8), 0x0b000000 | (i & 0xff), 1024 + (i % 60000), 9999);
                s.record(t.syn());
                s.record(t.data(true, new byte[] {(byte) i}));
            }
        }
        long[] r = peakAbove(f, 20_000);
        assertThat(r[1]).isEqualTo(2L * conns);
        assertThat(r[0]).as("live heap above start").isLessThan(BOUND);
    }

    @Test
    void oneOctetSegmentsBeyondAHoleThatIsNeverFilled() throws Exception {
        Path f = dir.resolve("holes.pcap");
        try (Stream s = new Stream(f)) {
            Tcp t = new Tcp();
            s.record(t.syn());
            s.record(t.synAck());
            s.record(t.data(true, mpaFrame(true, false)));
            s.record(t.data(false, mpaFrame(false, false)));
            long base = t.aSeq + 10;
            for (int i = 0; i < 400_000; i++) {
                s.record(t.dataAt(true, base + 2L * i, new byte[] {(byte) i}));
            }
        }
        long[] r = peakAbove(f, 50_000);
        assertThat(r[0]).isLessThan(BOUND);
    }

    @Test
    void aMillionDistinctStags() throws Exception {
        Path f = dir.resolve("stags.pcap");
        try (Stream s = new Stream(f)) {
            Tcp t = new Tcp();
            s.record(t.syn());
            s.record(t.synAck());
            s.record(t.data(true, mpaFrame(true, false)));
            s.record(t.data(false, mpaFrame(false, false)));
            for (int i = 0; i < 1_000_000; i += 8) {
                ByteBuffer b = ByteBuffer.allocate(8 * 64);
                for (int k = 0; k < 8; k++) {
                    byte[] u = (k & 1) == 0 ? tagged(0xc1, 0x100000 + i + k, 0, new byte[4])
                            : initiation(1 + (i + k) / 2, 0x100000 + i + k, 0, 4096, 1);
                    b.put(fpdu(u));
                }
                s.record(t.data(true, java.util.Arrays.copyOf(b.array(), b.position())));
            }
        }
        long[] r = peakAbove(f, 25_000);
        assertThat(r[0]).isLessThan(BOUND);
    }

    @Test
    void endlessMsnGaps() throws Exception {
        Path f = dir.resolve("msn.pcap");
        Random rnd = new Random(3);
        try (Stream s = new Stream(f)) {
            Tcp t = new Tcp();
            s.record(t.syn());
            s.record(t.synAck());
            s.record(t.data(true, mpaFrame(true, false)));
            s.record(t.data(false, mpaFrame(false, false)));
            for (int i = 0; i < 300_000; i++) {
                s.record(t.data(true, fpdu(untagged(rnd.nextBoolean() ? 0x41 : 0x01, 3, rnd.nextInt(3), rnd.nextInt(),
                        rnd.nextInt(1 << 16), new byte[4]))));
            }
        }
        long[] r = peakAbove(f, 50_000);
        assertThat(r[0]).isLessThan(BOUND);
    }

    @Test
    void fragmentsThatNeverComplete() throws Exception {
        Path f = dir.resolve("frags.pcap");
        try (Stream s = new Stream(f)) {
            for (int i = 0; i < 200_000; i++) {
                byte[] fr = frame(0x0a000001, 0x0a000002, 1, 2, 0, 0, 0x10, new byte[1400]);
                ByteBuffer b = ByteBuffer.wrap(fr);
                b.putShort(14 + 4, (short) i); // identification
                b.putShort(14 + 6, (short) (0x2000 | (i % 7) * 100)); // more fragments, some offset
                s.record(fr);
            }
        }
        long[] r = peakAbove(f, 40_000);
        assertThat(r[0]).isLessThan(BOUND);
    }
}

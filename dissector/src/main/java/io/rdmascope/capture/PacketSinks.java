package io.rdmascope.capture;

import java.io.IOException;
import java.util.function.Supplier;

/** Sinks written together. */
public final class PacketSinks {
    private PacketSinks() {}

    /** Both sinks (either may be null; null when both are). */
    public static PacketSink both(PacketSink a, PacketSink b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new PacketSink() {
            @Override
            public void write(Packet p) throws IOException {
                a.write(p);
                b.write(p);
            }

            @Override
            public void flush() throws IOException {
                a.flush();
                b.flush();
            }

            @Override
            public void statistics(Supplier<CaptureStatistics> counts) {
                a.statistics(counts);
                b.statistics(counts);
            }

            @Override
            public void linkType(int linkType) throws IOException {
                a.linkType(linkType);
                b.linkType(linkType);
            }

            @Override
            public void tick() throws IOException {
                a.tick();
                b.tick();
            }

            @Override
            public void close() throws IOException {
                try {
                    a.close();
                } finally {
                    b.close();
                }
            }
        };
    }
}

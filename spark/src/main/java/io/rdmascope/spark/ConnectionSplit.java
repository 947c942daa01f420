package io.rdmascope.spark;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.ForwardingCaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.Source;
import io.rdmascope.report.CaptureSpan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --split-connections}: one capture analysed by several tasks, each taking the frames of a
 * group of TCP connections. One fast pass ({@link #index}) decodes only the link, IP and TCP
 * headers of every frame to count the frames of each connection; the connections are then dealt
 * into groups of about equal frame counts ({@link #groups}); each task runs the usual stages over
 * the capture read through a filter ({@link #source}) that passes the frames of its group, with
 * their frame numbers in the original file. Frames that hold no TCP segment go to the first group.
 *
 * <p>What one connection's analysis needs is on that connection, so each group's results are
 * those of the whole file, but for the rules that compare connections (an STag used on another
 * connection than the one that advertised it): they see only the connections of their group.
 */
public final class ConnectionSplit {
    private ConnectionSplit() {}

    /** The connection of a TCP segment, the same both ways: the two endpoints in order. */
    static String key(Endpoint a, Endpoint b) {
        return a.compareTo(b) <= 0 ? a + "-" + b : b + "-" + a;
    }

    /** Frames per TCP connection, in order of first appearance; {@code span} is told of every frame. */
    public static Map<String, Long> index(Path file, CaptureSpan span) throws IOException {
        Map<String, Long> frames = new LinkedHashMap<>();
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment segment = new TcpSegment();
        Packet packet = new Packet();
        try (CaptureReader reader = Captures.open(file)) {
            while (reader.next(packet)) {
                span.frame(packet, 0, null);
                if (decoder.decode(packet, segment)) {
                    frames.merge(key(segment.source, segment.destination), 1L, Long::sum);
                }
            }
        }
        return frames;
    }

    /**
     * Deals the connections into at most {@code n} groups of about equal frame counts (the
     * largest connection first, each to the group with fewest frames so far).
     */
    public static List<List<String>> groups(Map<String, Long> frames, int n) {
        int count = Math.max(1, Math.min(n, frames.size()));
        List<List<String>> groups = new ArrayList<>();
        long[] load = new long[count];
        for (int i = 0; i < count; i++) {
            groups.add(new ArrayList<>());
        }
        List<Map.Entry<String, Long>> bySize = new ArrayList<>(frames.entrySet());
        bySize.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Long> e : bySize) {
            int least = 0;
            for (int i = 1; i < count; i++) {
                if (load[i] < load[least]) {
                    least = i;
                }
            }
            groups.get(least).add(e.getKey());
            load[least] += e.getValue();
        }
        return groups;
    }

    /** The stages over the frames of {@code connections} only; {@code first} also takes non-TCP frames. */
    public static Source source(Set<String> connections, boolean first) {
        return (file, frames, pdus, progress, cancelled) -> {
            try (CaptureReader reader = new Filter(Captures.open(file), connections, first)) {
                return Dissection.run(reader, frames, pdus, progress, cancelled);
            }
        };
    }

    /** A reader that skips the frames of other connections. */
    private static final class Filter extends ForwardingCaptureReader {
        private final Set<String> connections;
        private final boolean nonTcp;
        private final PacketDecoder decoder = new PacketDecoder();
        private final TcpSegment segment = new TcpSegment();

        Filter(CaptureReader in, Set<String> connections, boolean nonTcp) {
            super(in);
            this.connections = connections;
            this.nonTcp = nonTcp;
        }

        @Override
        public boolean next(Packet into) throws IOException {
            while (inner.next(into)) {
                // the decoder reads the packet's octets without changing them
                boolean tcp = decoder.decode(into, segment);
                if (tcp ? connections.contains(key(segment.source, segment.destination)) : nonTcp) {
                    return true;
                }
            }
            return false;
        }
    }
}

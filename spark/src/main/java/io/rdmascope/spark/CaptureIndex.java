package io.rdmascope.spark;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.rdma.RdmaListener;
import io.rdmascope.report.CaptureSpan;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.roce.RoceStage;
import io.rdmascope.tcp.Direction;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The first pass of {@code --split-connections}: reads a capture once, decoding only the link and IP
 * headers (and the InfiniBand transport headers, through the queue-pair stage, which ties a RoCE
 * connection's packets to its CM exchange), and groups its frames so that no verdict depends on
 * another group: the endpoints (IP addresses; for native InfiniBand, LIDs) that exchange frames are
 * joined, with those of a RoCE connection's CM exchange, into connected components; an STag
 * advertised by an endpoint may be used on any connection of that endpoint, and every connection of
 * an endpoint is in its component. The components are dealt into groups of about equal size, each
 * group is a task, and each task reads from the file only the byte ranges of its frames
 * ({@link Group}), keeping their frame numbers.
 *
 * <p>What the pass keeps is 16 octets per frame, for at most {@link #MAX_FRAMES} frames (a capture
 * of more is analysed whole); what it hands on to each task is the ranges and the frame numbers of
 * its group's frames.
 */
final class CaptureIndex {
    private CaptureIndex() {}

    /** A capture of this size or more is split by default: 256 MiB. */
    static final long DEFAULT_SPLIT_SIZE = 256L << 20;

    /** Why a capture is analysed whole, in the captures table's {@code whole} column. */
    static final String SMALL = "smaller than the split size";
    static final String COMPRESSED = "compressed";
    static final String ONE_GROUP = "one group of connected endpoints";
    static final String NOT_READ = "not read to its end by the index";
    static final String TOO_MANY = "more frames than the index holds";

    /** Frames the index holds at most (16 octets each: 1 GiB); a capture of more is analysed whole. */
    static final int MAX_FRAMES = 1 << 26;

    /**
     * What one task of a split capture reads: the byte ranges of the file ({@code starts[i]} to
     * {@code ends[i]}, in file order: the file header and the blocks that describe interfaces, and
     * the records of its frames), the file's frame numbers of its frames, the whole capture's last
     * frame and its time (where the end of the capture is reported), and the frames at which the
     * whole capture's RoCE connections became known, in order of their ids ("q1" first).
     */
    record Group(int group, long[] starts, long[] ends, long[] frames, long lastFrame, long lastTime,
                 long[] queuePairs) implements Serializable {}

    /** The outcome of the pass: the groups, or why the capture is to be analysed whole. */
    record Plan(List<Group> groups, String whole) implements Serializable {}

    /** Whether the first octets are those of a pcap or pcapng file (not compressed). */
    static boolean plain(byte[] head, int n) {
        if (n < 4) {
            return false;
        }
        int m = ((head[0] & 0xff) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
        for (int magic : new int[] {0xa1b2c3d4, 0xa1b23c4d, 0x0a0d0d0a}) {
            if (m == magic || m == Integer.reverseBytes(magic)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the first octets are those of gzip, zstd, xz or bzip2 data. */
    static boolean compressed(byte[] head, int n) {
        if (n < 3) {
            return false;
        }
        int a = head[0] & 0xff, b = head[1] & 0xff, c = head[2] & 0xff;
        return (a == 0x1f && b == 0x8b) || (a == 0x28 && b == 0xb5 && c == 0x2f) || (a == 0xfd && b == 0x37 && c == 0x7a)
                || (a == 'B' && b == 'Z' && c == 'h');
    }

    /** Growable arrays of the frames' records and endpoint nodes. */
    private static final class Frames {
        long[] start = new long[1024];
        int[] length = new int[1024];
        int[] node = new int[1024];
        int n;

        void add(long s, long e, int nd) {
            if (n == start.length) {
                int m = n * 2;
                start = Arrays.copyOf(start, m);
                length = Arrays.copyOf(length, m);
                node = Arrays.copyOf(node, m);
            }
            start[n] = s;
            length[n] = (int) (e - s);
            node[n] = nd;
            n++;
        }
    }

    /** Union-find over endpoint names. */
    private static final class Endpoints {
        final Map<String, Integer> ids = new HashMap<>();
        int[] parent = new int[64];

        int node(String name) {
            Integer id = ids.get(name);
            if (id == null) {
                id = ids.size();
                ids.put(name, id);
                if (id == parent.length) {
                    parent = Arrays.copyOf(parent, id * 2);
                }
                parent[id] = id;
            }
            return id;
        }

        int find(int x) {
            while (parent[x] != x) {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            return x;
        }

        int join(String a, String b) {
            int x = find(node(a));
            if (b == null) {
                return x;
            }
            int y = find(node(b));
            if (x != y) {
                // the smaller id is the root: roots do not depend on hashing
                if (x < y) {
                    parent[y] = x;
                } else {
                    parent[x] = y;
                    x = y;
                }
            }
            return x;
        }
    }

    /**
     * Reads the capture from {@code in} (not compressed: the caller checked) and plans its groups.
     *
     * @param span told of every frame (the captures row of the capture)
     * @param groups at most this many groups
     */
    static Plan plan(String name, InputStream in, CaptureSpan span, int groups) throws IOException {
        Frames frames = new Frames();
        Endpoints endpoints = new Endpoints();
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment segment = new TcpSegment();
        Packet packet = new Packet();
        RoceStage roce = new RoceStage(new RdmaListener() {});
        List<QpConnection> queuePairs = roce.queuePairs().connections();
        long lastTime = 0;
        long end;
        try (CaptureReader reader = Captures.open(Paths.get(name), in)) {
            while (reader.next(packet)) {
                span.frame(packet, 0, null);
                lastTime = packet.timestampNanos;
                int found = decoder.decode(packet, segment, roce.frame());
                int node = -1;
                if (found == PacketDecoder.TCP) {
                    node = endpoints.join(segment.source.address(), segment.destination.address());
                } else if (found == PacketDecoder.IB) {
                    IbPacket p = roce.packet();
                    if (p.source != null) {
                        node = endpoints.join(p.source, p.destination);
                    }
                    QpConnection c = connection(queuePairs, p.connection);
                    if (c != null) {
                        // the addresses the judge names the connection's sides by (rdma_cm's, else the packets')
                        for (Direction d : Direction.values()) {
                            String a = c.source(d).address();
                            if (!"?".equals(a)) {
                                node = endpoints.join(a, p.source);
                            }
                        }
                    }
                } else if (decoder.ipSource() != null) {
                    node = endpoints.join(decoder.ipSource(), decoder.ipDestination());
                }
                if (reader.recordStart() < 0 || packet.frame != frames.n + 1) {
                    return new Plan(List.of(), NOT_READ);
                }
                if (frames.n == MAX_FRAMES) {
                    return new Plan(List.of(), TOO_MANY);
                }
                frames.add(reader.recordStart(), reader.recordEnd(), node);
            }
            if (reader.problem() != null) {
                return new Plan(List.of(), NOT_READ);
            }
            end = reader.position();
        }
        roce.finish();
        return deal(frames, endpoints, groups, end, lastTime, queuePairs);
    }

    private static QpConnection connection(List<QpConnection> queuePairs, String id) {
        if (id == null || !id.startsWith("q")) {
            return null;
        }
        try {
            int n = Integer.parseInt(id.substring(1));
            return n >= 1 && n <= queuePairs.size() ? queuePairs.get(n - 1) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The components dealt into groups, largest first to the group with the fewest octets so far;
     * frames without an endpoint (ARP, frames too short to decode) go to the first group.
     */
    private static Plan deal(Frames f, Endpoints endpoints, int groups, long end, long lastTime,
                             List<QpConnection> queuePairs) {
        int nodes = endpoints.ids.size();
        long[] bytes = new long[nodes];
        long[] first = new long[nodes];
        Arrays.fill(first, Long.MAX_VALUE);
        int components = 0;
        for (int i = 0; i < f.n; i++) {
            if (f.node[i] >= 0) {
                int root = endpoints.find(f.node[i]);
                f.node[i] = root;
                if (bytes[root] == 0) {
                    components++;
                }
                bytes[root] += f.length[i];
                first[root] = Math.min(first[root], i);
            }
        }
        if (components <= 1 || groups <= 1) {
            return new Plan(List.of(), ONE_GROUP);
        }
        List<Integer> roots = new ArrayList<>();
        for (int r = 0; r < nodes; r++) {
            if (bytes[r] > 0) {
                roots.add(r);
            }
        }
        roots.sort((a, b) -> bytes[a] != bytes[b] ? Long.compare(bytes[b], bytes[a]) : Long.compare(first[a], first[b]));
        int count = Math.min(groups, roots.size());
        long[] load = new long[count];
        int[] groupOf = new int[nodes];
        for (int r : roots) {
            int least = 0;
            for (int g = 1; g < count; g++) {
                if (load[g] < load[least]) {
                    least = g;
                }
            }
            groupOf[r] = least;
            load[least] += bytes[r];
        }
        long[] queuePairFrames = new long[queuePairs.size()];
        for (int i = 0; i < queuePairFrames.length; i++) {
            queuePairFrames[i] = queuePairs.get(i).createdFrame;
        }
        long lastFrame = f.n;
        List<Group> out = new ArrayList<>();
        for (int g = 0; g < count; g++) {
            out.add(group(f, groupOf, g, end, lastFrame, lastTime, queuePairFrames));
        }
        return new Plan(out, null);
    }

    /**
     * The ranges of group {@code g}: what lies between records (the file header, interface
     * descriptions, statistics blocks: every group reads them) and its own records, adjacent ones
     * joined.
     */
    private static Group group(Frames f, int[] groupOf, int g, long end, long lastFrame, long lastTime,
                               long[] queuePairs) {
        Ranges r = new Ranges();
        long[] numbers = new long[16];
        int count = 0;
        long at = 0;
        for (int i = 0; i < f.n; i++) {
            long s = f.start[i];
            if (s > at) {
                r.add(at, s);
            }
            int node = f.node[i];
            if (node < 0 ? g == 0 : groupOf[node] == g) {
                r.add(s, s + f.length[i]);
                if (count == numbers.length) {
                    numbers = Arrays.copyOf(numbers, count * 2);
                }
                numbers[count++] = i + 1;
            }
            at = Math.max(at, s + f.length[i]);
        }
        if (end > at) {
            r.add(at, end);
        }
        return new Group(g, Arrays.copyOf(r.starts, r.n), Arrays.copyOf(r.ends, r.n), Arrays.copyOf(numbers, count),
                lastFrame, lastTime, queuePairs);
    }

    /** Byte ranges in file order, adjacent ones joined. */
    private static final class Ranges {
        long[] starts = new long[16];
        long[] ends = new long[16];
        int n;

        void add(long s, long e) {
            if (n > 0 && ends[n - 1] == s) {
                ends[n - 1] = e;
                return;
            }
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
                ends = Arrays.copyOf(ends, n * 2);
            }
            starts[n] = s;
            ends[n] = e;
            n++;
        }
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.FpduLayout;
import io.rdmascope.net.TcpSegment;
import java.util.BitSet;
import java.util.Map;

/**
 * Puts an FPDU together again from the frames that carried it, as the MPA stage saw it: the index
 * keeps no octets, so the frames from the FPDU's first to the one that completed it are read again
 * and their TCP payloads laid out by sequence number, counted from the completing frame (whose
 * stream offset the index knows). Markers are then left out, which gives the FPDU image the
 * detail tree's MPA, DDP and RDMAP offsets count.
 *
 * <p>Keeps the last frames decoded, so that walking a connection reads each frame once. Not
 * thread-safe: one instance per walk.
 */
final class StreamOctets {
    /** Frames looked at, at most, between an FPDU's first frame and the one that completed it. */
    static final int MAX_FRAMES = 4096;
    private static final int CACHED = 64;

    private final FrameIndex index;
    private final FrameReader reader;
    private final Map<Long, TcpSegment> recent = new RecentCache<>(CACHED);

    StreamOctets(FrameIndex index, FrameReader reader) {
        this.index = index;
        this.reader = reader;
    }

    /** An FPDU image and whether every octet of it was found. */
    record Image(byte[] octets, boolean complete) {}

    /** The image of the FPDU of {@code u} (completed by {@code frame}), or null when its octets cannot be placed. */
    Image image(Unit u, long frame) {
        Fpdu f = u.fpdu();
        if (f == null || u.segmentStream() < 0) {
            return null;
        }
        byte[] wire = new byte[Math.max(0, f.wireLength)];
        BitSet found = new BitSet(wire.length);
        read(Math.max(f.firstFrame, frame - MAX_FRAMES), frame, u.segmentStream(), f.streamOffset, wire, found);
        int expected = f.truncated ? wire.length : FpduLayout.imageLength(f.ulpduLength);
        byte[] image = new byte[Math.min(expected, wire.length)];
        boolean complete = true;
        int j = 0;
        for (int i = 0; i < wire.length && j < image.length; i++) {
            long s = f.streamOffset + i;
            if (f.markerOrigin >= 0
                    && Math.floorMod(s - f.markerOrigin, (long) FpduLayout.MARKER_PERIOD) < FpduLayout.MARKER_SIZE) {
                continue;
            }
            complete &= found.get(i);
            image[j++] = wire[i];
        }
        if (j < image.length) {
            image = java.util.Arrays.copyOf(image, j);
            complete = false;
        }
        return new Image(image, complete && !f.truncated);
    }

    /**
     * Copies the stream octets {@code [start, start + out.length)} of the direction that {@code
     * last} carries from the frames {@code first..last} of its flow into {@code out}, setting in
     * {@code found} the octets copied.
     *
     * @param lastStream the stream offset of {@code last}'s first payload octet
     */
    void read(long first, long last, long lastStream, long start, byte[] out, BitSet found) {
        TcpSegment anchor = segment(last);
        int flow = index.flowOf(last);
        if (anchor == null || flow < 0) {
            return;
        }
        for (long g = first; g <= last; g++) {
            if (g != last && index.flowOf(g) != flow) {
                continue;
            }
            TcpSegment t = g == last ? anchor : segment(g);
            if (t == null || t.length <= 0) {
                continue;
            }
            long stream = lastStream + (int) (t.seq - anchor.seq);
            long lo = Math.max(stream, start);
            long hi = Math.min(stream + t.length, start + out.length);
            if (lo < hi) {
                System.arraycopy(t.data, t.offset + (int) (lo - stream), out, (int) (lo - start), (int) (hi - lo));
                found.set((int) (lo - start), (int) (hi - start));
            }
        }
    }

    private TcpSegment segment(long frame) {
        TcpSegment t = recent.get(frame);
        if (t == null && !recent.containsKey(frame)) {
            t = reader.tcpOf(reader.read(frame));
            recent.put(frame, t);
        }
        return t;
    }
}

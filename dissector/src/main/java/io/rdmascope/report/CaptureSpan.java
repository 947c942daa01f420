package io.rdmascope.report;

import io.rdmascope.capture.Packet;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pipeline.FrameListener;

/**
 * Told of every frame of a capture: how many, and the earliest and the latest capture time, for
 * the captures table.
 */
public final class CaptureSpan implements FrameListener {
    private long frames;
    private Long first;
    private Long last;

    @Override
    public void frame(Packet packet, long position, TcpSegment tcp) {
        frames++;
        long t = packet.timestampNanos;
        if (first == null || t < first) {
            first = t;
        }
        if (last == null || t > last) {
            last = t;
        }
    }

    /** Frames told of. */
    public long frames() {
        return frames;
    }

    /** Nanoseconds since 1970 of the earliest frame, or null when there was none. */
    public Long first() {
        return first;
    }

    /** Nanoseconds since 1970 of the latest frame, or null when there was none. */
    public Long last() {
        return last;
    }

    /** A listener that tells this span and then {@code other} (which may be null) of each frame. */
    public FrameListener and(FrameListener other) {
        return other == null ? this : (packet, position, tcp) -> {
            frame(packet, position, tcp);
            other.frame(packet, position, tcp);
        };
    }
}

package io.rdmascope.synth.wire;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes frames to a {@link PcapWriter} on a deterministic clock: each frame is stamped with the
 * current time, then the clock advances by one tick. A capture cut truncates one frame and drops
 * every frame after it, as when a capture stops or its snap length bites mid-stream.
 */
public final class Emitter {
    private final PcapWriter pcap;
    private final FrameBuilder frames = new FrameBuilder();
    private long timeNanos;
    private long tickNanos;
    private boolean stopped;

    public Emitter(PcapWriter pcap, long startNanos, long tickNanos) {
        this.pcap = pcap;
        this.timeNanos = startNanos;
        this.tickNanos = tickNanos;
    }

    public FrameBuilder frames() {
        return frames;
    }

    public long time() {
        return timeNanos;
    }

    public void advance(long nanos) {
        timeNanos += nanos;
    }

    public boolean stopped() {
        return stopped;
    }

    /** Writes a frame built elsewhere. */
    public void emit(byte[] frame) {
        write(frame, frame.length, -1);
    }

    /** Writes the frame of {@code len} octets built in {@link #frames()}. */
    public void emit(int len) {
        emit(len, -1);
    }

    /** Writes the frame; when {@code cutTo >= 0} only that many octets are captured and the capture ends. */
    public void emit(int len, int cutTo) {
        write(frames.buffer(), len, cutTo);
    }

    /**
     * Writes a copy of the frame written last, {@code afterNanos} after it, as a switch that
     * duplicates a packet does; the clock does not advance.
     */
    public void emitCopy(byte[] frame, long afterNanos) {
        if (stopped) {
            return;
        }
        try {
            pcap.write(timeNanos - tickNanos + afterNanos, frame, 0, frame.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(byte[] frame, int len, int cutTo) {
        if (stopped) {
            return;
        }
        try {
            if (cutTo >= 0) {
                pcap.write(timeNanos, frame, 0, Math.min(cutTo, len), len);
                stopped = true;
            } else {
                pcap.write(timeNanos, frame, 0, len);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        timeNanos += tickNanos;
    }
}

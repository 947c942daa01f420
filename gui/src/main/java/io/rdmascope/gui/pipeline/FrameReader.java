package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Packet;
import io.rdmascope.net.IbFrame;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.roce.IbDecoder;
import io.rdmascope.roce.IbPacket;
import java.io.IOException;

/**
 * Reads frames of the index again from the file, and decodes their TCP segments and InfiniBand
 * packets with the dissector's decoders.
 */
final class FrameReader {
    private final FrameIndex index;
    private final CaptureReader randomAccess;
    /** Decodes re-read frames for rows and details; guarded by this reader's lock. */
    private final PacketDecoder decoder = new PacketDecoder();
    private final IbDecoder ibDecoder = new IbDecoder();

    FrameReader(FrameIndex index, CaptureReader randomAccess) {
        this.index = index;
        this.randomAccess = randomAccess;
    }

    /** The record of a frame, or null when it is not known or cannot be read again. */
    synchronized Packet read(long frame) {
        long position = index.position(frame);
        if (position < 0) {
            return null;
        }
        Packet p = new Packet();
        try {
            return randomAccess.readAt(position, frame, p) ? p : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The TCP segment of a re-read frame, decoded into a fresh object, or null. */
    synchronized TcpSegment tcpOf(Packet p) {
        if (p == null) {
            return null;
        }
        try {
            TcpSegment t = new TcpSegment();
            return decoder.decode(p, t) ? t : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** An InfiniBand packet decoded again, with where its transport header starts in the frame. */
    record IbOf(IbPacket packet, int transportOffset, int transportLength) {}

    /**
     * The InfiniBand transport packet of a re-read frame, decoded into a fresh object (without the
     * connection the queue-pair stage named, which the index keeps), or null.
     */
    synchronized IbOf ibOf(Packet p) {
        if (p == null) {
            return null;
        }
        try {
            IbFrame f = new IbFrame();
            if (decoder.decode(p, new TcpSegment(), f) != PacketDecoder.IB) {
                return null;
            }
            int captured = Math.min(f.end, f.captured) - f.transportOffset;
            return new IbOf(ibDecoder.decode(f), f.transportOffset - p.offset, captured);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The size of the file in octets. */
    long size() throws IOException {
        return randomAccess.size();
    }

    void close() throws IOException {
        randomAccess.close();
    }
}

package io.rdmascope.pipeline;

import io.rdmascope.capture.Packet;
import io.rdmascope.net.TcpSegment;

/** Told of every captured frame before the iWARP events it causes. */
public interface FrameListener {
    /**
     * @param position the reader position of this record, for reading it again later
     * @param tcp the decoded TCP segment, or null when the frame holds none
     */
    void frame(Packet packet, long position, TcpSegment tcp);

    /** The frame just announced holds this InfiniBand transport packet (RoCE or native InfiniBand). */
    default void ibPacket(io.rdmascope.roce.IbPacket packet) {}
}

package io.rdmascope.roce;

import io.rdmascope.net.IbFrame;
import io.rdmascope.rdma.RdmaListener;

/**
 * The RoCE and InfiniBand stages of one capture together, as the reading loop drives them: the
 * frame description {@link io.rdmascope.net.PacketDecoder} fills, the packet decoder and the
 * queue-pair stage, which hands its events to one {@link RdmaListener}.
 */
public final class RoceStage {
    private final IbFrame frame = new IbFrame();
    private final IbDecoder decoder = new IbDecoder();
    private final QueuePairs queuePairs;
    private final PacketListener packets;

    /** Told of every decoded packet after the queue-pair stage named its connection (the per-frame dissection). */
    @FunctionalInterface
    public interface PacketListener {
        void packet(IbPacket packet);
    }

    public RoceStage(RdmaListener listener) {
        this(listener, null);
    }

    public RoceStage(RdmaListener listener, PacketListener packets) {
        this.queuePairs = new QueuePairs(listener);
        this.packets = packets;
    }

    /** The description the packet decoder fills for each frame. */
    public IbFrame frame() {
        return frame;
    }

    /** The frame just decoded holds an InfiniBand packet: read it and hand it on. */
    public IbPacket packet() {
        IbPacket p = decoder.decode(frame);
        queuePairs.packet(p);
        if (packets != null) {
            packets.packet(p);
        }
        return p;
    }

    /** See {@link QueuePairs#idleTimeout}. */
    public void idleTimeout(long nanos) {
        queuePairs.idleTimeout(nanos);
    }

    /** The capture ended. */
    public void finish() {
        queuePairs.finish();
    }

    public QueuePairs queuePairs() {
        return queuePairs;
    }
}

package io.rdmascope.tcp;

import io.rdmascope.net.TcpSegment;

/** Reassembles both directions of every TCP connection and hands them to stream handlers. */
public final class TcpReassembler {
    public TcpReassembler(ConnectionListener listener) {
    }

    public void segment(TcpSegment segment) {
        throw new UnsupportedOperationException("not yet");
    }

    /** The capture ended: flush what can be delivered and tell open streams. */
    public void finish() {
        throw new UnsupportedOperationException("not yet");
    }
}

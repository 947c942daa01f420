package io.rdmascope.mpa;

import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;

/** Recognises MPA on TCP connections and frames their streams into FPDUs. */
public final class MpaDetector implements ConnectionListener {
    public MpaDetector(MpaListener listener) {
    }

    @Override
    public StreamHandler open(TcpConnection connection, Direction direction) {
        throw new UnsupportedOperationException("not yet");
    }

    /** The capture ended. */
    public void finish() {
        throw new UnsupportedOperationException("not yet");
    }
}

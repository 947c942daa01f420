package io.rdmascope.tcp;

/** Told of each new TCP connection; returns the handlers for its two directions. */
public interface ConnectionListener {
    /**
     * @return the handler for {@code direction} of {@code connection}, or null to drop that
     *     direction's data
     */
    StreamHandler open(TcpConnection connection, Direction direction);
}

package io.rdmascope.rdma;

/** Receives transport-neutral RDMA events in capture order. */
public interface RdmaListener {
    /** A connection became known (its set-up seen, or its first packet when the set-up was not captured). */
    default void rdmaConnection(RdmaConnection connection) {}

    /** One event of a connection. The event is the listener's to keep. */
    default void rdma(RdmaConnection connection, RdmaEvent event) {}
}

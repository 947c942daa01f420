package io.rdmascope.engine;

import io.rdmascope.rdma.RdmaEvent;

/**
 * Pairs the operations of a connection into transactions from the transport-neutral events its
 * transport's stage makes ({@link RdmaEvent}): every Send, RDMA Write, RDMA Read and atomic a
 * transaction of its kind, its remote key judged against the STag table ({@link StagRules}), its
 * whole message handed to the rules every transport shares ({@link Messages}). The two
 * implementations differ only where the wires do: what ends an operation and how a response
 * names its request.
 * <ul>
 *   <li>{@link Operations} (iWARP): TCP acknowledges, not RDMAP, so a Send or Write ends with its
 *       last segment placed; a Read Response names the sink it places into, and answers the oldest
 *       outstanding Read Request.</li>
 *   <li>{@link Verbs} (RoCE, InfiniBand): a Send or Write of a reliable service ends with the
 *       acknowledgement that covers it; responses, acknowledgements and NAKs name their request by
 *       its message number, which the stage derives from the packet sequence numbers.</li>
 * </ul>
 */
interface OperationRules {
    /** Judges one event of connection {@code c}. */
    void event(Conn c, RdmaEvent e);

    /** The connection closed: nothing outstanding on it will be answered. */
    void closed(Conn c);
}

package io.rdmascope.rdma;

import io.rdmascope.net.Endpoint;
import io.rdmascope.tcp.Direction;

/**
 * One reliable connection between two endpoints as the judge sees it, whatever carries it: its
 * stable id in the analysis, the endpoint of each direction's sender (address and the port the
 * connection manager named), and the Read depths the two sides agreed on.
 */
public interface RdmaConnection {
    /** Stable identifier in the analysis ("q1", ...). */
    String id();

    /** The transport's name as the reports show it ("roce"). */
    String transport();

    /** The sender of direction {@code d}: the initiator's endpoint for {@link Direction#FROM_INITIATOR}. */
    Endpoint source(Direction d);

    /** Whether the connection's set-up was not captured: its ends were inferred from its traffic. */
    boolean assumed();

    /**
     * Whether the responder acknowledges the requests (a reliable service, as iWARP and InfiniBand's
     * Reliable Connection): on an unreliable one (InfiniBand's Unreliable Connection and Unreliable
     * Datagram) a Send or RDMA Write is over with its last packet, and nothing answers it.
     */
    default boolean reliable() {
        return true;
    }

    /**
     * Read and atomic requests the sender of direction {@code d} may have outstanding at the peer
     * at once, as the set-up negotiated (the peer's responder resources), or null when unknown.
     */
    Integer readDepth(Direction d);

    /** The consumer's private data the set-up carried from direction {@code d}'s sender, or null. */
    default byte[] privateData(Direction d) {
        return null;
    }

    /** The frame of direction {@code d}'s set-up message (the request, the reply), or -1. */
    default long setupFrame(Direction d) {
        return -1;
    }
}

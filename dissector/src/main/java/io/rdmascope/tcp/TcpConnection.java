package io.rdmascope.tcp;

import io.rdmascope.net.Endpoint;

/** A TCP connection seen in the capture. */
public final class TcpConnection {
    private final int index;
    private final Endpoint initiator;
    private final Endpoint responder;
    private final long firstFrame;
    private final boolean synSeen;

    public TcpConnection(int index, Endpoint initiator, Endpoint responder, long firstFrame, boolean synSeen) {
        this.index = index;
        this.initiator = initiator;
        this.responder = responder;
        this.firstFrame = firstFrame;
        this.synSeen = synSeen;
    }

    /** Position among the capture's TCP connections, from 1, in order of first frame. */
    public int index() {
        return index;
    }

    public Endpoint initiator() {
        return initiator;
    }

    public Endpoint responder() {
        return responder;
    }

    public long firstFrame() {
        return firstFrame;
    }

    /** Whether the SYN was captured (so initiator and responder are known, not guessed). */
    public boolean synSeen() {
        return synSeen;
    }

    public Endpoint source(Direction d) {
        return d == Direction.FROM_INITIATOR ? initiator : responder;
    }

    public Endpoint destination(Direction d) {
        return d == Direction.FROM_INITIATOR ? responder : initiator;
    }

    @Override
    public String toString() {
        return initiator + " -> " + responder;
    }
}

package io.rdmascope.tcp;

/** The two halves of a TCP connection. */
public enum Direction {
    /** From the endpoint that sent the SYN (or, without a captured SYN, the first sender seen). */
    FROM_INITIATOR,
    FROM_RESPONDER;

    public Direction reverse() {
        return this == FROM_INITIATOR ? FROM_RESPONDER : FROM_INITIATOR;
    }
}

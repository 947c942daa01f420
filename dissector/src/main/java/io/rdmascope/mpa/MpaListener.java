package io.rdmascope.mpa;

/** Receives what MPA framing finds, in capture order. */
public interface MpaListener {
    /** MPA was recognised on a TCP connection (before its first handshake or FPDU is delivered). */
    void connection(MpaConnection connection);

    void handshake(MpaConnection connection, MpaHandshake handshake);

    void fpdu(MpaConnection connection, Fpdu fpdu);

    void issue(MpaConnection connection, StreamIssue issue);

    /** The capture ended. */
    default void end() {}
}

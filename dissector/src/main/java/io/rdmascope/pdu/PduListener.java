package io.rdmascope.pdu;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;

/**
 * Receives the dissected iWARP traffic of a capture, in capture order: the boundary between
 * parsing and judging. The engine, the per-frame dissection and the GUI all listen here.
 */
public interface PduListener {
    default void connection(MpaConnection connection) {}

    default void handshake(MpaConnection connection, MpaHandshake handshake) {}

    /** An FPDU and its decoded DDP segment. The FPDU's ULPDU bytes are valid only during the call. */
    default void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {}

    default void issue(MpaConnection connection, StreamIssue issue) {}

    /** A frame has been fully processed (called for every frame, after the events it caused). */
    default void frameDone(long frame, long timestampNanos) {}

    /** The capture ended. */
    default void end() {}
}

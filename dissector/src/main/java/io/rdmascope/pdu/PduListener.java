package io.rdmascope.pdu;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;

/**
 * Receives the dissected iWARP traffic of a capture, in capture order: the boundary between
 * parsing and judging. The RoCE and InfiniBand traffic arrives beside it as transport-neutral
 * events ({@link io.rdmascope.rdma.RdmaListener}). The engine, the per-frame dissection and the GUI all listen here.
 *
 * <p>Every event carries the capture time of the frame it names ({@link Fpdu#timeNanos} and
 * {@link Fpdu#firstTimeNanos}, {@link MpaHandshake#timeNanos}, {@link StreamIssue#timeNanos}; a
 * DDP segment its FPDU's), settled once where the frame entered the stages, so that an event
 * delivered late ({@link #watermark}) needs no look-up of its frame's time.
 */
public interface PduListener extends io.rdmascope.rdma.RdmaListener {
    default void connection(MpaConnection connection) {}

    default void handshake(MpaConnection connection, MpaHandshake handshake) {}

    /** An FPDU and its decoded DDP segment. The FPDU's ULPDU bytes are valid only during the call. */
    default void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {}

    default void issue(MpaConnection connection, StreamIssue issue) {}

    /**
     * Events for frames before {@code frame} are over. A PDU belongs to the frame that completes
     * it, but the MPA stage may hold a stream's octets back while it decides their framing (a
     * connection whose handshake was not captured, framing lost after a gap) and deliver their
     * events later, naming the earlier frames ({@link Fpdu#frame}, {@link StreamIssue#frame},
     * {@link MpaHandshake#frame}). While it does, this is called before each {@link #frameDone}
     * with the oldest frame such events may still name; when it is not called before a
     * {@code frameDone}, nothing is held back and no event for that frame or an earlier one will
     * come, except from what the stages flush when the capture ends (before {@link #end}).
     */
    default void watermark(long frame) {}

    /** A frame has been fully processed (called for every frame, after the events it caused). */
    default void frameDone(long frame, long timestampNanos) {}

    /**
     * No event of {@code connection} comes any more (its TCP connection closed both ways, or was
     * let go after being silent: {@link io.rdmascope.tcp.TcpReassembler#idleTimeout}), told after
     * its last event, in the order of frames, {@code frame} being the frame being processed. What a
     * listener keeps for the connection alone may go. Not told for connections still open when the
     * capture ends ({@link #end}).
     */
    default void retired(MpaConnection connection, long frame) {}

    /** The capture ended. */
    default void end() {}
}

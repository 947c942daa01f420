package io.rdmascope.gui.model;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.filter.FilterContext;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * What the desktop application shows of one capture. The application never parses bytes: every
 * view asks this interface. {@link #load} runs once, on a background thread; the queries may be
 * called from the application thread at any time for frames whose rows were already delivered,
 * and for the analysis results (transactions, violations) once loading returned.
 */
public interface CaptureModel extends Closeable {
    Path file();

    /**
     * Reads the capture, telling {@code listener} how many frames can be shown as they are read.
     *
     * @param cancelled polled between frames; when it turns true, loading stops and returns
     *     normally with the frames read so far
     * @throws IOException with a one-line reason when the file cannot be read
     */
    void load(LoadListener listener, BooleanSupplier cancelled) throws IOException;

    /** Frames read so far. */
    long frameCount();

    /**
     * The packet list's row of a frame (1 to {@link #frameCount}), built on demand: the model keeps
     * an index, not rows. Returns null for a frame it does not know.
     */
    FrameRow row(long frame);

    /** Capture time of a frame in nanoseconds since the Unix epoch, 0 when unknown; cheap. */
    long timeNanos(long frame);

    /** The detail tree of a frame: frame, link, IP, TCP, then MPA, DDP, RDMAP for each PDU. */
    List<FieldNode> details(long frame);

    /** A frame's record re-read from the file, or null when it cannot be read again. */
    RawFrame raw(long frame);

    /** The captured octets of a frame (empty when unavailable). */
    default byte[] bytes(long frame) {
        RawFrame r = raw(frame);
        return r == null ? new byte[0] : r.data();
    }

    List<ConnectionInfo> connections();

    List<Transaction> transactions();

    List<Violation> violations();

    /** Violations that name {@code frame}. */
    List<Violation> violationsAt(long frame);

    /** The most severe violation naming {@code frame}, or null. */
    Severity severityAt(long frame);

    /** Ids of the transactions that {@code frame} takes part in. */
    List<String> transactionsAt(long frame);

    /**
     * A frame as the display filters see it ({@link io.rdmascope.filter.DisplayFilter}).
     *
     * @param withPdus whether the MPA, DDP and RDMAP fields (and {@code connection}) must be
     *     answered; without them only frame, address, violation and transaction fields are
     */
    FilterContext filterContext(long frame, boolean withPdus);

    /**
     * The state of each endpoint's NIC after {@code frame} was processed. May take as long as
     * analysing the capture up to that frame: call it off the application thread.
     */
    NicState nicState(long frame);

    CaptureStatistics statistics();

    /**
     * For a live capture, what libpcap and the kernel counted so far (received, dropped by the
     * kernel, dropped by the interface; read every second); null for a file.
     */
    default io.rdmascope.capture.CaptureStatistics captureCounts() {
        return null;
    }

    /**
     * Per MPA connection, in the order recognised, then per RoCE queue-pair connection: what its
     * set-up negotiated and its PDUs (FPDUs, InfiniBand packets) and payload octets each way. Walks
     * the whole capture's index: call it off the application thread.
     */
    default List<Conversation> conversations() {
        return List.of();
    }

    /**
     * The MPA messages of connection {@code id} in frame order, the first {@code limit} of them.
     * Walks the whole capture's index: call it off the application thread.
     */
    default List<FlowMessage> messages(String id, int limit) {
        return List.of();
    }

    /**
     * The FPDUs {@code frame} completed that the frame's own octets do not show whole: those that
     * began in an earlier frame, and those with markers; each put together from its segments,
     * markers removed. Reads frames again: may take a moment for an FPDU of many segments.
     */
    default List<ReassembledFpdu> reassembled(long frame) {
        return List.of();
    }

    /**
     * The connection of {@code frame}: the MPA connection of the first MPA unit it carries or of its
     * TCP flow ("c1"), else the queue-pair connection of its InfiniBand packet; or null.
     */
    default String connectionAt(long frame) {
        return null;
    }

    /** Whether connection {@code id} is a queue pair (RoCE, InfiniBand) rather than an MPA connection. */
    default boolean queuePair(String id) {
        return false;
    }

    /**
     * The messages of connection {@code id} in order, the first {@code limit} of them (fewer when
     * their octets pass a few megabytes), for Follow MPA Stream or Follow DDP Stream. Reads the
     * connection's frames again: call it off the application thread.
     */
    default FollowedStream follow(String id, FollowedStream.Layer layer, int limit) {
        return FollowedStream.empty(id, layer);
    }

    @Override
    default void close() throws IOException {}
}

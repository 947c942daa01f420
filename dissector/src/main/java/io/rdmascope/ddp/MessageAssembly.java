package io.rdmascope.ddp;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.tcp.Direction;

/**
 * The DDP message stage (RFC 5041 section 5): places each DDP segment in its message, per
 * connection and direction ({@link DdpStream}), and hands every event on to a
 * {@link MessageListener}, the placed segments with their message and their transport-neutral
 * event ({@link DdpEvents}).
 *
 * <p>A segment is placed when its FPDU's CRC (where negotiated) matched and the segment holds
 * its headers. A segment with a bad CRC is not placed and does not reset the sequence: the hole it
 * leaves (one segment or one message) passes without a gap, a larger one is still an MSN or MO gap. What breaks the stream itself (a gap in the capture,
 * lost framing, an FPDU cut short, a malformed segment) makes the direction forget its sequence
 * state: after it, the first MSN seen on each queue starts afresh.
 */
public final class MessageAssembly implements io.rdmascope.pdu.PduListener {
    private final MessageListener next;

    public MessageAssembly(MessageListener next) {
        this.next = next;
    }

    /** The listener this stage feeds. */
    public MessageListener next() {
        return next;
    }

    /** The assembly state of one direction of a connection, kept on the connection itself. */
    private static DdpStream stream(MpaConnection c, Direction d) {
        DdpStream[] s = (DdpStream[]) c.messages;
        if (s == null) {
            s = new DdpStream[] {new DdpStream(), new DdpStream()};
            c.messages = s;
        }
        return s[d == null ? 0 : d.ordinal()];
    }

    @Override
    public void connection(MpaConnection connection) {
        next.connection(connection);
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake handshake) {
        next.handshake(connection, handshake);
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment s) {
        next.pdu(connection, fpdu, s);
        if (connection == null || fpdu == null || s == null) {
            return;
        }
        if (fpdu.crcOk != null && !fpdu.crcOk) {
            stream(connection, fpdu.direction).discarded();
            return;
        }
        DdpStream stream = stream(connection, fpdu.direction);
        if (s.malformed != null) {
            stream.resync();
            return;
        }
        int gaps = s.tagged
                ? stream.tagged(s.stag, s.to, s.last, s.payloadLength, s.payload, fpdu.frame)
                : stream.untagged(s.qn, s.msn, s.mo, s.last, s.payloadLength, s.payload, fpdu.frame);
        stream.event = DdpEvents.of(fpdu, s, stream);
        next.segment(connection, fpdu, s, stream, gaps);
        stream.event = null;
        if (fpdu.truncated && !fpdu.snapped) {
            // a gap or the capture's end cut this FPDU: where its message continues is unknown
            stream.resync();
        }
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        if (connection != null && issue != null && issue.kind() != null) {
            switch (issue.kind()) {
                case GAP, FRAMING, TRUNCATED, SNAPPED -> stream(connection, issue.direction()).resync();
                default -> { }
            }
        }
        next.issue(connection, issue);
    }

    /** The connection is over: its assembly state goes (messages it left open are never finished). */
    @Override
    public void retired(MpaConnection connection, long frame) {
        if (connection != null) {
            connection.messages = null;
        }
        next.retired(connection, frame);
    }

    @Override
    public void rdmaConnection(io.rdmascope.rdma.RdmaConnection connection) {
        next.rdmaConnection(connection);
    }

    @Override
    public void rdma(io.rdmascope.rdma.RdmaConnection connection, io.rdmascope.rdma.RdmaEvent event) {
        next.rdma(connection, event);
    }

    @Override
    public void watermark(long frame) {
        next.watermark(frame);
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        next.frameDone(frame, timestampNanos);
    }

    @Override
    public void end() {
        next.end();
    }
}

package io.rdmascope.pdu;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Hands events on in the order of the frames they name. The MPA stage holds the octets of a
 * connection whose framing it has not decided yet (no handshake captured, framing lost) and
 * delivers their events later, one direction after the other ({@link PduListener#watermark});
 * a judge that learns from one direction what the other then uses (an STag advertised in a Send,
 * then read by the peer) needs them back in capture order.
 *
 * <p>While the MPA stage says it holds events back, this stage holds every event it gets, with a
 * copy of each FPDU's octets; when the watermark moves on, it hands on, sorted by frame (events of
 * one frame in the order they came), those the watermark has passed; when nothing is held back any
 * more, all of them. Without a watermark, events pass straight through. What it holds is bounded by
 * what the MPA stage holds back.
 */
public final class FrameOrder implements PduListener {
    private record Held(long frame, MpaConnection connection, Object event, DdpSegment segment) {}

    // A plain class rather than Comparator.comparingLong: the JDK spins that one at run time,
    // outside the start-up archive, which every command-line run pays for.
    private static final Comparator<Held> BY_FRAME = new Comparator<>() {
        @Override
        public int compare(Held a, Held b) {
            return Long.compare(a.frame, b.frame);
        }
    };

    private final PduListener next;
    private final List<Held> held = new ArrayList<>();
    /** The MPA stage said, at the end of the last frame, that it holds events back. */
    private boolean holding;
    /** It said so for the frame being processed, with the oldest frame it may still deliver. */
    private boolean marked;
    private long mark;

    public FrameOrder(PduListener next) {
        this.next = next;
    }

    @Override
    public void connection(MpaConnection connection) {
        if (holding) {
            held.add(new Held(Long.MIN_VALUE, connection, null, null));
        } else {
            next.connection(connection);
        }
    }

    @Override
    public void handshake(MpaConnection connection, MpaHandshake handshake) {
        if (holding) {
            held.add(new Held(handshake.frame(), connection, handshake, null));
        } else {
            next.handshake(connection, handshake);
        }
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
        if (holding) {
            held.add(new Held(fpdu.frame, connection, fpdu.copy(true), segment));
        } else {
            next.pdu(connection, fpdu, segment);
        }
    }

    @Override
    public void issue(MpaConnection connection, StreamIssue issue) {
        if (holding) {
            held.add(new Held(issue.frame(), connection, issue, null));
        } else {
            next.issue(connection, issue);
        }
    }

    @Override
    public void retired(MpaConnection connection, long frame) {
        if (holding) {
            held.add(new Held(frame, connection, RETIRED, null));
        } else {
            next.retired(connection, frame);
        }
    }

    /** The event of a held {@link #retired}. */
    private static final Object RETIRED = new Object();

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
        marked = true;
        mark = frame;
        next.watermark(frame);
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        if (marked) {
            release(mark);
            holding = true;
            marked = false;
        } else if (holding) {
            release(Long.MAX_VALUE);
            holding = false;
        }
        next.frameDone(frame, timestampNanos);
    }

    /** Hands on, in frame order, the events held for frames before {@code before}. */
    private void release(long before) {
        if (held.isEmpty()) {
            return;
        }
        held.sort(BY_FRAME);
        int n = 0;
        while (n < held.size() && held.get(n).frame < before) {
            deliver(held.get(n));
            n++;
        }
        held.subList(0, n).clear();
    }

    private void deliver(Held h) {
        if (h.event == null) {
            next.connection(h.connection);
        } else if (h.event instanceof Fpdu f) {
            next.pdu(h.connection, f, h.segment);
        } else if (h.event == RETIRED) {
            next.retired(h.connection, h.frame);
        } else if (h.event instanceof MpaHandshake m) {
            next.handshake(h.connection, m);
        } else {
            next.issue(h.connection, (StreamIssue) h.event);
        }
    }

    @Override
    public void end() {
        release(Long.MAX_VALUE);
        holding = false;
        next.end();
    }
}

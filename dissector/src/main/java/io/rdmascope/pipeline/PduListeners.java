package io.rdmascope.pipeline;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import java.util.ArrayList;
import java.util.List;

/** Combinators of {@link PduListener}s. */
public final class PduListeners {
    private PduListeners() {}

    /**
     * A listener that hands every event to each of {@code listeners}, in the order given (null
     * entries are skipped). Put the engine before per-frame collectors so that a frame's
     * violations are known when the collectors see {@code frameDone}.
     */
    public static PduListener tee(PduListener... listeners) {
        List<PduListener> list = new ArrayList<>();
        for (PduListener l : listeners) {
            if (l != null) {
                list.add(l);
            }
        }
        if (list.size() == 1) {
            return list.get(0);
        }
        if (list.size() == 2) {
            return new Pair(list.get(0), list.get(1));
        }
        return new Tee(list.toArray(new PduListener[0]));
    }

    /**
     * Two listeners, the analysis' usual case (the collector and the engine): each call site sees
     * one kind of listener, which the compiler dispatches faster than a loop's call to any of them.
     */
    private static final class Pair implements PduListener {
        private final PduListener first;
        private final PduListener second;

        Pair(PduListener first, PduListener second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void connection(MpaConnection connection) {
            first.connection(connection);
            second.connection(connection);
        }

        @Override
        public void handshake(MpaConnection connection, MpaHandshake handshake) {
            first.handshake(connection, handshake);
            second.handshake(connection, handshake);
        }

        @Override
        public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
            first.pdu(connection, fpdu, segment);
            second.pdu(connection, fpdu, segment);
        }

        @Override
        public void issue(MpaConnection connection, StreamIssue issue) {
            first.issue(connection, issue);
            second.issue(connection, issue);
        }

        @Override
        public void rdmaConnection(io.rdmascope.rdma.RdmaConnection connection) {
            first.rdmaConnection(connection);
            second.rdmaConnection(connection);
        }

        @Override
        public void rdma(io.rdmascope.rdma.RdmaConnection connection, io.rdmascope.rdma.RdmaEvent event) {
            first.rdma(connection, event);
            second.rdma(connection, event);
        }

        @Override
        public void retired(MpaConnection connection, long frame) {
            first.retired(connection, frame);
            second.retired(connection, frame);
        }

        @Override
        public void watermark(long frame) {
            first.watermark(frame);
            second.watermark(frame);
        }

        @Override
        public void frameDone(long frame, long timestampNanos) {
            first.frameDone(frame, timestampNanos);
            second.frameDone(frame, timestampNanos);
        }

        @Override
        public void end() {
            first.end();
            second.end();
        }
    }

    private static final class Tee implements PduListener {
        private final PduListener[] all;

        Tee(PduListener[] all) {
            this.all = all;
        }

        @Override
        public void connection(MpaConnection connection) {
            for (PduListener l : all) {
                l.connection(connection);
            }
        }

        @Override
        public void handshake(MpaConnection connection, MpaHandshake handshake) {
            for (PduListener l : all) {
                l.handshake(connection, handshake);
            }
        }

        @Override
        public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
            for (PduListener l : all) {
                l.pdu(connection, fpdu, segment);
            }
        }

        @Override
        public void issue(MpaConnection connection, StreamIssue issue) {
            for (PduListener l : all) {
                l.issue(connection, issue);
            }
        }

        @Override
        public void rdmaConnection(io.rdmascope.rdma.RdmaConnection connection) {
            for (PduListener l : all) {
                l.rdmaConnection(connection);
            }
        }

        @Override
        public void rdma(io.rdmascope.rdma.RdmaConnection connection, io.rdmascope.rdma.RdmaEvent event) {
            for (PduListener l : all) {
                l.rdma(connection, event);
            }
        }

        @Override
        public void retired(MpaConnection connection, long frame) {
            for (PduListener l : all) {
                l.retired(connection, frame);
            }
        }

        @Override
        public void watermark(long frame) {
            for (PduListener l : all) {
                l.watermark(frame);
            }
        }

        @Override
        public void frameDone(long frame, long timestampNanos) {
            for (PduListener l : all) {
                l.frameDone(frame, timestampNanos);
            }
        }

        @Override
        public void end() {
            for (PduListener l : all) {
                l.end();
            }
        }
    }
}

package io.rdmascope.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaDetector;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.MpaListener;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.rdma.RdmaListener;
import io.rdmascope.roce.RoceStage;
import io.rdmascope.tcp.TcpReassembler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * {@link Dissection} on two threads: the calling thread reads the capture, decodes packets,
 * reassembles TCP and frames MPA (markers and CRC included); a second thread decodes the PDUs and
 * runs the listener (the engine). The boundary is the MPA detector's output: every event it gives
 * (a connection, a handshake, an FPDU, an issue) and every frame's end, with the frame the detector
 * then holds events back from, are recorded, in order, into batches that the second thread replays
 * into the listener. The listener therefore sees the events of the sequential path, in the same
 * order, on one thread, each with its capture time: an FPDU's two times are among its recorded
 * fields, handshakes and issues (immutable) cross as they are.
 *
 * <p>Of an FPDU's ULPDU only its head crosses ({@link PduDecoder#headLength}: the headers, or all of
 * a short segment or a Terminate), so the payload octets are neither copied nor shared: listeners
 * get the FPDU's fields and its decoded segment, and {@link Fpdu#buf} is null. The FPDU object is
 * reused from call to call, as the detector's own is.
 *
 * <p>Memory is bounded: {@value #BATCHES} batches circulate between a free and a full queue, each
 * with {@value #DATA_OCTETS} octets of ULPDU heads and room for {@value #OP_LONGS} words of events.
 * A batch grows only to hold one head larger than that (a Terminate, bounded by the largest FPDU)
 * and shrinks back.
 *
 * <p>Failures: an exception of the second thread stops the reading and is rethrown to the caller;
 * an exception of the reader stops the second thread before it is rethrown; cancelling stops both.
 * The call returns only after the second thread has finished, so no listener call happens after.
 */
final class Pipelined {
    /**
     * Enough batches (12 MiB, about 60 MB of the bulk capture of bench/compare.sh) for the reader to
     * keep going while the second thread is still warming up (its code interpreted before it is
     * compiled): with 16, the reader of that capture waited for a free batch for about 10 ms in most
     * runs, and the whole run took 3 to 8 ms longer (docs/performance.md).
     */
    static final int BATCHES = 24;
    static final int DATA_OCTETS = 1 << 18;
    static final int OP_LONGS = 1 << 15;

    private static final int CONNECTION = 1, HANDSHAKE = 2, FPDU = 3, ISSUE = 4, FRAME_DONE = 5, RDMA_CONNECTION = 6,
            RDMA = 7, RETIRED = 8;
    /** Words an FPDU takes: the op (with the record's flags), its {@link FpduRecord}, and where its head lies. */
    private static final int FPDU_LONGS = FpduRecord.WORDS + 2;
    /** Flag of an FPDU without octets (beside the record's own flags). */
    private static final int NO_ULPDU = 1 << FpduRecord.FLAG_BITS;

    private Pipelined() {}

    /** Recorded calls and the octets they deliver. */
    static final class Batch {
        private final int dataOctets;
        long[] ops;
        int nOps;
        byte[] data;
        int nData;
        /** The objects the events name: connections, handshakes, issues. */
        final List<Object> refs = new ArrayList<>();
        /** The capture's last batch; {@code finish}: the capture was read to its end. */
        boolean last;
        boolean finish;

        Batch(int dataOctets, int opLongs) {
            this.dataOctets = dataOctets;
            ops = new long[opLongs];
            data = new byte[dataOctets];
        }

        void clear() {
            nOps = 0;
            nData = 0;
            refs.clear();
            last = false;
            finish = false;
            if (data.length > dataOctets) {
                data = new byte[dataOctets];
            }
        }
    }

    /** Thrown on the reading thread when the second thread failed. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    static DissectionResult run(CaptureReader reader, PduListener listener, LongConsumer progress,
                                BooleanSupplier cancelled) throws IOException {
        return run(reader, listener, progress, cancelled, DATA_OCTETS, OP_LONGS);
    }

    /** With batches of the given sizes (small ones in tests, to cross many batch boundaries). */
    static DissectionResult run(CaptureReader reader, PduListener listener, LongConsumer progress,
                                BooleanSupplier cancelled, int dataOctets, int opLongs) throws IOException {
        Exchange x = new Exchange(listener, dataOctets, opLongs);
        Thread replay = new Thread(x::replayAll, "rdmascope-replay");
        replay.setDaemon(true);
        replay.start();
        boolean done = false;
        try {
            DissectionResult r = read(reader, x, progress, cancelled);
            done = true;
            return r;
        } catch (Stop stop) {
            done = true;
            join(replay);
            throw rethrow(x.failure);
        } finally {
            if (!done) {
                x.abort = true;
            }
            join(replay);
            if (done && x.failure != null) {
                throw rethrow(x.failure);
            }
        }
    }

    private static void join(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    private static DissectionResult read(CaptureReader reader, Exchange x, LongConsumer progress,
                                         BooleanSupplier cancelled) throws IOException {
        Recorder rec = new Recorder(x);
        MpaDetector detector = new MpaDetector(rec);
        TcpReassembler reassembler = new TcpReassembler(detector);
        RoceStage roce = new RoceStage(rec);
        return Dissection.readFrames(reader, reassembler, roce, null,
                packet -> rec.frameDone(packet.frame, packet.timestampNanos, detector.heldFrom()),
                stopped -> {
                    if (!stopped) {
                        reassembler.finish();
                        detector.finish();
                        roce.finish();
                    }
                    rec.last(!stopped);
                }, progress, cancelled);
    }

    /** The two queues and what the threads tell each other. */
    static final class Exchange {
        final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
        final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
        final PduListener listener;
        private final int dataOctets, opLongs;
        /**
         * Batches made so far: by the second thread while it has nothing to replay (so that their
         * memory is first touched off the reading thread), else by the reader when none is free. A
         * short capture needs few.
         */
        private final AtomicInteger made = new AtomicInteger();
        volatile boolean abort;
        volatile Throwable failure;

        Exchange(PduListener listener, int dataOctets, int opLongs) {
            this.listener = listener;
            this.dataOctets = dataOctets;
            this.opLongs = Math.max(opLongs, FPDU_LONGS);
        }

        /** A free batch for the reader; waits for the second thread, gives up when it failed. */
        Batch acquire() {
            Batch ready = free.poll();
            if (ready != null) {
                return ready;
            }
            Batch fresh = make();
            if (fresh != null) {
                return fresh;
            }
            try {
                while (true) {
                    Batch b = free.poll(20, TimeUnit.MILLISECONDS);
                    if (b != null) {
                        return b;
                    }
                    if (failure != null) {
                        throw new Stop();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort = true;
                throw new IllegalStateException("interrupted", e);
            }
        }

        /** A new batch, or null when all have been made. */
        private Batch make() {
            while (true) {
                int n = made.get();
                if (n >= BATCHES) {
                    return null;
                }
                if (made.compareAndSet(n, n + 1)) {
                    return new Batch(dataOctets, opLongs);
                }
            }
        }

        void send(Batch b) {
            full.add(b); // never full: there are at most BATCHES batches
        }

        /** The second thread: replays batches until the last one, an abort or a failure. */
        void replayAll() {
            Replayer r = new Replayer(listener);
            try {
                while (true) {
                    Batch b = full.poll();
                    if (b == null && free.isEmpty()) {
                        // Idle: one batch more for the reader, made here rather than when it needs one.
                        Batch spare = make();
                        if (spare != null) {
                            free.add(spare);
                        }
                    }
                    if (b == null) {
                        b = full.poll(20, TimeUnit.MILLISECONDS);
                    }
                    if (abort) {
                        return;
                    }
                    if (b == null) {
                        continue;
                    }
                    r.replay(b);
                    boolean last = b.last;
                    boolean finish = b.finish;
                    b.clear();
                    free.add(b);
                    if (last) {
                        if (finish) {
                            listener.end();
                        }
                        return;
                    }
                }
            } catch (Throwable t) {
                failure = t;
            }
        }
    }

    /** Stands for the PDU decoder and the listener on the reading thread: writes down each event. */
    static final class Recorder implements MpaListener, RdmaListener {
        private final Exchange x;
        private Batch b;

        Recorder(Exchange x) {
            this.x = x;
            this.b = x.acquire();
        }

        private long[] room(int longs, int octets) {
            if (b.nOps + longs > b.ops.length || b.nData + octets > b.data.length) {
                flush();
                if (octets > b.data.length) {
                    b.data = new byte[octets];
                }
            }
            return b.ops;
        }

        private void flush() {
            x.send(b);
            b = x.acquire();
        }

        void frameDone(long frame, long timestampNanos, long heldFrom) {
            long[] o = room(4, 0);
            int i = b.nOps;
            o[i] = FRAME_DONE;
            o[i + 1] = frame;
            o[i + 2] = timestampNanos;
            o[i + 3] = heldFrom;
            b.nOps = i + 4;
        }

        void last(boolean finish) {
            b.last = true;
            b.finish = finish;
            x.send(b);
            b = null;
        }

        /** The connection named last in this batch, and its place in the batch's references. */
        private MpaConnection lastConnection;
        private int lastConnectionRef;

        /** Op word of an event naming {@code connection}, added to the batch's references unless it was named last. */
        private long op(int kind, MpaConnection connection) {
            if (connection != lastConnection || lastConnectionRef >= b.refs.size()
                    || b.refs.get(lastConnectionRef) != connection) {
                lastConnection = connection;
                lastConnectionRef = b.refs.size();
                b.refs.add(connection);
            }
            return kind | (long) lastConnectionRef << 8;
        }

        /** Op word of an event naming {@code connection} and {@code detail}, which follow each other in the references. */
        private long op(int kind, MpaConnection connection, Object detail) {
            long op = kind | (long) b.refs.size() << 8;
            b.refs.add(connection);
            b.refs.add(detail);
            return op;
        }

        @Override
        public void connection(MpaConnection connection) {
            long[] o = room(1, 0);
            o[b.nOps++] = op(CONNECTION, connection);
        }

        @Override
        public void handshake(MpaConnection connection, MpaHandshake handshake) {
            long[] o = room(1, 0);
            o[b.nOps++] = op(HANDSHAKE, connection, handshake);
        }

        @Override
        public void issue(MpaConnection connection, StreamIssue issue) {
            long[] o = room(1, 0);
            o[b.nOps++] = op(ISSUE, connection, issue);
        }

        @Override
        public void retired(MpaConnection connection, long frame) {
            long[] o = room(2, 0);
            int i = b.nOps;
            o[i] = op(RETIRED, connection);
            o[i + 1] = frame;
            b.nOps = i + 2;
        }

        @Override
        public void rdmaConnection(RdmaConnection connection) {
            long[] o = room(1, 0);
            o[b.nOps++] = RDMA_CONNECTION | (long) b.refs.size() << 8;
            b.refs.add(connection);
        }

        @Override
        public void rdma(RdmaConnection connection, RdmaEvent event) {
            long[] o = room(1, 0);
            o[b.nOps++] = RDMA | (long) b.refs.size() << 8;
            b.refs.add(connection);
            b.refs.add(event);
        }

        @Override
        public void fpdu(MpaConnection connection, Fpdu f) {
            int head = f.buf == null || f.ulpduAvailable <= 0 ? 0
                    : PduDecoder.headLength(f.buf, f.ulpduOffset, f.ulpduAvailable);
            long[] o = room(FPDU_LONGS, head);
            int i = b.nOps;
            int flags = FpduRecord.flags(f) | (f.buf == null ? NO_ULPDU : 0);
            o[i] = op(FPDU, connection) | (long) flags << 40;
            FpduRecord.write(f, o, i + 1);
            o[i + FPDU_LONGS - 1] = FpduRecord.pack(b.nData, head);
            if (head > 0) {
                System.arraycopy(f.buf, f.ulpduOffset, b.data, b.nData, head);
                b.nData += head;
            }
            b.nOps = i + FPDU_LONGS;
        }
    }

    /** The second thread's side: the PDU decoder and the listener. */
    static final class Replayer {
        final PduListener listener;
        private final PduDecoder decoder = new PduDecoder();
        private final Fpdu fpdu = new Fpdu();

        Replayer(PduListener listener) {
            this.listener = listener;
        }

        void replay(Batch b) {
            int n = b.nOps;
            for (int i = 0; i < n; ) {
                i = event(b, i);
            }
        }

        /**
         * Replays the event at {@code b.ops[i]} and returns the index of the next. (One method per
         * event rather than one loop per batch: the compiler takes up a method after a few hundred
         * calls, a loop only after tens of thousands of turns.)
         */
        private int event(Batch b, int i) {
            long[] o = b.ops;
            long op = o[i];
            int kind = (int) (op & 0xff);
            int r = (int) ((op >>> 8) & 0xffffffffL);
            switch (kind) {
                case FRAME_DONE:
                    Dissection.frameDone(listener, o[i + 3], o[i + 1], o[i + 2]);
                    return i + 4;
                case FPDU:
                    fpdu(b, (MpaConnection) b.refs.get(r), (int) (op >>> 40), o, i);
                    return i + FPDU_LONGS;
                case CONNECTION:
                    listener.connection((MpaConnection) b.refs.get(r));
                    return i + 1;
                case HANDSHAKE:
                    listener.handshake((MpaConnection) b.refs.get(r), (MpaHandshake) b.refs.get(r + 1));
                    return i + 1;
                case ISSUE:
                    listener.issue((MpaConnection) b.refs.get(r), (StreamIssue) b.refs.get(r + 1));
                    return i + 1;
                case RETIRED:
                    listener.retired((MpaConnection) b.refs.get(r), o[i + 1]);
                    return i + 2;
                case RDMA_CONNECTION:
                    listener.rdmaConnection((RdmaConnection) b.refs.get(r));
                    return i + 1;
                case RDMA:
                    listener.rdma((RdmaConnection) b.refs.get(r), (RdmaEvent) b.refs.get(r + 1));
                    return i + 1;
                default:
                    throw new IllegalStateException("unknown recorded event " + kind);
            }
        }

        private void fpdu(Batch b, MpaConnection connection, int flags, long[] o, int i) {
            Fpdu f = fpdu;
            FpduRecord.read(flags, o, i + 1, f);
            int at = (int) (o[i + FPDU_LONGS - 1] >>> 32);
            int head = (int) o[i + FPDU_LONGS - 1];
            DdpSegment segment = (flags & NO_ULPDU) != 0 ? decoder.read(null, 0, 0)
                    : decoder.readHead(b.data, at, head, f.snapped ? f.ulpduLength : f.ulpduAvailable);
            listener.pdu(connection, f, segment);
        }
    }
}

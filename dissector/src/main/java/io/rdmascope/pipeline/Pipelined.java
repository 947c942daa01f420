package io.rdmascope.pipeline;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.mpa.MpaDetector;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import io.rdmascope.tcp.TcpReassembler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * {@link Dissection} on two threads: the calling thread reads the capture, decodes packets and
 * reassembles TCP; a second thread frames MPA, decodes the PDUs and runs the listener (the
 * engine). The boundary is the reassembler's output: every call it makes (a stream opened, in-order
 * octets, a gap, an end) and every frame's end are recorded, in order, into batches that the
 * second thread replays into the same {@link MpaDetector} the sequential path uses. The listener
 * therefore sees exactly the events of the sequential path, in the same order, on one thread.
 *
 * <p>Memory is bounded: {@value #BATCHES} batches circulate between a free and a full queue, each
 * with {@value #DATA_OCTETS} octets of stream data (the reassembler's buffers are reused, so its
 * octets are copied) and room for {@value #OP_LONGS} words of calls. A batch grows only to hold one
 * delivery larger than that (bounded by the reassembler's per-direction limit) and shrinks back.
 *
 * <p>Failures: an exception of the second thread stops the reading and is rethrown to the caller;
 * an exception of the reader stops the second thread before it is rethrown; cancelling stops both.
 * The call returns only after the second thread has finished, so no listener call happens after.
 */
final class Pipelined {
    static final int BATCHES = 4;
    static final int DATA_OCTETS = 1 << 20;
    static final int OP_LONGS = 1 << 15;

    private static final long OPEN = 1, DATA = 2, GAP = 3, END = 4, CAPTURE_END = 5, FRAME_DONE = 6;

    private Pipelined() {}

    /** Recorded calls and the octets they deliver. */
    static final class Batch {
        private final int dataOctets;
        long[] ops;
        int nOps;
        byte[] data;
        int nData;
        /** The objects the calls name: stream slots, and the connection of each opened stream. */
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
        TcpReassembler reassembler = new TcpReassembler(rec);
        return Dissection.readFrames(reader, reassembler, null,
                packet -> rec.frameDone(packet.frame, packet.timestampNanos),
                stopped -> {
                    if (!stopped) {
                        reassembler.finish();
                    }
                    rec.last(!stopped);
                }, progress, cancelled);
    }

    /** The two queues and what the threads tell each other. */
    static final class Exchange {
        final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
        final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
        final PduListener listener;
        volatile boolean abort;
        volatile Throwable failure;

        Exchange(PduListener listener, int dataOctets, int opLongs) {
            this.listener = listener;
            for (int i = 0; i < BATCHES; i++) {
                free.add(new Batch(dataOctets, Math.max(opLongs, 8)));
            }
        }

        /** A free batch for the reader; waits for the second thread, gives up when it failed. */
        Batch acquire() {
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

        void send(Batch b) {
            full.add(b); // never full: there are only BATCHES batches
        }

        /** The second thread: replays batches until the last one, an abort or a failure. */
        void replayAll() {
            Replayer r = new Replayer(listener);
            try {
                while (true) {
                    Batch b = full.poll(20, TimeUnit.MILLISECONDS);
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
                            r.detector.finish();
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

    /** Stands for the MPA detector on the reading thread: writes down each call. */
    static final class Recorder implements ConnectionListener {
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

        void frameDone(long frame, long timestampNanos) {
            long[] o = room(3, 0);
            int i = b.nOps;
            o[i] = FRAME_DONE;
            o[i + 1] = frame;
            o[i + 2] = timestampNanos;
            b.nOps = i + 3;
        }

        void last(boolean finish) {
            b.last = true;
            b.finish = finish;
            x.send(b);
            b = null;
        }

        /** Op word naming the slot: the slot is added to the batch's references. */
        private long ref(long kind, Slot slot) {
            long op = kind | (long) b.refs.size() << 8;
            b.refs.add(slot);
            return op;
        }

        @Override
        public StreamHandler open(TcpConnection connection, Direction direction) {
            Slot slot = new Slot();
            long[] o = room(1, 0);
            o[b.nOps++] = ref(OPEN | (long) direction.ordinal() << 40, slot);
            b.refs.add(connection);
            return new StreamHandler() {
                @Override
                public void data(long frame, long streamOffset, byte[] buf, int off, int len) {
                    long[] o = room(4, len);
                    int i = b.nOps;
                    o[i] = ref(DATA, slot);
                    o[i + 1] = frame;
                    o[i + 2] = streamOffset;
                    o[i + 3] = (long) b.nData << 32 | len;
                    System.arraycopy(buf, off, b.data, b.nData, len);
                    b.nData += len;
                    b.nOps = i + 4;
                }

                @Override
                public void gap(long frame, long streamOffset, long length) {
                    long[] o = room(4, 0);
                    int i = b.nOps;
                    o[i] = ref(GAP, slot);
                    o[i + 1] = frame;
                    o[i + 2] = streamOffset;
                    o[i + 3] = length;
                    b.nOps = i + 4;
                }

                @Override
                public void end(long frame, boolean reset) {
                    long[] o = room(3, 0);
                    int i = b.nOps;
                    o[i] = ref(END, slot);
                    o[i + 1] = frame;
                    o[i + 2] = reset ? 1 : 0;
                    b.nOps = i + 3;
                }

                @Override
                public void captureEnd() {
                    long[] o = room(1, 0);
                    o[b.nOps++] = ref(CAPTURE_END, slot);
                }
            };
        }
    }

    /**
     * One stream direction: the reading thread's recording handler holds it, the second thread
     * puts the detector's handler in it. It lives as long as the reassembler keeps the recording
     * handler, as the detector's handler does in the sequential path.
     */
    static final class Slot {
        StreamHandler handler;
    }

    /** The second thread's side: the real detector and the listener. */
    static final class Replayer {
        final PduListener listener;
        final MpaDetector detector;

        Replayer(PduListener listener) {
            this.listener = listener;
            this.detector = new MpaDetector(new Dissection.Decoding(listener));
        }

        void replay(Batch b) {
            long[] o = b.ops;
            int n = b.nOps;
            int i = 0;
            while (i < n) {
                long op = o[i];
                int kind = (int) (op & 0xff);
                switch (kind) {
                    case (int) FRAME_DONE:
                        Dissection.frameDone(detector, listener, o[i + 1], o[i + 2]);
                        i += 3;
                        break;
                    case (int) DATA: {
                        long where = o[i + 3];
                        handler(b, op).data(o[i + 1], o[i + 2], b.data, (int) (where >>> 32), (int) where);
                        i += 4;
                        break;
                    }
                    case (int) GAP:
                        handler(b, op).gap(o[i + 1], o[i + 2], o[i + 3]);
                        i += 4;
                        break;
                    case (int) END:
                        handler(b, op).end(o[i + 1], o[i + 2] != 0);
                        i += 3;
                        break;
                    case (int) CAPTURE_END:
                        handler(b, op).captureEnd();
                        i += 1;
                        break;
                    case (int) OPEN: {
                        int r = (int) (op >>> 8);
                        Direction d = Direction.values()[(int) (op >>> 40)];
                        ((Slot) b.refs.get(r)).handler = detector.open((TcpConnection) b.refs.get(r + 1), d);
                        i += 1;
                        break;
                    }
                    default:
                        throw new IllegalStateException("unknown recorded call " + kind);
                }
            }
        }

        private static StreamHandler handler(Batch b, long op) {
            return ((Slot) b.refs.get((int) (op >>> 8))).handler;
        }
    }
}

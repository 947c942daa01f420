package io.rdmascope.report;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code -z conv,iwarp} and {@code -z io,stat} count, gathered beside the analysis as the
 * FPDUs go by: per MPA connection and direction the FPDUs, their octets on the stream and the
 * DDP messages they end, with the times of the connection's first and last FPDU; and per
 * interval of capture time the frames, FPDUs and DDP payload octets. Only attached when one of
 * those statistics is asked for.
 */
public final class TrafficStatistics implements PduListener {
    /** One MPA connection's traffic; index 0 from the initiator, 1 from the responder. */
    public static final class Conversation {
        public final MpaConnection connection;
        public final long[] fpdus = new long[2];
        public final long[] bytes = new long[2];
        public final long[] messages = new long[2];
        public long firstNanos = -1;
        public long lastNanos = -1;
        private boolean touched;

        Conversation(MpaConnection connection) {
            this.connection = connection;
        }

        /** Seconds from the first to the last FPDU. */
        public double durationSeconds() {
            return firstNanos < 0 ? 0 : (lastNanos - firstNanos) / 1e9;
        }
    }

    private final long intervalNanos;
    private final Map<MpaConnection, Conversation> conversations = new LinkedHashMap<>();
    private final List<Conversation> touched = new ArrayList<>();
    private MpaConnection lastConnection;
    private Conversation last;
    private long startNanos = -1;
    private long endNanos = -1;
    private long pendingFpdus;
    private long pendingPayload;
    /** Per interval: frames, FPDUs, payload octets. */
    private long[] frames = new long[16];
    private long[] fpdus = new long[16];
    private long[] payload = new long[16];
    private int intervals;

    /** @param intervalNanos the io,stat interval, or 0 when only conversations are counted */
    public TrafficStatistics(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    @Override
    public void connection(MpaConnection connection) {
        conversations.computeIfAbsent(connection, Conversation::new);
    }

    @Override
    public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
        if (connection != lastConnection) {
            last = conversations.computeIfAbsent(connection, Conversation::new);
            lastConnection = connection;
        }
        int d = fpdu.direction.ordinal();
        last.fpdus[d]++;
        last.bytes[d] += fpdu.wireLength;
        if (segment != null && segment.last) {
            last.messages[d]++;
        }
        if (!last.touched) {
            last.touched = true;
            touched.add(last);
        }
        pendingFpdus++;
        pendingPayload += segment != null ? segment.payloadLength : 0;
    }

    @Override
    public void frameDone(long frame, long timestampNanos) {
        if (startNanos < 0) {
            startNanos = timestampNanos;
        }
        endNanos = Math.max(endNanos, timestampNanos);
        for (Conversation c : touched) {
            if (c.firstNanos < 0) {
                c.firstNanos = timestampNanos;
            }
            c.lastNanos = timestampNanos;
            c.touched = false;
        }
        touched.clear();
        if (intervalNanos > 0) {
            int i = interval(timestampNanos);
            frames[i]++;
            fpdus[i] += pendingFpdus;
            payload[i] += pendingPayload;
        }
        pendingFpdus = 0;
        pendingPayload = 0;
    }

    /** The index of the interval of a time, the arrays grown to hold it. */
    private int interval(long nanos) {
        long i = Math.max(0, (nanos - startNanos) / intervalNanos);
        int n = (int) Math.min(i, Integer.MAX_VALUE - 8);
        if (n >= frames.length) {
            int size = Math.max(n + 1, frames.length * 2);
            frames = Arrays.copyOf(frames, size);
            fpdus = Arrays.copyOf(fpdus, size);
            payload = Arrays.copyOf(payload, size);
        }
        intervals = Math.max(intervals, n + 1);
        return n;
    }

    public List<Conversation> conversations() {
        return new ArrayList<>(conversations.values());
    }

    /** The capture time of the first frame, or -1 when there was none. */
    public long startNanos() {
        return startNanos;
    }

    /** The latest capture time of a frame, or -1. */
    public long endNanos() {
        return endNanos;
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    /** Intervals from the first frame's to the last frame's. */
    public int intervals() {
        return intervals;
    }

    public long frames(int interval) {
        return frames[interval];
    }

    public long fpdus(int interval) {
        return fpdus[interval];
    }

    public long payload(int interval) {
        return payload[interval];
    }

    /** The interval of a transaction started at {@code nanos}, or -1 outside the capture's. */
    public int intervalOf(long nanos) {
        if (intervalNanos <= 0 || startNanos < 0) {
            return -1;
        }
        long i = Math.max(0, (nanos - startNanos) / intervalNanos);
        return i < intervals ? (int) i : intervals - 1;
    }
}

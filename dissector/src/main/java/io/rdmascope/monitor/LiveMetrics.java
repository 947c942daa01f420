package io.rdmascope.monitor;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.rdmascope.capture.CapturePeriod;
import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.capture.LiveCaptureReader;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.CaptureSummary;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The counts of a live analysis as the engine makes its findings: frames, bytes, the capture's
 * drops, violations by code and severity, transactions by kind and status with their latencies,
 * RoCE retransmissions and NAKs. Served to Prometheus ({@link #serve}) and summed per period
 * ({@link Periods}).
 *
 * <p>A gap (see {@link CaptureSummary#GAPS}) is held until the capture's counts have been read
 * twice after it: then it is known whether the kernel dropped frames where it happened, and it is
 * counted as capture loss or as a violation, as the final report counts it. No metric has a label
 * per connection: their number stays fixed however long the capture runs.
 */
public final class LiveMetrics implements EngineListener {
    /** Bounds of the latency histogram, in seconds: 1 µs to 10 s, 1, 2.5 and 5 per decade. */
    public static final double[] LATENCY_BOUNDS = bounds();
    /** Gaps held at most; past it, a gap is counted as a violation at once. */
    private static final int MAX_PENDING = 100_000;

    private record Pending(Violation violation, long samples) {}

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final LiveCaptureReader reader;
    private final Counter violations;
    private final Counter captureLoss;
    private final Counter transactions;
    private final Histogram latency;
    private final Counter retransmissions;
    private final Counter naks;
    private final Deque<Pending> pending = new ArrayDeque<>();
    /** The RoCE connections seen, once each (the queue-pair stage follows at most 65536). */
    private final java.util.Set<QpConnection> queuePairs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private final List<EngineListener> followers = new ArrayList<>();
    private final java.util.concurrent.atomic.AtomicLong lost = new java.util.concurrent.atomic.AtomicLong();
    private HTTPServer server;

    public LiveMetrics(LiveCaptureReader reader) {
        this.reader = reader;
        CounterWithCallback.builder().name("rdmascope_frames").help("Frames captured and analysed")
                .callback(cb -> cb.call(reader.frames())).register(registry);
        CounterWithCallback.builder().name("rdmascope_bytes").help("Bytes of the frames captured")
                .callback(cb -> cb.call(reader.position())).register(registry);
        CounterWithCallback.builder().name("rdmascope_capture_received")
                .help("Packets the kernel's capture socket received (pcap_stats ps_recv)")
                .callback(cb -> cb.call(reader.statistics().received())).register(registry);
        CounterWithCallback.builder().name("rdmascope_capture_dropped")
                .help("Packets lost to the capture (pcap_stats): by the kernel or libpcap (ps_drop), by the interface (ps_ifdrop)")
                .labelNames("by").callback(cb -> {
                    CaptureStatistics s = reader.statistics();
                    cb.call(s.droppedByKernel(), "kernel");
                    cb.call(s.droppedByInterface(), "interface");
                }).register(registry);
        violations = Counter.builder().name("rdmascope_violations").help("Violations found, by code and severity")
                .labelNames("code", "severity").withoutExemplars().register(registry);
        captureLoss = Counter.builder().name("rdmascope_capture_loss")
                .help("Gaps put down to capture loss (found while the kernel dropped frames), by code")
                .labelNames("code").withoutExemplars().register(registry);
        transactions = Counter.builder().name("rdmascope_transactions").help("Transactions ended, by kind and status")
                .labelNames("kind", "status").withoutExemplars().register(registry);
        latency = Histogram.builder().name("rdmascope_transaction_latency_seconds")
                .help("Time from a transaction's initiation to its completion, by kind").labelNames("kind")
                .classicOnly().classicUpperBounds(LATENCY_BOUNDS).withoutExemplars().register(registry);
        retransmissions = Counter.builder().name("rdmascope_roce_retransmitted_packets")
                .help("RoCE packets sent again, counted on the transactions they belong to").withoutExemplars()
                .register(registry);
        naks = Counter.builder().name("rdmascope_roce_naks").help("RoCE NAKs, by type (sequence, rnr, error)")
                .labelNames("type").withoutExemplars().register(registry);
        CounterWithCallback.builder().name("rdmascope_roce_ecn_ce_packets")
                .help("RoCE packets whose IP header says congestion experienced (ECN CE)")
                .callback(cb -> cb.call(roceCount(n -> n.ecnCe))).register(registry);
        CounterWithCallback.builder().name("rdmascope_roce_cnps")
                .help("RoCE Congestion Notification Packets (DCQCN, Annex A17)")
                .callback(cb -> cb.call(roceCount(n -> n.cnps))).register(registry);
        // every series at zero from the start, so that a rate or an increase is defined from the first scrape
        for (ViolationCode c : ViolationCode.values()) {
            violations.labelValues(c.name(), c.severity.jsonName());
        }
        for (ViolationCode c : CaptureSummary.GAPS) {
            captureLoss.labelValues(c.name());
        }
        for (TransactionKind k : TransactionKind.values()) {
            latency.labelValues(k.jsonName);
        }
        for (String type : new String[] {"sequence", "rnr", "error"}) {
            naks.labelValues(type);
        }
        reader.addTicker(this::resolve);
    }

    private static double[] bounds() {
        List<Double> b = new ArrayList<>();
        for (int exp = -6; exp <= 1; exp++) {
            for (double m : exp == 1 ? new double[] {1} : new double[] {1, 2.5, 5}) {
                b.add(Double.parseDouble(m + "e" + exp));
            }
        }
        return b.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The sum of one counter over the RoCE connections seen (read while the analysis updates them: a snapshot). */
    private long roceCount(java.util.function.ToLongFunction<QpConnection.Counters> counter) {
        List<QpConnection> all;
        synchronized (queuePairs) {
            all = new ArrayList<>(queuePairs);
        }
        long sum = 0;
        for (QpConnection q : all) {
            sum += counter.applyAsLong(q.counters);
        }
        return sum;
    }

    @Override
    public void transportConnection(RdmaConnection connection) {
        if (connection instanceof QpConnection q) {
            synchronized (queuePairs) {
                queuePairs.add(q);
            }
        }
    }

    /** Also tells {@code listener} of each violation and transaction as it is counted (gaps once resolved). */
    public synchronized void follow(EngineListener listener) {
        followers.add(listener);
    }

    /** Serves the metrics on http://127.0.0.1:{@code port}/metrics until {@link #close}. */
    public void serve(int port) throws IOException {
        server = HTTPServer.builder().inetAddress(InetAddress.getLoopbackAddress()).port(port).registry(registry)
                .buildAndStart();
    }

    /** The port served on (after {@link #serve}). */
    public int port() {
        return server.getPort();
    }

    public PrometheusRegistry registry() {
        return registry;
    }

    @Override
    public void violation(Violation v) {
        if (CaptureSummary.GAPS.contains(v.code())) {
            synchronized (this) {
                if (pending.size() < MAX_PENDING) {
                    pending.addLast(new Pending(v, reader.samples()));
                    return;
                }
            }
        }
        count(v);
    }

    private void count(Violation v) {
        violations.labelValues(v.code().name(), v.severity().jsonName()).inc();
        switch (v.code()) {
            case IB_NAK_SEQUENCE -> naks.labelValues("sequence").inc();
            case IB_NAK_RNR -> naks.labelValues("rnr").inc();
            case IB_NAK_ERROR -> naks.labelValues("error").inc();
            default -> { }
        }
        List<EngineListener> to;
        synchronized (this) {
            to = List.copyOf(followers);
        }
        for (EngineListener l : to) {
            l.violation(v);
        }
    }

    @Override
    public void transaction(Transaction t) {
        transactions.labelValues(t.kind.jsonName, t.status.jsonName()).inc();
        if (t.completionFrame >= 0 && t.completionTimeNanos >= t.initiationTimeNanos) {
            latency.labelValues(t.kind.jsonName).observe((t.completionTimeNanos - t.initiationTimeNanos) / 1e9);
        }
        if (t.retransmissions > 0) {
            retransmissions.inc(t.retransmissions);
        }
        List<EngineListener> to;
        synchronized (this) {
            to = List.copyOf(followers);
        }
        for (EngineListener l : to) {
            l.transaction(t);
        }
    }

    /** Counts the gaps whose period is known (the counts read twice since), as capture loss or violations. */
    private void resolve() {
        resolve(reader.samples() - 2);
    }

    /** Counts every gap still held: the capture has ended and its counts were read for the last time. */
    public void finish() {
        resolve(Long.MAX_VALUE);
    }

    private void resolve(long sampledBefore) {
        List<Violation> ready = new ArrayList<>();
        synchronized (this) {
            while (!pending.isEmpty() && pending.peekFirst().samples() <= sampledBefore) {
                ready.add(pending.removeFirst().violation());
            }
        }
        if (ready.isEmpty()) {
            return;
        }
        List<CapturePeriod> periods = reader.lossPeriods();
        for (Violation v : ready) {
            if (CaptureSummary.lossy(periods, v.frame()) != null) {
                captureLoss.labelValues(v.code().name()).inc();
                lost.incrementAndGet();
            } else {
                count(v);
            }
        }
    }

    /** Gaps counted as capture loss so far. */
    public long captureLoss() {
        return lost.get();
    }

    /** Stops serving. */
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}

package io.rdmascope.pipeline;

import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Judge;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.rdma.RdmaConnection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Analyses one capture: runs the stages with the engine listening, collects the MPA connections,
 * transactions and violations into a {@link FileAnalysis}. Instances hold no state between calls
 * and may be shared by threads; each analysis has its own temporary files, which the caller
 * deletes by closing the {@link FileAnalysis}.
 */
public final class Analyzer {
    /** Creates the judge of a run; {@link Judge} in production. */
    @FunctionalInterface
    public interface EngineFactory {
        /** The engine behind the stages it needs: events in frame order, DDP messages assembled. */
        EngineFactory ENGINE = (settings, listener) -> Judge.of(settings, listener).input();

        PduListener create(NicSettings settings, EngineListener listener);
    }

    private final NicSettings settings;
    private final Source source;
    private final EngineFactory engines;
    /** See {@link #keepingConnections}; 0: every connection. */
    private final int keepConnections;

    public Analyzer(NicSettings settings) {
        this(settings, Source.CAPTURE, EngineFactory.ENGINE);
    }

    public Analyzer(NicSettings settings, Source source, EngineFactory engines) {
        this(settings, source, engines, 0);
    }

    private Analyzer(NicSettings settings, Source source, EngineFactory engines, int keepConnections) {
        this.settings = settings;
        this.source = source;
        this.engines = engines;
        this.keepConnections = Math.max(0, keepConnections);
    }

    /**
     * This analyzer listing in full, of the connections that are over before the capture ends
     * ({@link PduListener#retired}), the first {@code n} only; the others are counted
     * ({@link FileAnalysis#summarisedConnections()}), so that a run that never ends keeps a bounded
     * table. Connections still open at the end are always listed. 0: every connection (the default).
     */
    public Analyzer keepingConnections(int n) {
        return new Analyzer(settings, source, engines, n);
    }

    /** See {@link #keepingConnections}; 0: every connection. */
    public int keptConnections() {
        return keepConnections;
    }

    public Source source() {
        return source;
    }

    public EngineFactory engines() {
        return engines;
    }

    public NicSettings settings() {
        return settings;
    }

    /** @param name the file as it is to be reported (as the user named it) */
    public FileAnalysis analyze(Path file, String name) throws IOException {
        return analyze(file, name, null, null, null, null);
    }

    /**
     * @param frames also told of every frame; may be null
     * @param extra another listener fed after the engine (a per-frame collector); may be null
     */
    public FileAnalysis analyze(Path file, String name, FrameListener frames, PduListener extra,
                                LongConsumer progress, BooleanSupplier cancelled) throws IOException {
        Collector collector = new Collector(keepConnections);
        PduListener engine = engines.create(settings, collector);
        boolean done = false;
        try {
            DissectionResult result = source.run(file, frames, PduListeners.tee(collector, engine, extra), progress,
                    cancelled);
            FileAnalysis a = collector.result(name, result);
            done = true;
            return a;
        } finally {
            if (!done) {
                collector.discard();
            }
        }
    }

    /**
     * Collects connections (with FPDU counts), transactions and violations. Transactions and
     * violations go to {@link SpillList}s as the engine tells them, counted as they come, so the
     * collector's memory is bounded whatever the length of the capture. With a bound on the
     * connections, the entry of a connection that is over beyond the first {@code keep} such is
     * folded into two counts.
     */
    static final class Collector implements PduListener, EngineListener {
        private final Map<MpaConnection, long[]> connections = new LinkedHashMap<>();
        /** Connections over that are listed in full at most; 0: all. */
        private final int keep;
        /** Connections over listed in full so far. */
        private int keptRetired;
        private long summarised;
        private long summarisedFpdus;
        private long summarisedRdma;

        Collector(int keep) {
            this.keep = keep;
        }

        @Override
        public void retired(MpaConnection connection, long frame) {
            if (keep <= 0) {
                return;
            }
            if (keptRetired < keep) {
                keptRetired++;
                return;
            }
            long[] n = connections.remove(connection);
            if (n != null) {
                summarised++;
                summarisedFpdus += n[0];
            }
            if (connection == lastConnection) {
                lastConnection = null;
                lastCount = null;
            }
        }
        private final Set<RdmaConnection> rdmaConnections = new LinkedHashSet<>();
        private final SpillList<Transaction> transactions = AnalysisRecords.transactions();
        private final SpillList<Violation> violations = AnalysisRecords.violations();
        private final FileAnalysis.Tally tally = new FileAnalysis.Tally();

        @Override
        public void connection(MpaConnection connection) {
            connections.putIfAbsent(connection, new long[1]);
        }

        /** The count of the connection of the last FPDU: consecutive FPDUs mostly share one. */
        private MpaConnection lastConnection;
        private long[] lastCount;

        @Override
        public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
            if (connection != lastConnection || lastCount == null) {
                lastCount = connections.computeIfAbsent(connection, c -> new long[1]);
                lastConnection = connection;
            }
            lastCount[0]++;
        }

        @Override
        public void rdmaConnection(RdmaConnection connection) {
            rdmaConnections.add(connection);
        }

        /** A RoCE connection over beyond the bound is folded into the count, as an MPA one is ({@link #retired}). */
        @Override
        public void rdma(RdmaConnection connection, io.rdmascope.rdma.RdmaEvent event) {
            if (event.kind != io.rdmascope.rdma.RdmaEvent.Kind.RETIRED || keep <= 0) {
                return;
            }
            if (keptRetired < keep) {
                keptRetired++;
            } else if (rdmaConnections.remove(connection)) {
                summarisedRdma++;
            }
        }

        @Override
        public void violation(Violation violation) {
            violations.add(violation);
            tally.count(violation);
        }

        @Override
        public void transaction(Transaction transaction) {
            transactions.add(transaction);
            tally.count(transaction);
        }

        FileAnalysis result(String name, DissectionResult run) {
            List<ConnectionSummary> cs = new ArrayList<>();
            connections.forEach((c, n) -> cs.add(new ConnectionSummary(c, n[0])));
            return new FileAnalysis(name, run.frames(), cs, transactions, violations, run.problem(), tally)
                    .withRdmaConnections(new ArrayList<>(rdmaConnections))
                    .withSummarisedConnections(summarised, summarisedFpdus)
                    .withSummarisedRdmaConnections(summarisedRdma)
                    .withUntrackedRdmaPackets(run.untrackedRdmaPackets());
        }

        /** Deletes what was spilled when the run fails. */
        void discard() {
            transactions.close();
            violations.close();
        }
    }
}

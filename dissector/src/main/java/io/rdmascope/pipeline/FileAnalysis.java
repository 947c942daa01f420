package io.rdmascope.pipeline;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.rdma.RdmaConnection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The analysis of one capture file: its connections, transactions (ordered by initiation frame)
 * and violations (ordered by frame, in the order found within a frame).
 *
 * <p>Transactions and violations are {@link SpillList}s: a capture with millions of them keeps
 * only a bounded part in memory and the rest in temporary files, so readers iterate them (in
 * order, as often as they like) instead of indexing. The summary counts (per severity, per code,
 * per transaction status) are counted as the records are added, not derived from the lists.
 * {@link #close()} deletes the temporary files once the analysis has been written.
 */
public final class FileAnalysis implements AutoCloseable {
    /** Counts kept beside the lists: per severity, per violation code, per transaction status. */
    public static final class Tally {
        private final long[] severities = new long[Severity.values().length];
        private final long[] codes = new long[ViolationCode.values().length];
        private final long[] statuses = new long[TransactionStatus.values().length];
        private final long[][] byKind = new long[TransactionKind.values().length][TransactionStatus.values().length];

        public void count(Violation v) {
            severities[v.severity().ordinal()]++;
            codes[v.code().ordinal()]++;
        }

        public void count(Transaction t) {
            statuses[t.status.ordinal()]++;
            byKind[t.kind.ordinal()][t.status.ordinal()]++;
        }

        static Tally of(Iterable<Transaction> transactions, Iterable<Violation> violations) {
            Tally t = new Tally();
            for (Transaction x : transactions) {
                t.count(x);
            }
            for (Violation v : violations) {
                t.count(v);
            }
            return t;
        }
    }

    private final String path;
    private final long frames;
    private final List<ConnectionSummary> connections;
    private final SpillList<Transaction> transactions;
    private final SpillList<Violation> violations;
    private final String problem;
    private final Tally tally;
    /** The connections of transports other than iWARP (RoCE queue pairs), in order of appearance. */
    private List<RdmaConnection> rdmaConnections = List.of();
    /** A live capture's counts, or null. */
    private CaptureSummary capture;
    /** Connections over whose entries were left out of {@link #connections}, and their FPDUs. */
    private long summarisedConnections;
    private long summarisedFpdus;
    /** RoCE connections over whose entries were left out of {@link #rdmaConnections}. */
    private long summarisedRdmaConnections;
    /** Packets of RoCE queue pairs beyond those followed at once: counted, not judged. */
    private long untrackedRdmaPackets;

    /**
     * An analysis held in memory.
     *
     * @param path the file as the user named it
     * @param problem why reading stopped before the end of the file, or null
     */
    public FileAnalysis(String path, long frames, List<ConnectionSummary> connections,
                        List<Transaction> transactions, List<Violation> violations, String problem) {
        this(path, frames, connections, SpillList.of(transactions), SpillList.of(violations), problem,
                Tally.of(transactions, violations));
    }

    /**
     * @param transactions ordered by initiation frame (owned by the analysis from now on)
     * @param violations ordered by frame (owned by the analysis from now on)
     * @param tally the counts of what the lists hold
     */
    public FileAnalysis(String path, long frames, List<ConnectionSummary> connections,
                        SpillList<Transaction> transactions, SpillList<Violation> violations, String problem,
                        Tally tally) {
        this.path = path;
        this.frames = frames;
        this.connections = connections;
        this.transactions = transactions;
        this.violations = violations;
        this.problem = problem;
        this.tally = tally;
    }

    /** The file as the user named it. */
    public String path() {
        return path;
    }

    public long frames() {
        return frames;
    }

    /** The connections of transports other than iWARP (RoCE queue pairs), in order of appearance. */
    public List<RdmaConnection> rdmaConnections() {
        return rdmaConnections;
    }

    /** Sets {@link #rdmaConnections()}; returns this analysis. */
    public FileAnalysis withRdmaConnections(List<RdmaConnection> connections) {
        this.rdmaConnections = List.copyOf(connections);
        return this;
    }

    /** What the live capture counted (received, dropped) and the gaps put down to its losses; null for a file. */
    public CaptureSummary capture() {
        return capture;
    }

    /** Sets {@link #capture()}; returns this analysis. */
    public FileAnalysis withCapture(CaptureSummary summary) {
        this.capture = summary;
        return this;
    }

    /**
     * The MPA connections listed in full: every one, unless the analysis kept a bounded number
     * of those that were over ({@link #summarisedConnections()} the others).
     */
    public List<ConnectionSummary> connections() {
        return connections;
    }

    /** MPA connections seen: those listed and those summarised. */
    public long connectionCount() {
        return connections.size() + summarisedConnections;
    }

    /**
     * MPA connections that were over before the capture ended and are counted here rather than
     * listed in {@link #connections()} (a long live capture keeps a bounded number in full); 0
     * when every connection is listed.
     */
    public long summarisedConnections() {
        return summarisedConnections;
    }

    /** The FPDUs of the {@link #summarisedConnections()}. */
    public long summarisedFpdus() {
        return summarisedFpdus;
    }

    /** Sets {@link #summarisedConnections()} and their FPDUs; returns this analysis. */
    public FileAnalysis withSummarisedConnections(long connections, long fpdus) {
        this.summarisedConnections = connections;
        this.summarisedFpdus = fpdus;
        return this;
    }

    /** RoCE connections seen: those listed in {@link #rdmaConnections()} and those summarised. */
    public long rdmaConnectionCount() {
        return rdmaConnections.size() + summarisedRdmaConnections;
    }

    /** RoCE connections that were over before the capture ended and are counted rather than listed. */
    public long summarisedRdmaConnections() {
        return summarisedRdmaConnections;
    }

    /** Sets {@link #summarisedRdmaConnections()}; returns this analysis. */
    public FileAnalysis withSummarisedRdmaConnections(long connections) {
        this.summarisedRdmaConnections = connections;
        return this;
    }

    /**
     * Packets (and CM messages) of RoCE and InfiniBand queue pairs beyond the 65,536 connections
     * followed at once: counted, neither tied to a connection nor judged.
     */
    public long untrackedRdmaPackets() {
        return untrackedRdmaPackets;
    }

    /** Sets {@link #untrackedRdmaPackets()}; returns this analysis. */
    public FileAnalysis withUntrackedRdmaPackets(long packets) {
        this.untrackedRdmaPackets = packets;
        return this;
    }

    /** Ordered by initiation frame, then id. */
    public SpillList<Transaction> transactions() {
        return transactions;
    }

    /** Ordered by frame. */
    public SpillList<Violation> violations() {
        return violations;
    }

    /** Why reading stopped before the end of the file, or null. */
    public String problem() {
        return problem;
    }

    /** Violations per severity, every severity present (zero counts included). */
    public Map<Severity, Long> violationCounts() {
        Map<Severity, Long> m = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            m.put(s, tally.severities[s.ordinal()]);
        }
        return m;
    }

    /** Violations per code, only the codes that occur. */
    public Map<ViolationCode, Long> codeCounts() {
        return occurring(ViolationCode.class, tally.codes);
    }

    /** Transactions per status, only the statuses that occur. */
    public Map<TransactionStatus, Long> transactionCounts() {
        return occurring(TransactionStatus.class, tally.statuses);
    }

    /** Transactions per kind and status, only the kinds and statuses that occur. */
    public Map<TransactionKind, Map<TransactionStatus, Long>> transactionCountsByKind() {
        // in the order of the kinds, as values() gives them
        Map<TransactionKind, Map<TransactionStatus, Long>> m = new LinkedHashMap<>();
        for (TransactionKind k : TransactionKind.values()) {
            Map<TransactionStatus, Long> s = occurring(TransactionStatus.class, tally.byKind[k.ordinal()]);
            if (!s.isEmpty()) {
                m.put(k, s);
            }
        }
        return m;
    }

    /** The counts above zero, by the constant of {@code type} whose ordinal indexes them. */
    private static <E extends Enum<E>> Map<E, Long> occurring(Class<E> type, long[] counts) {
        Map<E, Long> m = new EnumMap<>(type);
        for (E e : type.getEnumConstants()) {
            if (counts[e.ordinal()] > 0) {
                m.put(e, counts[e.ordinal()]);
            }
        }
        return m;
    }

    /** Whether a violation at or above {@code threshold} was found. */
    public boolean hasViolationAtLeast(Severity threshold) {
        for (Severity s : Severity.values()) {
            if (s.compareTo(threshold) >= 0 && tally.severities[s.ordinal()] > 0) {
                return true;
            }
        }
        return false;
    }

    /** The same analysis keeping only the given transactions and violations (held in memory). */
    public FileAnalysis with(List<Transaction> keptTransactions, List<Violation> keptViolations) {
        return new FileAnalysis(path, frames, connections, keptTransactions, keptViolations, problem)
                .withRdmaConnections(rdmaConnections).withCapture(capture)
                .withSummarisedConnections(summarisedConnections, summarisedFpdus)
                .withSummarisedRdmaConnections(summarisedRdmaConnections)
                .withUntrackedRdmaPackets(untrackedRdmaPackets);
    }

    /** The same analysis with other lists (owned by the new analysis) and their counts. */
    public FileAnalysis with(SpillList<Transaction> keptTransactions, SpillList<Violation> keptViolations,
                             Tally keptTally) {
        return new FileAnalysis(path, frames, connections, keptTransactions, keptViolations, problem, keptTally)
                .withRdmaConnections(rdmaConnections).withCapture(capture)
                .withSummarisedConnections(summarisedConnections, summarisedFpdus)
                .withSummarisedRdmaConnections(summarisedRdmaConnections)
                .withUntrackedRdmaPackets(untrackedRdmaPackets);
    }

    /**
     * Moves the records held in memory to the temporary files when there are more than a few
     * thousand: for an analysis that waits for others to finish before it is written, so that
     * memory does not grow with the number of files either.
     */
    public void park() {
        transactions.park(PARK_KEEP);
        violations.park(PARK_KEEP);
    }

    /** Records an analysis waiting to be written keeps in memory (see {@link #park()}). */
    static final int PARK_KEEP = 2_000;

    /** Deletes the temporary files of the lists; the lists are empty afterwards. */
    @Override
    public void close() {
        transactions.close();
        violations.close();
    }
}

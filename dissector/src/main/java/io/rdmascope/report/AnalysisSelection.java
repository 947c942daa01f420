package io.rdmascope.report;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.pipeline.AnalysisRecords;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.SpillList;
import io.rdmascope.pipeline.Source;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Applies a display filter to an analysis ({@code analyze -Y}): a second pass over the capture
 * builds each frame's fields, and
 *
 * <ul>
 *   <li>a violation is kept when the filter matches its frame, the {@code violation.*} fields
 *       holding that violation alone;
 *   <li>a transaction is kept when the filter matches one of its frames (initiation, data,
 *       completion), the {@code transaction} field holding that transaction alone.
 * </ul>
 *
 * Connections and the frame count are kept; the summary counts what is kept.
 *
 * <p>The pass streams: the analysis' violations and transactions are read in order beside the
 * frames, a transaction is held only from its initiation frame to its last frame, and what is kept
 * goes to new {@link SpillList}s, so memory stays bounded however many there are.
 */
public final class AnalysisSelection implements FrameSink {
    private static final List<String> VIOLATION_FIELDS =
            List.of("violation", "violation.code", "violation.severity", "violation.message");

    /** A transaction between its initiation frame and its last frame. */
    private static final class Live {
        final Transaction transaction;
        final long lastFrame;
        boolean kept;

        Live(Transaction transaction, long lastFrame) {
            this.transaction = transaction;
            this.lastFrame = lastFrame;
        }
    }

    private final DisplayFilter filter;
    private final Iterator<Transaction> transactions;
    private Transaction nextTransaction;
    private final Map<String, Live> live = new HashMap<>();
    private final PriorityQueue<Live> byLastFrame = new PriorityQueue<>(Comparator.comparingLong(l -> l.lastFrame));
    private final SpillList<Violation> keptViolations = AnalysisRecords.violations();
    private final SpillList<Transaction> keptTransactions = AnalysisRecords.transactions();
    private final FileAnalysis.Tally tally = new FileAnalysis.Tally();

    private AnalysisSelection(DisplayFilter filter, Iterable<Transaction> transactions) {
        this.filter = filter;
        this.transactions = transactions.iterator();
        this.nextTransaction = this.transactions.hasNext() ? this.transactions.next() : null;
    }

    /**
     * Runs the second pass with {@code source} over {@code file} and returns the kept part of
     * {@code analysis}. Unless the filter keeps everything (then {@code analysis} itself is
     * returned), {@code analysis} is closed and the caller closes the analysis returned.
     */
    public static FileAnalysis select(FileAnalysis analysis, DisplayFilter filter, Source source, Path file)
            throws IOException {
        if (filter.matchesAll()) {
            return analysis;
        }
        AnalysisSelection sel = null;
        boolean ok = false;
        try {
            sel = new AnalysisSelection(filter, analysis.transactions());
            FrameCollector collector = new FrameCollector(DisplayFilter.all(), sel, false)
                    .withAnalysis(analysis.violations(), analysis.transactions());
            source.run(file, collector, collector, null, null);
            sel.retire(Long.MAX_VALUE);
            FileAnalysis kept = analysis.with(sel.keptTransactions, sel.keptViolations, sel.tally);
            ok = true;
            return kept;
        } finally {
            analysis.close();
            if (!ok && sel != null) {
                sel.keptTransactions.close();
                sel.keptViolations.close();
            }
        }
    }

    @Override
    public void frame(FrameRecord r) {
        for (Violation v : r.violations) {
            OverlayContext c = new OverlayContext(r);
            List<Violation> one = List.of(v);
            for (String f : VIOLATION_FIELDS) {
                c.set(f, FrameRecord.violationValues(one, f));
            }
            if (v.transaction() != null && !r.transactions.contains(v.transaction())) {
                List<String> ts = new ArrayList<>(r.transactions);
                ts.add(v.transaction());
                c.set("transaction", ts);
            }
            if (filter.test(c)) {
                keptViolations.add(v);
                tally.count(v);
            }
        }
        while (nextTransaction != null && nextTransaction.initiationFrame <= r.frame) {
            Transaction t = nextTransaction;
            long last = t.initiationFrame;
            for (long f : FrameCollector.framesOf(t)) {
                last = Math.max(last, f);
            }
            Live l = new Live(t, last);
            live.put(t.id, l);
            byLastFrame.add(l);
            nextTransaction = transactions.hasNext() ? transactions.next() : null;
        }
        for (String t : r.transactions) {
            Live l = live.get(t);
            if (l != null && !l.kept && filter.test(new OverlayContext(r).set("transaction", List.of(t)))) {
                l.kept = true;
            }
        }
        retire(r.frame);
    }

    /** Decides the transactions whose last frame is at or before {@code frame}. */
    private void retire(long frame) {
        while (!byLastFrame.isEmpty() && byLastFrame.peek().lastFrame <= frame) {
            Live l = byLastFrame.poll();
            live.remove(l.transaction.id);
            if (l.kept) {
                keptTransactions.add(l.transaction);
                tally.count(l.transaction);
            }
        }
    }

    @Override
    public void finish() {}
}

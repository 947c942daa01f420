package io.rdmascope.report;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Source;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

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
 */
public final class AnalysisSelection implements FrameSink {
    private static final List<String> VIOLATION_FIELDS =
            List.of("violation", "violation.code", "violation.severity", "violation.message");

    private final DisplayFilter filter;
    private final Set<Violation> keptViolations = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<String> keptTransactions = new HashSet<>();

    private AnalysisSelection(DisplayFilter filter) {
        this.filter = filter;
    }

    /** Runs the second pass with {@code source} over {@code file} and returns the kept part of {@code analysis}. */
    public static FileAnalysis select(FileAnalysis analysis, DisplayFilter filter, Source source, Path file)
            throws IOException {
        if (filter.matchesAll()) {
            return analysis;
        }
        AnalysisSelection sel = new AnalysisSelection(filter);
        FrameCollector collector = new FrameCollector(DisplayFilter.all(), sel, false)
                .withAnalysis(analysis.violations(), analysis.transactions());
        source.run(file, collector, collector, null, null);
        return sel.apply(analysis);
    }

    /** Keeps what the frames seen so far selected. */
    public FileAnalysis apply(FileAnalysis analysis) {
        List<Violation> vs = new ArrayList<>();
        for (Violation v : analysis.violations()) {
            if (keptViolations.contains(v)) {
                vs.add(v);
            }
        }
        List<Transaction> ts = new ArrayList<>();
        for (Transaction t : analysis.transactions()) {
            if (keptTransactions.contains(t.id)) {
                ts.add(t);
            }
        }
        return analysis.with(ts, vs);
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
            }
        }
        for (String t : r.transactions) {
            if (!keptTransactions.contains(t) && filter.test(new OverlayContext(r).set("transaction", List.of(t)))) {
                keptTransactions.add(t);
            }
        }
    }

    @Override
    public void finish() {}
}

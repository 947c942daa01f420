package io.rdmascope.pipeline;

import io.rdmascope.capture.CapturePeriod;
import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a live capture counted beside what it handed on: received, dropped by the kernel (or
 * libpcap), dropped by the interface; the periods in which something was dropped; and the gaps
 * that fell in such a period, put down to capture loss instead of being reported as violations.
 *
 * @param iface the interface captured on
 * @param totals the counts from the start of the capture to its end
 * @param periods the periods (between two readings of the counts) in which something was dropped
 * @param losses the gaps put down to capture loss, the first {@value #MAX_LOSSES}
 * @param lossCount how many gaps were put down to capture loss in all
 */
public record CaptureSummary(String iface, CaptureStatistics totals, List<CapturePeriod> periods,
                             List<CaptureLoss> losses, long lossCount) {
    /** Losses listed at most; the others are counted. */
    public static final int MAX_LOSSES = 1000;

    /**
     * A gap in a period in which the capture dropped frames: a note, not a violation.
     *
     * @param violation what the engine reported (TCP_GAP, IB_CAPTURE_LOSS, or what follows a gap
     *     in the same connection: MPA_TRUNCATED, DDP_MSN_GAP, DDP_MO_GAP)
     * @param dropped the frames the kernel (or libpcap) dropped in that period
     */
    public record CaptureLoss(Violation violation, long dropped) {}

    /** The codes of a stream or a packet sequence that misses something: what a drop in the capture causes. */
    public static final Set<ViolationCode> GAPS = EnumSet.of(ViolationCode.TCP_GAP, ViolationCode.IB_CAPTURE_LOSS,
            ViolationCode.MPA_TRUNCATED, ViolationCode.DDP_MSN_GAP, ViolationCode.DDP_MO_GAP);

    /**
     * The analysis of a live capture with its counts: each gap (see {@link #GAPS}) at a frame
     * read in a period in which the kernel's drop count rose, or in the period after it (frames
     * wait in the capture buffer before they are read), is moved from the violations to the
     * capture losses. Returns {@code analysis} itself when nothing was dropped.
     */
    public static FileAnalysis apply(FileAnalysis analysis, String iface, CaptureStatistics totals,
                                     List<CapturePeriod> periods) {
        List<CapturePeriod> kernel = new ArrayList<>();
        for (CapturePeriod p : periods) {
            if (p.counts().droppedByKernel() > 0) {
                kernel.add(p);
            }
        }
        if (kernel.isEmpty()) {
            return analysis.withCapture(new CaptureSummary(iface, totals, periods, List.of(), 0));
        }
        SpillList<Violation> kept = AnalysisRecords.violations();
        FileAnalysis.Tally tally = new FileAnalysis.Tally();
        List<CaptureLoss> losses = new ArrayList<>();
        long count = 0;
        for (io.rdmascope.engine.Transaction t : analysis.transactions()) {
            tally.count(t);
        }
        for (Violation v : analysis.violations()) {
            CapturePeriod p = GAPS.contains(v.code()) ? lossy(kernel, v.frame()) : null;
            if (p == null) {
                kept.add(v);
                tally.count(v);
                continue;
            }
            count++;
            if (losses.size() < MAX_LOSSES) {
                losses.add(new CaptureLoss(v, p.counts().droppedByKernel()));
            }
        }
        SpillList<Violation> before = analysis.violations();
        FileAnalysis out = analysis.with(analysis.transactions(), kept, tally);
        before.close();
        return out.withCapture(new CaptureSummary(iface, totals, periods, losses, count));
    }

    /** The period with kernel drops that covers {@code frame} (in it, or in the period after it), or null. */
    public static CapturePeriod lossy(List<CapturePeriod> periods, long frame) {
        for (CapturePeriod p : periods) {
            if (p.counts().droppedByKernel() > 0 && frame >= p.firstFrame() && frame <= p.reachFrame()) {
                return p;
            }
        }
        return null;
    }
}

package io.rdmascope.report;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.Serializable;

/**
 * One row of the {@link AnalysisTables#CAPTURES} table: what was read of a capture and how its
 * analysis ended, so that a data lake tells which captures it holds, whole or cut short, and
 * analysed with which version and settings.
 *
 * @param size the file's length in bytes, or null when it could not be had
 * @param frames frames read, or null when the capture could not be analysed
 * @param firstNanos capture time of the earliest frame, or null
 * @param lastNanos capture time of the latest frame, or null
 * @param status {@link #COMPLETE}, {@link #TRUNCATED} or {@link #FAILED}
 * @param reason why reading stopped early or the analysis failed, else null
 * @param version the rdmascope version that analysed it
 * @param options the analysis settings, as the command line's options
 * @param groups with {@code --split-connections}, the groups of connections analysed apart (1: the
 *     capture was analysed whole); else null
 * @param whole with {@code --split-connections}, why the capture was analysed whole; else null
 */
public record CaptureRow(Long size, Long frames, Long firstNanos, Long lastNanos, String status, String reason,
                         String version, String options, Integer groups, String whole) implements Serializable {
    public CaptureRow(Long size, Long frames, Long firstNanos, Long lastNanos, String status, String reason,
                      String version, String options) {
        this(size, frames, firstNanos, lastNanos, status, reason, version, options, null, null);
    }

    /** This row of a capture analysed in {@code groups} groups of connections ({@code whole}: why in one). */
    public CaptureRow split(int groups, String whole) {
        return new CaptureRow(size, frames, firstNanos, lastNanos, status, reason, version, options, groups, whole);
    }

    public static final String COMPLETE = "complete";
    public static final String TRUNCATED = "truncated";
    public static final String FAILED = "failed";

    /** The row of an analysis; truncated when its reading stopped before the end of the file. */
    public static CaptureRow analysed(FileAnalysis a, Long size, CaptureSpan span, NicSettings settings,
                                      String version) {
        return new CaptureRow(size, a.frames(), span.first(), span.last(),
                a.problem() == null ? COMPLETE : TRUNCATED, a.problem(), version, options(settings));
    }

    /** The row of a capture read to its end by a pass of its own (the frames counted by {@code span}). */
    public static CaptureRow read(Long size, CaptureSpan span, NicSettings settings, String version) {
        return new CaptureRow(size, span.frames(), span.first(), span.last(), COMPLETE, null, version,
                options(settings));
    }

    /** The row of a capture that could not be analysed. */
    public static CaptureRow failed(Long size, String reason, NicSettings settings, String version) {
        return new CaptureRow(size, null, null, null, FAILED, reason, version, options(settings));
    }

    /** The settings as the command line's options: {@code --buffers-per-qp 64 --max-per-operation 32}. */
    static String options(NicSettings s) {
        return "--buffers-per-qp " + s.buffersPerQp() + " --max-per-operation " + s.maxPerOperation()
                + (s.strict() ? " --strict" : "");
    }
}

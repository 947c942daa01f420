package io.rdmascope.pipeline;

/**
 * How a run over one capture ended.
 *
 * @param frames frames read (the number of the last frame)
 * @param problem why reading stopped before the end of the file (a damaged record), or null
 * @param cancelled true when the run stopped because it was cancelled
 */
public record DissectionResult(long frames, String problem, boolean cancelled) {}

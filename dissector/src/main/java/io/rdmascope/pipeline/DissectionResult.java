package io.rdmascope.pipeline;

/**
 * How a run over one capture ended.
 *
 * @param frames frames read (the number of the last frame)
 * @param problem why reading stopped before the end of the file (a damaged record), or null
 * @param cancelled true when the run stopped because it was cancelled
 * @param untrackedRdmaPackets packets of RoCE and InfiniBand queue pairs beyond those the RoCE
 *     stage follows at once, which it counted and did not judge
 */
public record DissectionResult(long frames, String problem, boolean cancelled, long untrackedRdmaPackets) {
    /** A run in which every queue pair was followed. */
    public DissectionResult(long frames, String problem, boolean cancelled) {
        this(frames, problem, cancelled, 0);
    }
}

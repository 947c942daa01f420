package io.rdmascope.capture;

/**
 * What libpcap and the kernel counted for a live capture between two moments ({@code pcap_stats}),
 * beside the frames the capture handed on. For a whole capture the counts run from its start; for a
 * period they are the differences between its two ends.
 *
 * @param startNanos the start, in nanoseconds since the Unix epoch
 * @param endNanos the end, in nanoseconds since the Unix epoch
 * @param frames frames the capture handed on (read from libpcap)
 * @param received packets the kernel's capture socket received ({@code ps_recv}; on Linux it counts
 *     the dropped ones too)
 * @param droppedByKernel packets dropped because the capture buffer was full ({@code ps_drop}: the
 *     kernel's and libpcap's drops)
 * @param droppedByInterface packets the network interface dropped before the capture saw them
 *     ({@code ps_ifdrop}; on Linux the interface's receive drops, of all its traffic)
 */
public record CaptureStatistics(long startNanos, long endNanos, long frames, long received, long droppedByKernel,
                                long droppedByInterface) {
    /** Nothing counted, from {@code nanos} to {@code nanos}. */
    public static CaptureStatistics empty(long nanos) {
        return new CaptureStatistics(nanos, nanos, 0, 0, 0, 0);
    }

    /** Frames lost to the capture: dropped by the kernel (or libpcap) and by the interface. */
    public long dropped() {
        return droppedByKernel + droppedByInterface;
    }

    /** The counts from {@code earlier} (a snapshot of the same capture) to this one. */
    public CaptureStatistics since(CaptureStatistics earlier) {
        return new CaptureStatistics(earlier.endNanos, endNanos, frames - earlier.frames, received - earlier.received,
                droppedByKernel - earlier.droppedByKernel, droppedByInterface - earlier.droppedByInterface);
    }

    /** This period followed by {@code later} as one period. */
    public CaptureStatistics plus(CaptureStatistics later) {
        return new CaptureStatistics(startNanos, later.endNanos, frames + later.frames, received + later.received,
                droppedByKernel + later.droppedByKernel, droppedByInterface + later.droppedByInterface);
    }
}

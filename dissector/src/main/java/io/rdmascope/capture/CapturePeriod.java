package io.rdmascope.capture;

/**
 * A stretch of a live capture between two readings of its counts: the frames handed on in it
 * (numbers {@code firstFrame} to {@code lastFrame}; none when {@code lastFrame < firstFrame}) and
 * what libpcap and the kernel counted meanwhile.
 */
public record CapturePeriod(long firstFrame, long lastFrame, CaptureStatistics counts) {
    /** This period followed by {@code later} as one. */
    public CapturePeriod plus(CapturePeriod later) {
        return new CapturePeriod(firstFrame, later.lastFrame, counts.plus(later.counts));
    }
}

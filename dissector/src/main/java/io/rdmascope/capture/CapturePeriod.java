package io.rdmascope.capture;

/**
 * A stretch of a live capture between two readings of its counts: the frames handed on in it
 * (numbers {@code firstFrame} to {@code lastFrame}; none when {@code lastFrame < firstFrame}) and
 * what libpcap and the kernel counted meanwhile. A frame dropped in it may be missed by frames
 * read up to {@code reachFrame}, the end of the next period: frames wait in the capture buffer
 * before they are read.
 */
public record CapturePeriod(long firstFrame, long lastFrame, long reachFrame, CaptureStatistics counts) {
    /** This period followed by {@code later} as one. */
    public CapturePeriod plus(CapturePeriod later) {
        return new CapturePeriod(firstFrame, later.lastFrame, later.reachFrame, counts.plus(later.counts));
    }

    /** This period, whose drops may be missed by frames up to {@code frame}. */
    public CapturePeriod reaching(long frame) {
        return new CapturePeriod(firstFrame, lastFrame, Math.max(reachFrame, frame), counts);
    }
}

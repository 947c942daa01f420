package io.rdmascope.gui.pipeline;

import io.rdmascope.capture.CaptureReader;

/**
 * Frames read as they are captured on an interface rather than from a file: reading ends only when
 * the capture is stopped, and the reading thread hears each time the capture waits for traffic, so
 * that what was read can be shown while the capture is quiet.
 */
public interface LiveSource extends CaptureReader {
    /** Ends the capture: {@link #next} returns false once the frames already received are read. */
    void stop();

    /** Runs {@code action} on the thread that calls {@link #next} each time it waits for traffic. */
    void whenIdle(Runnable action);

    /** What libpcap and the kernel counted so far (received, dropped), or null when unknown. */
    default io.rdmascope.capture.CaptureStatistics counts() {
        return null;
    }
}

package io.rdmascope.capture;

import java.nio.file.Path;

/** Opens capture files, recognising pcap and pcapng by their magic numbers. */
public final class Captures {
    private Captures() {}

    /** @throws CaptureException with a one-line reason when the file is not a readable capture */
    public static CaptureReader open(Path file) throws CaptureException {
        throw new UnsupportedOperationException("not yet");
    }
}

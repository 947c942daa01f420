package io.rdmascope.pipeline;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.pdu.PduListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Runs one capture through the stages: capture reading, packet decoding, TCP reassembly, MPA
 * framing and PDU decoding, handing each frame to a {@link FrameListener} and the iWARP events to
 * a {@link PduListener}.
 */
public final class Dissection {
    private Dissection() {}

    /**
     * @param frames may be null
     * @param progress receives the number of file octets read so far; may be null
     * @param cancelled polled between frames; may be null
     * @throws CaptureException when the file is not a readable capture
     */
    public static void run(Path file, FrameListener frames, PduListener pdus, LongConsumer progress,
                           BooleanSupplier cancelled) throws IOException {
        throw new UnsupportedOperationException("not yet");
    }
}

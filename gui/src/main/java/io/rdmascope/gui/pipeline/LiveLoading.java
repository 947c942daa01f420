package io.rdmascope.gui.pipeline;

import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * Loading a {@link LiveSource}: the frames go through the stages as they are captured, the index
 * tells the frames read so far whenever the capture is quiet, and a request to stop ends the
 * capture rather than the reading, so that the analysis is completed as at the end of a file.
 */
final class LiveLoading {
    private LiveLoading() {}

    /** Reads {@code live} until the capture ends ({@code cancelled} turning true stops it), then closes it. */
    static void run(LiveSource live, IndexLoader loader, PduListener pdus, BooleanSupplier cancelled)
            throws IOException {
        BooleanSupplier stopIfAsked = () -> {
            if (cancelled.getAsBoolean()) {
                live.stop();
            }
            return false;
        };
        live.whenIdle(() -> {
            stopIfAsked.getAsBoolean();
            loader.flush();
        });
        try (live) {
            Dissection.run(live, loader, pdus, null, stopIfAsked);
        }
    }
}

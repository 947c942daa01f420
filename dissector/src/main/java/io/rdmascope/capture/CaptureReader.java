package io.rdmascope.capture;

import java.io.Closeable;
import java.io.IOException;

/** Sequential reader of a capture file. */
public interface CaptureReader extends Closeable {
    /**
     * Fills {@code into} with the next record.
     *
     * @return false at the end of the capture
     * @throws CaptureException when the file is not a capture or is damaged beyond the current
     *     record; the records already returned stay valid
     */
    boolean next(Packet into) throws IOException;

    /** Bytes of the file consumed so far, for progress reporting. */
    long position();

    /** Size of the file in bytes, or -1 when unknown. */
    long size();
}

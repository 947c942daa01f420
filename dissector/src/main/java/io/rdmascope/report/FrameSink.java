package io.rdmascope.report;

import java.io.IOException;

/** Receives the records of the frames to output, in capture order. */
public interface FrameSink {
    void frame(FrameRecord record) throws IOException;

    /** No more frames: finish the document. */
    void finish() throws IOException;
}

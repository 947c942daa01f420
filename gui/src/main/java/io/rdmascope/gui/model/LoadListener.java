package io.rdmascope.gui.model;

import java.util.List;

/** Receives the rows of a capture while it is being read, on the loading thread. */
public interface LoadListener {
    /** The next rows, in frame order. The list is not reused by the caller. */
    void rows(List<FrameRow> batch);

    /** Fraction of the file read so far, 0 to 1, or a negative value when unknown. */
    void progress(double fraction);
}

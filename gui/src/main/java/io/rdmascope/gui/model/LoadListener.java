package io.rdmascope.gui.model;

/** Hears about a capture while it is being read, on the loading thread. */
public interface LoadListener {
    /**
     * Frames 1 to {@code count} are now known to the model: their rows can be asked for ({@link
     * CaptureModel#row}). Called with increasing counts, in batches.
     */
    void frames(long count);

    /** Fraction of the file read so far, 0 to 1, or a negative value when unknown. */
    void progress(double fraction);
}

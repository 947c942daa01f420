package io.rdmascope.gui.model;

import java.io.IOException;
import java.nio.file.Path;

/** Opens a capture file as a model; cheap, the reading happens in {@link CaptureModel#load}. */
@FunctionalInterface
public interface CaptureOpener {
    /** @throws IOException with a one-line reason when the file is not a readable capture */
    CaptureModel open(Path file) throws IOException;
}

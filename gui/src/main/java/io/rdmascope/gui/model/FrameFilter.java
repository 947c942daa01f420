package io.rdmascope.gui.model;

import java.util.function.Predicate;

/**
 * A display filter compiled from the text of the filter bar: either a predicate over rows or the
 * reason the text is not a filter. Compiling never throws.
 */
public record FrameFilter(Predicate<FrameRow> predicate, String error) {
    public static final FrameFilter ALL = new FrameFilter(r -> true, null);

    public static FrameFilter error(String message) {
        return new FrameFilter(null, message);
    }

    public boolean valid() {
        return error == null;
    }

    /** Turns filter text into a {@link FrameFilter}; the empty text shows every frame. */
    @FunctionalInterface
    public interface Compiler {
        FrameFilter compile(String text);
    }
}

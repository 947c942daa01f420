package io.rdmascope.gui.model;

import java.util.function.LongPredicate;

/**
 * A display filter compiled from the text of the filter bar: either a predicate over frame
 * numbers or the reason the text is not a filter. Compiling never throws.
 */
public record FrameFilter(LongPredicate predicate, String error) {
    public static final FrameFilter ALL = new FrameFilter(f -> true, null);

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

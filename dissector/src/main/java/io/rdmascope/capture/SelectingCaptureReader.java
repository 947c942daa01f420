package io.rdmascope.capture;

import java.io.IOException;

/**
 * The records of another reader that pass a capture filter, up to a number of them; frames are
 * numbered in the order of the records kept, as in a capture taken with that filter.
 */
public final class SelectingCaptureReader extends ForwardingCaptureReader {
    private final CaptureFilter filter;
    private final long limit;
    private long frame;

    /**
     * @param filter null keeps every record
     * @param limit records kept at most; 0 for no limit
     */
    public SelectingCaptureReader(CaptureReader inner, CaptureFilter filter, long limit) {
        super(inner);
        this.filter = filter;
        this.limit = limit;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (limit > 0 && frame >= limit) {
            return false;
        }
        while (inner.next(into)) {
            if (filter == null || filter.accepts(into)) {
                into.frame = ++frame;
                return true;
            }
        }
        return false;
    }
}

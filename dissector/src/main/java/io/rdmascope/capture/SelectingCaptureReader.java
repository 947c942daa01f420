package io.rdmascope.capture;

import java.io.IOException;

/**
 * The records of another reader that pass a capture filter, up to a number of them. Frames keep
 * the numbers the file gives them (as Wireshark numbers them), so that a frame named in a report
 * is the one a Wireshark user finds under that number.
 */
public final class SelectingCaptureReader extends ForwardingCaptureReader {
    private final CaptureFilter filter;
    private final long limit;
    private long kept;

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
        if (limit > 0 && kept >= limit) {
            return false;
        }
        while (inner.next(into)) {
            if (filter == null || filter.accepts(into)) {
                kept++;
                return true;
            }
        }
        return false;
    }
}

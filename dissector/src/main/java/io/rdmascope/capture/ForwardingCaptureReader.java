package io.rdmascope.capture;

import java.io.IOException;

/**
 * A reader that hands on the records of another one, changing only what it overrides: the
 * position, size, problem and closing are the inner reader's. Subclasses choose, count or copy
 * records in {@link #next}.
 */
public abstract class ForwardingCaptureReader implements CaptureReader {
    protected final CaptureReader inner;

    protected ForwardingCaptureReader(CaptureReader inner) {
        this.inner = inner;
    }

    @Override
    public long position() {
        return inner.position();
    }

    @Override
    public long size() {
        return inner.size();
    }

    @Override
    public String problem() {
        return inner.problem();
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}

package io.rdmascope.capture;

import java.io.IOException;

/** The records of another reader, each also written to a capture file (or a ring of them) as it is read. */
public final class TeeCaptureReader extends ForwardingCaptureReader {
    private final PacketSink writer;

    public TeeCaptureReader(CaptureReader inner, PacketSink writer) {
        super(inner);
        this.writer = writer;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (!inner.next(into)) {
            writer.flush();
            return false;
        }
        writer.write(into);
        return true;
    }

    /** Closes the reader, then the file (so that what was captured is on disk). */
    @Override
    public void close() throws IOException {
        try {
            inner.close();
        } finally {
            writer.close();
        }
    }
}

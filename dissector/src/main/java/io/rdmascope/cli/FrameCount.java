package io.rdmascope.cli;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.Source;
import java.io.IOException;
import picocli.CommandLine.Option;

/**
 * {@code -c N}, as tshark's: read only the first N frames, as if the capture ended there (the
 * analysis judges what is open at that point as it would at the end of a file).
 */
final class FrameCount {
    @Option(names = "-c", paramLabel = "N", description = "stop after the first N frames")
    Long count;

    /** Checks the option; returns why it is wrong, or null. */
    String check() {
        return count != null && count < 1 ? "-c " + count + ": the number of frames must be at least 1" : null;
    }

    /** {@code source}, or, with {@code -c}, a source that reads only the first N frames of a file. */
    Source limit(Source source) {
        if (count == null) {
            return source;
        }
        long n = count;
        return (file, frames, pdus, progress, cancelled) -> {
            try (CaptureReader reader = new FirstFrames(Captures.open(file), n)) {
                return Dissection.run(reader, frames, pdus, progress, cancelled);
            }
        };
    }

    /** A reader that ends after {@code n} records. */
    private static final class FirstFrames implements CaptureReader {
        private final CaptureReader in;
        private final long n;
        private long read;

        FirstFrames(CaptureReader in, long n) {
            this.in = in;
            this.n = n;
        }

        @Override
        public boolean next(Packet into) throws IOException {
            if (read >= n || !in.next(into)) {
                return false;
            }
            read++;
            return true;
        }

        @Override
        public long position() {
            return in.position();
        }

        @Override
        public long size() {
            return in.size();
        }

        @Override
        public boolean readAt(long position, long frame, Packet into) throws IOException {
            return in.readAt(position, frame, into);
        }

        @Override
        public String problem() {
            return read >= n ? null : in.problem();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}

package io.rdmascope.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Consecutive files of one capture point read as one capture: the records of each file in turn,
 * numbered on from the previous file's last frame, so that a connection or a call cut by the
 * rotation of a ring buffer is whole. Each file is opened when the previous one ends. A file that
 * cannot be read ends the capture there, as a problem ({@link #problem}) naming the file, unless it
 * is the first, which is no capture then.
 */
final class StitchedCaptureReader implements CaptureReader {
    private final List<Path> parts;
    private final int windowSize;
    private int part;
    private CaptureReader current;
    /** Octets of the files read before the current one. */
    private long before;
    private long frame;
    private String problem;

    StitchedCaptureReader(List<Path> parts, int windowSize) throws CaptureException {
        this.parts = parts;
        this.windowSize = windowSize;
        current = Captures.open(parts.get(0), windowSize);
    }

    @Override
    public boolean next(Packet into) throws IOException {
        while (current != null) {
            boolean more;
            try {
                more = current.next(into);
            } catch (CaptureException e) {
                problem = parts.get(part) + ": " + e.getMessage();
                close();
                return false;
            }
            if (more) {
                into.frame = ++frame;
                return true;
            }
            if (current.problem() != null) {
                problem = parts.get(part) + ": " + current.problem();
                close();
                return false;
            }
            before += current.position();
            current.close();
            current = null;
            if (++part < parts.size()) {
                try {
                    current = Captures.open(parts.get(part), windowSize);
                } catch (CaptureException e) {
                    problem = e.getMessage();
                }
            }
        }
        return false;
    }

    @Override
    public long position() {
        return before + (current == null ? 0 : current.position());
    }

    @Override
    public long size() {
        long total = 0;
        for (Path p : parts) {
            long s = p.toFile().length();
            if (s <= 0) {
                return -1;
            }
            total += s;
        }
        return total;
    }

    @Override
    public String problem() {
        return problem;
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            CaptureReader c = current;
            current = null;
            c.close();
        }
    }
}

package io.rdmascope.gui.model;

/**
 * One line of the packet list, built on demand from the model's index for the rows on screen
 * ({@link CaptureModel#row}); the detail tree and the bytes of a frame are computed on demand too.
 * Two rows are equal when they show the same frame.
 */
public final class FrameRow {
    private final long number;
    private final long timeNanos;
    private final String source;
    private final String destination;
    private final String protocol;
    private final int length;
    private final String info;

    /**
     * @param number frame number, from 1
     * @param timeNanos capture time in nanoseconds since the Unix epoch
     * @param source source address (and port), shared between rows of one flow
     * @param protocol the highest layer decoded: "Ethernet", "IP", "TCP", "MPA", "DDP/RDMAP"
     * @param length the frame's length on the wire in octets (frame.len, as Wireshark's Length column), not what the capture kept
     * @param info one-line summary of what the frame carries
     */
    public FrameRow(long number, long timeNanos, String source, String destination, String protocol, int length,
                    String info) {
        this.number = number;
        this.timeNanos = timeNanos;
        this.source = source;
        this.destination = destination;
        this.protocol = protocol;
        this.length = length;
        this.info = info;
    }

    public long number() {
        return number;
    }

    public long timeNanos() {
        return timeNanos;
    }

    public String source() {
        return source;
    }

    public String destination() {
        return destination;
    }

    public String protocol() {
        return protocol;
    }

    public int length() {
        return length;
    }

    public String info() {
        return info;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrameRow r && r.number == number;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(number);
    }

    @Override
    public String toString() {
        return number + " " + source + " -> " + destination + " " + protocol + " " + info;
    }
}

package io.rdmascope.gui.model;

/**
 * One line of the packet list. Rows are kept for every frame of a capture, so they hold only
 * primitives and short shared strings; the detail tree and the bytes of a frame are computed on
 * demand by the {@link CaptureModel}.
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
     * @param length captured length in octets
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
    public String toString() {
        return number + " " + source + " -> " + destination + " " + protocol + " " + info;
    }
}

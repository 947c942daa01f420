package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;

/**
 * One FPDU (RFC 5044 section 6) with its markers removed. The ULPDU bytes ({@link #buf} from
 * {@link #ulpduOffset}) are valid only during the listener call that delivers this object.
 */
public final class Fpdu {
    /** The frame that completes this FPDU; its first octet came in {@link #firstFrame}. */
    public long frame;
    public long firstFrame;
    /** Capture times of {@link #frame} and {@link #firstFrame}, nanoseconds since the Unix epoch. */
    public long timeNanos;
    public long firstTimeNanos;
    public Direction direction;
    /** Stream offset of the FPDU's first octet (its ULPDU_Length field, or a marker before it). */
    public long streamOffset;
    /** Octets the FPDU occupies on the stream, markers included. */
    public int wireLength;
    /** The ULPDU_Length field. */
    public int ulpduLength;
    public int padLength;
    /** The pad octets are not all zero (RFC 5044 section 4.1 has the sender zero them). */
    public boolean padNonZero;
    /** The pad octets (at most three), first octet most significant. */
    public int padOctets;
    /** The CRC field as sent (read least significant octet first, as an unsigned 32-bit value). */
    public long crcField;
    /** CRC32c computed over the FPDU (only when CRC is in use). */
    public long crcComputed;
    /** True or false when CRC is in use, null when it was not negotiated. */
    public Boolean crcOk;
    /** Number of markers inside this FPDU, and how many of them were invalid. */
    public int markers;
    public int badMarkers;
    /**
     * Where markers stand in this direction's stream: at {@code markerOrigin + 512 k}; -1 when the
     * sender inserts no markers. Lets a viewer map octets of the FPDU image back to stream offsets.
     */
    public long markerOrigin = -1;
    /** True when the capture or a gap cut the FPDU: only {@link #ulpduAvailable} octets are present. */
    public boolean truncated;
    /**
     * True when the capture's snapshot length cut the FPDU (then {@link #truncated} is too): its
     * length field and headers were captured, {@link #ulpduLength} octets were sent, and its CRC
     * could not be checked. What follows it is framed by its length, not lost.
     */
    public boolean snapped;
    public byte[] buf;
    public int ulpduOffset;
    public int ulpduAvailable;

    /**
     * A copy that outlives the listener call: every field, and the ULPDU octets copied into a
     * buffer of their own when {@code withUlpdu}, else no buffer at all.
     */
    public Fpdu copy(boolean withUlpdu) {
        Fpdu c = new Fpdu();
        c.frame = frame;
        c.firstFrame = firstFrame;
        c.timeNanos = timeNanos;
        c.firstTimeNanos = firstTimeNanos;
        c.direction = direction;
        c.streamOffset = streamOffset;
        c.wireLength = wireLength;
        c.ulpduLength = ulpduLength;
        c.padLength = padLength;
        c.padNonZero = padNonZero;
        c.padOctets = padOctets;
        c.crcField = crcField;
        c.crcComputed = crcComputed;
        c.crcOk = crcOk;
        c.markers = markers;
        c.badMarkers = badMarkers;
        c.markerOrigin = markerOrigin;
        c.truncated = truncated;
        c.snapped = snapped;
        c.ulpduAvailable = ulpduAvailable;
        if (withUlpdu && buf != null) {
            c.buf = java.util.Arrays.copyOfRange(buf, ulpduOffset, ulpduOffset + ulpduAvailable);
        }
        return c;
    }
}

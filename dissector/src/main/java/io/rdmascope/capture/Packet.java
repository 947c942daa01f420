package io.rdmascope.capture;

/**
 * One captured record, as the capture file holds it. Readers reuse one instance: the bytes in
 * {@link #data} are valid only until the next call to {@link CaptureReader#next(Packet)}.
 */
public final class Packet {
    /** Frame number, from 1, in capture order (as Wireshark numbers frames). */
    public long frame;
    /** Capture time in nanoseconds since the Unix epoch. */
    public long timestampNanos;
    /** The link-layer header type (LINKTYPE_* value of the tcpdump.org registry). */
    public int linkType;
    /** Buffer that holds the captured bytes at {@link #offset}. */
    public byte[] data;
    public int offset;
    /** Captured length (may be less than {@link #originalLength} when the snapshot length cut it). */
    public int length;
    /** Length of the packet on the wire. */
    public int originalLength;

    public boolean truncated() {
        return length < originalLength;
    }
}

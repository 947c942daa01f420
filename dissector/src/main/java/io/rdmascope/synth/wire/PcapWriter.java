package io.rdmascope.synth.wire;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Streams a classic pcap file (not pcapng) with link type Ethernet, or raw InfiniBand (247, frames
 * starting with the Local Route Header). The file header uses magic
 * {@code a1b2c3d4} (microsecond timestamps) or {@code a1b23c4d} (nanosecond timestamps), written
 * big-endian so the file reads the same on every host. Each record is written as it comes: nothing
 * is buffered beyond what the caller's stream buffers.
 */
public final class PcapWriter implements AutoCloseable {
    public static final int LINKTYPE_ETHERNET = 1, LINKTYPE_INFINIBAND = 247;

    private final OutputStream out;
    private final boolean nanos;
    private final byte[] rec = new byte[16];
    private long packets;

    public PcapWriter(OutputStream out, boolean nanos, int snaplen) throws IOException {
        this(out, nanos, snaplen, LINKTYPE_ETHERNET);
    }

    public PcapWriter(OutputStream out, boolean nanos, int snaplen, int linkType) throws IOException {
        this.out = out;
        this.nanos = nanos;
        byte[] h = new byte[24];
        putInt(h, 0, nanos ? 0xa1b23c4d : 0xa1b2c3d4);
        h[4] = 0; h[5] = 2;     // version 2.4
        h[6] = 0; h[7] = 4;
        // thiszone, sigfigs = 0
        putInt(h, 16, snaplen);
        putInt(h, 20, linkType);
        out.write(h);
    }

    public PcapWriter(OutputStream out) throws IOException {
        this(out, false, 262144);
    }

    public boolean nanos() {
        return nanos;
    }

    public long packets() {
        return packets;
    }

    /**
     * Writes one record. {@code capturedLength} octets of {@code frame} from {@code off} are stored;
     * {@code originalLength} is what the wire carried (larger when the capture cut the frame).
     */
    public void write(long timeNanos, byte[] frame, int off, int capturedLength, int originalLength) throws IOException {
        long sec = Math.floorDiv(timeNanos, 1_000_000_000L);
        long frac = Math.floorMod(timeNanos, 1_000_000_000L);
        putInt(rec, 0, (int) sec);
        putInt(rec, 4, (int) (nanos ? frac : frac / 1000));
        putInt(rec, 8, capturedLength);
        putInt(rec, 12, originalLength);
        out.write(rec);
        out.write(frame, off, capturedLength);
        packets++;
    }

    public void write(long timeNanos, byte[] frame, int off, int len) throws IOException {
        write(timeNanos, frame, off, len, len);
    }

    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    static void putInt(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 24);
        b[o + 1] = (byte) (v >>> 16);
        b[o + 2] = (byte) (v >>> 8);
        b[o + 3] = (byte) v;
    }
}

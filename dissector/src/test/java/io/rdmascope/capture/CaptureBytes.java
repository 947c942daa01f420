package io.rdmascope.capture;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Builds pcap and pcapng files byte by byte, following the format specifications. */
final class CaptureBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private ByteOrder order;

    CaptureBytes(ByteOrder order) {
        this.order = order;
    }

    CaptureBytes order(ByteOrder o) {
        order = o;
        return this;
    }

    CaptureBytes u8(int v) {
        out.write(v);
        return this;
    }

    CaptureBytes u16(int v) {
        byte[] b = ByteBuffer.allocate(2).order(order).putShort((short) v).array();
        out.writeBytes(b);
        return this;
    }

    CaptureBytes u32(long v) {
        out.writeBytes(ByteBuffer.allocate(4).order(order).putInt((int) v).array());
        return this;
    }

    CaptureBytes u64(long v) {
        out.writeBytes(ByteBuffer.allocate(8).order(order).putLong(v).array());
        return this;
    }

    CaptureBytes bytes(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }

    static byte[] payload(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }

    // ---- pcap

    CaptureBytes pcapHeader(boolean nanos, int snap, int link) {
        return u32(nanos ? 0xa1b23c4dL : 0xa1b2c3d4L).u16(2).u16(4).u32(0).u32(0).u32(snap).u32(link);
    }

    CaptureBytes pcapRecord(long sec, long frac, byte[] data, int original) {
        return u32(sec).u32(frac).u32(data.length).u32(original).bytes(data);
    }

    // ---- pcapng

    CaptureBytes shb() {
        return u32(0x0a0d0d0aL).u32(28).u32(0x1a2b3c4dL).u16(1).u16(0).u64(-1).u32(28);
    }

    /** An IDB; {@code tsresol} &lt; 0 means no if_tsresol option. */
    CaptureBytes idb(int link, int snap, int tsresol) {
        int len = 20 + (tsresol >= 0 ? 12 : 0);
        u32(1).u32(len).u16(link).u16(0).u32(snap);
        if (tsresol >= 0) {
            u16(9).u16(1).u8(tsresol).u8(0).u8(0).u8(0).u16(0).u16(0);
        }
        return u32(len);
    }

    CaptureBytes epb(int iface, long units, byte[] data, int original) {
        int padded = (data.length + 3) & ~3;
        int len = 32 + padded;
        u32(6).u32(len).u32(iface).u32(units >>> 32).u32(units).u32(data.length).u32(original).bytes(data);
        for (int i = data.length; i < padded; i++) {
            u8(0);
        }
        return u32(len);
    }

    CaptureBytes spb(byte[] data, int original) {
        int padded = (data.length + 3) & ~3;
        int len = 16 + padded;
        u32(3).u32(len).u32(original).bytes(data);
        for (int i = data.length; i < padded; i++) {
            u8(0);
        }
        return u32(len);
    }

    CaptureBytes obsoletePb(int iface, long units, byte[] data, int original) {
        int padded = (data.length + 3) & ~3;
        int len = 32 + padded;
        u32(2).u32(len).u16(iface).u16(0).u32(units >>> 32).u32(units).u32(data.length).u32(original).bytes(data);
        for (int i = data.length; i < padded; i++) {
            u8(0);
        }
        return u32(len);
    }

    CaptureBytes unknownBlock(int type, int bodyLength) {
        int len = 12 + bodyLength;
        u32(type).u32(len);
        for (int i = 0; i < bodyLength; i++) {
            u8(0x55);
        }
        return u32(len);
    }
}

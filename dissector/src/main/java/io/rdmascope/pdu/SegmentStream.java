package io.rdmascope.pdu;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * A read-only {@link KaitaiStream} over a region of a byte array that can be pointed at another
 * region with {@link #reset}, so the generated parsers read one ULPDU after another without a new
 * stream, buffer wrapper and slice per segment.
 *
 * <p>Reads behave as in {@link ByteBufferKaitaiStream}: integer reads align to the octet first, a
 * read past the end throws {@link BufferUnderflowException}, and positions and sizes are relative
 * to the start of the region. Bit fields ({@code b1} ... {@code b64}) are read octet by octet into
 * the stream's bit buffer instead of through a temporary array. Writing is not supported.
 */
public final class SegmentStream extends KaitaiStream {
    private byte[] buf = new byte[0];
    private int base;
    private int size;
    private int pos;

    /** Points the stream at {@code buf[off, off + len)}, position 0, no bits pending. */
    public SegmentStream reset(byte[] buf, int off, int len) {
        this.buf = buf;
        this.base = off;
        this.size = len;
        this.pos = 0;
        alignToByte();
        return this;
    }

    private int take(int n) {
        if (n < 0 || n > size - pos) {
            throw new BufferUnderflowException();
        }
        int at = base + pos;
        pos += n;
        return at;
    }

    @Override
    public long readBitsIntBe(int n) {
        bitsWriteMode = false;
        if (n <= bitsLeft) {
            // Within the octet read last (the control octets' flags after the first).
            bitsLeft -= n;
            long res = bits >>> bitsLeft;
            bits &= (1L << bitsLeft) - 1;
            return res;
        }
        long res = 0;
        int bitsNeeded = n - bitsLeft;
        bitsLeft = -bitsNeeded & 7;
        if (bitsNeeded > 0) {
            int bytesNeeded = ((bitsNeeded - 1) / 8) + 1;
            int at = take(bytesNeeded);
            for (int i = 0; i < bytesNeeded; i++) {
                res = res << 8 | (buf[at + i] & 0xff);
            }
            long newBits = res;
            res = res >>> bitsLeft | (bitsNeeded < 64 ? bits << bitsNeeded : 0);
            bits = newBits;
        } else {
            res = bits >>> -bitsNeeded;
        }
        bits &= (1L << bitsLeft) - 1;
        return res;
    }

    @Override
    public void close() {}

    @Override
    public boolean isEof() {
        return pos >= size;
    }

    @Override
    public void seek(int newPos) {
        if (newPos < 0 || newPos > size) {
            throw new IllegalArgumentException("seek outside the segment: " + newPos);
        }
        alignToByte();
        pos = newPos;
    }

    @Override
    public void seek(long newPos) {
        if (newPos < 0 || newPos > size) {
            throw new IllegalArgumentException("seek outside the segment: " + newPos);
        }
        seek((int) newPos);
    }

    @Override
    public int pos() {
        return pos;
    }

    @Override
    public long size() {
        return size;
    }

    private long be(int n) {
        alignToByte();
        int at = take(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = v << 8 | (buf[at + i] & 0xff);
        }
        return v;
    }

    /** A big-endian 32-bit field (the STags, lengths, MSNs and MOs). */
    private long be4() {
        alignToByte();
        int at = take(4);
        byte[] b = buf;
        return ((b[at] & 0xffL) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    /** A big-endian 64-bit field (the tagged offsets). */
    private long be8() {
        alignToByte();
        int at = take(8);
        byte[] b = buf;
        int hi = (b[at] << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
        int lo = (b[at + 4] << 24) | ((b[at + 5] & 0xff) << 16) | ((b[at + 6] & 0xff) << 8) | (b[at + 7] & 0xff);
        return ((long) hi << 32) | (lo & 0xffffffffL);
    }

    private long le(int n) {
        alignToByte();
        int at = take(n);
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (buf[at + i] & 0xff);
        }
        return v;
    }

    @Override
    public byte readS1() {
        return (byte) be(1);
    }

    @Override
    public short readS2be() {
        return (short) be(2);
    }

    @Override
    public int readS4be() {
        return (int) be4();
    }

    @Override
    public long readS8be() {
        return be8();
    }

    @Override
    public short readS2le() {
        return (short) le(2);
    }

    @Override
    public int readS4le() {
        return (int) le(4);
    }

    @Override
    public long readS8le() {
        return le(8);
    }

    @Override
    public int readU1() {
        return (int) be(1);
    }

    @Override
    public int readU2be() {
        return (int) be(2);
    }

    @Override
    public long readU4be() {
        return be4();
    }

    @Override
    public int readU2le() {
        return (int) le(2);
    }

    @Override
    public long readU4le() {
        return le(4);
    }

    @Override
    public float readF4be() {
        return Float.intBitsToFloat(readS4be());
    }

    @Override
    public double readF8be() {
        return Double.longBitsToDouble(readS8be());
    }

    @Override
    public float readF4le() {
        return Float.intBitsToFloat(readS4le());
    }

    @Override
    public double readF8le() {
        return Double.longBitsToDouble(readS8le());
    }

    @Override
    protected byte[] readBytesNotAligned(long n) {
        if (n < 0 || n > size - pos) {
            throw new BufferUnderflowException();
        }
        int at = take((int) n);
        byte[] out = new byte[(int) n];
        System.arraycopy(buf, at, out, 0, out.length);
        return out;
    }

    @Override
    public byte[] readBytesFull() {
        alignToByte();
        return readBytesNotAligned(size - pos);
    }

    /** Rarely used: reads through a {@link ByteBufferKaitaiStream} over the rest of the region. */
    @Override
    public byte[] readBytesTerm(byte term, boolean includeTerm, boolean consumeTerm, boolean eosError) {
        alignToByte();
        ByteBufferKaitaiStream rest = rest();
        byte[] out = rest.readBytesTerm(term, includeTerm, consumeTerm, eosError);
        pos += rest.pos();
        return out;
    }

    @Override
    public byte[] readBytesTermMulti(byte[] term, boolean includeTerm, boolean consumeTerm, boolean eosError) {
        alignToByte();
        ByteBufferKaitaiStream rest = rest();
        byte[] out = rest.readBytesTermMulti(term, includeTerm, consumeTerm, eosError);
        pos += rest.pos();
        return out;
    }

    private ByteBufferKaitaiStream rest() {
        return new ByteBufferKaitaiStream(ByteBuffer.wrap(buf, base + pos, size - pos).slice());
    }

    @Override
    public KaitaiStream substream(long n) {
        alignToByte();
        if (n < 0 || n > size - pos) {
            throw new BufferUnderflowException();
        }
        int at = take((int) n);
        return new SegmentStream().reset(buf, at, (int) n);
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("segment streams are read-only");
    }

    @Override
    public void writeS1(byte v) {
        throw readOnly();
    }

    @Override
    public void writeS2be(short v) {
        throw readOnly();
    }

    @Override
    public void writeS4be(int v) {
        throw readOnly();
    }

    @Override
    public void writeS8be(long v) {
        throw readOnly();
    }

    @Override
    public void writeS2le(short v) {
        throw readOnly();
    }

    @Override
    public void writeS4le(int v) {
        throw readOnly();
    }

    @Override
    public void writeS8le(long v) {
        throw readOnly();
    }

    @Override
    public void writeF4be(float v) {
        throw readOnly();
    }

    @Override
    public void writeF8be(double v) {
        throw readOnly();
    }

    @Override
    public void writeF4le(float v) {
        throw readOnly();
    }

    @Override
    public void writeF8le(double v) {
        throw readOnly();
    }

    @Override
    protected void writeBytesNotAligned(byte[] v) {
        throw readOnly();
    }
}

package io.rdmascope.synth.wire;

/**
 * Builds Ethernet II + IPv4 + TCP frames into one reusable buffer, with a correct IPv4 header
 * checksum (RFC 791) and TCP checksum over the pseudo-header (RFC 9293 section 3.1). Sequence and
 * acknowledgment numbers are plain ints: arithmetic on them wraps at 2^32 exactly as TCP does.
 */
public final class FrameBuilder {
    public static final int FIN = 0x01, SYN = 0x02, RST = 0x04, PSH = 0x08, ACK = 0x10;
    public static final int ETH_LEN = 14, IP_LEN = 20, TCP_LEN = 20;

    private final byte[] buf;

    public FrameBuilder(int maxPayload) {
        buf = new byte[ETH_LEN + IP_LEN + TCP_LEN + 40 + maxPayload];
    }

    public FrameBuilder() {
        this(65535);
    }

    /** The buffer holding the last frame built (valid until the next build). */
    public byte[] buffer() {
        return buf;
    }

    /** Offset of the TCP payload in {@link #buffer()} for a frame built with these TCP options. */
    public static int payloadOffset(int optionsLength) {
        return ETH_LEN + IP_LEN + TCP_LEN + ((optionsLength + 3) & ~3);
    }

    /**
     * Builds a frame whose TCP payload was already placed at {@link #payloadOffset(int)} in the
     * buffer (this avoids one copy on bulk paths). Returns the frame length.
     */
    public int buildInPlace(byte[] srcMac, byte[] dstMac, int srcIp, int dstIp, int ipId, int srcPort, int dstPort,
                            int seq, int ack, int flags, int window, byte[] options, int payloadLength) {
        byte[] b = buf;
        int optLen = options == null ? 0 : options.length;
        int tcpHdr = TCP_LEN + ((optLen + 3) & ~3);
        // Ethernet II
        System.arraycopy(dstMac, 0, b, 0, 6);
        System.arraycopy(srcMac, 0, b, 6, 6);
        b[12] = 0x08;
        b[13] = 0x00;
        // IPv4
        int ip = ETH_LEN;
        int totalLen = IP_LEN + tcpHdr + payloadLength;
        b[ip] = 0x45;
        b[ip + 1] = 0;
        put16(b, ip + 2, totalLen);
        put16(b, ip + 4, ipId);
        put16(b, ip + 6, 0x4000);   // DF
        b[ip + 8] = 64;
        b[ip + 9] = 6;
        put16(b, ip + 10, 0);
        put32(b, ip + 12, srcIp);
        put32(b, ip + 16, dstIp);
        put16(b, ip + 10, ~fold(sum(b, ip, IP_LEN, 0)) & 0xFFFF);
        // TCP
        int t = ip + IP_LEN;
        put16(b, t, srcPort);
        put16(b, t + 2, dstPort);
        put32(b, t + 4, seq);
        put32(b, t + 8, (flags & ACK) != 0 ? ack : 0);
        b[t + 12] = (byte) ((tcpHdr / 4) << 4);
        b[t + 13] = (byte) flags;
        put16(b, t + 14, window);
        put16(b, t + 16, 0);
        put16(b, t + 18, 0);
        if (optLen > 0) {
            System.arraycopy(options, 0, b, t + TCP_LEN, optLen);
            for (int i = optLen; i < tcpHdr - TCP_LEN; i++) {
                b[t + TCP_LEN + i] = 1;   // NOP padding
            }
        }
        int tcpLen = tcpHdr + payloadLength;
        long s = sum(b, ip + 12, 8, 0);
        s += 6 + tcpLen;
        s = sum(b, t, tcpLen, s);
        int ck = ~fold(s) & 0xFFFF;
        put16(b, t + 16, ck);
        return ETH_LEN + totalLen;
    }

    /** Builds a frame carrying {@code len} octets of {@code payload} from {@code off}. */
    public int build(byte[] srcMac, byte[] dstMac, int srcIp, int dstIp, int ipId, int srcPort, int dstPort,
                     int seq, int ack, int flags, int window, byte[] options, byte[] payload, int off, int len) {
        int optLen = options == null ? 0 : options.length;
        if (len > 0) {
            System.arraycopy(payload, off, buf, payloadOffset(optLen), len);
        }
        return buildInPlace(srcMac, dstMac, srcIp, dstIp, ipId, srcPort, dstPort, seq, ack, flags, window, options, len);
    }

    /** TCP MSS option (kind 2). */
    public static byte[] mssOption(int mss) {
        return new byte[] {2, 4, (byte) (mss >>> 8), (byte) mss};
    }

    static long sum(byte[] b, int off, int len, long s) {
        int end = off + len - 1;
        int i = off;
        for (; i < end; i += 2) {
            s += ((b[i] & 0xFF) << 8) | (b[i + 1] & 0xFF);
        }
        if (i == end) {
            s += (b[i] & 0xFF) << 8;
        }
        return s;
    }

    static int fold(long s) {
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }

    static void put16(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 8);
        b[o + 1] = (byte) v;
    }

    static void put32(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 24);
        b[o + 1] = (byte) (v >>> 16);
        b[o + 2] = (byte) (v >>> 8);
        b[o + 3] = (byte) v;
    }
}

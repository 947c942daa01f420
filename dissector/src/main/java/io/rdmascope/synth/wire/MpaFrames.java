package io.rdmascope.synth.wire;

import java.nio.charset.StandardCharsets;

/**
 * MPA Request and Reply frames (RFC 5044 section 7.1) and the RFC 6581 enhanced private data.
 *
 * <pre>
 *  16 octets  Key: "MPA ID Req Frame" or "MPA ID Rep Frame"
 *   1 octet   M (0x80) C (0x40) R (0x20) enhanced (0x10, RFC 6581) Res (0x0F)
 *   1 octet   Rev
 *   2 octets  PD_Length
 *   PD_Length octets of private data
 * </pre>
 *
 * With the enhanced bit (revision 2), the private data starts with the IRD and ORD words: the top
 * two bits of each are flags (A, B in IRD; C, D in ORD), the low 14 bits the value, 0x3FFF for none.
 */
public final class MpaFrames {
    public static final byte[] REQUEST_KEY = "MPA ID Req Frame".getBytes(StandardCharsets.US_ASCII);
    public static final byte[] REPLY_KEY = "MPA ID Rep Frame".getBytes(StandardCharsets.US_ASCII);
    public static final int FLAG_M = 0x80, FLAG_C = 0x40, FLAG_R = 0x20, FLAG_ENHANCED = 0x10;
    public static final int IRD_ORD_NONE = 0x3FFF;

    private MpaFrames() {}

    /** Encodes a Request ({@code reply == false}) or Reply frame. {@code flags} is the whole flags octet. */
    public static byte[] frame(boolean reply, int flags, int revision, byte[] privateData) {
        int pd = privateData == null ? 0 : privateData.length;
        byte[] f = new byte[20 + pd];
        System.arraycopy(reply ? REPLY_KEY : REQUEST_KEY, 0, f, 0, 16);
        f[16] = (byte) flags;
        f[17] = (byte) revision;
        f[18] = (byte) (pd >>> 8);
        f[19] = (byte) pd;
        if (pd > 0) {
            System.arraycopy(privateData, 0, f, 20, pd);
        }
        return f;
    }

    /** RFC 6581 private data: IRD word, ORD word, then {@code rest}. Flag arguments are the two top bits. */
    public static byte[] enhancedPrivateData(int ird, int irdFlags, int ord, int ordFlags, byte[] rest) {
        int r = rest == null ? 0 : rest.length;
        byte[] p = new byte[4 + r];
        int irdWord = ((irdFlags & 3) << 14) | (ird & 0x3FFF);
        int ordWord = ((ordFlags & 3) << 14) | (ord & 0x3FFF);
        p[0] = (byte) (irdWord >>> 8);
        p[1] = (byte) irdWord;
        p[2] = (byte) (ordWord >>> 8);
        p[3] = (byte) ordWord;
        if (r > 0) {
            System.arraycopy(rest, 0, p, 4, r);
        }
        return p;
    }
}

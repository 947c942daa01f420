package io.rdmascope.ulp.tools;

import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The input of the decoders' fuzz targets: a run of records, each one message of one connection
 * (flags: bit 0 from the initiator, bits 1-2 Send, RDMA Write or MPA private data, bit 3 longer on
 * the wire than kept; then STag u4, tagged offset u8, length u2, the payload). Seeds are made from
 * real captures with {@link #encode}.
 */
public final class FuzzRecords {
    static final int SEND = 0, WRITE = 1, PRIVATE_DATA = 2;

    private FuzzRecords() {}

    /**
     * Feeds every record to the shape recognisers and to one decoder.
     *
     * @return every message the decoder returned
     */
    public static List<UlpMessage> replay(Ulp ulp, byte[] data) {
        Ulp.Decoder d = ulp.decoder();
        List<UlpMessage> out = new ArrayList<>();
        int at = 0;
        while (data.length - at >= 15) {
            int flags = data[at] & 0xff;
            long stag = u(data, at + 1, 4), to = u(data, at + 5, 8);
            int len = (int) u(data, at + 13, 2);
            at += 15;
            int n = Math.min(len, data.length - at);
            byte[] payload = java.util.Arrays.copyOfRange(data, at, at + n);
            at += n;
            boolean fromInitiator = (flags & 1) != 0;
            long messageLength = (flags & 8) != 0 ? n + 1 + (to & 0xffff) : n;
            int kind = (flags >> 1) & 3;
            UlpMessage m;
            if (kind == PRIVATE_DATA) {
                ulp.recognizesPrivateData(payload, 0, n, fromInitiator);
                m = d.privateData(payload, 0, n, fromInitiator);
            } else if (kind == WRITE) {
                m = d.write(new UlpInput(payload, 0, n, messageLength, fromInitiator, 0, 0, stag, to));
            } else {
                UlpInput in = UlpInput.send(payload, 0, n, messageLength, fromInitiator, 3, 0);
                ulp.recognizes(in);
                m = d.send(in);
            }
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /** The records of the given captured messages (Sends, Writes and private data). */
    public static byte[] encode(List<CapturedMessages.Message> messages) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (CapturedMessages.Message m : messages) {
            int kind = m.handshake() ? PRIVATE_DATA : m.isSend() ? SEND : WRITE;
            b.write((m.fromInitiator() ? 1 : 0) | kind << 1);
            put(b, m.stag(), 4);
            put(b, m.to(), 8);
            int n = Math.min(m.payload().length, 0xffff);
            put(b, n, 2);
            b.write(m.payload(), 0, n);
        }
        return b.toByteArray();
    }

    private static long u(byte[] b, int at, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }

    private static void put(ByteArrayOutputStream b, long v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            b.write((int) (v >>> (8 * i)));
        }
    }
}

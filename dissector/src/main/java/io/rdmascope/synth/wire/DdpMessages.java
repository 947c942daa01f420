package io.rdmascope.synth.wire;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one DDP message into segments (RFC 5041 section 5): each segment carries the header of the
 * template with, for tagged messages, TO advanced by the segment's offset in the message and, for
 * untagged ones, MO set to that offset; the Last flag is set on the final segment only. An RDMAP
 * body (Read Request, Terminate, Atomic) goes into the first segment, before its payload.
 */
public final class DdpMessages {
    private DdpMessages() {}

    /** One DDP segment ready to be framed: its header, its body octets (may be empty) and its payload range. */
    public static final class Segment {
        public final DdpHeader header;
        public final byte[] body;
        public final byte[] payload;
        public final int payloadOffset;
        public final int payloadLength;

        public Segment(DdpHeader header, byte[] body, byte[] payload, int payloadOffset, int payloadLength) {
            this.header = header;
            this.body = body;
            this.payload = payload;
            this.payloadOffset = payloadOffset;
            this.payloadLength = payloadLength;
        }

        /** The ULPDU (DDP segment) octets. */
        public byte[] encode() {
            byte[] b = new byte[header.length() + body.length + payloadLength];
            int o = header.write(b, 0);
            System.arraycopy(body, 0, b, o, body.length);
            o += body.length;
            System.arraycopy(payload, payloadOffset, b, o, payloadLength);
            return b;
        }
    }

    /**
     * Segments a message of {@code payload} octets with at most {@code maxPayload} payload octets per
     * segment (at least one segment is produced, even for an empty payload).
     */
    public static List<Segment> segment(DdpHeader template, byte[] body, byte[] payload, int maxPayload) {
        byte[] b = body == null ? new byte[0] : body;
        byte[] p = payload == null ? new byte[0] : payload;
        int max = Math.max(1, maxPayload);
        List<Segment> out = new ArrayList<>();
        int off = 0;
        do {
            int n = Math.min(max, p.length - off);
            DdpHeader h = template.copy();
            if (h.tagged) {
                h.to = template.to + off;
            } else {
                h.mo = template.mo + off;
            }
            h.last = off + n >= p.length;
            out.add(new Segment(h, off == 0 ? b : new byte[0], p, off, n));
            off += n;
        } while (off < p.length);
        return out;
    }
}

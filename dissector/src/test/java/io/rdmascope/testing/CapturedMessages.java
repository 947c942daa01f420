package io.rdmascope.testing;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.tcp.Direction;
import io.rdmascope.ulp.UlpInput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Send and RDMA Write messages of a capture, each assembled from its DDP segments, and the MPA
 * private data of each handshake: test material for the upper-layer decoders.
 */
public final class CapturedMessages {
    /**
     * @param frame the frame that completes the message
     * @param initiatorPort the TCP port of the connection's initiator, responderPort of its responder
     * @param handshake true for MPA private data (opcode -1, the Request's or Reply's private data
     *                  after IRD/ORD when the revision is 2)
     */
    public record Message(long frame, String connection, int initiatorPort, int responderPort, boolean fromInitiator,
                          int opcode, long invalidateStag, long stag, long to, byte[] payload, boolean handshake) {
        public UlpInput input() {
            return new UlpInput(payload, 0, payload.length, payload.length, fromInitiator, opcode, invalidateStag, stag, to);
        }

        public boolean isSend() {
            Opcode o = Opcode.of(opcode);
            return !handshake && o != null && o.isSend();
        }
    }

    /** A message whose last segment has not come yet. */
    private record Open(ByteArrayOutputStream payload, long to) {}

    private CapturedMessages() {}

    public static List<Message> of(Path capture) throws IOException {
        List<Message> out = new ArrayList<>();
        Map<String, Open> open = new HashMap<>();
        Dissection.run(capture, null, new PduListener() {
            @Override
            public void handshake(MpaConnection c, MpaHandshake h) {
                byte[] pd = h.privateData() == null ? new byte[0] : h.privateData();
                int skip = h.revision() == 2 && pd.length >= 4 ? 4 : 0;
                byte[] rest = java.util.Arrays.copyOfRange(pd, skip, pd.length);
                out.add(new Message(h.frame(), c.id(), port(c, Direction.FROM_INITIATOR), port(c, Direction.FROM_RESPONDER),
                        h.direction() == Direction.FROM_INITIATOR, -1, 0, 0, 0, rest, true));
            }

            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                if (s == null || s.malformed != null || f.buf == null) {
                    return;
                }
                String key = c.id() + "/" + f.direction + "/" + (s.tagged ? "t" + s.stag : "q" + s.qn + "/" + s.msn);
                // A tagged message starts at the tagged offset of its first segment.
                Open m = open.computeIfAbsent(key, k -> new Open(new ByteArrayOutputStream(), s.tagged ? s.to : 0));
                int avail = Math.min(s.payloadLength, f.ulpduAvailable - s.payloadOffset);
                if (avail > 0) {
                    m.payload.write(f.buf, f.ulpduOffset + s.payloadOffset, avail);
                }
                if (s.last) {
                    open.remove(key);
                    out.add(new Message(f.frame, c.id(), port(c, Direction.FROM_INITIATOR), port(c, Direction.FROM_RESPONDER),
                            f.direction == Direction.FROM_INITIATOR, s.opcode, s.invalidateStag, s.tagged ? s.stag : 0,
                            m.to, m.payload.toByteArray(), false));
                }
            }
        }, null, null);
        return out;
    }

    private static int port(MpaConnection c, Direction d) {
        Endpoint e = c.tcp() == null ? null : c.tcp().source(d);
        return e == null ? -1 : e.port();
    }
}

package io.rdmascope.ulp.tools;

import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.tcp.Direction;
import io.rdmascope.testing.CapturedMessages;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a capture's assembled messages through one protocol's decoders as the engine would (one
 * decoder per connection the protocol claims by port or by shape), and lists the RDMA Writes and
 * RDMA Read Requests of the capture, so a test can check every access against the advertisements.
 */
public final class UlpReplay {
    /** One decoded message. */
    public record Decoded(long frame, String connection, boolean fromInitiator, String kind,
                          CapturedMessages.Message input, UlpMessage message) {}

    /** One RDMA access seen on the wire: a Write segment or a Read Request (by the sender of it). */
    public record Access(long frame, String connection, boolean fromInitiator, boolean write, long stag, long to,
                         long length) {}

    private UlpReplay() {}

    public static List<Decoded> decode(Ulp ulp, Path capture) throws IOException {
        return decode(ulp, CapturedMessages.of(capture));
    }

    public static List<Decoded> decode(Ulp ulp, List<CapturedMessages.Message> messages) {
        Map<String, Ulp.Decoder> decoders = new HashMap<>();
        Map<String, Boolean> refused = new HashMap<>();
        List<Decoded> out = new ArrayList<>();
        for (CapturedMessages.Message m : messages) {
            Ulp.Decoder d = decoders.get(m.connection());
            if (d == null && !refused.containsKey(m.connection())) {
                boolean byPort = Arrays.stream(ulp.ports()).anyMatch(p -> p == m.responderPort());
                boolean byShape = m.handshake()
                        ? ulp.recognizesPrivateData(m.payload(), 0, m.payload().length, m.fromInitiator())
                        : m.isSend() && ulp.recognizes(m.input());
                if (byPort || byShape) {
                    d = ulp.decoder();
                    decoders.put(m.connection(), d);
                } else if (m.isSend()) {
                    refused.put(m.connection(), true);
                }
            }
            if (d == null) {
                continue;
            }
            UlpMessage u;
            String kind;
            if (m.handshake()) {
                u = d.privateData(m.payload(), 0, m.payload().length, m.fromInitiator());
                kind = "privateData";
            } else if (m.isSend()) {
                u = d.send(m.input());
                kind = "send";
            } else if (m.opcode() == 0) {
                u = d.write(m.input());
                kind = "write";
            } else {
                continue;
            }
            if (u != null) {
                out.add(new Decoded(m.frame(), m.connection(), m.fromInitiator(), kind, m, u));
            }
        }
        return out;
    }

    public static List<Access> accesses(Path capture) throws IOException {
        List<Access> out = new ArrayList<>();
        Dissection.run(capture, null, new PduListener() {
            @Override
            public void pdu(io.rdmascope.mpa.MpaConnection c, io.rdmascope.mpa.Fpdu f, DdpSegment s) {
                if (s == null || s.malformed != null) {
                    return;
                }
                boolean fromInitiator = f.direction == Direction.FROM_INITIATOR;
                if (s.tagged && s.opcodeKind() == Opcode.RDMA_WRITE) {
                    out.add(new Access(f.frame, c.id(), fromInitiator, true, s.stag, s.to, s.payloadLength));
                } else if (s.readRequest != null) {
                    DdpSegment.ReadRequest r = s.readRequest;
                    out.add(new Access(f.frame, c.id(), fromInitiator, false, r.sourceStag(), r.sourceTo(), r.readSize()));
                }
            }
        }, null, null);
        return out;
    }

    /**
     * The accesses that no earlier advertisement by the other side covers: same STag, the access
     * needed, and (where the advertisement gives a length) a region holding the whole access.
     */
    public static List<String> unadvertised(List<Decoded> decoded, List<Access> accesses) {
        List<String> out = new ArrayList<>();
        for (Access a : accesses) {
            boolean ok = false;
            for (Decoded d : decoded) {
                if (d.frame() >= a.frame() || d.fromInitiator() == a.fromInitiator()) {
                    continue;
                }
                for (Advertisement ad : d.message().advertisements) {
                    int need = a.write() ? Advertisement.REMOTE_WRITE : Advertisement.REMOTE_READ;
                    if (ad.stag() != a.stag() || (ad.access() & need) == 0) {
                        continue;
                    }
                    if (ad.lengthKnown() && (Long.compareUnsigned(a.to(), ad.to()) < 0
                            || Long.compareUnsigned(a.to() - ad.to() + a.length(), ad.length()) > 0)) {
                        continue;
                    }
                    ok = true;
                }
            }
            if (!ok) {
                out.add(a.toString());
            }
        }
        return out;
    }

    /** Every problem text of the decoded messages, with its frame. */
    public static List<String> problems(List<Decoded> decoded) {
        List<String> out = new ArrayList<>();
        for (Decoded d : decoded) {
            for (String p : d.message().problems) {
                out.add("frame " + d.frame() + ": " + p);
            }
        }
        return out;
    }
}

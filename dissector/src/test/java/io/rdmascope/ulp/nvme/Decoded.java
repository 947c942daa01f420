package io.rdmascope.ulp.nvme;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A capture's Send messages and MPA private data run through one protocol's decoders (one per
 * connection, in capture order), and the RDMA accesses of the capture segment by segment: what the
 * real-capture tests of the upper-layer decoders compare.
 */
public final class Decoded {
    /** One decoded message and the frame that completed it. */
    public record Message(long frame, String connection, boolean fromInitiator, CapturedMessages.Message input,
                          UlpMessage decoded) {}

    /**
     * One tagged access of the responder to the initiator's memory: an RDMA Write segment (needs
     * remote write) or the source of an RDMA Read Request (needs remote read).
     */
    public record Access(long frame, String connection, boolean fromInitiator, long stag, long to, long length,
                         int access) {}

    public final List<Message> messages = new ArrayList<>();
    public final List<Access> accesses = new ArrayList<>();

    public static Decoded of(Path capture, Ulp ulp) throws IOException {
        Decoded d = new Decoded();
        Map<String, Ulp.Decoder> decoders = new HashMap<>();
        for (CapturedMessages.Message m : CapturedMessages.of(capture)) {
            Ulp.Decoder dec = decoders.computeIfAbsent(m.connection(), c -> ulp.decoder());
            UlpMessage u;
            if (m.handshake()) {
                u = dec.privateData(m.payload(), 0, m.payload().length, m.fromInitiator());
            } else if (m.isSend()) {
                u = dec.send(m.input());
            } else {
                continue;
            }
            if (u != null) {
                d.messages.add(new Message(m.frame(), m.connection(), m.fromInitiator(), m, u));
            }
        }
        Dissection.run(capture, null, new PduListener() {
            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                if (s == null || s.malformed != null) {
                    return;
                }
                boolean fromInitiator = f.direction == Direction.FROM_INITIATOR;
                if (s.tagged && s.opcode == Opcode.RDMA_WRITE.code) {
                    d.accesses.add(new Access(f.frame, c.id(), fromInitiator, s.stag, s.to, s.payloadLength,
                            Advertisement.REMOTE_WRITE));
                } else if (!s.tagged && s.readRequest != null) {
                    DdpSegment.ReadRequest r = s.readRequest;
                    d.accesses.add(new Access(f.frame, c.id(), fromInitiator, r.sourceStag(), r.sourceTo(), r.readSize(),
                            Advertisement.REMOTE_READ));
                }
            }
        }, null, null);
        return d;
    }

    /**
     * The same accesses as tshark reports them (RDMA Write segments with their payload length, Read
     * Requests with their source STag, offset and size), as an oracle independent of this project's
     * pipeline; the connection is left empty and matched by frame order alone. Null when tshark
     * cannot be run.
     */
    public static List<Access> tsharkAccesses(Path capture) {
        List<Access> out = new ArrayList<>();
        try {
            Process p = new ProcessBuilder("tshark", "-r", capture.toString(), "--disable-protocol", "nvme-tcp",
                    "-Y", "iwarp_rdma.opcode == 0 or iwarp_rdma.opcode == 1", "-E", "separator=|", "-T", "fields",
                    "-e", "frame.number", "-e", "iwarp_rdma.opcode", "-e", "iwarp_ddp.stag", "-e", "iwarp_ddp.tagged_offset",
                    "-e", "data.len", "-e", "iwarp_rdma.srcstag", "-e", "iwarp_rdma.srcto", "-e", "iwarp_rdma.rdmardsz")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
            if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            for (String line : text.split("\n")) {
                String[] f = line.split("\\|", -1);
                if (f.length < 8) {
                    continue;
                }
                long frame = Long.parseLong(f[0]);
                if (Long.decode(f[1]) == 0) {
                    out.add(new Access(frame, "", false, Long.decode(f[2]), Long.parseUnsignedLong(f[3].substring(2), 16),
                            f[4].isEmpty() ? 0 : Long.parseLong(f[4]), Advertisement.REMOTE_WRITE));
                } else {
                    out.add(new Access(frame, "", false, Long.decode(f[5]), Long.parseUnsignedLong(f[6].substring(2), 16),
                            Long.parseLong(f[7]), Advertisement.REMOTE_READ));
                }
            }
            return out;
        } catch (IOException | InterruptedException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The advertisement, made before the access by the other side of its connection, that names the
     * access's STag with the access it needs and a region containing it; null when there is none.
     */
    public Advertisement covering(Access a) {
        Advertisement found = null;
        for (Message m : messages) {
            if (m.frame() >= a.frame()) {
                break;
            }
            boolean sameConnection = a.connection().isEmpty() || m.connection().equals(a.connection());
            if (!sameConnection || m.fromInitiator() == a.fromInitiator()) {
                continue;
            }
            for (Advertisement ad : m.decoded().advertisements) {
                if (ad.stag() == a.stag() && (ad.access() & a.access()) != 0 && ad.lengthKnown()
                        && Long.compareUnsigned(a.to(), ad.to()) >= 0
                        && Long.compareUnsigned(a.to() - ad.to() + a.length(), ad.length()) <= 0) {
                    found = ad;
                }
            }
        }
        return found;
    }
}

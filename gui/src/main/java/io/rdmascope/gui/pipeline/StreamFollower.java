package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.StreamMessage;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.FpduLayout;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.pdu.PduSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Follow MPA Stream and Follow DDP Stream: the messages of one connection in order with their
 * octets, read again from the frames ({@link StreamOctets}). An MPA message is an MPA Request or
 * Reply (its private data) or an FPDU (its ULPDU); a DDP message is put together from its
 * segments, by tagged offset (tagged) or message offset (untagged), and ends with the segment
 * whose Last flag is set.
 */
final class StreamFollower {
    /** Octets of payload a followed stream holds at most; the messages past them are left out. */
    static final long MAX_OCTETS = 16L << 20;
    /** PDUs of a connection looked at, at most, for its DDP messages. */
    static final int MAX_PDUS = 4_000_000;
    /** The largest gap a DDP message's segments may leave before one is taken as a new start. */
    private static final long MAX_MESSAGE = 16L << 20;

    private final FrameIndex index;
    private final FrameReader reader;
    private final RoceFollower queuePairs;

    StreamFollower(FrameIndex index, FrameReader reader, RoceFrames roce) {
        this.index = index;
        this.reader = reader;
        this.queuePairs = new RoceFollower(index, reader, roce);
    }

    /** Whether {@code id} names a queue-pair connection (RoCE, InfiniBand) rather than an MPA one. */
    boolean queuePair(String id) {
        return queuePairs.knows(id);
    }

    FollowedStream follow(String id, FollowedStream.Layer layer, int limit) {
        List<MpaConnection> conns = index.connections();
        int wanted = -1;
        for (int c = 0; c < conns.size(); c++) {
            if (conns.get(c).id().equals(id)) {
                wanted = c;
            }
        }
        if (wanted < 0) {
            return queuePairs.knows(id) ? queuePairs.follow(id, layer, limit) : FollowedStream.empty(id, layer);
        }
        MpaConnection conn = conns.get(wanted);
        // frames and PDU indexes, two longs a PDU: enough of them for the messages asked for
        long cap = layer == FollowedStream.Layer.MPA ? Math.min(MAX_PDUS, limit + 1L) : MAX_PDUS;
        long[][] pdus = {new long[64]};
        int[] n = {0};
        boolean[] cut = {false};
        int w = wanted;
        index.forEachPdu((frame, pdu, c, fromInitiator, length, handshake) -> {
            if (c != w) {
                return;
            }
            if (n[0] / 2 >= cap) {
                cut[0] = true;
                return;
            }
            if (n[0] + 2 > pdus[0].length) {
                pdus[0] = Arrays.copyOf(pdus[0], pdus[0].length * 2);
            }
            pdus[0][n[0]++] = frame;
            pdus[0][n[0]++] = pdu;
        });
        Walk walk = layer == FollowedStream.Layer.MPA ? new MpaWalk(limit) : new DdpWalk(limit);
        StreamOctets octets = new StreamOctets(index, reader);
        for (int i = 0; i < n[0] && !walk.done(); i += 2) {
            long frame = pdus[0][i];
            walk.unit(frame, index.unit((int) pdus[0][i + 1], frame, 0), octets);
        }
        walk.more |= cut[0];
        List<StreamMessage> messages = walk.messages();
        return new FollowedStream(id, conn.tcp().initiator().toString(), conn.tcp().responder().toString(), layer,
                messages, walk.more());
    }

    private abstract class Walk {
        final int limit;
        long octets;
        boolean more;

        Walk(int limit) {
            this.limit = limit;
        }

        abstract void unit(long frame, Unit u, StreamOctets octets);

        abstract boolean done();

        abstract List<StreamMessage> messages();

        boolean more() {
            return more;
        }

        /** The ULPDU octets {@code [from, from + length)} of the FPDU of {@code u}, clipped to what there is. */
        byte[] ulpdu(Unit u, long frame, StreamOctets octets, int from, int length, boolean[] complete) {
            StreamOctets.Image image = octets.image(u, frame);
            if (image == null) {
                complete[0] = false;
                return new byte[0];
            }
            int lo = Math.min(image.octets().length, FpduLayout.LENGTH_FIELD_SIZE + Math.max(0, from));
            int hi = Math.min(image.octets().length, lo + Math.max(0, length));
            complete[0] = image.complete() && hi - lo == length;
            return Arrays.copyOfRange(image.octets(), lo, hi);
        }

        boolean fromInitiator(Unit u) {
            return (u.handshake() != null ? u.handshake().direction() : u.fpdu().direction)
                    == io.rdmascope.tcp.Direction.FROM_INITIATOR;
        }
    }

    /** One message per MPA unit: the private data of a Request or Reply, the ULPDU of an FPDU. */
    private final class MpaWalk extends Walk {
        private final List<StreamMessage> out = new ArrayList<>();

        MpaWalk(int limit) {
            super(limit);
        }

        @Override
        void unit(long frame, Unit u, StreamOctets octets) {
            if (out.size() >= limit || octets(u) + this.octets > MAX_OCTETS) {
                more = true;
                return;
            }
            String header;
            byte[] payload;
            boolean[] complete = {true};
            if (u.handshake() != null) {
                header = FrameSummary.handshake(u.handshake());
                payload = u.handshake().privateData() == null ? new byte[0] : u.handshake().privateData();
            } else {
                Fpdu f = u.fpdu();
                payload = ulpdu(u, frame, octets, 0, f.ulpduLength, complete);
                header = "FPDU, ULPDU " + f.ulpduLength + " octets" + (u.segment() == null ? ""
                        : ": " + PduSummary.describe(u.segment())) + frames(f.firstFrame, frame)
                        + (f.markers > 0 ? ", " + f.markers + " marker" + (f.markers == 1 ? "" : "s") + " removed" : "");
            }
            this.octets += payload.length;
            out.add(new StreamMessage(frame, frame, index.timeNanos(frame), fromInitiator(u), header, payload,
                    complete[0]));
        }

        private long octets(Unit u) {
            return u.handshake() != null ? u.handshake().privateDataLength() : u.fpdu().ulpduLength;
        }

        @Override
        boolean done() {
            return more;
        }

        @Override
        List<StreamMessage> messages() {
            return out;
        }
    }

    private static String frames(long first, long last) {
        return first > 0 && first != last ? ", frames " + first + "\u2013" + last : "";
    }

    /** A DDP message being put together. */
    private static final class Message {
        final DdpSegment first;
        final long firstFrame;
        /** The frame that carried its first octet. */
        long from;
        final long time;
        final boolean fromInitiator;
        long lastFrame;
        byte[] buf = new byte[0];
        int size;
        long covered;
        int segments;
        boolean ended;
        boolean complete = true;

        Message(DdpSegment first, long frame, long time, boolean fromInitiator) {
            this.first = first;
            this.firstFrame = frame;
            this.from = frame;
            this.lastFrame = frame;
            this.time = time;
            this.fromInitiator = fromInitiator;
        }

        void place(long at, byte[] octets) {
            if (at < 0 || at > MAX_MESSAGE) {
                at = size;
                complete = false;
            }
            int end = (int) at + octets.length;
            if (end > buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.max(end, Math.min(Integer.MAX_VALUE - 8, buf.length * 2L)));
            }
            System.arraycopy(octets, 0, buf, (int) at, octets.length);
            size = Math.max(size, end);
            covered += octets.length;
        }

        StreamMessage message() {
            DdpSegment s = first;
            Opcode op = Opcode.of(s.opcode);
            StringBuilder b = new StringBuilder(op == null ? "Unknown opcode " + s.opcode : op.displayName);
            if (s.readRequest != null || s.terminate != null || s.atomicRequest != null || s.atomicResponse != null) {
                b.setLength(0);
                b.append(PduSummary.describe(s));
            } else if (s.tagged) {
                b.append(", STag ").append(PduSummary.stag(s.stag)).append(" TO 0x").append(Long.toHexString(s.to));
            } else {
                b.append(", QN ").append(s.qn).append(" MSN ").append(s.msn).append(" MO ").append(s.mo);
            }
            b.append(", ").append(size).append(" octets in ").append(segments)
             .append(segments == 1 ? " segment" : " segments").append(frames(from, lastFrame));
            boolean whole = complete && ended && covered == size;
            if (!whole) {
                b.append(ended ? " (octets missing)" : " (no last segment)");
            }
            return new StreamMessage(firstFrame, lastFrame, time, fromInitiator, b.toString(),
                    Arrays.copyOf(buf, size), whole);
        }
    }

    /** One message per DDP message: its segments' payloads placed by TO or MO. */
    private final class DdpWalk extends Walk {
        private final List<Message> all = new ArrayList<>();
        private final Map<List<Long>, Message> open = new HashMap<>();

        DdpWalk(int limit) {
            super(limit);
        }

        @Override
        void unit(long frame, Unit u, StreamOctets octets) {
            DdpSegment s = u.segment();
            if (u.handshake() != null || s == null || s.malformed != null) {
                return;
            }
            boolean init = fromInitiator(u);
            List<Long> key = List.of(init ? 1L : 0L, s.tagged ? 1L : 0L, s.tagged ? s.stag : s.qn,
                    s.tagged ? 0L : s.msn);
            Message m = open.get(key);
            if (m == null) {
                if (all.size() >= limit || this.octets > MAX_OCTETS) {
                    more = true;
                    return;
                }
                m = new Message(s, frame, index.timeNanos(frame), init);
                all.add(m);
                open.put(key, m);
            }
            boolean[] complete = {true};
            byte[] payload = ulpdu(u, frame, octets, s.payloadOffset, s.payloadLength, complete);
            m.place(s.tagged ? s.to - m.first.to : s.mo, payload);
            m.complete &= complete[0];
            m.segments++;
            m.from = Math.min(m.from, u.fpdu().firstFrame > 0 ? u.fpdu().firstFrame : frame);
            m.lastFrame = frame;
            this.octets += payload.length;
            if (s.last) {
                m.ended = true;
                open.remove(key);
            }
        }

        @Override
        boolean done() {
            return more && open.isEmpty();
        }

        @Override
        List<StreamMessage> messages() {
            List<StreamMessage> out = new ArrayList<>(all.size());
            for (Message m : all) {
                out.add(m.message());
            }
            return out;
        }
    }
}

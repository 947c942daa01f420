package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.FollowedStream;
import io.rdmascope.gui.model.StreamMessage;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Follow on a queue-pair connection (RoCE, InfiniBand), as on an MPA connection: the payload of
 * each packet in order, each direction apart, read again from the frames. The first layer lists
 * one message per packet that carries payload; the second puts a multi-packet Send, RDMA Write or
 * RDMA Read Response together from its First, Middle and Last packets. Acknowledgements and CM
 * messages carry no payload of the connection and are left out.
 */
final class RoceFollower {
    private final FrameIndex index;
    private final FrameReader reader;
    private final RoceFrames roce;

    RoceFollower(FrameIndex index, FrameReader reader, RoceFrames roce) {
        this.index = index;
        this.reader = reader;
        this.roce = roce;
    }

    /** Whether {@code id} names a queue-pair connection. */
    boolean knows(String id) {
        return roce.indexOf(id) >= 0;
    }

    FollowedStream follow(String id, FollowedStream.Layer layer, int limit) {
        int wanted = roce.indexOf(id);
        if (wanted < 0) {
            return FollowedStream.empty(id, layer);
        }
        ConnectionInfo info = RoceFrames.info(roce.connections().get(wanted));
        List<long[]> packets = new ArrayList<>();
        roce.forEach(index.frameCount(), (frame, c, fromInitiator, length, cm) -> {
            if (c == wanted && !cm && length > 0) {
                packets.add(new long[] {frame, fromInitiator ? 1 : 0});
            }
        });
        boolean whole = layer == FollowedStream.Layer.DDP;
        List<StreamMessage> out = new ArrayList<>();
        // a message being put together, per direction (initiator, responder)
        Message[] open = new Message[2];
        long octets = 0;
        boolean more = false;
        for (long[] pk : packets) {
            long frame = pk[0];
            boolean init = pk[1] == 1;
            FrameReader.IbOf ib = reader.ibOf(reader.read(frame));
            if (ib == null || ib.packet().payloadLength <= 0) {
                continue;
            }
            IbPacket p = ib.packet();
            if (out.size() >= limit || octets > StreamFollower.MAX_OCTETS) {
                more = true;
                break;
            }
            byte[] payload = payload(reader.read(frame), ib);
            boolean complete = payload.length == p.payloadLength;
            octets += payload.length;
            String name = Opcodes.name(p.opcode);
            if (!whole) {
                out.add(new StreamMessage(frame, frame, index.timeNanos(frame), init,
                        name + ", PSN " + p.psn + ", " + p.payloadLength + " octets", payload, complete));
                continue;
            }
            int d = init ? 0 : 1;
            boolean first = name.endsWith(" First") || name.contains(" Only");
            if (first || open[d] == null) {
                open[d] = new Message(frame, index.timeNanos(frame), init, base(name), p.psn);
                open[d].complete &= first;
            }
            Message m = open[d];
            m.add(frame, payload, complete);
            if (!name.contains(" First") && !name.contains(" Middle")) {
                out.add(m.message());
                open[d] = null;
            }
        }
        for (Message m : open) {
            if (m != null && out.size() < limit) {
                m.complete = false;
                out.add(m.message());
            }
        }
        out.sort((a, b) -> Long.compare(a.frame(), b.frame()));
        return new FollowedStream(id, info.initiator(), info.responder(), layer, out, more);
    }

    /** The payload octets of a packet, clipped to what was captured. */
    private static byte[] payload(io.rdmascope.capture.Packet frame, FrameReader.IbOf ib) {
        IbPacket p = ib.packet();
        if (frame == null) {
            return new byte[0];
        }
        // the payload ends before the pad and the 4-octet ICRC
        int end = ib.transportOffset() + ib.transportLength() - 4 - p.padCount;
        int start = end - p.payloadLength;
        int lo = Math.max(0, start), hi = Math.min(frame.length, Math.max(lo, end));
        return Arrays.copyOfRange(frame.data, frame.offset + lo, frame.offset + hi);
    }

    /** An opcode's name without First, Middle, Last or Only: "SEND", "RDMA WRITE", "RDMA READ Response". */
    private static String base(String name) {
        return name.replaceAll(" (First|Middle|Last|Only)( with .*)?$", "");
    }

    /** A multi-packet message being put together. */
    private static final class Message {
        final long firstFrame;
        final long time;
        final boolean fromInitiator;
        final String name;
        final long psn;
        long lastFrame;
        int packets;
        boolean complete = true;
        byte[] buf = new byte[0];
        int size;

        Message(long frame, long time, boolean fromInitiator, String name, long psn) {
            this.firstFrame = frame;
            this.lastFrame = frame;
            this.time = time;
            this.fromInitiator = fromInitiator;
            this.name = name;
            this.psn = psn;
        }

        void add(long frame, byte[] octets, boolean whole) {
            if (size + octets.length > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(size + octets.length, buf.length * 2));
            }
            System.arraycopy(octets, 0, buf, size, octets.length);
            size += octets.length;
            packets++;
            lastFrame = frame;
            complete &= whole;
        }

        StreamMessage message() {
            String header = name + ", PSN " + psn + ", " + size + " octets in " + packets
                    + (packets == 1 ? " packet" : " packets")
                    + (firstFrame != lastFrame ? ", frames " + firstFrame + "\u2013" + lastFrame : "")
                    + (complete ? "" : " (packets missing)");
            return new StreamMessage(firstFrame, lastFrame, time, fromInitiator, header, Arrays.copyOf(buf, size),
                    complete);
        }
    }
}

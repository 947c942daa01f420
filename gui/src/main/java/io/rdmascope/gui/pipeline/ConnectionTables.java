package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.Conversation;
import io.rdmascope.gui.model.FlowMessage;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-connection views of the index: the Conversations table's figures and the flow graph's
 * messages, each from one walk over the PDU table (no frame is read again), and of the RoCE
 * queue-pair connections from one walk over the {@link RoceFrames} (a packet of its traffic
 * counted as a PDU, its CM messages as the handshake, the ICRC as the CRC, the responder
 * resources and initiator depth as IRD/ORD).
 */
final class ConnectionTables {
    private final FrameIndex index;
    private final RoceFrames roce;

    ConnectionTables(FrameIndex index, RoceFrames roce) {
        this.index = index;
        this.roce = roce;
    }

    List<Conversation> conversations() {
        List<Conversation> out = mpaConversations();
        out.addAll(roceConversations());
        return out;
    }

    private List<Conversation> roceConversations() {
        List<RdmaConnection> conns = roce.connections();
        int n = conns.size();
        long[] packets = new long[2 * n], bytes = new long[2 * n], first = new long[n], last = new long[n];
        roce.forEach(index.frameCount(), (frame, c, fromInitiator, length, cm) -> {
            long t = index.timeNanos(frame);
            if (first[c] == 0) {
                first[c] = t;
            }
            last[c] = Math.max(last[c], t);
            if (!cm) {
                int way = 2 * c + (fromInitiator ? 0 : 1);
                packets[way]++;
                bytes[way] += Math.max(0, length);
            }
        });
        List<Conversation> out = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
            RdmaConnection q = conns.get(c);
            String irdOrd = q instanceof QpConnection qp
                    ? irdOrd(count(qp.responderResources[0]), count(qp.initiatorDepth[0]),
                            count(qp.responderResources[1]), count(qp.initiatorDepth[1]))
                    : "-";
            out.add(new Conversation(RoceFrames.info(q), 0, true, "-", irdOrd, packets[2 * c], bytes[2 * c],
                    packets[2 * c + 1], bytes[2 * c + 1], first[c], last[c]));
        }
        return out;
    }

    private static Integer count(int n) {
        return n < 0 ? null : n;
    }

    private List<Conversation> mpaConversations() {
        List<MpaConnection> conns = index.connections();
        int n = conns.size();
        long[] fpdus = new long[2 * n], bytes = new long[2 * n], first = new long[n], last = new long[n];
        index.forEachPdu((frame, pdu, c, fromInitiator, length, handshake) -> {
            long t = index.timeNanos(frame);
            if (first[c] == 0) {
                first[c] = t;
            }
            last[c] = Math.max(last[c], t);
            if (!handshake) {
                int way = 2 * c + (fromInitiator ? 0 : 1);
                fpdus[way]++;
                bytes[way] += Math.max(0, length);
            }
        });
        List<Conversation> out = new ArrayList<>(n);
        for (int c = 0; c < n; c++) {
            MpaConnection m = conns.get(c);
            ConnectionInfo info = new ConnectionInfo(m.id(), m.tcp().initiator().toString(),
                    m.tcp().responder().toString());
            out.add(new Conversation(info, m.revision, m.crc, markers(m),
                    irdOrd(m.initiatorIrd, m.initiatorOrd, m.responderIrd, m.responderOrd), fpdus[2 * c], bytes[2 * c],
                    fpdus[2 * c + 1], bytes[2 * c + 1], first[c], last[c]));
        }
        return out;
    }

    private static String markers(MpaConnection m) {
        boolean a = m.markers[0], b = m.markers[1];
        return a && b ? "both" : a ? "A\u2192B" : b ? "B\u2192A" : "none";
    }

    /** "A 16/16, B 16/16": each side's IRD and ORD, or "-" when neither is known. */
    private static String irdOrd(Integer irdA, Integer ordA, Integer irdB, Integer ordB) {
        String a = pair(irdA, ordA), b = pair(irdB, ordB);
        if (a == null && b == null) {
            return "-";
        }
        return "A " + (a == null ? "-" : a) + ", B " + (b == null ? "-" : b);
    }

    private static String pair(Integer ird, Integer ord) {
        return ird == null && ord == null ? null : (ird == null ? "-" : ird) + "/" + (ord == null ? "-" : ord);
    }

    List<FlowMessage> messages(String id, int limit) {
        int q = roce.indexOf(id);
        if (q >= 0) {
            List<FlowMessage> out = new ArrayList<>();
            roce.forEach(index.frameCount(), (frame, c, fromInitiator, length, cm) -> {
                if (c == q && out.size() < limit) {
                    out.add(new FlowMessage(frame, index.timeNanos(frame), fromInitiator, roce.message(frame)));
                }
            });
            return out;
        }
        List<MpaConnection> conns = index.connections();
        int wanted = -1;
        for (int c = 0; c < conns.size(); c++) {
            if (conns.get(c).id().equals(id)) {
                wanted = c;
            }
        }
        List<FlowMessage> out = new ArrayList<>();
        if (wanted < 0) {
            return out;
        }
        int w = wanted;
        index.forEachPdu((frame, pdu, c, fromInitiator, length, handshake) -> {
            if (c == w && out.size() < limit) {
                out.add(new FlowMessage(frame, index.timeNanos(frame), fromInitiator, index.pduText(pdu)));
            }
        });
        return out;
    }
}

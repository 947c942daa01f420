package io.rdmascope.gui.pipeline;

import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.Conversation;
import io.rdmascope.gui.model.FlowMessage;
import io.rdmascope.mpa.MpaConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-connection views of the index: the Conversations table's figures and the flow graph's
 * messages, each from one walk over the PDU table (no frame is read again).
 */
final class ConnectionTables {
    private final FrameIndex index;

    ConnectionTables(FrameIndex index) {
        this.index = index;
    }

    List<Conversation> conversations() {
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
            out.add(new Conversation(info, m.revision, m.crc, markers(m), irdOrd(m), fpdus[2 * c], bytes[2 * c],
                    fpdus[2 * c + 1], bytes[2 * c + 1], first[c], last[c]));
        }
        return out;
    }

    private static String markers(MpaConnection m) {
        boolean a = m.markers[0], b = m.markers[1];
        return a && b ? "both" : a ? "A\u2192B" : b ? "B\u2192A" : "none";
    }

    private static String irdOrd(MpaConnection m) {
        String a = pair(m.initiatorIrd, m.initiatorOrd), b = pair(m.responderIrd, m.responderOrd);
        if (a == null && b == null) {
            return "-";
        }
        return "A " + (a == null ? "-" : a) + ", B " + (b == null ? "-" : b);
    }

    private static String pair(Integer ird, Integer ord) {
        return ird == null && ord == null ? null : (ird == null ? "-" : ird) + "/" + (ord == null ? "-" : ord);
    }

    List<FlowMessage> messages(String id, int limit) {
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

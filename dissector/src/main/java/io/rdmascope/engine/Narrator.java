package io.rdmascope.engine;

import static io.rdmascope.engine.Words.hex;
import static io.rdmascope.engine.Words.stag;

import io.rdmascope.model.Nic;
import io.rdmascope.model.StagEntry;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaEvent;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpMessage;

/**
 * A subscriber to the engine's {@link Decisions}: words each as a step of the drivers and NICs, for
 * {@link EngineListener#step} ({@code --explain}).
 */
final class Narrator implements Decisions {
    private static final String NIC = "NIC", DRIVER = "driver";

    private final EngineListener listener;
    private final NicSettings settings;

    Narrator(EngineListener listener, NicSettings settings) {
        this.listener = listener;
        this.settings = settings;
    }

    private void step(long frame, Conn c, String endpoint, String actor, String text) {
        listener.step(frame, c.id, endpoint, actor, text);
    }

    /** What the NIC of the sender of direction d ({@code peer} false) or its peer's ({@code peer} true) did. */
    private void nic(Conn c, int d, long f, boolean peer, String text) {
        step(f, c, c.endpoint[peer ? 1 - d : d], NIC, "NIC " + text);
    }

    // MPA

    @Override
    public void handshake(Conn c, int d, MpaHandshake h) {
        StringBuilder b = new StringBuilder(96).append("sends the ").append(h.request() ? "MPA Request" : "MPA Reply")
                .append(" of ").append(c.id)
                .append(": revision ").append(h.revision())
                .append(h.crcFlag() ? ", CRC" : ", no CRC")
                .append(h.markerFlag() ? ", asks for markers" : ", no markers");
        if (h.ird() != null || h.ord() != null) {
            b.append(", IRD ").append(Words.ird(h.ird())).append(", ORD ").append(Words.ird(h.ord()));
        }
        if (!h.request()) {
            b.append(h.rejectFlag() ? "; rejects the connection" : "; accepts the connection");
        }
        step(h.frame(), c, c.endpoint[d], NIC, "NIC " + b);
    }

    @Override
    public void teardown(Conn c, long f, String reason) {
        for (int a = 0; a < 2; a++) {
            step(f, c, c.endpoint[a], NIC, "NIC tears down its queue pair of " + c.id + " (" + reason + ")");
        }
    }

    @Override
    public void deallocated(Conn c, long f, StagEntry e) {
        step(f, c, e.advertiser(), NIC, "NIC deallocates the region of STag " + stag(e.stag()) + " as " + c.id
                + " closes");
    }

    // RDMAP operations

    @Override
    public void readyToReceive(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[d], NIC, "NIC sends the " + RdmapRules.READY_TO_RECEIVE + " of " + c.id
                + ": a zero-length " + e.operation);
    }

    @Override
    public void sendPlaced(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC places " + e.bytes + " B of a " + e.operation
                + " (queue " + e.queue + ", MSN " + e.message + ") in a posted receive buffer");
    }

    @Override
    public void writeSent(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[d], NIC, "NIC sends an " + e.operation + " of " + e.bytes + " B to STag "
                + stag(e.key) + " at TO " + hex(e.address));
    }

    @Override
    public void writePlaced(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC places " + e.bytes + " B at TO " + hex(e.address) + " of STag "
                + stag(e.key));
    }

    @Override
    public void readRequested(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[d], NIC, "NIC asks for " + e.length + " B of STag " + stag(e.key)
                + " at TO " + hex(e.address) + ", to be placed in its STag " + stag(e.sinkKey) + " at TO "
                + hex(e.sinkAddress) + " (RDMA Read Request)");
    }

    @Override
    public void readServed(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC reads " + e.length + " B at TO " + hex(e.address)
                + " of STag " + stag(e.key) + " to answer the Read Request");
    }

    @Override
    public void readReturned(Conn c, int d, long f, RdmaEvent e, Transaction t) {
        step(f, c, c.endpoint[d], NIC, "NIC returns " + e.bytes + " B of STag " + stag(t.stag)
                + " in a Read Response");
    }

    @Override
    public void readPlaced(Conn c, int d, long f, RdmaEvent e) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC places " + e.bytes + " B of the Read Response at TO "
                + hex(e.address) + " of its STag " + stag(e.key));
    }

    // Operations of transport-neutral connections

    @Override
    public void sendReceived(Conn c, int d, long f, RdmaEvent e) {
        nic(c, d, f, true, "places " + e.bytes + " B of " + e.operation + " in a receive buffer"
                + (e.last ? " (message of " + e.messageBytes + " B complete)" : ""));
    }

    @Override
    public void writeReceived(Conn c, int d, long f, RdmaEvent e, long key) {
        nic(c, d, f, true, "places " + e.bytes + " B of " + e.operation + " at " + hex(e.address)
                + " of R_Key " + stag(key));
    }

    @Override
    public void readAsked(Conn c, int d, long f, RdmaEvent e) {
        nic(c, d, f, false, "asks for " + e.length + " B of R_Key " + stag(e.key) + " at "
                + hex(e.address) + " (RDMA Read Request)");
    }

    @Override
    public void responseReturned(Conn c, int d, long f, RdmaEvent e, Transaction t) {
        nic(c, d, f, true, "returns " + e.bytes + " B for " + t.id + (e.last ? ", the last of it" : ""));
    }

    @Override
    public void acknowledged(Conn c, int d, long f, Transaction t) {
        nic(c, d, f, true, "acknowledges " + t.id);
    }

    @Override
    public void resent(Conn c, int d, long f, RdmaEvent e) {
        nic(c, d, f, false, "sends a packet again (" + e.text + ")");
    }

    @Override
    public void duplicated(Conn c, int d, long f, RdmaEvent e) {
        nic(c, d, f, false, "receives a packet twice (" + e.text + ")");
    }

    // One-shot extension and STag table

    @Override
    public void oneShotAdvertised(Conn c, int d, long f, Transaction t) {
        step(f, c, t.advertiser, DRIVER, "driver posts one command: advertise STag " + stag(t.stag) + " ["
                + hex(t.to) + ", +" + t.length + ") for " + Words.access(t.access) + " (" + t.id + ")");
    }

    @Override
    public void oneShotBound(Conn c, int d, long f, Nic nic, Transaction t) {
        step(f, c, c.endpoint[d], NIC, "NIC binds STag " + stag(t.stag) + " to the region [" + hex(t.to)
                + ", +" + t.length + ") on " + c.id + " (" + nic.pool(c.id, d).allocated() + " of "
                + settings.buffersPerQp() + " buffers of the queue pair in use)");
    }

    @Override
    public void bindRefusedInUse(Conn c, long f, Transaction t) {
        step(f, c, t.advertiser, NIC, "NIC refuses to bind STag " + stag(t.stag) + ": it is still valid");
    }

    @Override
    public void bindRefusedNoBuffer(Conn c, long f, Transaction t) {
        step(f, c, t.advertiser, NIC, "NIC has no buffer left for STag " + stag(t.stag)
                + ": the region is not allocated");
    }

    @Override
    public void completionReceived(Conn c, int d, long f, long stag, Opcode op) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC receives the completion: a " + op.displayName + " naming STag "
                + stag(stag));
    }

    @Override
    public void completionNotSent(Conn c, int d, long f, long stag) {
        step(f, c, c.endpoint[1 - d], DRIVER, "driver compares the STag received with the one it sent: no open "
                + "command sent " + stag(stag));
    }

    @Override
    public void completionDifferent(Conn c, int d, long f) {
        step(f, c, c.endpoint[1 - d], DRIVER, "driver compares the STag received with the one it sent on " + c.id
                + ": different");
    }

    @Override
    public void invalidated(Conn c, int d, long f, Nic nic, long stag, Transaction ending) {
        int a = 1 - d;
        step(f, c, c.endpoint[a], NIC, "NIC de-associates STag " + stag(stag) + " and frees its buffer ("
                + nic.pool(c.id, a).allocated() + " of " + settings.buffersPerQp()
                + " buffers of the queue pair in use)");
        step(f, c, c.endpoint[a], DRIVER, "driver compares the STag received with the one it sent: equal ("
                + stag(stag) + ")" + (ending != null ? ", " + ending.id + " done" : ""));
    }

    @Override
    public void remoteInvalidated(Conn c, int d, long f, StagEntry e, UpperLayer.Advert advert, Opcode op) {
        step(f, c, c.endpoint[1 - d], NIC, "NIC invalidates STag " + stag(e.stag()) + " (" + advert.what
                + ") as the " + op.displayName + " from " + c.endpoint[d] + " on " + c.id + " asks");
    }

    // Upper-layer protocols

    @Override
    public void ulpRecognised(Conn c, long f, Ulp u) {
        step(f, c, c.endpoint[0], DRIVER, "speaks " + u.name() + " on " + c.id + " (recognised from its messages)");
    }

    @Override
    public void ulpCall(Conn c, int d, long f, String protocol, UlpMessage msg, Transaction call) {
        step(f, c, c.endpoint[d], DRIVER, "driver sends the " + protocol + " call "
                + (msg.summary != null ? msg.summary : "") + " (" + call.id + ")");
    }

    @Override
    public void ulpReply(Conn c, int d, long f, Transaction call, UlpMessage msg) {
        step(f, c, c.endpoint[d], DRIVER, "driver answers " + call.id
                + (call.summary != null ? " (" + call.summary + ")" : "")
                + (msg.summary != null ? ": " + msg.summary : ""));
    }

    @Override
    public void ulpInvalidated(Conn c, int requester, long f, StagEntry e, UpperLayer.Advert a, Transaction call,
                               boolean stagStillValid) {
        if (stagStillValid) {
            step(f, c, c.endpoint[requester], DRIVER, "driver is done with [" + hex(e.to()) + ", +" + e.length()
                    + ") of STag " + stag(e.stag()) + " (" + a.what + ") as the reply ends " + call.id
                    + "; the STag stays valid for the calls still using it");
            return;
        }
        step(f, c, c.endpoint[requester], DRIVER, "driver invalidates STag " + stag(e.stag()) + " (" + a.what
                + ") as the reply ends " + call.id);
    }

    @Override
    public void ulpAdvertised(Conn c, int d, long f, Advertisement a, int access) {
        step(f, c, c.endpoint[d], DRIVER, "driver advertises STag " + stag(a.stag()) + " [" + hex(a.to()) + ", "
                + (a.lengthKnown() ? "+" + a.length() : "length not given") + ") for " + Words.access(access)
                + ": " + a.what());
    }
}

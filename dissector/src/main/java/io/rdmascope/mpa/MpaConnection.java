package io.rdmascope.mpa;

import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;

/**
 * An MPA connection: a TCP connection on which MPA was recognised, with what its handshake
 * negotiated (or what was assumed when the handshake was not captured).
 */
public final class MpaConnection {
    private final String id;
    private final TcpConnection tcp;
    /** Negotiated MPA revision (the Reply's), or 0 when unknown. */
    public int revision;
    /** Markers inserted by the sender of each direction (index = Direction.ordinal()). */
    public final boolean[] markers = new boolean[2];
    /** CRC32c in use (either side's C flag). */
    public boolean crc;
    public boolean rejected;
    /** IRD and ORD announced by the initiator (Request) and the responder (Reply), or null. */
    public Integer initiatorIrd, initiatorOrd, responderIrd, responderOrd;
    /** True when no MPA Request/Reply was captured and the framing parameters were inferred. */
    public boolean assumed;
    /** TCP segments of the connection whose payload the capture's snapshot length cut. */
    public long snapshotCut;
    /** The stream offset of the first FPDU octet in each direction, or -1 (marker origin). */
    public final long[] fpduStart = {-1, -1};
    /**
     * The DDP message stage's state for this connection ({@code io.rdmascope.ddp.MessageAssembly}):
     * kept here rather than in a map of the stage, since consecutive FPDUs of a capture are often of
     * different connections and a lookup per FPDU costs a tenth of that stage's time.
     */
    public Object messages;

    public MpaConnection(String id, TcpConnection tcp) {
        this.id = id;
        this.tcp = tcp;
    }

    /** Stable identifier in the analysis: "c1", "c2", ... in order of recognition. */
    public String id() {
        return id;
    }

    public TcpConnection tcp() {
        return tcp;
    }

    public boolean markers(Direction d) {
        return markers[d.ordinal()];
    }
}

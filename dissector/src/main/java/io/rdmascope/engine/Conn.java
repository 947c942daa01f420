package io.rdmascope.engine;

import io.rdmascope.model.LongMap;
import io.rdmascope.model.Nic;
import io.rdmascope.model.NicModel;
import io.rdmascope.model.OutstandingReads;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.net.Endpoint;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayDeque;

/**
 * What the engine keeps of one connection (an MPA connection, or a transport-neutral one): its names, and the state each rule set keeps on it.
 * The state lives here, grouped by the rule set that owns it, so that one look-up per event serves
 * every rule set. Directions are indexed by {@link Direction#ordinal()}.
 */
final class Conn {
    /** The MPA connection of an iWARP connection, else null. */
    final MpaConnection mpa;
    /** The transport-neutral connection of any other transport, else null. */
    final RdmaConnection link;
    final String id;
    final String[] endpoint = new String[2];
    final String[] address = new String[2];
    private final NicModel model;
    /** The NIC of the source of each direction, looked up once. */
    private final Nic[] nic = new Nic[2];
    /** FIN, RST or Terminate seen: the queue pairs are torn down. */
    boolean closed;
    /** The capture's snapshot length cut some of the connection's octets: what is missing may lie there. */
    boolean snapped;

    // MpaRules
    boolean requestSeen;
    boolean replySeen;
    /** An MPA revision 2 Request or Reply asked for peer-to-peer mode (RFC 6581 section 8). */
    boolean peerToPeer;
    final boolean[] markerIssuePending = new boolean[2];
    final long[] markerIssueOffset = {-1, -1};
    final long[] markerFpduStart = {-1, -1};
    final long[] markerFpduEnd = {-1, -1};

    // RdmapRules
    /** Whether each direction has sent an FPDU yet (the MPA ready-to-receive message comes first). */
    final boolean[] sentFpdu = new boolean[2];

    // Operations
    /** Index: the direction the requests travel in (the requester is its source). */
    final OutstandingReads[] reads = {new OutstandingReads(Engine.MAX_OUTSTANDING_READS),
            new OutstandingReads(Engine.MAX_OUTSTANDING_READS)};
    /** Atomic Requests awaiting their Response, by the direction the requests travel in. */
    @SuppressWarnings("unchecked")
    final ArrayDeque<Transaction>[] atomics = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>()};

    // StagRules
    /** The STags already reported as STAG_UNADVERTISED on this connection. */
    final LongMap<Boolean> unadvertised = new LongMap<>();

    // Verbs: the operations of a transport-neutral connection, by direction
    final Verbs.Side[] verbs = new Verbs.Side[2];

    // UpperLayer
    /** The upper-layer protocol spoken on the connection, once looked at. */
    UpperLayer.Session ulp;

    Conn(RdmaConnection link, NicModel model) {
        this.mpa = null;
        this.link = link;
        this.id = link.id();
        this.model = model;
        for (Direction d : Direction.values()) {
            Endpoint e = link.source(d);
            endpoint[d.ordinal()] = e.toString();
            address[d.ordinal()] = e.address();
        }
    }

    Conn(MpaConnection mpa, NicModel model) {
        this.mpa = mpa;
        this.link = null;
        this.id = mpa.id();
        this.model = model;
        TcpConnection tcp = mpa.tcp();
        for (Direction d : Direction.values()) {
            Endpoint e = tcp == null ? null : tcp.source(d);
            endpoint[d.ordinal()] = e == null ? "?" : e.toString();
            address[d.ordinal()] = e == null ? "?" + d.ordinal() : e.address();
        }
    }

    /** The sender of direction d (address and port), or null when not known. */
    Endpoint source(Direction d) {
        if (link != null) {
            return link.source(d);
        }
        TcpConnection tcp = mpa.tcp();
        return tcp == null ? null : tcp.source(d);
    }

    /** Whether the connection's set-up (TCP's SYN, the CM's REQ) was captured, so its initiator is known. */
    boolean setupSeen() {
        if (link != null) {
            return !link.assumed();
        }
        TcpConnection tcp = mpa.tcp();
        return tcp != null && tcp.synSeen();
    }

    /** The NIC of the source of direction d. */
    Nic nic(int d) {
        Nic n = nic[d];
        if (n == null) {
            n = model.nic(address[d]);
            nic[d] = n;
        }
        return n;
    }

    /** The index of a direction; an unknown direction counts as the initiator's. */
    static int dir(Direction d) {
        return d == null ? 0 : d.ordinal();
    }
}

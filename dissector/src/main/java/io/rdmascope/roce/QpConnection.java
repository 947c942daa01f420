package io.rdmascope.roce;

import io.rdmascope.net.Endpoint;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.tcp.Direction;

/**
 * A reliable connection between two queue pairs, as the Communication Manager set it up (or as its
 * traffic shows it when the set-up was not captured): side 0 is the active side (the REQ's sender,
 * the initiator), side 1 the passive one. Each side's address, rdma_cm port, QPN and starting PSN,
 * the Read depths the two agreed on, the path MTU, and what the stage counted on the wire.
 */
public final class QpConnection implements RdmaConnection {
    private final String id;
    /** Each side's address as its packets carry it: IP address (RoCEv2), GID (RoCEv1, GRH) or LID. */
    final String[] address = new String[2];
    /** Each side's IP address as rdma_cm's private data names it, or null. */
    final String[] ip = new String[2];
    final int[] port = new int[2];
    /** Each side's QPN, or -1 while unknown. */
    public final long[] qpn = {-1, -1};
    /**
     * The first PSN of each side's requests as the CM named it, or -1: a REQ's Starting PSN is the
     * PSN its sender expects first, that of the passive side's requests; a REP's that of the active side's.
     */
    public final long[] startingPsn = {-1, -1};
    /** Each side's responder resources (its IRD) and initiator depth (its ORD), or -1. */
    public final int[] responderResources = {-1, -1};
    public final int[] initiatorDepth = {-1, -1};
    /** The path MTU in octets the REQ named, or -1. */
    public int pathMtu = -1;
    /** The REQ's Service ID, or -1. */
    public long serviceId = -1;
    /** The set-up was not captured: the sides were inferred from the traffic. */
    boolean assumed;
    /**
     * The transport service of its queue pairs ({@link Opcodes#RC}, {@link Opcodes#UC} or
     * {@link Opcodes#UD}): the REQ's, or that of the packets when the set-up was not captured. A UD
     * "connection" is the traffic between two datagram queue pairs.
     */
    public int service = Opcodes.RC;
    /** The frames of the REQ, REP and RTU, or -1. */
    public long requestFrame = -1, replyFrame = -1, readyFrame = -1;
    /** The frame whose packet made the connection known (its ConnectRequest, or its first packet). */
    public long createdFrame = -1;
    /** DisconnectRequest, DisconnectReply or an error state seen. */
    public boolean closed;
    /** The consumer's private data of the REQ (after rdma_cm's header) and of the REP, or null. */
    public byte[] requestPrivateData, replyPrivateData;
    /** What the stage counted on this connection. */
    public final Counters counters = new Counters();
    /** Capture time of the connection's last packet (or CM message), in nanoseconds. */
    long lastNanos;
    /** Messages each side's requester had begun when its sequence state was let go: numbering goes on from there. */
    final long[] messagesBefore = {0, 0};
    /** The local communication IDs of the two sides (CM), or -1. */
    final long[] commId = {-1, -1};

    /** Counts of a connection's packets by what they were, for the reports. */
    public static final class Counters {
        public long packets;
        public long bytes;
        /** Request packets sent again (Go-Back-N), of each direction's requester. */
        public long retransmittedPackets;
        /** Read Requests sent again, from the first PSN of the response the requester lacks (resumed Reads). */
        public long resumedReads;
        /** Times a requester went back to send packets again (Go-Back-N runs, resumed Reads included). */
        public long goBackN;
        /** Request packets seen twice in a row sooner than a requester sends again (copied on the way or by the capture). */
        public long duplicatePackets;
        /** Response packets (ACKs, Read Responses) seen again. */
        public long duplicateResponses;
        /** NAKs by kind. */
        public long sequenceNaks, rnrNaks, otherNaks;
        /** Request packets missing before a later PSN (lost before the capture point, or by the capture). */
        public long missingPackets;
        /** Of those, the packets that a retransmission later carried (lost in the network). */
        public long recoveredPackets;
        /** Of those, the packets the responder took though the capture never shows them (lost by the capture). */
        public long captureLost;
        /** Packets whose IP header says congestion experienced (ECN CE), and CNPs. */
        public long ecnCe;
        public long cnps;
        /** Packets whose ICRC does not match. */
        public long icrcErrors;
        /**
         * Packets the capture's snapshot length cut: judged by their headers, their ICRC and the
         * payload past the cut not checked ({@link IbPacket#snapped}).
         */
        public long snapshotCut;
        /**
         * Times the stage let go of this queue pair's sequence state while it was still open, as
         * {@link QueuePairs#MAX_FOLLOWED} others were more recently active; its PSNs were then
         * followed anew, as at the start of a capture.
         */
        public long sequenceStateDropped;
        /** The longest time from a packet's first sending to its retransmission, in nanoseconds. */
        public long maxRetransmitDelayNanos;
        /** Sum of retransmission delays, in nanoseconds. */
        public long retransmitDelayNanos;
    }

    QpConnection(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String transport() {
        return "roce";
    }

    @Override
    public Endpoint source(Direction d) {
        int s = d.ordinal();
        String a = ip[s] != null ? ip[s] : address[s];
        return new Endpoint(a == null ? "?" : a, port[s]);
    }

    @Override
    public boolean assumed() {
        return assumed;
    }

    @Override
    public boolean reliable() {
        return service == Opcodes.RC;
    }

    /** The service's name ("RC", "UC", "UD"). */
    public String serviceName() {
        return Opcodes.service(service);
    }

    @Override
    public Integer readDepth(Direction d) {
        int peer = 1 - d.ordinal();
        return responderResources[peer] < 0 ? null : responderResources[peer];
    }

    @Override
    public byte[] privateData(Direction d) {
        return d == Direction.FROM_INITIATOR ? requestPrivateData : replyPrivateData;
    }

    @Override
    public long setupFrame(Direction d) {
        return d == Direction.FROM_INITIATOR ? requestFrame : replyFrame;
    }

    /** The side whose queue pair this is, or -1. */
    int side(String address, long qp) {
        for (int s = 0; s < 2; s++) {
            if (qpn[s] == qp && address.equals(this.address[s])) {
                return s;
            }
        }
        return -1;
    }
}

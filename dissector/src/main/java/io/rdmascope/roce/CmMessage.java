package io.rdmascope.roce;

/**
 * One Communication Manager message (IBA volume 1 section 12.6) as read from its MAD, with what
 * rdma_cm's IP private data names (Annex A11). Fields a message does not carry, or that the
 * capture's snapshot length cut from its MAD, are -1 or null.
 */
public final class CmMessage {
    /** The CM messages, by attribute ID. */
    public enum Type {
        REQ(0x10, "ConnectRequest"), MRA(0x11, "MessageReceiptAcknowledgement"), REJ(0x12, "ConnectReject"),
        REP(0x13, "ConnectReply"), RTU(0x14, "ReadyToUse"), DREQ(0x15, "DisconnectRequest"),
        DREP(0x16, "DisconnectReply"), SIDR_REQ(0x17, "ServiceIDResolutionRequest"),
        SIDR_REP(0x18, "ServiceIDResolutionResponse");

        public final int attributeId;
        public final String displayName;

        Type(int attributeId, String displayName) {
            this.attributeId = attributeId;
            this.displayName = displayName;
        }

        static Type of(int attributeId) {
            for (Type t : values()) {
                if (t.attributeId == attributeId) {
                    return t;
                }
            }
            return null;
        }
    }

    public final Type type;
    public long transactionId;
    public long localCommId = -1;
    public long remoteCommId = -1;
    /** REQ, REP: the sender's QPN; DREQ: the receiver's. */
    public long qpn = -1;
    public long startingPsn = -1;
    public int responderResources = -1;
    public int initiatorDepth = -1;
    /** REQ: the path MTU code (1: 256 ... 5: 4096). */
    public int pathMtu = -1;
    public long serviceId = -1;
    /** The REQ's Transport Service Type: 0 RC, 1 UC, 2 RD; -1 for other messages. */
    public int transportServiceType = -1;
    /** A SIDR_REP's Q_Key, or -1. */
    public long qKey = -1;
    /** REQ of rdma_cm: the active side's address and port, the passive side's address and port. */
    public String sourceIp;
    public int sourcePort = -1;
    public String destinationIp;
    public int destinationPort = -1;
    /** REJ: the reason; MRA: the service timeout; SIDR_REP: the status. */
    public int reason = -1;
    /** REJ, MRA: which message (0 REQ, 1 REP, 2 other). */
    public int which = -1;
    /** The consumer's private data after rdma_cm's header (REQ), or the whole private data (others). */
    public byte[] privateData;

    CmMessage(Type type) {
        this.type = type;
    }

    /**
     * This message with every field that {@code other}, another reading of the same MAD, gives
     * another value cleared (-1 or null): what two readings of a cut MAD agree on, its missing octets
     * taken once as zeros and once as ones, is what the octets captured hold. Null when the two
     * are not even of one type.
     */
    CmMessage agreeing(CmMessage other) {
        if (other == null || other.type != type || other.transactionId != transactionId) {
            return null;
        }
        localCommId = same(localCommId, other.localCommId);
        remoteCommId = same(remoteCommId, other.remoteCommId);
        qpn = same(qpn, other.qpn);
        startingPsn = same(startingPsn, other.startingPsn);
        responderResources = (int) same(responderResources, other.responderResources);
        initiatorDepth = (int) same(initiatorDepth, other.initiatorDepth);
        pathMtu = (int) same(pathMtu, other.pathMtu);
        serviceId = same(serviceId, other.serviceId);
        transportServiceType = (int) same(transportServiceType, other.transportServiceType);
        qKey = same(qKey, other.qKey);
        sourceIp = java.util.Objects.equals(sourceIp, other.sourceIp) ? sourceIp : null;
        sourcePort = (int) same(sourcePort, other.sourcePort);
        destinationIp = java.util.Objects.equals(destinationIp, other.destinationIp) ? destinationIp : null;
        destinationPort = (int) same(destinationPort, other.destinationPort);
        reason = (int) same(reason, other.reason);
        which = (int) same(which, other.which);
        privateData = java.util.Arrays.equals(privateData, other.privateData) ? privateData : null;
        return this;
    }

    /**
     * Whether the message holds what ties it to its connection (the communication IDs it names, the
     * queue pair a REQ, REP or SIDR_REP sets up): a message the snapshot length cut before them
     * tells nothing of its connection.
     */
    public boolean identified() {
        return switch (type) {
            case REQ -> localCommId >= 0 && qpn >= 0;
            case REP -> localCommId >= 0 && remoteCommId >= 0 && qpn >= 0;
            case RTU, DREQ, DREP -> localCommId >= 0 && remoteCommId >= 0;
            case REJ, MRA -> remoteCommId >= 0 && which >= 0;
            case SIDR_REQ -> localCommId >= 0 && serviceId >= 0;
            case SIDR_REP -> remoteCommId >= 0 && reason >= 0 && (reason != 0 || qpn >= 0);
        };
    }

    private static long same(long a, long b) {
        return a == b ? a : -1;
    }

    /** The path MTU in octets, or -1. */
    public int mtuOctets() {
        return pathMtu >= 1 && pathMtu <= 5 ? 128 << pathMtu : -1;
    }

    /** The meaning of a SIDR_REP's status (IBA volume 1 section 12.11). */
    public static String sidrStatus(int status) {
        return switch (status) {
            case 0 -> "the QP is valid";
            case 1 -> "the Service ID is not supported";
            case 2 -> "the service provider rejected the request";
            case 3 -> "no QP is available";
            case 4 -> "the Service ID is redirected";
            case 5 -> "the class version is not supported";
            default -> "status " + status;
        };
    }

    /** The meaning of a REJ reason (IBA volume 1), as far as rdma_cm meets them. */
    public static String rejectReason(int reason) {
        return switch (reason) {
            case 1 -> "no QP available";
            case 2 -> "no EEC available";
            case 3 -> "no resources";
            case 4 -> "timeout";
            case 5 -> "unsupported request";
            case 6 -> "invalid communication ID";
            case 7 -> "invalid communication instance";
            case 8 -> "invalid service ID";
            case 9 -> "invalid transport service type";
            case 10 -> "stale connection";
            case 11 -> "RDC does not exist";
            case 12 -> "invalid primary GID";
            case 13 -> "invalid primary LID";
            case 17 -> "invalid primary packet rate";
            case 26 -> "invalid path MTU";
            case 27 -> "insufficient responder resources";
            case 28 -> "consumer reject";
            case 30 -> "duplicate local communication ID";
            case 31 -> "invalid class version";
            default -> "reason " + reason;
        };
    }
}

package io.rdmascope.synth.wire;

import io.rdmascope.ksy.FixedLayout.IbCmCmPath;
import io.rdmascope.ksy.FixedLayout.IbCmDrep;
import io.rdmascope.ksy.FixedLayout.IbCmDreq;
import io.rdmascope.ksy.FixedLayout.IbCmIpCmPrivateData;
import io.rdmascope.ksy.FixedLayout.IbCmMadHeader;
import io.rdmascope.ksy.FixedLayout.IbCmMra;
import io.rdmascope.ksy.FixedLayout.IbCmRej;
import io.rdmascope.ksy.FixedLayout.IbCmRep;
import io.rdmascope.ksy.FixedLayout.IbCmReq;
import io.rdmascope.ksy.FixedLayout.IbCmRtu;
import io.rdmascope.ksy.FixedLayout.IbCmSidrRep;
import io.rdmascope.ksy.FixedLayout.IbCmSidrReq;

/**
 * The Communication Manager's MADs (IBA volume 1 section 12.6) as rdma_cm sends them over RoCE:
 * 256 octets, base version 1, management class 0x07, class version 2, method Send, the attribute
 * naming the message; a REQ carries RDMA CM's IP private data (Annex A11) and the Service ID of
 * the RDMA IP CM Service for TCP port space. Every field is written through the generated
 * {@code FixedLayout} writers of {@code ksy/ib_cm.ksy}.
 */
public final class CmMads {
    public static final int MAD_SIZE = 256;
    public static final int REQ = 0x10, MRA = 0x11, REJ = 0x12, REP = 0x13, RTU = 0x14, DREQ = 0x15, DREP = 0x16,
            SIDR_REQ = 0x17, SIDR_REP = 0x18;
    /** REJ reason 28: the consumer rejected the connection. */
    public static final int CONSUMER_REJECT = 28;
    private static final long RDMA_CM_TCP_SERVICE = 0x0000000001060000L, RDMA_CM_UDP_SERVICE = 0x0000000001110000L;
    private static final int CM_CLASS = 0x07, CM_CLASS_VERSION = 2, METHOD_SEND = 0x03;
    private static final int CM_RESPONSE_TIMEOUT = 20, RETRY_COUNT = 7, RNR_RETRY_COUNT = 7, MAX_CM_RETRIES = 15;
    private static final int LOCAL_ACK_TIMEOUT = 19, HOP_LIMIT = 64, PERMISSIVE_LID = 0xffff;

    private CmMads() {}

    /** What a connection's REQ says about its active side. */
    public static final class Request {
        public long commId;
        public long qpn;
        /** The PSN the passive side's requests start at. */
        public long startingPsn;
        public int responderResources;
        public int initiatorDepth;
        /** Path MTU code: 1 for 256 ... 5 for 4096. */
        public int pathMtu;
        public long caGuid;
        public RocePath.Port active;
        public RocePath.Port passive;
        public int activePort;
        public int passivePort;
        /** LIDs in the path record (native InfiniBand), else the permissive LID. */
        public boolean lids;
        /** The consumer's private data after rdma_cm's IP header (at most 56 octets), or null. */
        public byte[] privateData;
        /** Transport Service Type: 0 RC, 1 UC. */
        public int serviceType;
    }

    private static byte[] mad(int attribute, long transactionId) {
        byte[] m = new byte[MAD_SIZE];
        IbCmMadHeader.putBaseVersion(m, 0, 1);
        IbCmMadHeader.putManagementClass(m, 0, CM_CLASS);
        IbCmMadHeader.putClassVersion(m, 0, CM_CLASS_VERSION);
        IbCmMadHeader.putMethod(m, 0, METHOD_SEND);
        IbCmMadHeader.putTransactionId(m, 0, transactionId);
        IbCmMadHeader.putAttributeId(m, 0, attribute);
        return m;
    }

    /** ConnectRequest. */
    public static byte[] req(long transactionId, Request r) {
        byte[] m = mad(REQ, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmReq.putLocalCommId(m, a, r.commId);
        IbCmReq.putServiceId(m, a, RDMA_CM_TCP_SERVICE | r.passivePort);
        IbCmReq.putLocalCaGuid(m, a, r.caGuid);
        IbCmReq.putLocalQpn(m, a, r.qpn);
        IbCmReq.putResponderResources(m, a, r.responderResources);
        IbCmReq.putInitiatorDepth(m, a, r.initiatorDepth);
        IbCmReq.putRemoteCmResponseTimeout(m, a, CM_RESPONSE_TIMEOUT);
        IbCmReq.putStartingPsn(m, a, r.startingPsn);
        IbCmReq.putLocalCmResponseTimeout(m, a, CM_RESPONSE_TIMEOUT);
        IbCmReq.putRetryCount(m, a, RETRY_COUNT);
        IbCmReq.putPartitionKey(m, a, TransportPacket.DEFAULT_PKEY);
        IbCmReq.putPathMtu(m, a, r.pathMtu);
        IbCmReq.putTransportServiceType(m, a, r.serviceType);
        IbCmReq.putRnrRetryCount(m, a, RNR_RETRY_COUNT);
        IbCmReq.putMaxCmRetries(m, a, MAX_CM_RETRIES);
        int p = a + IbCmReq.PRIMARY_PATH_OFFSET;
        IbCmCmPath.putLocalPortLid(m, p, r.lids ? r.active.lid : PERMISSIVE_LID);
        IbCmCmPath.putRemotePortLid(m, p, r.lids ? r.passive.lid : PERMISSIVE_LID);
        System.arraycopy(r.active.gid, 0, m, p + IbCmCmPath.LOCAL_PORT_GID_OFFSET, 16);
        System.arraycopy(r.passive.gid, 0, m, p + IbCmCmPath.REMOTE_PORT_GID_OFFSET, 16);
        IbCmCmPath.putHopLimit(m, p, HOP_LIMIT);
        IbCmCmPath.putSubnetLocal(m, p, 1);
        IbCmCmPath.putLocalAckTimeout(m, p, LOCAL_ACK_TIMEOUT);
        int pd = a + IbCmReq.PRIVATE_DATA_OFFSET;
        boolean v4 = r.active.ip.length == 4;
        IbCmIpCmPrivateData.putIpVersion(m, pd, v4 ? 4 : 6);
        IbCmIpCmPrivateData.putSourcePort(m, pd, r.activePort);
        System.arraycopy(r.active.ip, 0, m, pd + IbCmIpCmPrivateData.SOURCE_IP_OFFSET + 16 - r.active.ip.length,
                r.active.ip.length);
        System.arraycopy(r.passive.ip, 0, m, pd + IbCmIpCmPrivateData.DESTINATION_IP_OFFSET + 16 - r.passive.ip.length,
                r.passive.ip.length);
        consumerData(m, pd + IbCmIpCmPrivateData.SIZE, IbCmReq.SIZE - IbCmReq.PRIVATE_DATA_OFFSET - IbCmIpCmPrivateData.SIZE,
                r.privateData);
        return m;
    }

    /** Copies the consumer's private data to {@code at}, cut to the {@code room} the message has. */
    private static void consumerData(byte[] m, int at, int room, byte[] data) {
        if (data != null) {
            System.arraycopy(data, 0, m, at, Math.min(room, data.length));
        }
    }

    /** ConnectReply: the passive side's QPN and the PSN the active side's requests start at. */
    public static byte[] rep(long transactionId, long commId, long remoteCommId, long qpn, long startingPsn,
                             int responderResources, int initiatorDepth, long caGuid, byte[] privateData) {
        byte[] m = mad(REP, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmRep.putLocalCommId(m, a, commId);
        IbCmRep.putRemoteCommId(m, a, remoteCommId);
        IbCmRep.putLocalQpn(m, a, qpn);
        IbCmRep.putStartingPsn(m, a, startingPsn);
        IbCmRep.putResponderResources(m, a, responderResources);
        IbCmRep.putInitiatorDepth(m, a, initiatorDepth);
        IbCmRep.putRnrRetryCount(m, a, RNR_RETRY_COUNT);
        IbCmRep.putLocalCaGuid(m, a, caGuid);
        consumerData(m, a + IbCmRep.PRIVATE_DATA_OFFSET, IbCmRep.SIZE - IbCmRep.PRIVATE_DATA_OFFSET, privateData);
        return m;
    }

    /** ReadyToUse. */
    public static byte[] rtu(long transactionId, long commId, long remoteCommId) {
        byte[] m = mad(RTU, transactionId);
        IbCmRtu.putLocalCommId(m, IbCmMadHeader.SIZE, commId);
        IbCmRtu.putRemoteCommId(m, IbCmMadHeader.SIZE, remoteCommId);
        return m;
    }

    /**
     * ServiceIDResolutionRequest of rdma_cm's UDP port space for the passive side's port, with
     * rdma_cm's IP header (the active side's address and port) in its private data.
     */
    public static byte[] sidrReq(long transactionId, long requestId, RocePath.Port active, RocePath.Port passive,
                                 int activePort, int passivePort) {
        byte[] m = mad(SIDR_REQ, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmSidrReq.putRequestId(m, a, requestId);
        IbCmSidrReq.putPartitionKey(m, a, TransportPacket.DEFAULT_PKEY);
        IbCmSidrReq.putServiceId(m, a, RDMA_CM_UDP_SERVICE | passivePort);
        int pd = a + IbCmSidrReq.PRIVATE_DATA_OFFSET;
        IbCmIpCmPrivateData.putIpVersion(m, pd, active.ip.length == 4 ? 4 : 6);
        IbCmIpCmPrivateData.putSourcePort(m, pd, activePort);
        System.arraycopy(active.ip, 0, m, pd + IbCmIpCmPrivateData.SOURCE_IP_OFFSET + 16 - active.ip.length,
                active.ip.length);
        System.arraycopy(passive.ip, 0, m, pd + IbCmIpCmPrivateData.DESTINATION_IP_OFFSET + 16 - passive.ip.length,
                passive.ip.length);
        return m;
    }

    /** ServiceIDResolutionResponse of the SIDR_REQ: {@code status} 0 and the datagram queue pair that serves it. */
    public static byte[] sidrRep(long transactionId, long requestId, int status, long qpn, long qKey, int passivePort) {
        byte[] m = mad(SIDR_REP, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmSidrRep.putRequestId(m, a, requestId);
        IbCmSidrRep.putStatus(m, a, status);
        IbCmSidrRep.putQpn(m, a, qpn);
        IbCmSidrRep.putServiceId(m, a, RDMA_CM_UDP_SERVICE | passivePort);
        IbCmSidrRep.putQKey(m, a, qKey);
        return m;
    }

    /** ConnectReject of the REQ. */
    public static byte[] rej(long transactionId, long commId, long remoteCommId, int reason) {
        byte[] m = mad(REJ, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmRej.putLocalCommId(m, a, commId);
        IbCmRej.putRemoteCommId(m, a, remoteCommId);
        IbCmRej.putMessageRejected(m, a, 0);
        IbCmRej.putReason(m, a, reason);
        return m;
    }

    /** Message Receipt Acknowledgement of the REQ: the passive side needs 4.096 us * 2^timeout to answer. */
    public static byte[] mra(long transactionId, long commId, long remoteCommId, int serviceTimeout) {
        byte[] m = mad(MRA, transactionId);
        int a = IbCmMadHeader.SIZE;
        IbCmMra.putLocalCommId(m, a, commId);
        IbCmMra.putRemoteCommId(m, a, remoteCommId);
        IbCmMra.putMessageMraed(m, a, 0);
        IbCmMra.putServiceTimeout(m, a, serviceTimeout);
        return m;
    }

    /** DisconnectRequest, naming the receiver's QPN. */
    public static byte[] dreq(long transactionId, long commId, long remoteCommId, long remoteQpn) {
        byte[] m = mad(DREQ, transactionId);
        IbCmDreq.putLocalCommId(m, IbCmMadHeader.SIZE, commId);
        IbCmDreq.putRemoteCommId(m, IbCmMadHeader.SIZE, remoteCommId);
        IbCmDreq.putRemoteQpn(m, IbCmMadHeader.SIZE, remoteQpn);
        return m;
    }

    /** DisconnectReply. */
    public static byte[] drep(long transactionId, long commId, long remoteCommId) {
        byte[] m = mad(DREP, transactionId);
        IbCmDrep.putLocalCommId(m, IbCmMadHeader.SIZE, commId);
        IbCmDrep.putRemoteCommId(m, IbCmMadHeader.SIZE, remoteCommId);
        return m;
    }
}

package io.rdmascope.roce;

import io.rdmascope.ksy.IbCm;
import io.rdmascope.ksy.Infiniband;
import io.rdmascope.net.Addresses;
import io.rdmascope.net.IbFrame;
import io.rdmascope.pdu.SegmentStream;
import java.util.Arrays;

/**
 * Reads the InfiniBand transport packet of a frame through the parsers generated from
 * {@code ksy/infiniband.ksy} and {@code ksy/ib_cm.ksy} into an {@link IbPacket}, and checks its
 * ICRC. The packets of reliable connections that carry only a BTH, a RETH and an AETH (Sends,
 * Writes, Read Requests and Responses, ACKs: nearly all of a capture) are read in place by the
 * readers the build generates from the same spec ({@link InPlace}); the parser reads the rest. A packet too short for what its opcode announces keeps what it holds and says why in
 * {@link IbPacket#malformed}; nothing here throws.
 */
public final class IbDecoder {
    /** The general services QP, where the CM MADs go. */
    static final long QP1 = 1;
    private static final int MAD_SIZE = 256;
    /** The common MAD header, which names the management class and the attribute (IBA volume 1 section 13.4.2). */
    private static final int MAD_HEADER = 24;
    /** Octets rdma_cm's IP header takes at the start of a REQ's private data. */
    private static final int IP_CM_HEADER = 36;

    private final SegmentStream stream = new SegmentStream();
    private final Icrc icrc = new Icrc();

    public IbPacket decode(IbFrame f) {
        IbPacket p = new IbPacket();
        p.frame = f.frame;
        p.timeNanos = f.timestampNanos;
        p.encapsulation = f.encapsulation;
        p.source = f.source;
        p.destination = f.destination;
        p.sourcePort = f.sourcePort;
        p.ecn = f.ecn;
        int available = Math.min(f.end, f.captured) - f.transportOffset;
        p.length = f.length();
        if (available < 12) {
            p.malformed = "a transport packet of " + Math.max(available, 0) + " octets holds no whole BTH (12 octets)";
            return p;
        }
        if (f.snapped && !f.whole()) {
            snapped(f, p, available);
            return p;
        }
        try {
            if (!InPlace.read(f.data, f.transportOffset, available, p)) {
                read(new Infiniband(stream.reset(f.data, f.transportOffset, available)), p);
            }
            if (f.whole()) {
                p.icrc = Icrc.carried(f);
                p.icrcComputed = icrc.compute(f);
            } else if (p.malformed == null) {
                p.malformed = "the capture holds " + available + " of the packet's " + f.length() + " octets";
            }
            if (p.transport() == Opcodes.UD && p.destQp == QP1 && p.payloadLength >= MAD_SIZE) {
                int at = f.transportOffset + (available - p.payloadLength - p.padCount - 4);
                p.cm = cm(f.data, at);
            }
            keepHead(f, p, f.transportOffset + available - p.payloadLength - p.padCount - 4, p.payloadLength);
        } catch (RuntimeException e) {
            if (p.malformed == null) {
                p.malformed = "the headers its opcode announces do not fit in the packet";
            }
        }
        return p;
    }

    /**
     * A packet whose record the capture's snapshot length cut (as {@code tcpdump -s 128} keeps the
     * headers of a busy link): its headers are read from the octets kept, its payload length is
     * taken from its length fields, and the first payload octets kept go to the upper-layer
     * decoders as a message's head does. Only a packet whose length fields leave no room for its
     * headers, pad and ICRC is malformed; one cut inside its headers keeps what it holds.
     */
    private void snapped(IbFrame f, IbPacket p, int available) {
        p.snapped = true;
        Infiniband ib = new Infiniband(stream.reset(f.data, f.transportOffset, available));
        int start;
        try {
            read(ib, p);
            if (!ib.hasHeaders()) {
                p.malformed = null;
                return;
            }
            start = (int) ib.payloadStart();
        } catch (RuntimeException e) {
            // cut inside a header: what was read before it stays
            p.malformed = null;
            return;
        }
        int payload = p.length - start - p.padCount - 4;
        if (payload < 0) {
            p.malformed = "its length of " + p.length + " octets is too short for its headers, its pad of "
                    + p.padCount + " octets and its ICRC";
            return;
        }
        p.malformed = null;
        p.payloadLength = payload;
        if (p.transport() == Opcodes.UD && p.destQp == QP1 && payload >= MAD_SIZE) {
            p.cm = cutCm(f.data, f.transportOffset + start, available - start);
        }
        keepHead(f, p, f.transportOffset + start, Math.min(payload, available - start));
    }

    /**
     * The CM message of a MAD the snapshot length cut after {@code captured} octets, with the fields
     * those octets hold: the MAD is read twice, its missing octets taken once as zeros and once as
     * ones, and only what both readings agree on is kept ({@link CmMessage#agreeing}). Null when not
     * even the MAD's common header was captured.
     */
    private CmMessage cutCm(byte[] d, int at, int captured) {
        if (captured < MAD_HEADER) {
            return null;
        }
        int n = Math.min(captured, MAD_SIZE);
        byte[] zeros = new byte[MAD_SIZE];
        byte[] ones = new byte[MAD_SIZE];
        System.arraycopy(d, at, zeros, 0, n);
        System.arraycopy(d, at, ones, 0, n);
        Arrays.fill(ones, n, MAD_SIZE, (byte) 0xff);
        try {
            CmMessage m = cm(zeros, 0);
            return m == null ? null : m.agreeing(cm(ones, 0));
        } catch (RuntimeException e) {
            // the specs guard every read of a whole MAD: no CM message, rather than a lost packet
            return null;
        }
    }

    static void read(Infiniband ib, IbPacket p) {
        Infiniband.Bth b = ib.bth();
        p.opcode = b.opcode();
        p.solicitedEvent = b.solicitedEvent();
        p.migReq = b.migReq();
        p.padCount = (int) b.padCount();
        p.transportVersion = (int) b.transportVersion();
        p.partitionKey = b.partitionKey();
        p.fecn = b.fecn();
        p.becn = b.becn();
        p.reserved6 = (int) b.reserved6();
        p.destQp = b.destQp();
        p.ackRequest = b.ackRequest();
        p.reserved7 = (int) b.reserved7();
        p.psn = b.psn();
        if (ib.deth() != null) {
            p.qKey = ib.deth().qKey();
            p.srcQp = ib.deth().srcQp();
        }
        if (ib.reth() != null) {
            p.hasReth = true;
            p.va = ib.reth().va();
            p.rKey = ib.reth().rKey();
            p.dmaLength = ib.reth().dmaLength();
        }
        if (ib.atomiceth() != null) {
            p.hasAtomicEth = true;
            p.va = ib.atomiceth().va();
            p.rKey = ib.atomiceth().rKey();
            p.swapAddData = ib.atomiceth().swapAddData();
            p.compareData = ib.atomiceth().compareData();
        }
        if (ib.aeth() != null) {
            p.syndrome = ib.aeth().syndrome();
            p.msn = ib.aeth().msn();
        }
        if (ib.atomicacketh() != null) {
            p.hasAtomicAck = true;
            p.originalRemoteData = ib.atomicacketh().originalRemoteData();
        }
        if (ib.immdt() != null) {
            p.immediate = ib.immdt().immediateData();
        }
        if (ib.ieth() != null) {
            p.invalidateKey = ib.ieth().rKey();
        }
        if (!ib.hasHeaders()) {
            p.malformed = "the packet ends inside the headers its opcode announces (" + ib.payloadStart() + " octets)";
        } else if (ib.payloadLength() < 0) {
            p.malformed = "the packet is too short for its pad of " + p.padCount + " octets and its ICRC";
        } else {
            p.payloadLength = ib.payloadLength();
        }
    }

    /**
     * Keeps the first payload octets of a Send and of a Write's first packet, for the upper-layer
     * decoders: of the {@code captured} payload octets from {@code start}.
     */
    private static void keepHead(IbFrame f, IbPacket p, int start, int captured) {
        int op = p.operation();
        if (p.payloadLength <= 0 || captured <= 0 || p.transport() == Opcodes.UD
                || !(Opcodes.isSend(op) || p.hasReth && op != Opcodes.READ_REQUEST)) {
            return;
        }
        int n = Math.min(captured, IbPacket.MAX_HEAD);
        p.head = Arrays.copyOfRange(f.data, start, start + n);
    }

    /** The CM message of a MAD, or null for another management class or attribute. */
    private CmMessage cm(byte[] d, int at) {
        IbCm mad = new IbCm(stream.reset(d, at, MAD_SIZE));
        CmMessage.Type type = CmMessage.Type.of(mad.header().attributeId());
        if (mad.header().managementClass() != 0x07 || type == null || mad.cm() == null) {
            return null;
        }
        CmMessage m = new CmMessage(type);
        m.transactionId = mad.header().transactionId();
        Object cm = mad.cm();
        if (cm instanceof IbCm.Req r) {
            m.localCommId = r.localCommId();
            m.qpn = r.localQpn();
            m.startingPsn = r.startingPsn();
            m.responderResources = r.responderResources();
            m.initiatorDepth = r.initiatorDepth();
            m.pathMtu = (int) r.pathMtu();
            m.serviceId = r.serviceId();
            m.transportServiceType = (int) r.transportServiceType();
            m.privateData = r.privateData();
            if (r.isRdmaCm()) {
                ipPrivateData(m, r.privateData());
                m.destinationPort = r.servicePort();
            }
        } else if (cm instanceof IbCm.Rep r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
            m.qpn = r.localQpn();
            m.startingPsn = r.startingPsn();
            m.responderResources = r.responderResources();
            m.initiatorDepth = r.initiatorDepth();
            m.privateData = r.privateData();
        } else if (cm instanceof IbCm.Rtu r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
        } else if (cm instanceof IbCm.Rej r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
            m.reason = r.reason();
            m.which = (int) r.messageRejected();
            m.privateData = r.privateData();
        } else if (cm instanceof IbCm.Mra r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
            m.reason = (int) r.serviceTimeout();
            m.which = (int) r.messageMraed();
        } else if (cm instanceof IbCm.Dreq r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
            m.qpn = r.remoteQpn();
        } else if (cm instanceof IbCm.Drep r) {
            m.localCommId = r.localCommId();
            m.remoteCommId = r.remoteCommId();
        } else if (cm instanceof IbCm.SidrReq r) {
            // the request's ID stands for the communication ID of the exchange, as its reply names it
            m.localCommId = r.requestId();
            m.serviceId = r.serviceId();
            m.privateData = r.privateData();
            if (r.isRdmaCm()) {
                ipPrivateData(m, r.privateData());
                m.destinationPort = r.servicePort();
            }
        } else if (cm instanceof IbCm.SidrRep r) {
            m.remoteCommId = r.requestId();
            m.reason = r.status();
            m.qpn = r.qpn();
            m.serviceId = r.serviceId();
            m.qKey = r.qKey();
            m.privateData = r.privateData();
        }
        return m;
    }

    /** rdma_cm's IP header in a REQ's private data; the consumer's data after it replaces {@link CmMessage#privateData}. */
    private void ipPrivateData(CmMessage m, byte[] pd) {
        IbCm.IpCmPrivateData h = new IbCm.IpCmPrivateData(stream.reset(pd, 0, pd.length));
        if (h.ipVersion() == 4) {
            m.sourceIp = Addresses.ipv4(Addresses.int32(h.sourceIp(), 12));
            m.destinationIp = Addresses.ipv4(Addresses.int32(h.destinationIp(), 12));
        } else if (h.ipVersion() == 6) {
            m.sourceIp = Addresses.ipv6(h.sourceIp(), 0);
            m.destinationIp = Addresses.ipv6(h.destinationIp(), 0);
        } else {
            return;
        }
        m.sourcePort = h.sourcePort();
        m.privateData = Arrays.copyOfRange(pd, IP_CM_HEADER, pd.length);
    }
}

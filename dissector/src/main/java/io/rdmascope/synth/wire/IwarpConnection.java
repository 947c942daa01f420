package io.rdmascope.synth.wire;

import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * An iWARP connection on top of a {@link TcpFlow}: the MPA Request/Reply exchange, one
 * {@link FpduEncoder} per direction and the DDP message sequence numbers (per queue, per direction,
 * starting at 1). FPDUs are aligned with TCP segments (each FPDU starts a segment, as RFC 5044
 * recommends); an FPDU larger than the MSS spans several segments.
 */
public final class IwarpConnection {
    /** MPA parameters of the connection. */
    public static final class Mpa {
        public int revision = 1;
        /** C flag in the Request and in the Reply. */
        public boolean crcRequest = true;
        public boolean crcReply = true;
        /** The initiator inserts markers in what it sends (the Reply carries M). */
        public boolean initiatorMarkers;
        /** The responder inserts markers in what it sends (the Request carries M). */
        public boolean responderMarkers;
        public boolean reject;
        /** IRD/ORD of each side (RFC 6581, used when revision is 2); -1 for none (0x3FFF). */
        public int initiatorIrd = -1, initiatorOrd = -1, responderIrd = -1, responderOrd = -1;
        public int irdFlags, ordFlags;
        /** Reserved bits of the flags octet set in both the Request and the Reply (a vendor extension). */
        public int reservedFlags;
        public byte[] privateData;
    }

    public final TcpFlow tcp;
    public final Mpa mpa;
    private FpduEncoder initiatorEncoder;
    private FpduEncoder responderEncoder;
    private final long[] initiatorMsn = new long[8];
    private final long[] responderMsn = new long[8];
    private boolean connected;
    private boolean closed;

    public IwarpConnection(TcpFlow tcp, Mpa mpa) {
        this.tcp = tcp;
        this.mpa = mpa;
        java.util.Arrays.fill(initiatorMsn, 1);
        java.util.Arrays.fill(responderMsn, 1);
    }

    public boolean connected() {
        return connected;
    }

    public boolean closed() {
        return closed;
    }

    public boolean crc() {
        return mpa.crcRequest || mpa.crcReply;
    }

    /** TCP handshake, MPA Request and Reply. Returns false when the Reply rejected the connection. */
    public boolean connect() {
        connected = true;
        tcp.handshake();
        boolean enhanced = mpa.revision >= 2;
        int reqFlags = (mpa.responderMarkers ? MpaFrames.FLAG_M : 0) | (mpa.crcRequest ? MpaFrames.FLAG_C : 0)
                | (enhanced ? MpaFrames.FLAG_ENHANCED : 0) | (mpa.reservedFlags & 0x0F);
        int repFlags = (mpa.initiatorMarkers ? MpaFrames.FLAG_M : 0) | (mpa.crcReply ? MpaFrames.FLAG_C : 0)
                | (enhanced ? MpaFrames.FLAG_ENHANCED : 0) | (mpa.reject ? MpaFrames.FLAG_R : 0)
                | (mpa.reservedFlags & 0x0F);
        byte[] reqPd = enhanced ? MpaFrames.enhancedPrivateData(ird(mpa.initiatorIrd), mpa.irdFlags,
                ird(mpa.initiatorOrd), mpa.ordFlags, mpa.privateData) : mpa.privateData;
        byte[] repPd = enhanced ? MpaFrames.enhancedPrivateData(ird(mpa.responderIrd), mpa.irdFlags,
                ird(mpa.responderOrd), mpa.ordFlags, mpa.privateData) : mpa.privateData;
        tcp.send(tcp.initiator, MpaFrames.frame(false, reqFlags, mpa.revision, reqPd));
        tcp.send(tcp.responder, MpaFrames.frame(true, repFlags, mpa.revision, repPd));
        initiatorEncoder = new FpduEncoder(mpa.initiatorMarkers, crc());
        responderEncoder = new FpduEncoder(mpa.responderMarkers, crc());
        if (mpa.reject) {
            close(tcp.initiator, false);
            return false;
        }
        return true;
    }

    private static int ird(int v) {
        return v < 0 ? MpaFrames.IRD_ORD_NONE : v;
    }

    public FpduEncoder encoder(TcpFlow.End from) {
        return from == tcp.initiator ? initiatorEncoder : responderEncoder;
    }

    /** The MSN the next message from {@code from} on {@code queue} takes, advancing the counter. */
    public long nextMsn(TcpFlow.End from, int queue) {
        long[] m = from == tcp.initiator ? initiatorMsn : responderMsn;
        int q = queue & 7;
        return m[q]++;
    }

    /** Skips {@code n} MSNs on a queue (a planted MSN gap). */
    public void skipMsn(TcpFlow.End from, int queue, int n) {
        long[] m = from == tcp.initiator ? initiatorMsn : responderMsn;
        m[queue & 7] += n;
    }

    /** Largest ULPDU that fits one TCP segment for FPDUs sent by {@code from}. */
    public int maxUlpdu(TcpFlow.End from) {
        return encoder(from).maxUlpduFor(tcp.mss());
    }

    /**
     * Frames and sends DDP segments from {@code from}. {@code fpduFaults[i]} is the
     * {@link FpduEncoder} fault mask of segment i (null for none), {@code truncate[i]} >= 0 cuts
     * segment i's ULPDU to that many octets (null for none).
     */
    public void send(TcpFlow.End from, List<DdpMessages.Segment> segments, int[] fpduFaults, int[] truncate,
                     TcpFlow.Faults tcpFaults) {
        send(from, segments, fpduFaults, truncate, tcpFaults, null);
    }

    /** As above, with TCP segment ends given as offsets into the framed stream (null: FPDU-aligned). */
    public void send(TcpFlow.End from, List<DdpMessages.Segment> segments, int[] fpduFaults, int[] truncate,
                     TcpFlow.Faults tcpFaults, int[] tcpCuts) {
        FpduEncoder enc = encoder(from);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        int[] cuts = new int[segments.size()];
        byte[] tmp = new byte[0];
        for (int i = 0; i < segments.size(); i++) {
            byte[] ulpdu = segments.get(i).encode();
            int len = ulpdu.length;
            if (truncate != null && truncate[i] >= 0) {
                len = Math.min(len, truncate[i]);
            }
            int max = enc.maxEncodedLength(len);
            if (tmp.length < max) {
                tmp = new byte[max];
            }
            int n = enc.encode(ulpdu, 0, len, tmp, 0, fpduFaults == null ? 0 : fpduFaults[i]);
            stream.write(tmp, 0, n);
            cuts[i] = stream.size();
        }
        tcp.send(from, stream.toByteArray(), tcpCuts != null ? tcpCuts : cuts, tcpFaults);
    }

    /** Closes the connection from {@code from}: FIN exchange, or a RST. */
    public void close(TcpFlow.End from, boolean reset) {
        if (closed) {
            return;
        }
        closed = true;
        if (reset) {
            tcp.rst(from);
        } else {
            tcp.fin(from);
        }
    }
}

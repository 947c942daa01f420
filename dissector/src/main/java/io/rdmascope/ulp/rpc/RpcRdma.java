package io.rdmascope.ulp.rpc;

import io.kaitai.struct.KaitaiStream;
import io.rdmascope.ksy.OncRpc;
import io.rdmascope.ksy.Rpcrdma;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import java.nio.BufferUnderflowException;

/**
 * RPC-over-RDMA version 1 (RFC 8166), the transport of NFS over RDMA (RFC 8267), with the ONC RPC
 * header (RFC 5531) and the names of NFS calls. Layouts: {@code ksy/rpcrdma.ksy},
 * {@code ksy/onc_rpc.ksy}, {@code ksy/nfs.ksy}.
 *
 * <p>A call advertises the requester's memory in its chunk lists: each read segment for RDMA Read,
 * each segment of a write chunk and of the reply chunk for RDMA Write. A reply echoes the segments
 * it wrote, with the lengths written; that advertises nothing. Calls and replies pair by XID.
 */
public final class RpcRdma implements Ulp {
    /** The port IANA registered for NFS over RDMA (nfsrdma, RFC 5667). */
    public static final int PORT = 20049;

    @Override
    public String name() {
        return "rpc";
    }

    @Override
    public String displayName() {
        return "RPC-over-RDMA";
    }

    @Override
    public boolean pairsCalls() {
        return true;
    }

    @Override
    public String colour() {
        return "#ef6c00";
    }

    @Override
    public String reference() {
        return "RFC 8166 section 4";
    }

    @Override
    public int[] ports() {
        return new int[] {PORT};
    }

    /** The four fixed words every header begins with: XID, version, credits, procedure. */
    private static final int FIXED_WORDS = 16;

    /**
     * A well-formed version 1 header: rdma_vers 1, a procedure of version 1, chunk lists that end
     * inside the message, and for RDMA_MSG an inline RPC call or reply with the same XID.
     */
    @Override
    public boolean recognizes(UlpInput message) {
        if (message.len() < FIXED_WORDS) {
            return false; // what the parser would find out by failing
        }
        SegmentStream stream = new SegmentStream().reset(message.buf(), message.off(), message.len());
        Rpcrdma header;
        try {
            header = new Rpcrdma(stream);
        } catch (BufferUnderflowException | KaitaiStream.KaitaiStructError e) {
            return false;
        }
        if (header.vers() != 1 || header.proc() == null) {
            return false;
        }
        switch (header.proc()) {
            case RDMA_MSG:
                return inlineXid(stream, message, (int) stream.pos()) == header.xid();
            case RDMA_ERROR:
                return header.error().code() != null;
            default:
                return true;
        }
    }

    /** The XID of the RPC call or reply at {@code offset} of the message, or -1 when there is none. */
    private static long inlineXid(SegmentStream stream, UlpInput message, int offset) {
        try {
            OncRpc rpc = new OncRpc(stream.reset(message.buf(), message.off() + offset, message.len() - offset));
            return rpc.msgType() == null ? -1 : rpc.xid();
        } catch (BufferUnderflowException | KaitaiStream.KaitaiStructError e) {
            return -1;
        }
    }

    /** The Linux client's and server's connection data (magic 0xf6ab0e18), see {@code rpcrdma.ksy}. */
    @Override
    public boolean recognizesPrivateData(byte[] buf, int off, int len, boolean request) {
        return RpcRdmaDecoder.connectPrivate(new SegmentStream().reset(buf, off, len)) != null;
    }

    @Override
    public Decoder decoder() {
        return new RpcRdmaDecoder();
    }
}

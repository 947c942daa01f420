package io.rdmascope.ulp.rpc;

import io.kaitai.struct.KaitaiStream;
import io.rdmascope.fields.Hex;
import io.rdmascope.ksy.OncRpc;
import io.rdmascope.ksy.Rpcrdma;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.ulp.Advertisement;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.nio.BufferUnderflowException;

/**
 * Decodes the RPC-over-RDMA messages of one connection, both directions.
 *
 * <p>Whether a message is a call or a reply is the RPC message type's to say (an NFSv4.1 server
 * calls the client's callback program on the same connection), not the direction's. Without an
 * inline RPC message (RDMA_NOMSG), a call is the one with a read list, since the call itself is then
 * in a Position-Zero Read chunk (RFC 8166 section 3.5.3) and replies have no read chunks; otherwise
 * the message is a reply sent in the reply chunk.
 */
final class RpcRdmaDecoder implements Ulp.Decoder {
    private final SegmentStream stream = new SegmentStream();
    private final CallNames names = new CallNames();

    @Override
    public UlpMessage send(UlpInput message) {
        UlpMessage m = new UlpMessage();
        try {
            decode(message, m);
        } catch (RuntimeException e) {
            // The parsers report bad input by the exceptions caught below; anything else is a defect, kept as data.
            UlpMessage failed = new UlpMessage();
            failed.correlation = m.correlation;
            failed.summary = "RPC-over-RDMA message";
            return failed.problem("message could not be decoded: " + e);
        }
        return m;
    }

    @Override
    public UlpMessage privateData(byte[] buf, int off, int len, boolean fromInitiator) {
        Rpcrdma.ConnectPrivate p = connectPrivate(stream.reset(buf, off, len));
        if (p == null) {
            return null;
        }
        UlpMessage m = new UlpMessage();
        m.summary = "RPC-over-RDMA connection data, version " + p.version() + ": inline send " + p.sendSize()
                + " B, receive " + p.recvSize() + " B" + (p.sendWithInvalidate() ? ", Send with Invalidate accepted" : "");
        return m;
    }

    /** The Linux connection data at the start of {@code stream}, or null when it is not there. */
    static Rpcrdma.ConnectPrivate connectPrivate(SegmentStream stream) {
        try {
            return new Rpcrdma.ConnectPrivate(stream);
        } catch (BufferUnderflowException | KaitaiStream.KaitaiStructError e) {
            return null;
        }
    }

    private void decode(UlpInput in, UlpMessage m) {
        Rpcrdma header;
        try {
            header = new Rpcrdma(stream.reset(in.buf(), in.off(), in.len()));
        } catch (BufferUnderflowException e) {
            m.summary = "RPC-over-RDMA message, header cut off";
            m.problem("the RPC-over-RDMA header runs past the end of the " + (in.whole() ? "message" : "octets kept"));
            return;
        } catch (KaitaiStream.KaitaiStructError e) {
            m.summary = "RPC-over-RDMA message, header not decoded";
            m.problem("a chunk list holds an XDR boolean that is neither 0 nor 1");
            return;
        }
        long xid = header.xid();
        m.correlation = xid;
        if (header.vers() != 1) {
            m.summary = "RPC-over-RDMA version " + header.vers() + ", xid " + Hex.stag(xid);
            m.problem("rdma_vers is " + header.vers() + ": only version 1 is decoded");
            return;
        }
        if (header.proc() == null) {
            m.summary = "RPC-over-RDMA message of an unknown procedure, xid " + Hex.stag(xid);
            m.problem("rdma_proc is not a procedure of version 1 (0 to 4)");
            return;
        }
        int headerEnd = (int) stream.pos();
        switch (header.proc()) {
            case RDMA_MSG -> inline(in, m, xid, header.chunks(), headerEnd, "RDMA_MSG");
            case RDMA_MSGP -> inline(in, m, xid, header.padded().chunks(), headerEnd, "RDMA_MSGP (no longer used)");
            case RDMA_NOMSG -> chunked(m, xid, header.chunks());
            case RDMA_DONE -> m.summary = "RDMA_DONE (no longer used), xid " + Hex.stag(xid);
            case RDMA_ERROR -> error(m, xid, header.error());
        }
    }

    /** RDMA_MSG: the RPC message follows the header. */
    private void inline(UlpInput in, UlpMessage m, long xid, Rpcrdma.ChunkLists chunks, int headerEnd, String proc) {
        OncRpc rpc;
        try {
            rpc = new OncRpc(stream.reset(in.buf(), in.off() + headerEnd, in.len() - headerEnd));
        } catch (BufferUnderflowException | KaitaiStream.KaitaiStructError e) {
            m.summary = proc + " whose RPC message does not decode, xid " + Hex.stag(xid);
            m.problem(e instanceof BufferUnderflowException && in.whole()
                    ? "the RPC message header runs past the end of the message" : "the RPC message header does not decode");
            return;
        }
        if (rpc.xid() != xid) {
            m.problem("the RPC message's XID " + Hex.stag(rpc.xid()) + " is not rdma_xid " + Hex.stag(xid));
        }
        if (rpc.msgType() == OncRpc.MsgType.CALL) {
            call(in, m, xid, rpc.call(), chunks);
        } else if (rpc.msgType() == OncRpc.MsgType.REPLY) {
            reply(m, xid, rpc.reply(), chunks);
        } else {
            m.summary = proc + " with an RPC message of an unknown type, xid " + Hex.stag(xid);
            m.problem("the RPC msg_type is neither CALL (0) nor REPLY (1)");
        }
    }

    private void call(UlpInput in, UlpMessage m, long xid, OncRpc.CallBody call, Rpcrdma.ChunkLists chunks) {
        if (call.rpcvers() != 2) {
            m.problem("rpcvers is " + call.rpcvers() + ", not 2");
        }
        // The stream stands at the procedure's arguments, its positions counted from the RPC message's start.
        CallNames.Name name = names.name(call, stream, ReadChunks.of(chunks.readList()), in.whole(), m.problems);
        m.role = UlpMessage.Role.CALL;
        m.fields.put("xid", Hex.stag(xid));
        m.fields.put("program", call.prog());
        m.fields.put("version", call.vers());
        m.fields.put("procedure", name.procedure());
        m.summary = name.title() + ", xid " + Hex.stag(xid);
        advertise(m, chunks);
    }

    private static void reply(UlpMessage m, long xid, OncRpc.ReplyBody reply, Rpcrdma.ChunkLists chunks) {
        m.role = UlpMessage.Role.REPLY;
        StringBuilder b = new StringBuilder(64).append("reply, ");
        if (reply.stat() == OncRpc.ReplyStat.MSG_ACCEPTED) {
            OncRpc.AcceptedReply a = reply.accepted();
            b.append("accepted");
            if (a.stat() != OncRpc.AcceptStat.SUCCESS) {
                b.append(": ").append(a.stat() == null ? "unknown accept_stat" : a.stat().name());
                if (a.stat() == OncRpc.AcceptStat.PROG_MISMATCH) {
                    b.append(" (versions ").append(a.mismatchLow()).append(" to ").append(a.mismatchHigh()).append(')');
                }
            }
        } else if (reply.stat() == OncRpc.ReplyStat.MSG_DENIED) {
            OncRpc.RejectedReply r = reply.rejected();
            b.append("denied: ");
            if (r.stat() == OncRpc.RejectStat.RPC_MISMATCH) {
                b.append("RPC_MISMATCH (versions ").append(r.mismatchLow()).append(" to ").append(r.mismatchHigh()).append(')');
            } else if (r.stat() == OncRpc.RejectStat.AUTH_ERROR) {
                b.append("AUTH_ERROR (").append(r.authStat() == null ? "unknown auth_stat" : r.authStat().name()).append(')');
            } else {
                b.append("unknown reject_stat");
            }
        } else {
            b.append("of an unknown reply_stat");
            m.problem("the RPC reply_stat is neither MSG_ACCEPTED (0) nor MSG_DENIED (1)");
        }
        m.summary = echo(b.append(", xid ").append(Hex.stag(xid)), chunks);
        if (hasReadSegments(chunks)) {
            m.problem("a reply carries a read list (only calls have read chunks)");
        }
    }

    /** RDMA_NOMSG: the call is in a Position-Zero Read chunk, or the reply in the reply chunk. */
    private static void chunked(UlpMessage m, long xid, Rpcrdma.ChunkLists chunks) {
        if (hasReadSegments(chunks)) {
            m.role = UlpMessage.Role.CALL;
            m.fields.put("xid", Hex.stag(xid));
            m.fields.put("procedure", "RPC call in a chunk");
            m.summary = "RPC call in a read chunk, xid " + Hex.stag(xid);
            boolean positionZero = false;
            for (Rpcrdma.ReadListItem item : chunks.readList()) {
                positionZero |= item.present() && item.segment().position() == 0;
            }
            if (!positionZero) {
                m.problem("an RDMA_NOMSG call without a Position-Zero Read chunk (the call is in no chunk)");
            }
            advertise(m, chunks);
            return;
        }
        m.role = UlpMessage.Role.REPLY;
        m.summary = echo(new StringBuilder(64).append("reply in the reply chunk, xid ").append(Hex.stag(xid)), chunks);
        if (!chunks.replyChunk().present()) {
            m.problem("RDMA_NOMSG with neither a read list nor a reply chunk: the RPC message is in no chunk");
        }
    }

    private static void error(UlpMessage m, long xid, Rpcrdma.Error error) {
        m.role = UlpMessage.Role.REPLY;
        StringBuilder b = new StringBuilder(48).append("RDMA_ERROR ");
        if (error.code() == Rpcrdma.Errcode.ERR_VERS) {
            b.append("ERR_VERS (versions ").append(error.versLow()).append(" to ").append(error.versHigh()).append(')');
        } else if (error.code() == Rpcrdma.Errcode.ERR_CHUNK) {
            b.append("ERR_CHUNK");
        } else {
            b.append("of an unknown code");
            m.problem("rdma_err is neither ERR_VERS (1) nor ERR_CHUNK (2)");
        }
        m.summary = b.append(", xid ").append(Hex.stag(xid)).toString();
    }

    /** A call's chunks: the requester's memory, for the responder's RDMA Reads and Writes. */
    private static void advertise(UlpMessage m, Rpcrdma.ChunkLists chunks) {
        for (Rpcrdma.ReadListItem item : chunks.readList()) {
            if (item.present()) {
                Rpcrdma.Segment s = item.segment().target();
                m.advertisements.add(new Advertisement(s.handle(), s.offset(), s.length(), Advertisement.REMOTE_READ,
                        "read chunk (position " + item.segment().position() + ")"));
            }
        }
        for (Rpcrdma.WriteListItem item : chunks.writeList()) {
            if (item.present()) {
                advertise(m, item.chunk(), "write chunk");
            }
        }
        if (chunks.replyChunk().present()) {
            advertise(m, chunks.replyChunk().chunk(), "reply chunk");
        }
    }

    private static void advertise(UlpMessage m, Rpcrdma.WriteChunk chunk, String what) {
        for (Rpcrdma.Segment s : chunk.segments()) {
            m.advertisements.add(new Advertisement(s.handle(), s.offset(), s.length(), Advertisement.REMOTE_WRITE, what));
        }
    }

    /** A reply's chunks echo the requester's segments with the octets written into them: said, not advertised. */
    private static String echo(StringBuilder b, Rpcrdma.ChunkLists chunks) {
        for (Rpcrdma.WriteListItem item : chunks.writeList()) {
            if (item.present()) {
                b.append(", write chunk: ").append(written(item.chunk())).append(" B written");
            }
        }
        if (chunks.replyChunk().present()) {
            b.append(", reply chunk: ").append(written(chunks.replyChunk().chunk())).append(" B written");
        }
        return b.toString();
    }

    private static long written(Rpcrdma.WriteChunk chunk) {
        long n = 0;
        for (Rpcrdma.Segment s : chunk.segments()) {
            n += s.length();
        }
        return n;
    }

    private static boolean hasReadSegments(Rpcrdma.ChunkLists chunks) {
        return chunks.readList().get(0).present();
    }
}

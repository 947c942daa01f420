package io.rdmascope.ulp.rpc;

import io.rdmascope.ulp.UlpInput;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Writes XDR (RFC 4506) for the tests: RPC-over-RDMA headers, RPC headers and NFS arguments. */
final class Xdr {
    static final int NFS = 100003;
    static final int RDMA_MSG = 0, RDMA_NOMSG = 1, RDMA_MSGP = 2, RDMA_DONE = 3, RDMA_ERROR = 4;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Xdr u32(long v) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.write((int) (v >>> shift));
        }
        return this;
    }

    Xdr u64(long v) {
        return u32(v >>> 32).u32(v);
    }

    Xdr opaque(byte[] data) {
        u32(data.length);
        out.writeBytes(data);
        for (int i = data.length; i % 4 != 0; i++) {
            out.write(0);
        }
        return this;
    }

    Xdr string(String s) {
        return opaque(s.getBytes(StandardCharsets.UTF_8));
    }

    Xdr fixed(int octets) {
        out.writeBytes(new byte[octets]);
        return this;
    }

    Xdr append(Xdr other) {
        out.writeBytes(other.bytes());
        return this;
    }

    int size() {
        return out.size();
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** A Send from the TCP initiator (the client), whole. */
    UlpInput fromClient() {
        byte[] b = bytes();
        return UlpInput.send(b, 0, b.length, b.length, true, 3, 0);
    }

    /** A Send from the TCP responder (the server), whole. */
    UlpInput fromServer() {
        byte[] b = bytes();
        return UlpInput.send(b, 0, b.length, b.length, false, 3, 0);
    }

    // RPC-over-RDMA (RFC 8166 section 4.1.2)

    static Xdr header(long xid, int proc) {
        return new Xdr().u32(xid).u32(1).u32(32).u32(proc);
    }

    Xdr readSegment(long position, long handle, long length, long offset) {
        return u32(1).u32(position).u32(handle).u32(length).u64(offset);
    }

    /** A write chunk (of the write list, after its discriminator), or the reply chunk: count then segments. */
    Xdr chunk(long... handleLengthOffset) {
        u32(handleLengthOffset.length / 3);
        for (int i = 0; i < handleLengthOffset.length; i += 3) {
            u32(handleLengthOffset[i]).u32(handleLengthOffset[i + 1]).u64(handleLengthOffset[i + 2]);
        }
        return this;
    }

    Xdr end() {
        return u32(0);
    }

    /** Three empty lists. */
    Xdr noChunks() {
        return end().end().end();
    }

    // ONC RPC (RFC 5531 section 9)

    Xdr call(long xid, long prog, long vers, long proc) {
        return u32(xid).u32(0).u32(2).u32(prog).u32(vers).u32(proc)
                .u32(1).u32(24).u32(0).string("host").u32(0).u32(0).u32(0) // AUTH_SYS: stamp, machine, uid, gid, no gids
                .u32(0).u32(0); // AUTH_NONE verifier
    }

    Xdr acceptedReply(long xid, int acceptStat) {
        return u32(xid).u32(1).u32(0).u32(0).u32(0).u32(acceptStat);
    }

    Xdr compound(int minor, int numops) {
        return string("").u32(minor).u32(numops);
    }

    Xdr sequence() {
        return u32(53).fixed(16).u32(1).u32(0).u32(0).u32(0);
    }

    Xdr putfh() {
        return u32(22).opaque(new byte[20]);
    }

    Xdr getattr() {
        return u32(9).u32(2).u32(0x18).u32(0x300000);
    }

    /** WRITE with its length word and, when {@code inline}, its data. */
    Xdr write(byte[] data, boolean inline) {
        u32(38).fixed(16).u64(0).u32(2);
        return inline ? opaque(data) : u32(data.length);
    }
}

package io.rdmascope.ulp.nvme;

import io.rdmascope.ulp.UlpInput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Hand-made NVMe/RDMA capsules (little-endian, as on the wire) for the hostile-input tests. */
final class Capsules {
    private Capsules() {}

    /** A command capsule: the 64-octet submission queue entry with PSDT 01b, then {@code extra}. */
    static byte[] command(int opcode, int cid, long nsid, byte[] sgl, byte[] extra) {
        ByteBuffer b = ByteBuffer.allocate(64 + extra.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) opcode).put((byte) 0x40).putShort((short) cid).putInt((int) nsid);
        b.position(24);
        b.put(sgl);
        b.position(64);
        b.put(extra);
        return b.array();
    }

    /** A keyed SGL data block descriptor. */
    static byte[] keyed(long address, int length, long key, int subtype) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(address).putShort((short) length).put((byte) (length >> 16)).putInt((int) key).put((byte) (0x40 | subtype));
        return b.array();
    }

    /** A descriptor that is not keyed: data block, segment, last segment. */
    static byte[] unkeyed(long address, long length, int type, int subtype) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(address).putInt((int) length).position(15);
        b.put((byte) (type << 4 | subtype));
        return b.array();
    }

    /** {@code n} keyed descriptors one after another, keys 0x1000 + i, 4 KiB each. */
    static byte[] keyedList(int n) {
        ByteBuffer b = ByteBuffer.allocate(16 * n);
        for (int i = 0; i < n; i++) {
            b.put(keyed(0x10000L * i, 4096, 0x1000 + i, 0));
        }
        return b.array();
    }

    /** A response capsule. */
    static byte[] response(int cid, int sqId, int sqHead, int status) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0).putInt(0).putShort((short) sqHead).putShort((short) sqId).putShort((short) cid).putShort((short) status);
        return b.array();
    }

    /** RDMA CM request private data naming queue {@code qid}. */
    static byte[] connectionRequest(int qid) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 0).putShort((short) qid).putShort((short) 32).putShort((short) 31);
        return b.array();
    }

    static UlpInput from(byte[] b, boolean fromInitiator) {
        return UlpInput.send(b, 0, b.length, b.length, fromInitiator, 3, 0);
    }
}

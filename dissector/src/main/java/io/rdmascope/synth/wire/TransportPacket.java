package io.rdmascope.synth.wire;

import io.rdmascope.ksy.FixedLayout.InfinibandAeth;
import io.rdmascope.ksy.FixedLayout.InfinibandAtomicacketh;
import io.rdmascope.ksy.FixedLayout.InfinibandAtomiceth;
import io.rdmascope.ksy.FixedLayout.InfinibandBth;
import io.rdmascope.ksy.FixedLayout.InfinibandDeth;
import io.rdmascope.ksy.FixedLayout.InfinibandIeth;
import io.rdmascope.ksy.FixedLayout.InfinibandImmdt;
import io.rdmascope.ksy.FixedLayout.InfinibandReth;
import io.rdmascope.roce.Opcodes;

/**
 * One InfiniBand transport packet as the synthesizer sends it: the BTH, the extension headers its
 * opcode takes (IBA volume 1 sections 9.2 and 9.3), the payload and its pad to four octets. The
 * ICRC is added by {@link RocePath}, which knows the headers in front. Every header is written
 * through the generated {@code FixedLayout} writers of {@code ksy/infiniband.ksy}; an extension
 * header is written when its field here is set, so a test can plant any combination.
 */
public final class TransportPacket {
    /** The CM's partition key and Q_Key of the general services interface (QP1). */
    public static final int DEFAULT_PKEY = 0xffff;
    public static final long GSI_QKEY = 0x80010000L;
    private static final int CNP_RESERVED = 16;

    public int opcode;
    public boolean solicitedEvent;
    public boolean ackRequest;
    public boolean becn;
    public long destQp;
    public long psn;
    /** DETH (UD): Q_Key and source QP; null for none. */
    public Long qKey;
    public long srcQp;
    /** RETH: virtual address, R_Key and DMA length; null for none. */
    public Long rethVa;
    public long rethKey;
    public long dmaLength;
    /** AtomicETH: virtual address, R_Key, swap (or add) data and compare data; null for none. */
    public Long atomicVa;
    public long atomicKey;
    public long swapAdd;
    public long compare;
    /** AETH syndrome and MSN; null for none. */
    public Integer syndrome;
    public long msn;
    /** AtomicAckETH: the original remote data; null for none. */
    public Long originalData;
    public Long immediate;
    public Long invalidateKey;
    public byte[] payload = new byte[0];
    /** Keep only this many octets after the BTH (a packet too short for its headers); -1 for all. */
    public int truncateAfterBth = -1;

    public TransportPacket(int opcode, long destQp, long psn) {
        this.opcode = opcode;
        this.destQp = destQp;
        this.psn = psn;
    }

    /** The packet's octets from the BTH to the end of its pad (no ICRC). */
    public byte[] encode() {
        int pad = (4 - payload.length % 4) % 4;
        int n = InfinibandBth.SIZE + (qKey != null ? InfinibandDeth.SIZE : 0) + (rethVa != null ? InfinibandReth.SIZE : 0)
                + (atomicVa != null ? InfinibandAtomiceth.SIZE : 0) + (syndrome != null ? InfinibandAeth.SIZE : 0)
                + (originalData != null ? InfinibandAtomicacketh.SIZE : 0) + (immediate != null ? InfinibandImmdt.SIZE : 0)
                + (invalidateKey != null ? InfinibandIeth.SIZE : 0) + (opcode == Opcodes.CNP ? CNP_RESERVED : 0)
                + payload.length + pad;
        byte[] b = new byte[n];
        InfinibandBth.putOpcode(b, 0, opcode);
        InfinibandBth.putSolicitedEvent(b, 0, solicitedEvent ? 1 : 0);
        InfinibandBth.putPadCount(b, 0, pad);
        InfinibandBth.putPartitionKey(b, 0, DEFAULT_PKEY);
        InfinibandBth.putBecn(b, 0, becn ? 1 : 0);
        InfinibandBth.putDestQp(b, 0, destQp);
        InfinibandBth.putAckRequest(b, 0, ackRequest ? 1 : 0);
        InfinibandBth.putPsn(b, 0, psn);
        int at = InfinibandBth.SIZE;
        if (qKey != null) {
            InfinibandDeth.putQKey(b, at, qKey);
            InfinibandDeth.putSrcQp(b, at, srcQp);
            at += InfinibandDeth.SIZE;
        }
        if (rethVa != null) {
            InfinibandReth.putVa(b, at, rethVa);
            InfinibandReth.putRKey(b, at, rethKey);
            InfinibandReth.putDmaLength(b, at, dmaLength);
            at += InfinibandReth.SIZE;
        }
        if (atomicVa != null) {
            InfinibandAtomiceth.putVa(b, at, atomicVa);
            InfinibandAtomiceth.putRKey(b, at, atomicKey);
            InfinibandAtomiceth.putSwapAddData(b, at, swapAdd);
            InfinibandAtomiceth.putCompareData(b, at, compare);
            at += InfinibandAtomiceth.SIZE;
        }
        if (syndrome != null) {
            InfinibandAeth.putSyndrome(b, at, syndrome);
            InfinibandAeth.putMsn(b, at, msn);
            at += InfinibandAeth.SIZE;
        }
        if (originalData != null) {
            InfinibandAtomicacketh.putOriginalRemoteData(b, at, originalData);
            at += InfinibandAtomicacketh.SIZE;
        }
        if (immediate != null) {
            InfinibandImmdt.putImmediateData(b, at, immediate);
            at += InfinibandImmdt.SIZE;
        }
        if (invalidateKey != null) {
            InfinibandIeth.putRKey(b, at, invalidateKey);
            at += InfinibandIeth.SIZE;
        }
        if (opcode == Opcodes.CNP) {
            at += CNP_RESERVED;
        }
        System.arraycopy(payload, 0, b, at, payload.length);
        if (truncateAfterBth >= 0 && InfinibandBth.SIZE + truncateAfterBth < n) {
            b = java.util.Arrays.copyOf(b, InfinibandBth.SIZE + truncateAfterBth);
            InfinibandBth.putPadCount(b, 0, 0);
        }
        return b;
    }
}

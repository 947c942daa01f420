package io.rdmascope.engine;

/**
 * What a transaction pairs: a one-shot initiation with its completion, one RDMAP operation, or
 * one upper-layer call with its reply and the operations that moved its data.
 */
public enum TransactionKind {
    ONESHOT("oneshot", "t", "one-shot"),
    READ("read", "r", "RDMA Read"),
    WRITE("write", "w", "RDMA Write"),
    SEND("send", "s", "Send"),
    ATOMIC("atomic", "a", "Atomic"),
    RPC("rpc", "rpc", "RPC-over-RDMA"),
    NVME("nvme", "nvme", "NVMe/RDMA"),
    ISER("iser", "iser", "iSER"),
    SMB("smb", "smb", "SMB Direct");

    /** The contract's name ({@code "kind"} in JSON). */
    public final String jsonName;
    /** The prefix of this kind's transaction ids ("t1", "r1", "w1", "rpc1"). */
    public final String idPrefix;
    public final String displayName;

    TransactionKind(String jsonName, String idPrefix, String displayName) {
        this.jsonName = jsonName;
        this.idPrefix = idPrefix;
        this.displayName = displayName;
    }

    private static final TransactionKind[] VALUES = values();

    /** The kind of this JSON name, or null. */
    public static TransactionKind of(String jsonName) {
        for (TransactionKind k : VALUES) {
            if (k.jsonName.equals(jsonName)) {
                return k;
            }
        }
        return null;
    }

    /** Whether this is an upper-layer exchange (RPC, NVMe, iSER, SMB). */
    public boolean upperLayer() {
        return ordinal() >= RPC.ordinal();
    }
}

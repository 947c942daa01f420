package io.rdmascope.engine;

import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.Ulps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a transaction pairs: a one-shot initiation with its completion, one RDMA operation, or
 * one upper-layer call with its reply and the operations that moved their data.
 *
 * <p>The kinds of the RDMA operations are fixed here; there is one kind of upper-layer call for
 * each protocol of {@link Ulps#all()} that {@linkplain Ulp#pairsCalls() pairs calls}, with the
 * names and colour the protocol declares, in the order of that list. A kind's {@link #ordinal} is
 * its place among {@link #values()}: the order of the reports' tables.
 */
public final class TransactionKind implements Comparable<TransactionKind> {
    public static final TransactionKind ONESHOT = new TransactionKind(0, "oneshot", "t", "one-shot", "#00897b", false);
    public static final TransactionKind READ = new TransactionKind(1, "read", "r", "RDMA Read", "#1e88e5", false);
    public static final TransactionKind WRITE = new TransactionKind(2, "write", "w", "RDMA Write", "#43a047", false);
    public static final TransactionKind SEND = new TransactionKind(3, "send", "s", "Send", "#8e24aa", false);
    public static final TransactionKind ATOMIC = new TransactionKind(4, "atomic", "a", "Atomic", "#6d4c41", false);

    private static final TransactionKind[] VALUES;

    static {
        List<TransactionKind> all = new ArrayList<>(List.of(ONESHOT, READ, WRITE, SEND, ATOMIC));
        for (Ulp u : Ulps.all()) {
            if (u.pairsCalls()) {
                all.add(new TransactionKind(all.size(), u.name(), u.idPrefix(), u.displayName(), u.colour(), true));
            }
        }
        VALUES = all.toArray(new TransactionKind[0]);
    }

    /** The contract's name ({@code "kind"} in JSON). */
    public final String jsonName;
    /** The prefix of this kind's transaction ids ("t1", "r1", "w1", "rpc1"). */
    public final String idPrefix;
    public final String displayName;
    /** The colour of this kind's transactions in the desktop's timeline ("#1e88e5"), or null for grey. */
    public final String colour;
    private final int ordinal;
    private final boolean upperLayer;

    private TransactionKind(int ordinal, String jsonName, String idPrefix, String displayName, String colour,
                            boolean upperLayer) {
        this.ordinal = ordinal;
        this.jsonName = jsonName;
        this.idPrefix = idPrefix;
        this.displayName = displayName;
        this.colour = colour;
        this.upperLayer = upperLayer;
    }

    /** Every kind: the RDMA operations' first, then the upper-layer protocols' (a copy). */
    public static TransactionKind[] values() {
        return VALUES.clone();
    }

    /** The place of this kind among {@link #values()}. */
    public int ordinal() {
        return ordinal;
    }

    /** The kind's constant-style name ("READ", "RPC"). */
    public String name() {
        return jsonName.toUpperCase(Locale.ROOT);
    }

    /** The kind of this JSON name, or null. */
    public static TransactionKind of(String jsonName) {
        for (TransactionKind k : VALUES) {
            if (k.jsonName.equals(jsonName)) {
                return k;
            }
        }
        return null;
    }

    /** Whether this is an upper-layer exchange (a call of a protocol with its reply). */
    public boolean upperLayer() {
        return upperLayer;
    }

    @Override
    public int compareTo(TransactionKind o) {
        return Integer.compare(ordinal, o.ordinal);
    }

    @Override
    public String toString() {
        return name();
    }
}

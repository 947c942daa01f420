package io.rdmascope.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NICs of a capture's endpoints, each identified by its IP address, with the limits of the
 * buffer pool (one-shot extension, "NIC model limits"). Read-only views ({@link #stagTable},
 * {@link #pools}) show one endpoint's state as of the last event the model was given; to show it
 * at frame N, feed the model the events up to frame N.
 */
public final class NicModel {
    /** Bound on STag table entries per NIC (valid and remembered invalid ones). */
    public static final int DEFAULT_MAX_STAGS = 1 << 20;

    final int buffersPerQp;
    final int maxPerOperation;
    final int maxStags;
    private final Map<String, Nic> nics = new LinkedHashMap<>();
    private Nic last;

    public NicModel(int buffersPerQp, int maxPerOperation) {
        this(buffersPerQp, maxPerOperation, DEFAULT_MAX_STAGS);
    }

    public NicModel(int buffersPerQp, int maxPerOperation, int maxStags) {
        this.buffersPerQp = buffersPerQp;
        this.maxPerOperation = maxPerOperation;
        this.maxStags = Math.max(1, maxStags);
    }

    public int buffersPerQp() {
        return buffersPerQp;
    }

    public int maxPerOperation() {
        return maxPerOperation;
    }

    /** The NIC of an IP address, created on first use. */
    public Nic nic(String address) {
        Nic l = last;
        if (l != null && l.address().equals(address)) {
            return l;
        }
        Nic n = nics.get(address);
        if (n == null) {
            n = new Nic(address, this);
            nics.put(address, n);
        }
        last = n;
        return n;
    }

    /** The NIC of an address if the model knows it, else null. */
    public Nic find(String address) {
        return nics.get(address);
    }

    /** The NICs, in order of first appearance. */
    public Iterable<Nic> nics() {
        return nics.values();
    }

    /** The endpoints' addresses, in order of first appearance. */
    public List<String> endpoints() {
        return new ArrayList<>(nics.keySet());
    }

    public List<StagView> stagTable(String address) {
        Nic n = nics.get(address);
        return n == null ? List.of() : n.stagTable();
    }

    public List<PoolView> pools(String address) {
        Nic n = nics.get(address);
        return n == null ? List.of() : n.pools();
    }
}

package io.rdmascope.engine;

import io.rdmascope.model.NicModel;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.rdma.RdmaConnection;
import java.util.HashMap;
import java.util.IdentityHashMap;

/**
 * The connections the engine has seen, by MPA connection and by id. Consecutive events mostly
 * concern one connection, so the last one found is kept at hand.
 *
 * <p>A connection that is over ({@link #retire}) is forgotten; only its two addresses are kept,
 * for the last {@link #RETIRED_ADDRESSES} connections retired, so that a region advertised on it
 * is still matched to the hosts it was advertised between ({@link #addresses}).
 */
final class Connections {
    /** Retired connections whose addresses are kept. */
    static final int RETIRED_ADDRESSES = 1 << 14;

    private final NicModel model;
    /** The addresses of the connections retired last, by id, oldest first. */
    private final java.util.LinkedHashMap<String, String[]> retired = new java.util.LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<String, String[]> eldest) {
            return size() > RETIRED_ADDRESSES;
        }
    };
    private final IdentityHashMap<MpaConnection, Conn> byMpa = new IdentityHashMap<>();
    private final HashMap<String, Conn> byId = new HashMap<>();
    private final IdentityHashMap<RdmaConnection, Conn> byLink = new IdentityHashMap<>();
    private Object lastKey;
    private Conn lastConn;

    Connections(NicModel model) {
        this.model = model;
    }

    /** The state of a connection, made on its first event. */
    Conn of(MpaConnection c) {
        if (c == lastKey) {
            return lastConn;
        }
        Conn s = byMpa.get(c);
        if (s == null) {
            s = new Conn(c, model);
            byMpa.put(c, s);
            byId.put(s.id, s);
        }
        lastKey = c;
        lastConn = s;
        return s;
    }

    /** The state of a transport-neutral connection, made on its first event. */
    Conn of(RdmaConnection c) {
        if (c == lastKey) {
            return lastConn;
        }
        Conn s = byLink.get(c);
        if (s == null) {
            s = new Conn(c, model);
            byLink.put(c, s);
            byId.put(s.id, s);
        }
        lastKey = c;
        lastConn = s;
        return s;
    }

    /** The connection with this id ("c1"), or null (also once it is retired). */
    Conn byId(String id) {
        return byId.get(id);
    }

    /** The state of an MPA connection, or null when it has none (no event yet, or retired). */
    Conn find(MpaConnection c) {
        return byMpa.get(c);
    }

    /**
     * The source address of each direction of the connection with this id (indexed as
     * {@link Conn#address}), also for one of the last retired; null when unknown.
     */
    String[] addresses(String id) {
        Conn c = byId.get(id);
        return c != null ? c.address : retired.get(id);
    }

    /** Connections the engine keeps state for. */
    int size() {
        return byId.size();
    }

    /** Forgets a connection that is over; its addresses are kept a while ({@link #addresses}). */
    void retire(Conn c) {
        if (byId.remove(c.id) == null) {
            return;
        }
        if (c.mpa != null) {
            byMpa.remove(c.mpa);
        }
        if (c.link != null) {
            byLink.remove(c.link);
        }
        if (lastConn == c) {
            lastKey = null;
            lastConn = null;
        }
        retired.put(c.id, c.address);
    }
}

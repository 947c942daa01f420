package io.rdmascope.engine;

import io.rdmascope.model.NicModel;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.rdma.RdmaConnection;
import java.util.HashMap;
import java.util.IdentityHashMap;

/**
 * The connections the engine has seen, by MPA connection and by id. Consecutive events mostly
 * concern one connection, so the last one found is kept at hand.
 */
final class Connections {
    private final NicModel model;
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

    /** The connection with this id ("c1"), or null. */
    Conn byId(String id) {
        return byId.get(id);
    }
}

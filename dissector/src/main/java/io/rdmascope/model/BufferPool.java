package io.rdmascope.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The buffers one queue pair (one MPA connection, one direction of advertisement) holds for
 * advertised regions. A region counts once towards {@code buffersPerQp}; towards
 * {@code maxPerOperation} it counts for every operation type its access allows: a region open
 * to both remote write and remote read takes one buffer of each type, because the NIC must be
 * ready to serve either operation on it. A region with no access bit counts only towards
 * {@code buffersPerQp}.
 */
public final class BufferPool {
    final String connection;
    final String advertiser;
    final List<StagEntry> allocated = new ArrayList<>();
    int write;
    int read;

    BufferPool(String connection, String advertiser) {
        this.connection = connection;
        this.advertiser = advertiser;
    }

    public int allocated() {
        return allocated.size();
    }

    public int write() {
        return write;
    }

    public int read() {
        return read;
    }

    void add(StagEntry e) {
        allocated.add(e);
        if (e.remoteWrite()) {
            write++;
        }
        if (e.remoteRead()) {
            read++;
        }
    }

    boolean remove(StagEntry e) {
        if (!allocated.remove(e)) {
            return false;
        }
        if (e.remoteWrite()) {
            write--;
        }
        if (e.remoteRead()) {
            read--;
        }
        return true;
    }

    PoolView view(int buffersPerQp, int maxPerOperation) {
        return new PoolView(connection, advertiser, allocated.size(), write, read, buffersPerQp, maxPerOperation);
    }
}

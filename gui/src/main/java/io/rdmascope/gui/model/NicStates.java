package io.rdmascope.gui.model;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reconstructs the NIC model's state at a frame from the transactions the engine reported: an
 * initiation binds its STag at the advertiser (valid from the initiation frame), a completion
 * invalidates it, and an aborted transaction's region is freed when its connection closed. The
 * pool of a queue pair counts the regions bound at that moment.
 */
public final class NicStates {
    private NicStates() {}

    public static NicState at(long frame, List<Transaction> transactions, NicSettings settings) {
        Map<String, List<NicState.StagEntry>> stags = new TreeMap<>();
        Map<String, Map<String, int[]>> pools = new TreeMap<>();
        for (Transaction t : transactions) {
            if (t.initiationFrame > frame) {
                continue;
            }
            NicState.StagState state;
            long end = t.completionFrame >= 0 ? t.completionFrame : lastFrame(t);
            if (t.completionFrame >= 0 && t.completionFrame <= frame) {
                state = NicState.StagState.INVALIDATED;
            } else if (t.status == TransactionStatus.ABORTED && end <= frame) {
                state = NicState.StagState.ABORTED;
            } else {
                state = NicState.StagState.VALID;
            }
            stags.computeIfAbsent(t.advertiser, k -> new ArrayList<>()).add(new NicState.StagEntry(
                    t.advertiser, t.stag, t.to, t.length, t.access, state, t.connection, t.initiationFrame, t.id));
            int[] pool = pools.computeIfAbsent(t.advertiser, k -> new TreeMap<>())
                    .computeIfAbsent(t.connection, k -> new int[3]);
            if (state == NicState.StagState.VALID) {
                pool[0]++;
                if (t.remoteWrite()) {
                    pool[1]++;
                }
                if (t.remoteRead()) {
                    pool[2]++;
                }
            }
        }
        List<NicState.EndpointState> endpoints = new ArrayList<>();
        for (Map.Entry<String, List<NicState.StagEntry>> e : stags.entrySet()) {
            List<NicState.PoolEntry> poolRows = new ArrayList<>();
            for (Map.Entry<String, int[]> p : pools.get(e.getKey()).entrySet()) {
                int[] v = p.getValue();
                poolRows.add(new NicState.PoolEntry(p.getKey(), v[0], settings.buffersPerQp(), v[1], v[2],
                        settings.maxPerOperation()));
            }
            endpoints.add(new NicState.EndpointState(e.getKey(), List.copyOf(e.getValue()), poolRows));
        }
        return new NicState(frame, endpoints);
    }

    private static long lastFrame(Transaction t) {
        long last = t.initiationFrame;
        for (Long f : t.dataFrames) {
            last = Math.max(last, f);
        }
        return last;
    }
}

package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.IbPacket;
import io.rdmascope.roce.Opcodes;
import io.rdmascope.report.KindTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the analysis of a capture found, as the loading thread collects it: connections (MPA
 * connections, then RoCE queue-pair connections), transactions and violations as the engine reports
 * them, violations by frame, and the counts of the statistics pane. Each collection has its own
 * lock, so the application thread may read while loading goes on.
 */
final class Findings {
    private final List<ConnectionInfo> connections = Collections.synchronizedList(new ArrayList<>());
    private final TransactionStore transactions = new TransactionStore();
    private final List<Violation> violations = Collections.synchronizedList(new ArrayList<>());
    private final Map<Long, List<Violation>> violationsByFrame = new HashMap<>();
    private final long[] opcodeCounts = new long[16];
    private final Map<String, Long> bytesByConnection = new TreeMap<>();
    /** RoCE queue-pair connections; their QPNs may become known after they do, so they are described when asked. */
    private final List<RdmaConnection> rdmaConnections = Collections.synchronizedList(new ArrayList<>());
    /** InfiniBand packets by opcode name, in the order first seen. */
    private final Map<String, Long> ibOpcodeCounts = new LinkedHashMap<>();

    /** The transactions themselves, for the index that files them by frame. */
    TransactionStore transactionStore() {
        return transactions;
    }

    void connection(MpaConnection c) {
        connections.add(new ConnectionInfo(c.id(), c.tcp().initiator().toString(), c.tcp().responder().toString()));
    }

    void connection(RdmaConnection c) {
        rdmaConnections.add(c);
    }

    /** Counts an InfiniBand packet under its opcode and its payload under its connection. */
    void ibPacket(IbPacket p) {
        synchronized (ibOpcodeCounts) {
            ibOpcodeCounts.merge(p.cm != null ? RoceFrames.cmName(p.cm) : Opcodes.name(p.opcode), 1L, Long::sum);
        }
        if (p.connection != null) {
            synchronized (bytesByConnection) {
                bytesByConnection.merge(p.connection, (long) Math.max(0, p.payloadLength), Long::sum);
            }
        }
    }

    /** Counts a DDP segment under its opcode and its payload under its connection. */
    void pdu(MpaConnection c, DdpSegment s) {
        if (s != null && s.opcode >= 0 && s.opcode < 16) {
            synchronized (opcodeCounts) {
                opcodeCounts[s.opcode]++;
            }
        }
        synchronized (bytesByConnection) {
            bytesByConnection.merge(c.id(), (long) Math.max(0, s == null ? 0 : s.payloadLength), Long::sum);
        }
    }

    void violation(Violation v) {
        violations.add(v);
        synchronized (violationsByFrame) {
            violationsByFrame.computeIfAbsent(v.frame(), k -> new ArrayList<>(1)).add(v);
        }
    }

    /** Adds a transaction; returns its index in the order reported. */
    int transaction(Transaction t) {
        return transactions.add(t);
    }

    List<ConnectionInfo> connections() {
        List<ConnectionInfo> all;
        synchronized (connections) {
            all = new ArrayList<>(connections);
        }
        synchronized (rdmaConnections) {
            for (RdmaConnection c : rdmaConnections) {
                all.add(RoceFrames.info(c));
            }
        }
        return List.copyOf(all);
    }

    /** The transactions reported so far, read back as asked for. */
    List<Transaction> transactions() {
        return transactions.snapshot();
    }

    List<Violation> violations() {
        synchronized (violations) {
            return List.copyOf(violations);
        }
    }

    List<Violation> violationsAt(long frame) {
        synchronized (violationsByFrame) {
            List<Violation> v = violationsByFrame.get(frame);
            return v == null ? List.of() : List.copyOf(v);
        }
    }

    CaptureStatistics statistics() {
        Map<String, Long> byOpcode = new LinkedHashMap<>();
        synchronized (opcodeCounts) {
            for (int i = 0; i < 16; i++) {
                if (opcodeCounts[i] > 0) {
                    Opcode op = Opcode.of(i);
                    byOpcode.put(op != null ? op.displayName : "0x" + Integer.toHexString(i), opcodeCounts[i]);
                }
            }
        }
        synchronized (ibOpcodeCounts) {
            byOpcode.putAll(ibOpcodeCounts);
        }
        Map<String, Long> bytes;
        synchronized (bytesByConnection) {
            bytes = new LinkedHashMap<>(bytesByConnection);
        }
        List<Transaction> all = transactions();
        long[] latencies = all.stream().mapToLong(Transaction::latencyNanos).filter(l -> l >= 0).toArray();
        Map<TransactionKind, long[]> byKind = new TreeMap<>();
        for (TransactionKind k : TransactionKind.values()) {
            long[] l = all.stream().filter(t -> t.kind == k).mapToLong(Transaction::latencyNanos).filter(v -> v >= 0)
                    .toArray();
            if (l.length > 0) {
                byKind.put(k, l);
            }
        }
        return new CaptureStatistics(byOpcode, bytes, latencies, KindTable.of(all), byKind);
    }
}

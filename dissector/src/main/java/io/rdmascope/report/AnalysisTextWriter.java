package io.rdmascope.report;

import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.fields.Hex;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.CaptureSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.roce.QueuePairs;
import io.rdmascope.tcp.Direction;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * The {@code analyze} text output, for people: per file a summary first, then the connections with
 * their MPA parameters, the transactions as a table, and the violations grouped by severity (errors
 * first), each with its frame, code, message and reference.
 *
 * <p>The text is for reading, so a flood of one violation does not bury the rest: within a
 * severity, the first {@value #LISTED_PER_CODE} violations of each code are listed, and the others
 * of that code are summarised in one line after the group ("... and 998000 more MPA_CRC_MISMATCH,
 * frames 1003-1000000"), much as Wireshark's Expert Information groups repeated items under one
 * entry with a count. The counts in the header and {@code --format json} always cover every
 * violation. Transactions are all listed.
 */
public final class AnalysisTextWriter {
    private AnalysisTextWriter() {}

    public static void write(List<FileAnalysis> files, PrintWriter out) {
        boolean first = true;
        for (FileAnalysis f : files) {
            if (!first) {
                out.println();
            }
            first = false;
            writeFile(f, out);
        }
        out.flush();
    }

    static void writeFile(FileAnalysis f, PrintWriter out) {
        writeFile(f, out, LISTED_PER_CODE);
    }

    /**
     * @param listedPerCode violations of one code (within a severity) listed one per line before
     *     the rest of them are summarised in one line
     */
    static void writeFile(FileAnalysis f, PrintWriter out, int listedPerCode) {
        Map<Severity, Long> counts = f.violationCounts();
        long transactions = f.transactions().size();
        long violations = f.violations().size();
        long roce = f.rdmaConnectionCount();
        out.println(f.path() + ": " + f.frames() + plural(f.frames(), " frame") + ", "
                + (roce == 0 || f.connectionCount() > 0
                        ? f.connectionCount() + plural(f.connectionCount(), " MPA connection") + ", " : "")
                + (roce > 0 ? roce + plural(roce, " RoCE connection") + ", " : "")
                + transactions + plural(transactions, " transaction") + ": " + findings(counts));
        if (transactions > 0) {
            StringBuilder sb = new StringBuilder("  transactions:");
            String sep = " ";
            for (Map.Entry<TransactionKind, Map<TransactionStatus, Long>> k : f.transactionCountsByKind().entrySet()) {
                sb.append(sep).append(k.getKey().jsonName);
                String inner = " ";
                for (Map.Entry<TransactionStatus, Long> e : k.getValue().entrySet()) {
                    sb.append(inner).append(e.getValue()).append(' ').append(e.getKey().jsonName());
                    inner = ", ";
                }
                sep = "; ";
            }
            out.println(sb);
        }
        if (f.problem() != null) {
            out.println("  reading stopped early: " + f.problem());
        }
        CaptureSummary capture = f.capture();
        if (capture != null) {
            CaptureStatistics c = capture.totals();
            out.println("  capture on " + capture.iface() + ": " + c.received() + " received, " + c.droppedByKernel()
                    + " dropped by the kernel or libpcap, " + c.droppedByInterface() + " by the interface"
                    + (capture.lossCount() > 0 ? "; " + capture.lossCount() + plural(capture.lossCount(), " gap")
                    + " put down to capture loss" : ""));
        }

        if (f.connectionCount() > 0 || roce > 0) {
            out.println();
            out.println("Connections");
            for (ConnectionSummary s : f.connections()) {
                out.println("  " + describe(s));
            }
            long summarised = f.summarisedConnections() + f.summarisedRdmaConnections();
            if (summarised > 0) {
                out.println("  ... and " + summarised
                        + plural(summarised, " more connection") + " over before the end, "
                        + f.summarisedFpdus() + plural(f.summarisedFpdus(), " FPDU") + " (summarised)");
            }
            for (RdmaConnection c : f.rdmaConnections()) {
                out.println("  " + describe(c));
            }
        }
        if (f.untrackedRdmaPackets() > 0) {
            out.println("  ... and " + f.untrackedRdmaPackets() + plural(f.untrackedRdmaPackets(), " packet")
                    + " of queue pairs beyond the " + QueuePairs.MAX_CONNECTIONS
                    + " connections followed at once (counted, not judged)");
        }

        if (capture != null && !capture.losses().isEmpty()) {
            out.println();
            out.println("Capture loss (gaps while the capture dropped frames: not violations)");
            int shown = 0;
            for (CaptureSummary.CaptureLoss l : capture.losses()) {
                if (shown++ == listedPerCode) {
                    out.println("  ... and " + (capture.lossCount() - listedPerCode) + " more (--format json lists "
                            + CaptureSummary.MAX_LOSSES + ")");
                    break;
                }
                Violation v = l.violation();
                out.println("  frame " + v.frame() + (v.connection() != null ? "  " + v.connection() : "") + "  "
                        + v.code().name() + ": " + v.message() + " (the kernel dropped " + l.dropped()
                        + plural(l.dropped(), " frame") + " then)");
            }
        }

        if (transactions > 0) {
            out.println();
            out.println("Transactions");
            table(out, KIND_HEADER, kindRows(KindTable.of(f.transactions())));
            if (has(f, TransactionKind.ONESHOT)) {
                out.println();
                out.println("  one-shot");
                // two passes over the transactions (they may be on disk): column widths, then the rows
                int[] width = new int[HEADER.length];
                widen(width, HEADER);
                for (Transaction t : f.transactions()) {
                    if (t.oneShot()) {
                        widen(width, row(t));
                    }
                }
                out.println(line(HEADER, width));
                for (Transaction t : f.transactions()) {
                    if (t.oneShot()) {
                        out.println(line(row(t), width));
                    }
                }
            }
            boolean upper = false;
            for (TransactionKind k : f.transactionCountsByKind().keySet()) {
                upper |= k.upperLayer();
            }
            if (upper) {
                out.println();
                out.println("  upper-layer exchanges");
                List<String[]> rows = new java.util.ArrayList<>();
                for (Transaction t : f.transactions()) {
                    if (t.kind.upperLayer()) {
                        rows.add(ulpRow(t));
                    }
                }
                table(out, ULP_HEADER, rows);
            }
            out.println("  (read, write, send and atomic operations: --format json lists every one)");
        }

        if (violations > 0) {
            out.println();
            out.println("Violations");
            ViolationCode[] codes = ViolationCode.values();
            for (int s = Severity.values().length - 1; s >= 0; s--) {
                Severity sev = Severity.values()[s];
                long group = counts.get(sev);
                if (group == 0) {
                    continue;
                }
                out.println("  " + sev.jsonName() + " (" + group + ")");
                long[] seen = new long[codes.length];
                long[] firstOmitted = new long[codes.length];
                long[] lastOmitted = new long[codes.length];
                for (Violation v : f.violations()) {
                    if (v.severity() != sev) {
                        continue;
                    }
                    int c = v.code().ordinal();
                    if (++seen[c] > listedPerCode) {
                        if (seen[c] == listedPerCode + 1L) {
                            firstOmitted[c] = v.frame();
                        }
                        lastOmitted[c] = v.frame();
                        continue;
                    }
                    out.println(describe(v));
                }
                for (ViolationCode code : codes) {
                    long more = seen[code.ordinal()] - listedPerCode;
                    if (more > 0) {
                        long a = firstOmitted[code.ordinal()];
                        long b = lastOmitted[code.ordinal()];
                        out.println("    ... and " + more + " more " + code.name() + ", "
                                + (a == b ? "frame " + a : "frames " + a + "-" + b)
                                + " (--format json lists every one)");
                    }
                }
            }
        }
    }

    /** Violations of one code and severity listed one per line; the rest are summarised in one line. */
    static final int LISTED_PER_CODE = 1000;

    /** "1 error, 2 warnings, 3 notes": the findings by severity, info called notes. */
    static String findings(Map<Severity, Long> counts) {
        return counts.get(Severity.ERROR) + plural(counts.get(Severity.ERROR), " error") + ", "
                + counts.get(Severity.WARNING) + plural(counts.get(Severity.WARNING), " warning") + ", "
                + counts.get(Severity.INFO) + plural(counts.get(Severity.INFO), " note");
    }

    private static boolean has(FileAnalysis f, TransactionKind kind) {
        return f.transactionCountsByKind().containsKey(kind);
    }

    private static final String[] KIND_HEADER = {"kind", "conn", "count", "bytes", "completed", "latency median",
        "p99", "max"};

    private static List<String[]> kindRows(KindTable k) {
        List<String[]> rows = new java.util.ArrayList<>();
        for (KindTable.Row r : k.rows()) {
            rows.add(new String[] {r.kind.jsonName, r.connection, Long.toString(r.count), Long.toString(r.bytes),
                Long.toString(r.completed), duration(r.quantile(0.5)), duration(r.quantile(0.99)), duration(r.max)});
        }
        return rows;
    }

    private static final String[] ULP_HEADER = {"id", "conn", "from", "what", "frames", "operations", "bytes",
        "status", "latency"};

    private static String[] ulpRow(Transaction t) {
        return new String[] {t.id, t.connection, t.advertiser, t.summary == null ? "-" : t.summary,
            t.startFrame() + "-" + t.endFrame(), t.operations == null ? "-" : String.join(",", t.operations),
            Long.toString(t.bytes), t.status.jsonName(), latency(t)};
    }

    private static void table(PrintWriter out, String[] header, List<String[]> rows) {
        int[] width = new int[header.length];
        widen(width, header);
        for (String[] r : rows) {
            widen(width, r);
        }
        out.println(line(header, width));
        for (String[] r : rows) {
            out.println(line(r, width));
        }
    }

    private static final String[] HEADER = {"id", "conn", "advertiser", "stag", "to", "length", "access", "init",
        "data", "bytes", "completion", "done", "status", "latency"};

    private static String[] row(Transaction t) {
        return new String[] {t.id, t.connection, t.advertiser, Hex.stag(t.stag), Hex.to(t.to),
            Long.toString(t.length), access(t), Long.toString(t.initiationFrame), frames(t.dataFrames),
            Long.toString(t.bytes), t.completion == null ? "-" : t.completion.jsonName,
            t.completionFrame < 0 ? "-" : Long.toString(t.completionFrame), t.status.jsonName(), latency(t)};
    }

    private static void widen(int[] width, String[] row) {
        for (int i = 0; i < row.length; i++) {
            width[i] = Math.max(width[i], row[i].length());
        }
    }

    private static String line(String[] r, int[] width) {
        StringBuilder sb = new StringBuilder("  ");
        for (int i = 0; i < r.length; i++) {
            sb.append(r[i]);
            if (i < r.length - 1) {
                sb.append(" ".repeat(width[i] - r[i].length() + 2));
            }
        }
        return sb.toString();
    }

    /** One violation line: frame, code, connection, transaction, STag, message, reference. */
    static String describe(Violation v) {
        StringBuilder sb = new StringBuilder("    frame ").append(v.frame()).append("  ").append(v.code().name());
        if (v.connection() != null) {
            sb.append("  ").append(v.connection());
        }
        if (v.transaction() != null) {
            sb.append(' ').append(v.transaction());
        }
        if (v.stag() != null) {
            sb.append("  stag ").append(Hex.stag(v.stag()));
        }
        sb.append(": ").append(v.message());
        if (v.reference() != null) {
            sb.append(" (").append(v.reference()).append(')');
        }
        return sb.toString();
    }

    /** One line: id, endpoints and what MPA negotiated. */
    /** One line on a RoCE connection: its ends, its queue pairs and what its wire showed. */
    static String describe(RdmaConnection c) {
        StringBuilder sb = new StringBuilder(c.id()).append("  ").append(c.source(Direction.FROM_INITIATOR))
                .append(" -> ").append(c.source(Direction.FROM_RESPONDER)).append("  ").append(c.transport());
        if (c instanceof QpConnection q) {
            if (!q.reliable()) {
                sb.append(' ').append(q.serviceName());
            }
            sb.append(" QP ").append(qpn(q.qpn[0])).append(" <-> ").append(qpn(q.qpn[1]));
            sb.append(q.assumed() ? ", set-up not captured" : ", CM");
            if (q.pathMtu > 0) {
                sb.append(", MTU ").append(q.pathMtu);
            }
            QpConnection.Counters n = q.counters;
            sb.append(", ").append(n.packets).append(plural(n.packets, " packet"));
            if (n.retransmittedPackets > 0) {
                sb.append(", ").append(n.retransmittedPackets).append(" retransmitted in ").append(n.goBackN)
                        .append(plural(n.goBackN, " Go-Back-N run"));
            }
            if (n.duplicatePackets > 0) {
                sb.append(", ").append(n.duplicatePackets).append(" duplicated");
            }
            if (n.resumedReads > 0) {
                sb.append(", ").append(n.resumedReads).append(plural(n.resumedReads, " resumed Read"));
            }
            long naks = n.sequenceNaks + n.rnrNaks + n.otherNaks;
            if (naks > 0) {
                sb.append(", ").append(naks).append(plural(naks, " NAK"));
            }
            if (n.ecnCe + n.cnps > 0) {
                sb.append(", ").append(n.ecnCe).append(" ECN CE, ").append(n.cnps).append(plural(n.cnps, " CNP"));
            }
            if (!q.reliable() && n.missingPackets > 0) {
                sb.append(", ").append(n.missingPackets).append(plural(n.missingPackets, " PSN"))
                        .append(" missing (their messages dropped)");
            }
            if (n.snapshotCut > 0) {
                sb.append(", ").append(n.snapshotCut).append(n.snapshotCut == n.packets ? " (all)" : "")
                        .append(" cut by the snapshot length (ICRC not checked)");
            }
            if (n.sequenceStateDropped > 0) {
                sb.append(", PSNs followed anew ").append(n.sequenceStateDropped)
                        .append(plural(n.sequenceStateDropped, " time")).append(" (too many queue pairs at once)");
            }
        }
        return sb.toString();
    }

    /** A QPN as the reports show it ("0x000011"), "?" when unknown. */
    static String qpn(long qpn) {
        return qpn < 0 ? "?" : Hex.atLeast(qpn, 6);
    }

    static String describe(ConnectionSummary s) {
        MpaConnection c = s.connection();
        StringBuilder sb = new StringBuilder();
        sb.append(c.id()).append("  ").append(c.tcp().initiator()).append(" -> ").append(c.tcp().responder());
        sb.append("  MPA ");
        sb.append(c.revision == 0 ? "revision ?" : "revision " + c.revision);
        sb.append(c.crc ? ", CRC" : ", no CRC");
        boolean mi = c.markers(Direction.FROM_INITIATOR);
        boolean mr = c.markers(Direction.FROM_RESPONDER);
        sb.append(mi && mr ? ", markers" : mi ? ", markers from initiator" : mr ? ", markers from responder"
                : ", no markers");
        if (c.rejected) {
            sb.append(", rejected");
        }
        if (c.initiatorIrd != null || c.initiatorOrd != null || c.responderIrd != null || c.responderOrd != null) {
            sb.append(", IRD/ORD initiator ").append(orDash(c.initiatorIrd)).append('/').append(orDash(c.initiatorOrd))
                    .append(" responder ").append(orDash(c.responderIrd)).append('/').append(orDash(c.responderOrd));
        }
        sb.append(", ").append(s.fpdus()).append(plural(s.fpdus(), " FPDU"));
        if (c.assumed) {
            sb.append(" (handshake not captured: parameters inferred)");
        }
        if (c.snapshotCut > 0) {
            sb.append(", ").append(c.snapshotCut).append(plural(c.snapshotCut, " TCP segment"))
                    .append(" cut by the snapshot length (CRC not checked)");
        }
        return sb.toString();
    }

    private static String orDash(Integer v) {
        return v == null ? "-" : v.toString();
    }

    private static String access(Transaction t) {
        if (t.remoteWrite() && t.remoteRead()) {
            return "write,read";
        }
        return t.remoteWrite() ? "write" : t.remoteRead() ? "read" : "-";
    }

    /** Frame numbers, with runs of consecutive frames shortened to "first-last". */
    static String frames(List<Long> frames) {
        if (frames.isEmpty()) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < frames.size()) {
            int j = i;
            while (j + 1 < frames.size() && frames.get(j + 1) == frames.get(j) + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(frames.get(i));
            if (j > i) {
                sb.append('-').append(frames.get(j));
            }
            i = j + 1;
        }
        return sb.toString();
    }

    private static String latency(Transaction t) {
        return t.completionFrame < 0 ? "-" : duration(t.latencyNanos());
    }

    /** A duration for people ("850 ns", "42 us", "12 ms"), or "-" when negative. */
    public static String duration(long ns) {
        if (ns < 0) {
            return "-";
        }
        if (ns < 10_000) {
            return ns + " ns";
        }
        if (ns < 10_000_000) {
            return (ns / 1000) + " us";
        }
        return (ns / 1_000_000) + " ms";
    }

    private static String plural(long n, String word) {
        return n == 1 ? word : word + "s";
    }
}

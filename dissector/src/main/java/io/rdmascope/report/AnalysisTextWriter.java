package io.rdmascope.report;

import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.tcp.Direction;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code analyze} text output, for people: per file a summary first, then the connections with
 * their MPA parameters, the transactions as a table, and the violations grouped by severity (errors
 * first), each with its frame, code, message and reference.
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
        Map<Severity, Integer> counts = f.violationCounts();
        out.println(f.path() + ": " + f.frames() + plural(f.frames(), " frame") + ", "
                + f.connections().size() + plural(f.connections().size(), " MPA connection") + ", "
                + f.transactions().size() + plural(f.transactions().size(), " transaction") + ", "
                + f.violations().size() + plural(f.violations().size(), " violation"));
        out.println("  violations: " + counts.get(Severity.ERROR) + plural(counts.get(Severity.ERROR), " error") + ", "
                + counts.get(Severity.WARNING) + plural(counts.get(Severity.WARNING), " warning") + ", "
                + counts.get(Severity.INFO) + " info");
        if (!f.transactions().isEmpty()) {
            StringBuilder sb = new StringBuilder("  transactions:");
            String sep = " ";
            for (Map.Entry<TransactionStatus, Integer> e : f.transactionCounts().entrySet()) {
                sb.append(sep).append(e.getValue()).append(' ').append(e.getKey().jsonName());
                sep = ", ";
            }
            out.println(sb);
        }
        if (f.problem() != null) {
            out.println("  reading stopped early: " + f.problem());
        }

        if (!f.connections().isEmpty()) {
            out.println();
            out.println("Connections");
            for (ConnectionSummary s : f.connections()) {
                out.println("  " + describe(s));
            }
        }

        if (!f.transactions().isEmpty()) {
            out.println();
            out.println("Transactions");
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"id", "conn", "advertiser", "stag", "to", "length", "access", "init", "data",
                "bytes", "completion", "done", "status", "latency"});
            for (Transaction t : f.transactions()) {
                rows.add(new String[] {t.id, t.connection, t.advertiser, Hex.stag(t.stag), Hex.to(t.to),
                    Long.toString(t.length), access(t), Long.toString(t.initiationFrame), frames(t.dataFrames),
                    Long.toString(t.bytes), t.completion == null ? "-" : t.completion.jsonName,
                    t.completionFrame < 0 ? "-" : Long.toString(t.completionFrame), t.status.jsonName(),
                    latency(t)});
            }
            table(rows, out);
        }

        if (!f.violations().isEmpty()) {
            out.println();
            out.println("Violations");
            for (int s = Severity.values().length - 1; s >= 0; s--) {
                Severity sev = Severity.values()[s];
                List<Violation> group = new ArrayList<>();
                for (Violation v : f.violations()) {
                    if (v.severity() == sev) {
                        group.add(v);
                    }
                }
                if (group.isEmpty()) {
                    continue;
                }
                out.println("  " + sev.jsonName() + " (" + group.size() + ")");
                for (Violation v : group) {
                    StringBuilder sb = new StringBuilder("    frame ").append(v.frame()).append("  ")
                            .append(v.code().name());
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
                    out.println(sb);
                }
            }
        }
    }

    /** One line: id, endpoints and what MPA negotiated. */
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
        long ns = t.latencyNanos();
        if (t.completionFrame < 0) {
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

    private static void table(List<String[]> rows, PrintWriter out) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < cols; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder("  ");
            for (int i = 0; i < cols; i++) {
                sb.append(r[i]);
                if (i < cols - 1) {
                    sb.append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            out.println(sb);
        }
    }

    private static String plural(long n, String word) {
        return n == 1 ? word : word + "s";
    }
}

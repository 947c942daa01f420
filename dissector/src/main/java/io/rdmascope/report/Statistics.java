package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.tcp.Direction;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code -z} statistics of {@code analyze}, printed after a file's report as tshark prints
 * its own: {@code conv,iwarp} (per MPA connection), {@code conv,roce} (per RoCE connection), {@code rdma,lat} (per kind and connection,
 * from {@link KindTable}), {@code io,stat,INTERVAL} (per interval of capture time) and
 * {@code expert} (the violations by severity and code). In JSON each is a key of the file's
 * {@code "statistics"} object.
 */
public final class Statistics {
    /** One {@code -z} request. */
    public record Request(String name, long intervalNanos) {
        public static final String CONV = "conv,iwarp";
        public static final String CONV_ROCE = "conv,roce";
        public static final String LATENCY = "rdma,lat";
        public static final String IO = "io,stat";
        public static final String EXPERT = "expert";
        /** The statistics there are, as {@code -z} names them. */
        public static final List<String> KNOWN = List.of(CONV, CONV_ROCE, LATENCY, IO + ",INTERVAL", EXPERT);

        /** The request {@code -z text} names, or null when there is no such statistic. */
        public static Request parse(String text) {
            if (text.equals(CONV) || text.equals(CONV_ROCE) || text.equals(LATENCY) || text.equals(EXPERT)) {
                return new Request(text, 0);
            }
            if (text.startsWith(IO + ",")) {
                try {
                    BigDecimal s = new BigDecimal(text.substring(IO.length() + 1));
                    long nanos = s.movePointRight(9).longValueExact();
                    return nanos >= 1000 ? new Request(IO, nanos) : null;
                } catch (NumberFormatException | ArithmeticException e) {
                    return null;
                }
            }
            return null;
        }

        /** Whether it needs the traffic counted beside the analysis. */
        public boolean needsTraffic() {
            return name.equals(CONV) || name.equals(IO);
        }
    }

    private static final String RULE = "=".repeat(80);

    private Statistics() {}

    // ---------------------------------------------------------------- text

    public static void text(List<Request> requests, FileAnalysis f, TrafficStatistics traffic, PrintWriter out) {
        for (Request r : requests) {
            switch (r.name()) {
                case Request.CONV -> conversationsText(traffic, out);
                case Request.CONV_ROCE -> roceConversationsText(f, out);
                case Request.LATENCY -> latencyText(f, out);
                case Request.IO -> ioText(f, traffic, out);
                default -> expertText(f, out);
            }
        }
    }

    private static void conversationsText(TrafficStatistics traffic, PrintWriter out) {
        out.println(RULE);
        out.println("iWARP Conversations");
        out.println("-> is from the initiator to the responder; bytes are FPDU octets on the stream");
        out.printf("%-5s %-23s %-23s %3s %3s %-7s %-11s %-11s %7s %10s %6s %7s %10s %6s %12s %9s %12s%n",
                "Conn", "Initiator", "Responder", "Rev", "CRC", "Markers", "IRD/ORD ->", "IRD/ORD <-",
                "FPDUs->", "Bytes->", "Msgs->", "FPDUs<-", "Bytes<-", "Msgs<-", "Start", "Duration", "Throughput");
        for (TrafficStatistics.Conversation c : traffic.conversations()) {
            var m = c.connection;
            out.printf("%-5s %-23s %-23s %3s %3s %-7s %-11s %-11s %7d %10d %6d %7d %10d %6d %12s %9.4f %12s%n",
                    m.id(), m.tcp().initiator(), m.tcp().responder(), m.revision == 0 ? "?" : m.revision,
                    m.crc ? "yes" : "no", yesNo(m.markers(Direction.FROM_INITIATOR)) + "/"
                            + yesNo(m.markers(Direction.FROM_RESPONDER)),
                    irdOrd(m.initiatorIrd, m.initiatorOrd), irdOrd(m.responderIrd, m.responderOrd),
                    c.fpdus[0], c.bytes[0], c.messages[0], c.fpdus[1], c.bytes[1], c.messages[1],
                    c.firstNanos < 0 ? "-" : seconds(c.firstNanos - traffic.startNanos()).toPlainString(),
                    c.durationSeconds(), bitsPerSecond(c));
        }
        out.println(RULE);
    }

    /** One line per RoCE connection: its queue pairs and what its wire showed (the connection's counters). */
    private static void roceConversationsText(FileAnalysis f, PrintWriter out) {
        out.println(RULE);
        out.println("RoCE Conversations");
        out.println("QPs are the initiator's and the responder's; Retrans are request packets sent again");
        out.printf("%-5s %-23s %-23s %-17s %5s %9s %12s %8s %7s %5s %7s %6s %6s%n", "Conn", "Initiator", "Responder",
                "QPs", "MTU", "Packets", "Bytes", "Retrans", "Resumed", "NAKs", "Missing", "ECN CE", "CNPs");
        for (RdmaConnection c : f.rdmaConnections()) {
            if (!(c instanceof QpConnection q)) {
                continue;
            }
            QpConnection.Counters n = q.counters;
            out.printf("%-5s %-23s %-23s %-17s %5s %9d %12d %8d %7d %5d %7d %6d %6d%n", q.id(),
                    q.source(Direction.FROM_INITIATOR), q.source(Direction.FROM_RESPONDER),
                    AnalysisTextWriter.qpn(q.qpn[0]) + "/" + AnalysisTextWriter.qpn(q.qpn[1]), q.pathMtu < 0 ? "-" : String.valueOf(q.pathMtu), n.packets,
                    n.bytes, n.retransmittedPackets, n.resumedReads, n.sequenceNaks + n.rnrNaks + n.otherNaks,
                    n.missingPackets, n.ecnCe, n.cnps);
        }
        out.println(RULE);
    }

    private static void roceConversationsJson(FileAnalysis f, JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("roceConversations");
        for (RdmaConnection c : f.rdmaConnections()) {
            AnalysisJsonWriter.writeRdmaConnection(g, c);
        }
        g.writeEndArray();
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String irdOrd(Integer ird, Integer ord) {
        return ird == null && ord == null ? "-" : (ird == null ? "-" : ird) + "/" + (ord == null ? "-" : ord);
    }

    /** Both directions' octets in bits per second over the connection's duration; "-" without one. */
    private static String bitsPerSecond(TrafficStatistics.Conversation c) {
        double d = c.durationSeconds();
        if (d <= 0) {
            return "-";
        }
        double bps = (c.bytes[0] + c.bytes[1]) * 8 / d;
        return bps >= 1e9 ? String.format(Locale.ROOT, "%.2f Gbit/s", bps / 1e9)
                : bps >= 1e6 ? String.format(Locale.ROOT, "%.2f Mbit/s", bps / 1e6)
                : String.format(Locale.ROOT, "%.2f kbit/s", bps / 1e3);
    }

    private static BigDecimal seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9);
    }

    private static String micros(long nanos) {
        return nanos < 0 ? "-" : String.format(Locale.ROOT, "%.1f", nanos / 1e3);
    }

    private static void latencyText(FileAnalysis f, PrintWriter out) {
        out.println(RULE);
        out.println("RDMA Operation Latency (microseconds, of the completed operations)");
        out.printf("%-22s %-6s %9s %9s %12s %10s %10s %10s %10s%n", "Kind", "Conn", "Count", "Completed", "Bytes",
                "Min", "Median", "P99", "Max");
        for (KindTable.Row r : KindTable.of(f.transactions()).rows()) {
            out.printf("%-22s %-6s %9d %9d %12d %10s %10s %10s %10s%n", r.kind.jsonName, r.connection, r.count,
                    r.completed, r.bytes, micros(r.quantile(0)), micros(r.quantile(0.5)), micros(r.quantile(0.99)),
                    micros(r.max));
        }
        out.println(RULE);
    }

    /** Per interval: operations started and their octets. */
    private static long[][] operations(FileAnalysis f, TrafficStatistics traffic) {
        long[][] ops = new long[2][traffic.intervals()];
        for (Transaction t : f.transactions()) {
            int i = traffic.intervalOf(t.initiationTimeNanos);
            if (i >= 0) {
                ops[0][i]++;
                ops[1][i] += t.bytes;
            }
        }
        return ops;
    }

    private static void ioText(FileAnalysis f, TrafficStatistics traffic, PrintWriter out) {
        long[][] ops = operations(f, traffic);
        BigDecimal interval = seconds(traffic.intervalNanos()).stripTrailingZeros();
        BigDecimal duration = traffic.startNanos() < 0 ? BigDecimal.ZERO
                : seconds(traffic.endNanos() - traffic.startNanos()).stripTrailingZeros();
        out.println(RULE);
        out.println("iWARP IO Statistics");
        out.println("Duration: " + duration.toPlainString() + " secs");
        out.println("Interval: " + interval.toPlainString() + " secs");
        out.printf("%-23s | %8s | %8s | %13s | %10s | %13s%n", "Interval", "Frames", "FPDUs", "Payload bytes",
                "Operations", "Op bytes");
        for (int i = 0; i < traffic.intervals(); i++) {
            BigDecimal from = interval.multiply(BigDecimal.valueOf(i));
            BigDecimal to = from.add(interval).min(duration.max(from));
            out.printf("%-23s | %8d | %8d | %13d | %10d | %13d%n", shown(from) + " <> " + shown(to),
                    traffic.frames(i), traffic.fpdus(i), traffic.payload(i), ops[0][i], ops[1][i]);
        }
        out.println(RULE);
    }

    /** Seconds as tshark's io,stat shows them: at least one decimal, no trailing zeros beyond it. */
    private static String shown(BigDecimal s) {
        BigDecimal t = s.stripTrailingZeros();
        return (t.scale() < 1 ? t.setScale(1) : t).toPlainString();
    }

    /** One severity's violations by code: count, first frame, first message. */
    private record Group(ViolationCode code, long[] count, Violation first) {}

    private static Map<Severity, Map<ViolationCode, Group>> expert(FileAnalysis f) {
        Map<Severity, Map<ViolationCode, Group>> out = new EnumMap<>(Severity.class);
        for (Violation v : f.violations()) {
            Group g = out.computeIfAbsent(v.severity(), s -> new EnumMap<>(ViolationCode.class))
                    .computeIfAbsent(v.code(), c -> new Group(c, new long[1], v));
            g.count[0]++;
        }
        return out;
    }

    private static final Severity[] MOST_SEVERE_FIRST = {Severity.ERROR, Severity.WARNING, Severity.INFO};

    private static String title(Severity s) {
        return s == Severity.ERROR ? "Errors" : s == Severity.WARNING ? "Warnings" : "Notes";
    }

    /** {@code s} right-aligned in {@code width} columns, as {@code %<width>s}. */
    static String right(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** {@code s} left-aligned in {@code width} columns, as {@code %-<width>s}. */
    static String left(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static void expertText(FileAnalysis f, PrintWriter out) {
        Map<Severity, Map<ViolationCode, Group>> groups = expert(f);
        out.println(RULE);
        out.println("Expert Information");
        if (groups.isEmpty()) {
            out.println("No violations.");
        }
        for (Severity s : MOST_SEVERE_FIRST) {
            Map<ViolationCode, Group> bySeverity = groups.get(s);
            if (bySeverity == null) {
                continue;
            }
            long total = 0;
            for (Group g : bySeverity.values()) {
                total += g.count[0];
            }
            out.println();
            out.println(title(s) + " (" + total + ")");
            out.println("=============");
            // padded by hand: a Formatter would load the locale data at start-up for these few lines
            out.println(right("Frequency", 12) + " " + right("First frame", 12) + "  " + left("Code", 32) + " Summary");
            for (Group g : bySeverity.values()) {
                out.println(right(Long.toString(g.count[0]), 12) + " " + right(Long.toString(g.first.frame()), 12) + "  "
                        + left(g.code.name(), 32) + " " + g.first.message());
            }
        }
        out.println(RULE);
    }

    // ---------------------------------------------------------------- JSON

    /** Writes the {@code "statistics"} object of a file. */
    public static void json(List<Request> requests, FileAnalysis f, TrafficStatistics traffic, JsonGenerator g)
            throws IOException {
        g.writeObjectFieldStart("statistics");
        for (Request r : requests) {
            switch (r.name()) {
                case Request.CONV -> conversationsJson(traffic, g);
                case Request.CONV_ROCE -> roceConversationsJson(f, g);
                case Request.LATENCY -> latencyJson(f, g);
                case Request.IO -> ioJson(f, traffic, g);
                default -> expertJson(f, g);
            }
        }
        g.writeEndObject();
    }

    private static void perDirection(JsonGenerator g, String name, long[] v) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("fromInitiator", v[0]);
        g.writeNumberField("fromResponder", v[1]);
        g.writeEndObject();
    }

    private static void conversationsJson(TrafficStatistics traffic, JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("conversations");
        for (TrafficStatistics.Conversation c : traffic.conversations()) {
            var m = c.connection;
            g.writeStartObject();
            g.writeStringField("connection", m.id());
            g.writeStringField("initiator", m.tcp().initiator().toString());
            g.writeStringField("responder", m.tcp().responder().toString());
            if (m.revision == 0) {
                g.writeNullField("revision");
            } else {
                g.writeNumberField("revision", m.revision);
            }
            g.writeBooleanField("crc", m.crc);
            g.writeBooleanField("markersInitiator", m.markers(Direction.FROM_INITIATOR));
            g.writeBooleanField("markersResponder", m.markers(Direction.FROM_RESPONDER));
            JsonValues.writeNullableInt(g, "initiatorIrd", m.initiatorIrd);
            JsonValues.writeNullableInt(g, "initiatorOrd", m.initiatorOrd);
            JsonValues.writeNullableInt(g, "responderIrd", m.responderIrd);
            JsonValues.writeNullableInt(g, "responderOrd", m.responderOrd);
            perDirection(g, "fpdus", c.fpdus);
            perDirection(g, "bytes", c.bytes);
            perDirection(g, "messages", c.messages);
            if (c.firstNanos >= 0) {
                g.writeFieldName("start");
                g.writeNumber(seconds(c.firstNanos - traffic.startNanos()));
                g.writeFieldName("duration");
                g.writeNumber(seconds(c.lastNanos - c.firstNanos));
            }
            double d = c.durationSeconds();
            if (d > 0) {
                g.writeNumberField("bitsPerSecond", Math.round((c.bytes[0] + c.bytes[1]) * 8 / d));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }


    private static void latencyJson(FileAnalysis f, JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("latency");
        for (KindTable.Row r : KindTable.of(f.transactions()).rows()) {
            g.writeStartObject();
            g.writeStringField("kind", r.kind.jsonName);
            g.writeStringField("connection", r.connection);
            g.writeNumberField("count", r.count);
            g.writeNumberField("completed", r.completed);
            g.writeNumberField("bytes", r.bytes);
            JsonValues.writeNullableLong(g, "minNs", r.quantile(0));
            JsonValues.writeNullableLong(g, "medianNs", r.quantile(0.5));
            JsonValues.writeNullableLong(g, "p99Ns", r.quantile(0.99));
            JsonValues.writeNullableLong(g, "maxNs", r.max);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void ioJson(FileAnalysis f, TrafficStatistics traffic, JsonGenerator g) throws IOException {
        long[][] ops = operations(f, traffic);
        g.writeObjectFieldStart("io");
        g.writeFieldName("interval");
        g.writeNumber(seconds(traffic.intervalNanos()).stripTrailingZeros());
        g.writeArrayFieldStart("intervals");
        for (int i = 0; i < traffic.intervals(); i++) {
            g.writeStartObject();
            g.writeFieldName("start");
            g.writeNumber(seconds(traffic.intervalNanos() * i).stripTrailingZeros());
            g.writeNumberField("frames", traffic.frames(i));
            g.writeNumberField("fpdus", traffic.fpdus(i));
            g.writeNumberField("payloadBytes", traffic.payload(i));
            g.writeNumberField("operations", ops[0][i]);
            g.writeNumberField("operationBytes", ops[1][i]);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void expertJson(FileAnalysis f, JsonGenerator g) throws IOException {
        Map<Severity, Map<ViolationCode, Group>> groups = expert(f);
        g.writeObjectFieldStart("expert");
        for (Severity s : MOST_SEVERE_FIRST) {
            List<Group> list = new ArrayList<>(groups.getOrDefault(s, Map.of()).values());
            g.writeArrayFieldStart(s.jsonName());
            for (Group gr : list) {
                g.writeStartObject();
                g.writeStringField("code", gr.code.name());
                g.writeNumberField("count", gr.count[0]);
                g.writeNumberField("firstFrame", gr.first.frame());
                g.writeStringField("message", gr.first.message());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}

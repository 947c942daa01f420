package io.rdmascope.report;

import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.pipeline.FileAnalysis;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@code analyze --explain} narration, for teaching: frame by frame, what each endpoint's
 * driver and NIC did according to the model (the driver posts one command, the NIC binds the STag,
 * the peer writes, the completion arrives, the NIC de-associates the STag, the driver compares it),
 * with each violation told at the frame where the model found it.
 *
 * <p>One instance narrates one capture. It listens to the engine beside the analysis' own
 * collector ({@link #alongside}), keeps the steps and violations in the order the engine told
 * them, and {@link #write}s them ordered by frame (a stable sort: within a frame, the engine's
 * order), one line each:
 *
 * <pre>
 * frame 8     10.0.0.1  driver  posts one command: advertise STag 0x0a000100 [0x100000, +4096) for remote write (t1)
 * frame 14    violation STAG_BOUNDS (error): RDMA Write [0x100000+3824, +1296) leaves ... [RFC 5040 section 6.4]
 * </pre>
 *
 * The endpoint is shown by its IP address: the model keeps one NIC per address.
 */
public final class ExplainWriter implements EngineListener {
    /** One line of the narration: a model step, or a violation (actor null). */
    private record Event(long frame, String connection, String address, String actor, String text) {}

    private final List<Event> events = new ArrayList<>();

    /** An engine listener that tells both {@code analysis} (first) and this narrator. */
    public EngineListener alongside(EngineListener analysis) {
        return EngineListener.both(analysis, this);
    }

    @Override
    public boolean wantsSteps() {
        return true;
    }

    @Override
    public void step(long frame, String endpoint, String actor, String text) {
        step(frame, null, endpoint, actor, text);
    }

    @Override
    public void step(long frame, String connection, String endpoint, String actor, String text) {
        String a = actor == null ? "" : actor;
        String t = text == null ? "" : text;
        // the engine's sentences name their actor first ("NIC binds ..."): the column already does
        if (!a.isEmpty() && t.startsWith(a + " ")) {
            t = t.substring(a.length() + 1);
        }
        events.add(new Event(frame, connection, address(endpoint), a, t));
    }

    @Override
    public void violation(Violation v) {
        events.add(new Event(v.frame(), v.connection(), null, null, v.code() + " (" + v.severity().name().toLowerCase() + "): "
                + v.message() + (v.reference() == null ? "" : " [" + v.reference() + "]")));
    }

    @Override
    public void transaction(Transaction transaction) {}

    /** "10.0.0.1" of "10.0.0.1:40000", "fe80::1" of "[fe80::1]:40000". */
    static String address(String endpoint) {
        if (endpoint == null) {
            return "?";
        }
        if (endpoint.startsWith("[")) {
            int close = endpoint.indexOf(']');
            return close > 0 ? endpoint.substring(1, close) : endpoint;
        }
        int colon = endpoint.lastIndexOf(':');
        return colon > 0 ? endpoint.substring(0, colon) : endpoint;
    }

    /** Writes the narration of {@code analysis}'s capture, then one line of totals. */
    public void write(FileAnalysis analysis, PrintWriter out) {
        List<Event> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(Event::frame));
        int width = "violation".length();
        int connWidth = 0;
        for (Event e : sorted) {
            if (e.address != null) {
                width = Math.max(width, e.address.length() + 1 + 7);
            }
            if (e.connection != null) {
                connWidth = Math.max(connWidth, e.connection.length() + 2);
            }
        }
        out.println(analysis.path() + ": what each endpoint's driver and NIC did, frame by frame");
        out.println();
        StringBuilder b = new StringBuilder(160);
        for (Event e : sorted) {
            b.setLength(0);
            b.append("frame ").append(e.frame);
            pad(b, 12);
            if (connWidth > 0) {
                b.append(e.connection == null ? "" : e.connection);
                pad(b, 12 + connWidth);
            }
            int at = 12 + connWidth;
            if (e.actor == null) {
                b.append("violation");
                pad(b, at + width + 1);
            } else {
                b.append(e.address).append(' ').append(e.actor);
                pad(b, at + width + 1);
            }
            b.append(e.text);
            out.println(b);
        }
        if (sorted.isEmpty()) {
            out.println("(no iWARP traffic that the model acts on)");
        }
        out.println();
        Map<Severity, Long> v = analysis.violationCounts();
        StringBuilder sum = new StringBuilder().append(analysis.frames()).append(analysis.frames() == 1 ? " frame, " : " frames, ")
                .append(analysis.transactions().size()).append(analysis.transactions().size() == 1 ? " transaction" : " transactions");
        Map<TransactionStatus, Long> ts = analysis.transactionCounts();
        if (!ts.isEmpty()) {
            String sep = " (";
            for (Map.Entry<TransactionStatus, Long> e : ts.entrySet()) {
                sum.append(sep).append(e.getValue()).append(' ').append(e.getKey().jsonName());
                sep = ", ";
            }
            sum.append(')');
        }
        sum.append(": ").append(AnalysisTextWriter.findings(v));
        out.println(sum);
        out.flush();
    }

    private static void pad(StringBuilder b, int column) {
        do {
            b.append(' ');
        } while (b.length() < column);
    }
}

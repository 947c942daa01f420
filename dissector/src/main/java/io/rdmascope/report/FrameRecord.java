package io.rdmascope.report;

import io.rdmascope.engine.Violation;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one captured frame holds for the per-frame outputs and the display filters: its number,
 * its TCP endpoints, the PDUs it completes, the stream issues found in it and, when an analysis
 * ran first, its violations and the transactions it belongs to. A filter field of a PDU is looked
 * up by its layer and JSON key in the field registry ({@link Fields}); a protocol ({@code ddp})
 * is present when one of the frame's PDUs has that layer.
 */
public final class FrameRecord implements FilterContext {
    public final long frame;
    public final long timestampNanos;
    /** TCP endpoints, or null when the frame holds no TCP segment. */
    public final Endpoint source;
    public final Endpoint destination;
    /** Link, IP and TCP detail nodes for text output, or null. */
    public final List<FieldNode> layers;
    public final List<PduRecord> pdus = new ArrayList<>(2);
    public final List<Issue> issues = new ArrayList<>(0);
    public final List<Violation> violations = new ArrayList<>(0);
    public final List<String> transactions = new ArrayList<>(0);
    /**
     * True for the PDUs that the stages delivered only after the record of their frame was
     * written: when the capture ended (data held behind a gap), or, rarely, after the MPA stage
     * held a stream back longer than {@link FrameCollector#MAX_HELD} frames. {@link #frame} is
     * then the frame that completed them.
     */
    public final boolean endOfCapture;

    /** Length of the frame on the wire, or -1 when the record stands for no captured frame. */
    public long length = -1;
    /** Capture time of the capture's first frame, from which {@code frame.time_relative} counts. */
    public long firstTimestampNanos;
    /** The TCP flags, or -1 when the frame holds no TCP segment. */
    public int tcpFlags = -1;
    /** The TCP connection's index ({@code tcp.stream}), or -1 when the frame holds no TCP segment. */
    public long tcpStream = -1;
    /**
     * The TCP sequence and acknowledgment numbers relative to the first of each direction (as
     * Wireshark shows them by default), the TCP payload length and the window (scaled once both
     * SYNs told the scale); -1 when the frame holds no TCP segment.
     */
    public long tcpSeq = -1;
    public long tcpAck = -1;
    public long tcpLen = -1;
    public long tcpWindow = -1;
    /** Time since the previous frame, in nanoseconds. */
    public long timeDeltaNanos;
    /** The IP addresses of a frame that holds IP but no TCP segment (ICMP, UDP), else null. */
    public String ipSource;
    public String ipDestination;
    /** A TCP segment of an MPA stream that completes no PDU: its octets belong to a PDU to come. */
    public boolean reassembled;
    /** The frame's captured octets when they were kept ({@code -x}, {@code frame contains}), else null. */
    public byte[] bytes;

    /** A stream issue with the connection it occurred on. */
    public record Issue(String connection, StreamIssue issue) {}

    public FrameRecord(long frame, long timestampNanos, Endpoint source, Endpoint destination,
                       List<FieldNode> layers, boolean endOfCapture) {
        this.frame = frame;
        this.timestampNanos = timestampNanos;
        this.source = source;
        this.destination = destination;
        this.layers = layers;
        this.endOfCapture = endOfCapture;
    }

    /** The values of the field with this name (or Wireshark name), read through the registry. */
    @Override
    public List<?> values(String field) {
        Field f = Fields.get(field);
        return f != null ? values(f) : pduValues(null, field);
    }

    /** The values of {@code f} in this frame: as its registry declaration reads them. */
    public List<?> values(Field f) {
        return f.source() == Field.Source.FRAME ? (List<?>) f.value(this) : pduValues(f, f.name());
    }

    /** The connections of the frame's PDUs and stream issues, each once, in order. */
    public List<?> connections() {
        List<Object> out = new ArrayList<>(1);
        for (PduRecord p : pdus) {
            if (!out.contains(p.connection())) {
                out.add(p.connection());
            }
        }
        for (Issue i : issues) {
            if (!out.contains(i.connection())) {
                out.add(i.connection());
            }
        }
        return out;
    }

    /** The codes of the frame's violations. */
    public List<?> violationCodes() {
        return violationValues(violations, "violation.code");
    }

    /** The severities of the frame's violations. */
    public List<?> violationSeverities() {
        return violationValues(violations, "violation.severity");
    }

    /** The messages of the frame's violations. */
    public List<?> violationMessages() {
        return violationValues(violations, "violation.message");
    }

    /** The source IP address, of the TCP segment or of another IP frame; null when there is none. */
    public String source() {
        return source != null ? source.address() : ipSource;
    }

    /** The destination IP address, of the TCP segment or of another IP frame; null when there is none. */
    public String destination() {
        return destination != null ? destination.address() : ipDestination;
    }

    /** The IPv4 addresses among {@code a} and {@code b}. */
    public List<?> ipv4(String a, String b) {
        return addresses(a, b, false);
    }

    /** The IPv6 addresses among {@code a} and {@code b}. */
    public List<?> ipv6(String a, String b) {
        return addresses(a, b, true);
    }

    private static List<?> addresses(String a, String b, boolean v6) {
        List<Object> out = new ArrayList<>(2);
        for (String x : new String[] {a, b}) {
            if (x != null && (x.indexOf(':') >= 0) == v6) {
                out.add(x);
            }
        }
        return out;
    }

    /** Nanoseconds as seconds with nine decimals, as Wireshark shows times. */
    public static BigDecimal seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9);
    }

    static List<Object> violationValues(List<Violation> violations, String field) {
        List<Object> out = new ArrayList<>(violations.size());
        for (Violation v : violations) {
            switch (field) {
                case "violation.severity": out.add(v.severity().jsonName()); break;
                case "violation.message": out.add(v.message()); break;
                default: out.add(v.code().name());
            }
        }
        return out;
    }

    private List<?> pduValues(Field f, String field) {
        if (f != null && f.source() == Field.Source.VIEW) {
            List<Object> out = new ArrayList<>(1);
            for (PduRecord p : pdus) {
                if (p.mpa() == null) {
                    continue; // the views are of iWARP PDUs
                }
                Object v = f.value(p);
                if (v != null) {
                    out.add(v);
                }
            }
            return out;
        }
        if (f != null && f.source() == Field.Source.PROTOCOL) {
            List<Object> out = new ArrayList<>(1);
            for (PduRecord p : pdus) {
                if (p.layer(f.name()) != null) {
                    out.add(f.name());
                }
            }
            return out;
        }
        String layer;
        String rest;
        if (f != null && f.source() == Field.Source.PDU) {
            layer = f.layer();
            rest = f.jsonKey();
        } else {
            int dot = field.indexOf('.');
            if (dot < 0) {
                return List.of();
            }
            layer = field.substring(0, dot);
            rest = field.substring(dot + 1);
        }
        List<Object> out = new ArrayList<>(1);
        for (PduRecord p : pdus) {
            Object v = lookup(p.layer(layer), rest);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object lookup(Map<String, Object> map, String path) {
        Object cur = map;
        int start = 0;
        while (cur instanceof Map && start <= path.length()) {
            int dot = path.indexOf('.', start);
            String key = dot < 0 ? path.substring(start) : path.substring(start, dot);
            cur = ((Map<String, Object>) cur).get(key);
            if (dot < 0) {
                return cur instanceof Map ? null : cur;
            }
            start = dot + 1;
        }
        return null;
    }
}

package io.rdmascope.report;

import io.rdmascope.engine.Violation;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.fields.Fields;
import io.rdmascope.filter.FilterContext;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
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

    @Override
    public List<?> values(String field) {
        switch (field) {
            case "frame.number": return List.of(frame);
            case "ip.src": return source == null ? List.of() : List.of(source.address());
            case "ip.dst": return destination == null ? List.of() : List.of(destination.address());
            case "ip.addr": return source == null ? List.of() : List.of(source.address(), destination.address());
            case "tcp.srcport": return source == null ? List.of() : List.of((long) source.port());
            case "tcp.dstport": return destination == null ? List.of() : List.of((long) destination.port());
            case "tcp.port":
                return source == null ? List.of() : List.of((long) source.port(), (long) destination.port());
            case "connection": {
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
            case "violation":
            case "violation.code":
            case "violation.severity":
            case "violation.message":
                return violationValues(violations, field);
            case "transaction":
                return transactions;
            default:
                return pduValues(field);
        }
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

    private List<?> pduValues(String field) {
        Field f = Fields.get(field);
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

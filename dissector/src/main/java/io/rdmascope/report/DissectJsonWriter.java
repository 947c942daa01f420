package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import io.rdmascope.fields.Field;
import io.rdmascope.fields.Fields;
import io.rdmascope.mpa.StreamIssue;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code dissect --format json} output: a JSON array with one object per frame, written as
 * each frame is done, one frame per line:
 *
 * <pre>
 * [
 * {"frame":1,"pdus":[]},
 * {"frame":5,"pdus":[{"connection":"c1","direction":"initiator","mpa":{...},"ddp":{...},"rdmap":{...}}]}
 * ]
 * </pre>
 *
 * <p>A captured frame also carries, after its other keys, {@code time_epoch} and {@code time_relative} (seconds, nine
 * decimals), {@code len}, and when it holds a TCP segment {@code "ip": {"src", "dst"}} and
 * {@code "tcp": {"srcport", "dstport", "stream", "flags"}}: the registry's {@code frame.*},
 * {@code ip.*} and {@code tcp.*} fields under their JSON keys.
 *
 * <p>Every frame is listed (those without PDUs with an empty {@code pdus}), unless a display filter
 * drops it. Numbers, STags and tagged offsets included, are JSON numbers (unsigned); {@code crc_ok}
 * is true, false or null when CRC was not negotiated. An MPA Request or Reply is a PDU with only an
 * {@code mpa} object. Stream issues of the frame are listed under {@code issues} when there are
 * any; PDUs that the stages delivered only at the end of the capture come in an extra record with
 * {@code "end_of_capture": true}.
 */
public final class DissectJsonWriter implements FrameSink {
    private final JsonGenerator g;
    private boolean started;

    /** Nothing is written before the first frame or {@link #finish()}. */
    public DissectJsonWriter(OutputStream out) throws IOException {
        g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        g.setPrettyPrinter(new FramePerLine());
    }

    private void start() throws IOException {
        if (!started) {
            started = true;
            g.writeStartArray();
        }
    }

    @Override
    public void frame(FrameRecord r) throws IOException {
        start();
        g.writeStartObject();
        g.writeNumberField("frame", r.frame);
        if (r.endOfCapture) {
            g.writeBooleanField("end_of_capture", true);
        }
        g.writeArrayFieldStart("pdus");
        for (PduRecord p : r.pdus) {
            g.writeStartObject();
            g.writeStringField("connection", p.connection());
            if (p.direction() != null) {
                g.writeStringField("direction", p.direction());
            }
            if (p.layers() != null) {
                for (Map.Entry<String, Map<String, Object>> layer : p.layers().entrySet()) {
                    g.writeFieldName(layer.getKey());
                    JsonValues.write(g, layer.getValue());
                }
                g.writeEndObject();
                continue;
            }
            g.writeFieldName("mpa");
            JsonValues.write(g, p.mpa());
            if (p.ddp() != null) {
                g.writeFieldName("ddp");
                JsonValues.write(g, p.ddp());
            }
            if (p.rdmap() != null) {
                g.writeFieldName("rdmap");
                JsonValues.write(g, p.rdmap());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        if (!r.issues.isEmpty()) {
            g.writeArrayFieldStart("issues");
            for (FrameRecord.Issue i : r.issues) {
                StreamIssue s = i.issue();
                g.writeStartObject();
                g.writeStringField("connection", i.connection());
                g.writeStringField("kind", s.kind().name().toLowerCase(Locale.ROOT));
                g.writeNumberField("stream_offset", s.streamOffset());
                g.writeNumberField("length", s.length());
                g.writeStringField("message", s.message());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!r.violations.isEmpty()) {
            g.writeArrayFieldStart("violations");
            for (var v : r.violations) {
                g.writeString(v.code().name());
            }
            g.writeEndArray();
        }
        writeFrameFields(r);
        g.writeEndObject();
    }

    /**
     * Time, length, addresses, ports, TCP connection index and flags, under their registry keys,
     * with the values the registry reads from the frame's record.
     */
    private void writeFrameFields(FrameRecord r) throws IOException {
        if (r.length < 0) {
            return;
        }
        field(Fields.FRAME_TIME_EPOCH, r);
        field(Fields.FRAME_TIME_RELATIVE, r);
        field(Fields.FRAME_LEN, r);
        if (r.source == null) {
            return;
        }
        g.writeObjectFieldStart(Fields.IP_SRC.layer());
        field(Fields.IP_SRC, r);
        field(Fields.IP_DST, r);
        g.writeEndObject();
        g.writeObjectFieldStart(Fields.TCP_SRCPORT.layer());
        field(Fields.TCP_SRCPORT, r);
        field(Fields.TCP_DSTPORT, r);
        field(Fields.TCP_STREAM, r);
        field(Fields.TCP_FLAGS, r);
        g.writeEndObject();
    }

    /** The first value of a frame field under its JSON key, unless the frame has none. */
    private void field(Field f, FrameRecord r) throws IOException {
        List<?> v = r.values(f);
        if (!v.isEmpty()) {
            g.writeFieldName(f.jsonKey());
            JsonValues.write(g, v.get(0));
        }
    }

    @Override
    public void finish() throws IOException {
        start();
        g.writeEndArray();
        g.writeRaw('\n');
        g.flush();
    }

    /** Puts each element of the top-level array on its own line and nothing else between tokens. */
    private static final class FramePerLine extends MinimalPrettyPrinter {
        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            g.writeRaw('[');
            if (g.getOutputContext().getParent() != null && g.getOutputContext().getParent().inRoot()) {
                g.writeRaw('\n');
            }
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(',');
            if (g.getOutputContext().getParent() != null && g.getOutputContext().getParent().inRoot()) {
                g.writeRaw('\n');
            }
        }

        @Override
        public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
            if (g.getOutputContext().getParent() != null && g.getOutputContext().getParent().inRoot()
                    && nrOfValues > 0) {
                g.writeRaw('\n');
            }
            g.writeRaw(']');
        }
    }
}

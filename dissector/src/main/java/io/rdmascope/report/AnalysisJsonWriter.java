package io.rdmascope.report;

import io.rdmascope.fields.Hex;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.engine.FrameList;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.tcp.Direction;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * The {@code analyze --format json} document of the analysis contract, written with a streaming
 * generator. Beyond the contract's names it adds: per connection {@code assumed} (no handshake
 * captured), {@code markersInitiator}/{@code markersResponder} (markers per sending side), the IRD
 * and ORD of both sides ({@code ird}/{@code ord} are the initiator's, from the MPA Request); per
 * transaction {@code latencyNs} (initiation to completion, or null); per violation
 * {@code transaction}; per file {@code problem} when reading stopped early.
 *
 * <p>Written with the generator's plain calls and its default pretty printer. Encoding the names,
 * the indentation and the frame lists as ready-made octets was measured and left out: on the
 * 200 MB bulk capture of {@code bench/compare.sh} it saved about 12 ms of a whole process of about
 * 0.25 s, just under 5 %. So were, once every operation was a transaction, each transaction's
 * object encoded by hand (no gain in the whole process, 4.5 MB more resident) and the pretty
 * printer's separators encoded once (0.01 s of CPU, no gain in wall clock) (docs/performance.md).
 */
public final class AnalysisJsonWriter {
    private AnalysisJsonWriter() {}

    /** Keys written at the end of each file's object (the {@code -z} statistics). */
    @FunctionalInterface
    public interface FileExtras {
        void write(JsonGenerator g, FileAnalysis f) throws IOException;
    }

    public static void write(List<FileAnalysis> files, OutputStream out) throws IOException {
        write(files, out, null);
    }

    /** @param extras writes more keys into each file's object; may be null */
    public static void write(List<FileAnalysis> files, OutputStream out, FileExtras extras) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("files");
            for (FileAnalysis f : files) {
                writeFile(g, f, extras);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    static void writeFile(JsonGenerator g, FileAnalysis f, FileExtras extras) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", f.path());
        g.writeNumberField("frames", f.frames());
        if (f.problem() != null) {
            g.writeStringField("problem", f.problem());
        }
        g.writeArrayFieldStart("connections");
        for (ConnectionSummary c : f.connections()) {
            writeConnection(g, c);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("transactions");
        for (Transaction t : f.transactions()) {
            writeTransaction(g, t);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("violations");
        for (Violation v : f.violations()) {
            writeViolation(g, v);
        }
        g.writeEndArray();
        g.writeObjectFieldStart("summary");
        g.writeObjectFieldStart("violations");
        for (Map.Entry<Severity, Long> e : f.violationCounts().entrySet().stream()
                .sorted((a, b) -> b.getKey().compareTo(a.getKey())).toList()) {
            g.writeNumberField(e.getKey().jsonName(), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("transactions");
        for (Map.Entry<TransactionKind, Map<TransactionStatus, Long>> k : f.transactionCountsByKind().entrySet()) {
            g.writeObjectFieldStart(k.getKey().jsonName);
            for (Map.Entry<TransactionStatus, Long> e : k.getValue().entrySet()) {
                g.writeNumberField(e.getKey().jsonName(), e.getValue());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
        if (extras != null) {
            extras.write(g, f);
        }
        g.writeEndObject();
    }

    static void writeConnection(JsonGenerator g, ConnectionSummary s) throws IOException {
        MpaConnection c = s.connection();
        g.writeStartObject();
        g.writeStringField("id", c.id());
        g.writeStringField("initiator", c.tcp().initiator().toString());
        g.writeStringField("responder", c.tcp().responder().toString());
        g.writeObjectFieldStart("mpa");
        g.writeFieldName("revision");
        if (c.revision == 0) {
            g.writeNull();
        } else {
            g.writeNumber(c.revision);
        }
        g.writeBooleanField("markers", c.markers(Direction.FROM_INITIATOR) || c.markers(Direction.FROM_RESPONDER));
        g.writeBooleanField("crc", c.crc);
        g.writeBooleanField("rejected", c.rejected);
        JsonValues.writeNullableInt(g, "ird", c.initiatorIrd);
        JsonValues.writeNullableInt(g, "ord", c.initiatorOrd);
        g.writeBooleanField("markersInitiator", c.markers(Direction.FROM_INITIATOR));
        g.writeBooleanField("markersResponder", c.markers(Direction.FROM_RESPONDER));
        JsonValues.writeNullableInt(g, "initiatorIrd", c.initiatorIrd);
        JsonValues.writeNullableInt(g, "initiatorOrd", c.initiatorOrd);
        JsonValues.writeNullableInt(g, "responderIrd", c.responderIrd);
        JsonValues.writeNullableInt(g, "responderOrd", c.responderOrd);
        g.writeBooleanField("assumed", c.assumed);
        g.writeEndObject();
        g.writeNumberField("fpdus", s.fpdus());
        g.writeEndObject();
    }

    static void writeTransaction(JsonGenerator g, Transaction t) throws IOException {
        if (!t.oneShot()) {
            writeOperation(g, t);
            return;
        }
        g.writeStartObject();
        g.writeStringField("id", t.id);
        g.writeStringField("connection", t.connection);
        g.writeStringField("kind", t.kind.jsonName);
        g.writeStringField("advertiser", t.advertiser);
        g.writeStringField("stag", Hex.stag(t.stag));
        g.writeStringField("to", Hex.to(t.to));
        g.writeNumberField("length", t.length);
        g.writeArrayFieldStart("access");
        if (t.remoteWrite()) {
            g.writeString("write");
        }
        if (t.remoteRead()) {
            g.writeString("read");
        }
        g.writeEndArray();
        g.writeNumberField("initiationFrame", t.initiationFrame);
        g.writeFieldName("dataFrames");
        writeFrames(g, t.dataFrames);
        g.writeNumberField("bytes", t.bytes);
        g.writeFieldName("completionFrame");
        if (t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(t.completionFrame);
        }
        g.writeStringField("completion", t.completion == null ? null : t.completion.jsonName);
        g.writeStringField("status", t.status.jsonName());
        writeLatency(g, t);
        writeSpan(g, t);
        g.writeEndObject();
    }

    private static void writeLatency(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName("latencyNs");
        long latency = t.latencyNanos();
        if (latency < 0 && t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(latency);
        }
    }

    /** The fields every kind has beside its own: every frame, the first and the last. */
    private static void writeSpan(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName("frames");
        writeFrames(g, t.frames());
        g.writeNumberField("startFrame", t.startFrame());
        g.writeNumberField("endFrame", t.endFrame());
    }

    /**
     * A transaction of any kind but one-shot: id, connection, kind, who began it ({@code from}),
     * its kind's own fields, then frames, span, bytes, latency and status.
     */
    static void writeOperation(JsonGenerator g, Transaction t) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", t.id);
        g.writeStringField("connection", t.connection);
        g.writeStringField("kind", t.kind.jsonName);
        g.writeStringField("from", t.advertiser);
        switch (t.kind) {
            case READ -> {
                g.writeStringField("sinkStag", Hex.stag(t.sinkStag));
                g.writeStringField("sinkTo", Hex.to(t.sinkTo));
                g.writeStringField("sourceStag", Hex.stag(t.stag));
                g.writeStringField("sourceTo", Hex.to(t.to));
                g.writeNumberField("size", t.length);
                writeAdvertised(g, t);
            }
            case WRITE -> {
                g.writeStringField("stag", Hex.stag(t.stag));
                g.writeStringField("to", Hex.to(t.to));
                writeAdvertised(g, t);
            }
            case SEND -> {
                g.writeNumberField("opcode", t.opcode);
                io.rdmascope.pdu.Opcode op = io.rdmascope.pdu.Opcode.of(t.opcode);
                g.writeStringField("opcodeName", op == null ? null : op.displayName);
                g.writeNumberField("qn", t.qn);
                g.writeNumberField("msn", t.msn);
                g.writeStringField("invalidateStag", t.invalidateStag == null ? null : Hex.stag(t.invalidateStag));
            }
            case ATOMIC -> {
                g.writeNumberField("opcode", t.opcode);
                g.writeStringField("stag", Hex.stag(t.stag));
                g.writeStringField("to", Hex.to(t.to));
            }
            default -> {
                g.writeObjectFieldStart("ulp");
                if (t.ulp != null) {
                    for (Map.Entry<String, Object> e : t.ulp.entrySet()) {
                        JsonValues.writeField(g, e.getKey(), e.getValue());
                    }
                }
                g.writeEndObject();
                g.writeStringField("summary", t.summary);
                g.writeArrayFieldStart("operations");
                if (t.operations != null) {
                    for (String id : t.operations) {
                        g.writeString(id);
                    }
                }
                g.writeEndArray();
            }
        }
        if (t.note != null) {
            g.writeStringField("note", t.note);
        }
        writeSpan(g, t);
        g.writeNumberField("bytes", t.bytes);
        writeLatency(g, t);
        g.writeStringField("status", t.status.jsonName());
        g.writeEndObject();
    }

    private static void writeAdvertised(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName("advertisedFrame");
        if (t.advertisedFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(t.advertisedFrame);
        }
    }

    /** A list of frame numbers: {@code [ 1, 2, 3 ]}, {@code [ ]} in the pretty printer's layout. */
    static void writeFrames(JsonGenerator g, FrameList frames) throws IOException {
        g.writeStartArray();
        for (int i = 0, n = frames.size(); i < n; i++) {
            g.writeNumber(frames.getLong(i));
        }
        g.writeEndArray();
    }

    static void writeViolation(JsonGenerator g, Violation v) throws IOException {
        g.writeStartObject();
        g.writeStringField("code", v.code().name());
        g.writeStringField("severity", v.severity().jsonName());
        g.writeNumberField("frame", v.frame());
        g.writeStringField("connection", v.connection());
        g.writeStringField("stag", v.stag() == null ? null : Hex.stag(v.stag()));
        g.writeStringField("message", v.message());
        g.writeStringField("reference", v.reference());
        g.writeStringField("transaction", v.transaction());
        g.writeEndObject();
    }
}

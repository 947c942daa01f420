package io.rdmascope.report;

import io.rdmascope.fields.Hex;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
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
 */
public final class AnalysisJsonWriter {
    private AnalysisJsonWriter() {}

    public static void write(List<FileAnalysis> files, OutputStream out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("files");
            for (FileAnalysis f : files) {
                writeFile(g, f);
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    static void writeFile(JsonGenerator g, FileAnalysis f) throws IOException {
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
        for (Map.Entry<TransactionStatus, Long> e : f.transactionCounts().entrySet()) {
            g.writeNumberField(e.getKey().jsonName(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
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
        JsonValues.writeNullableLong(g, "ird", c.initiatorIrd);
        JsonValues.writeNullableLong(g, "ord", c.initiatorOrd);
        g.writeBooleanField("markersInitiator", c.markers(Direction.FROM_INITIATOR));
        g.writeBooleanField("markersResponder", c.markers(Direction.FROM_RESPONDER));
        JsonValues.writeNullableLong(g, "initiatorIrd", c.initiatorIrd);
        JsonValues.writeNullableLong(g, "initiatorOrd", c.initiatorOrd);
        JsonValues.writeNullableLong(g, "responderIrd", c.responderIrd);
        JsonValues.writeNullableLong(g, "responderOrd", c.responderOrd);
        g.writeBooleanField("assumed", c.assumed);
        g.writeEndObject();
        g.writeNumberField("fpdus", s.fpdus());
        g.writeEndObject();
    }

    static void writeTransaction(JsonGenerator g, Transaction t) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", t.id);
        g.writeStringField("connection", t.connection);
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
        g.writeArrayFieldStart("dataFrames");
        for (int i = 0, n = t.dataFrames.size(); i < n; i++) {
            g.writeNumber(t.dataFrames.getLong(i));
        }
        g.writeEndArray();
        g.writeNumberField("bytes", t.bytes);
        g.writeFieldName("completionFrame");
        if (t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(t.completionFrame);
        }
        g.writeFieldName("completion");
        if (t.completion == null) {
            g.writeNull();
        } else {
            g.writeString(t.completion.jsonName);
        }
        g.writeStringField("status", t.status.jsonName());
        g.writeFieldName("latencyNs");
        long latency = t.latencyNanos();
        if (latency < 0 && t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(latency);
        }
        g.writeEndObject();
    }

    static void writeViolation(JsonGenerator g, Violation v) throws IOException {
        g.writeStartObject();
        g.writeStringField("code", v.code().name());
        g.writeStringField("severity", v.severity().jsonName());
        g.writeNumberField("frame", v.frame());
        g.writeStringField("connection", v.connection());
        g.writeFieldName("stag");
        if (v.stag() == null) {
            g.writeNull();
        } else {
            g.writeString(Hex.stag(v.stag()));
        }
        g.writeStringField("message", v.message());
        g.writeStringField("reference", v.reference());
        g.writeStringField("transaction", v.transaction());
        g.writeEndObject();
    }
}

package io.rdmascope.report;

import io.rdmascope.fields.Hex;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
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
 * <p>Written with the generator's plain calls, in the layout of Jackson's default pretty printer,
 * whose separators and indentations {@link EncodedPrettyPrinter} hands over already encoded; the
 * names of the members of transactions and violations are encoded once too. Together they took the
 * whole process on the 200 MB bulk capture of {@code bench/compare.sh} from 0.261 s to 0.247 s
 * (5.6 %, medians of 9 alternating runs). Encoding each transaction's object by hand (no gain in the
 * whole process, 4.5 MB more resident) and writing the arrays of transactions on two threads (the
 * report is written by code not yet compiled, which a second thread does not speed up) were
 * measured and left out (docs/performance.md).
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
            g.setPrettyPrinter(new EncodedPrettyPrinter());
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

    /** The names of a transaction's and a violation's members, encoded once: each is written thousands of times. */
    private static final SerializableString ID = new SerializedString("id");
    private static final SerializableString CONNECTION = new SerializedString("connection");
    private static final SerializableString KIND = new SerializedString("kind");
    private static final SerializableString ADVERTISER = new SerializedString("advertiser");
    private static final SerializableString STAG = new SerializedString("stag");
    private static final SerializableString TO = new SerializedString("to");
    private static final SerializableString COMPLETION = new SerializedString("completion");
    private static final SerializableString STATUS = new SerializedString("status");
    private static final SerializableString FROM = new SerializedString("from");
    private static final SerializableString SINK_STAG = new SerializedString("sinkStag");
    private static final SerializableString SINK_TO = new SerializedString("sinkTo");
    private static final SerializableString SOURCE_STAG = new SerializedString("sourceStag");
    private static final SerializableString SOURCE_TO = new SerializedString("sourceTo");
    private static final SerializableString OPCODE_NAME = new SerializedString("opcodeName");
    private static final SerializableString INVALIDATE_STAG = new SerializedString("invalidateStag");
    private static final SerializableString SUMMARY = new SerializedString("summary");
    private static final SerializableString NOTE = new SerializedString("note");
    private static final SerializableString CODE = new SerializedString("code");
    private static final SerializableString SEVERITY = new SerializedString("severity");
    private static final SerializableString MESSAGE = new SerializedString("message");
    private static final SerializableString REFERENCE = new SerializedString("reference");
    private static final SerializableString TRANSACTION = new SerializedString("transaction");
    private static final SerializableString LENGTH = new SerializedString("length");
    private static final SerializableString INITIATION_FRAME = new SerializedString("initiationFrame");
    private static final SerializableString BYTES = new SerializedString("bytes");
    private static final SerializableString START_FRAME = new SerializedString("startFrame");
    private static final SerializableString END_FRAME = new SerializedString("endFrame");
    private static final SerializableString SIZE = new SerializedString("size");
    private static final SerializableString OPCODE = new SerializedString("opcode");
    private static final SerializableString QN = new SerializedString("qn");
    private static final SerializableString MSN = new SerializedString("msn");
    private static final SerializableString FRAME = new SerializedString("frame");
    private static final SerializableString DATA_FRAMES = new SerializedString("dataFrames");
    private static final SerializableString COMPLETION_FRAME = new SerializedString("completionFrame");
    private static final SerializableString LATENCY_NS = new SerializedString("latencyNs");
    private static final SerializableString FRAMES = new SerializedString("frames");
    private static final SerializableString ADVERTISED_FRAME = new SerializedString("advertisedFrame");
    private static final SerializableString ACCESS = new SerializedString("access");
    private static final SerializableString OPERATIONS = new SerializedString("operations");
    private static final SerializableString ULP = new SerializedString("ulp");

    private static void string(JsonGenerator g, SerializableString name, String value) throws IOException {
        g.writeFieldName(name);
        g.writeString(value);
    }

    private static void number(JsonGenerator g, SerializableString name, long value) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(value);
    }

    static void writeTransaction(JsonGenerator g, Transaction t) throws IOException {
        if (!t.oneShot()) {
            writeOperation(g, t);
            return;
        }
        g.writeStartObject();
        string(g, ID, t.id);
        string(g, CONNECTION, t.connection);
        string(g, KIND, t.kind.jsonName);
        string(g, ADVERTISER, t.advertiser);
        string(g, STAG, Hex.stag(t.stag));
        string(g, TO, Hex.to(t.to));
        number(g, LENGTH, t.length);
        g.writeFieldName(ACCESS);
        g.writeStartArray();
        if (t.remoteWrite()) {
            g.writeString("write");
        }
        if (t.remoteRead()) {
            g.writeString("read");
        }
        g.writeEndArray();
        number(g, INITIATION_FRAME, t.initiationFrame);
        g.writeFieldName(DATA_FRAMES);
        writeFrames(g, t.dataFrames);
        number(g, BYTES, t.bytes);
        g.writeFieldName(COMPLETION_FRAME);
        if (t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(t.completionFrame);
        }
        string(g, COMPLETION, t.completion == null ? null : t.completion.jsonName);
        string(g, STATUS, t.status.jsonName());
        writeLatency(g, t);
        writeSpan(g, t);
        g.writeEndObject();
    }

    private static void writeLatency(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName(LATENCY_NS);
        long latency = t.latencyNanos();
        if (latency < 0 && t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(latency);
        }
    }

    /** The fields every kind has beside its own: every frame, the first and the last. */
    private static void writeSpan(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName(FRAMES);
        writeFrames(g, t.frames());
        number(g, START_FRAME, t.startFrame());
        number(g, END_FRAME, t.endFrame());
    }

    /**
     * A transaction of any kind but one-shot: id, connection, kind, who began it ({@code from}),
     * its kind's own fields, then frames, span, bytes, latency and status.
     */
    static void writeOperation(JsonGenerator g, Transaction t) throws IOException {
        g.writeStartObject();
        string(g, ID, t.id);
        string(g, CONNECTION, t.connection);
        string(g, KIND, t.kind.jsonName);
        string(g, FROM, t.advertiser);
        switch (t.kind) {
            case READ -> {
                string(g, SINK_STAG, Hex.stag(t.sinkStag));
                string(g, SINK_TO, Hex.to(t.sinkTo));
                string(g, SOURCE_STAG, Hex.stag(t.stag));
                string(g, SOURCE_TO, Hex.to(t.to));
                number(g, SIZE, t.length);
                writeAdvertised(g, t);
            }
            case WRITE -> {
                string(g, STAG, Hex.stag(t.stag));
                string(g, TO, Hex.to(t.to));
                writeAdvertised(g, t);
            }
            case SEND -> {
                number(g, OPCODE, t.opcode);
                io.rdmascope.pdu.Opcode op = io.rdmascope.pdu.Opcode.of(t.opcode);
                string(g, OPCODE_NAME, op == null ? null : op.displayName);
                number(g, QN, t.qn);
                number(g, MSN, t.msn);
                string(g, INVALIDATE_STAG, t.invalidateStag == null ? null : Hex.stag(t.invalidateStag));
            }
            case ATOMIC -> {
                number(g, OPCODE, t.opcode);
                string(g, STAG, Hex.stag(t.stag));
                string(g, TO, Hex.to(t.to));
            }
            default -> {
                g.writeFieldName(ULP);
                g.writeStartObject();
                if (t.ulp != null) {
                    for (Map.Entry<String, Object> e : t.ulp.entrySet()) {
                        JsonValues.writeField(g, e.getKey(), e.getValue());
                    }
                }
                g.writeEndObject();
                string(g, SUMMARY, t.summary);
                g.writeFieldName(OPERATIONS);
        g.writeStartArray();
                if (t.operations != null) {
                    for (String id : t.operations) {
                        g.writeString(id);
                    }
                }
                g.writeEndArray();
            }
        }
        if (t.note != null) {
            string(g, NOTE, t.note);
        }
        writeSpan(g, t);
        number(g, BYTES, t.bytes);
        writeLatency(g, t);
        string(g, STATUS, t.status.jsonName());
        g.writeEndObject();
    }

    private static void writeAdvertised(JsonGenerator g, Transaction t) throws IOException {
        g.writeFieldName(ADVERTISED_FRAME);
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
        string(g, CODE, v.code().name());
        string(g, SEVERITY, v.severity().jsonName());
        number(g, FRAME, v.frame());
        string(g, CONNECTION, v.connection());
        string(g, STAG, v.stag() == null ? null : Hex.stag(v.stag()));
        string(g, MESSAGE, v.message());
        string(g, REFERENCE, v.reference());
        string(g, TRANSACTION, v.transaction());
        g.writeEndObject();
    }
}

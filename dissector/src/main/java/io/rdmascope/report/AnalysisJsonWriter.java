package io.rdmascope.report;

import io.rdmascope.fields.Hex;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
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
 */
public final class AnalysisJsonWriter {
    private AnalysisJsonWriter() {}

    // The names and words of the records written many times, encoded once.
    private static final SerializedString ACCESS = new SerializedString("access");
    private static final SerializedString ADVERTISER = new SerializedString("advertiser");
    private static final SerializedString ASSUMED = new SerializedString("assumed");
    private static final SerializedString BYTES = new SerializedString("bytes");
    private static final SerializedString CODE = new SerializedString("code");
    private static final SerializedString COMPLETION = new SerializedString("completion");
    private static final SerializedString COMPLETION_FRAME = new SerializedString("completionFrame");
    private static final SerializedString CONNECTION = new SerializedString("connection");
    private static final SerializedString CRC = new SerializedString("crc");
    private static final SerializedString DATA_FRAMES = new SerializedString("dataFrames");
    private static final SerializedString FPDUS = new SerializedString("fpdus");
    private static final SerializedString FRAME = new SerializedString("frame");
    private static final SerializedString ID = new SerializedString("id");
    private static final SerializedString INITIATION_FRAME = new SerializedString("initiationFrame");
    private static final SerializedString INITIATOR = new SerializedString("initiator");
    private static final SerializedString INITIATOR_IRD = new SerializedString("initiatorIrd");
    private static final SerializedString INITIATOR_ORD = new SerializedString("initiatorOrd");
    private static final SerializedString IRD = new SerializedString("ird");
    private static final SerializedString LATENCY_NS = new SerializedString("latencyNs");
    private static final SerializedString LENGTH = new SerializedString("length");
    private static final SerializedString MARKERS = new SerializedString("markers");
    private static final SerializedString MARKERS_INITIATOR = new SerializedString("markersInitiator");
    private static final SerializedString MARKERS_RESPONDER = new SerializedString("markersResponder");
    private static final SerializedString MESSAGE = new SerializedString("message");
    private static final SerializedString MPA = new SerializedString("mpa");
    private static final SerializedString ORD = new SerializedString("ord");
    private static final SerializedString REFERENCE = new SerializedString("reference");
    private static final SerializedString REJECTED = new SerializedString("rejected");
    private static final SerializedString RESPONDER = new SerializedString("responder");
    private static final SerializedString RESPONDER_IRD = new SerializedString("responderIrd");
    private static final SerializedString RESPONDER_ORD = new SerializedString("responderOrd");
    private static final SerializedString REVISION = new SerializedString("revision");
    private static final SerializedString SEVERITY = new SerializedString("severity");
    private static final SerializedString STAG = new SerializedString("stag");
    private static final SerializedString STATUS = new SerializedString("status");
    private static final SerializedString TO = new SerializedString("to");
    private static final SerializedString TRANSACTION = new SerializedString("transaction");
    private static final SerializedString WRITE = new SerializedString("write");
    private static final SerializedString READ = new SerializedString("read");
    private static final SerializedString KIND = new SerializedString("kind");
    private static final SerializedString FROM = new SerializedString("from");
    private static final SerializedString FRAMES = new SerializedString("frames");
    private static final SerializedString START_FRAME = new SerializedString("startFrame");
    private static final SerializedString END_FRAME = new SerializedString("endFrame");
    private static final SerializedString ADVERTISED_FRAME = new SerializedString("advertisedFrame");

    /**
     * Jackson's default layout, its field-value separator and the line breaks and indentation of
     * its objects written as octets encoded once.
     */
    private static final class Layout extends DefaultPrettyPrinter {
        private static final SerializedString SEPARATOR = new SerializedString(" : ");

        Layout() {
            indentObjectsWith(new Lines(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE));
        }

        Layout(Layout base) {
            super(base);
        }

        @Override
        public DefaultPrettyPrinter createInstance() {
            return new Layout(this);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(SEPARATOR);
        }
    }

    /** An indenter's line break and indentation for the first levels, each as one encoded string. */
    private static final class Lines implements DefaultPrettyPrinter.Indenter {
        private final DefaultIndenter base;
        private final SerializedString[] levels = new SerializedString[8];

        Lines(DefaultIndenter base) {
            this.base = base;
            for (int i = 0; i < levels.length; i++) {
                levels[i] = new SerializedString(base.getEol() + base.getIndent().repeat(i));
            }
        }

        @Override
        public void writeIndentation(JsonGenerator g, int level) throws IOException {
            if (level >= 0 && level < levels.length) {
                g.writeRaw(levels[level]);
            } else {
                base.writeIndentation(g, level);
            }
        }

        @Override
        public boolean isInline() {
            return false;
        }
    }

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
            g.setPrettyPrinter(new Layout());
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
        g.writeFieldName(ID);
        g.writeString(c.id());
        g.writeFieldName(INITIATOR);
        g.writeString(c.tcp().initiator().toString());
        g.writeFieldName(RESPONDER);
        g.writeString(c.tcp().responder().toString());
        g.writeFieldName(MPA);
        g.writeStartObject();
        g.writeFieldName(REVISION);
        if (c.revision == 0) {
            g.writeNull();
        } else {
            g.writeNumber(c.revision);
        }
        g.writeFieldName(MARKERS);
        g.writeBoolean(c.markers(Direction.FROM_INITIATOR) || c.markers(Direction.FROM_RESPONDER));
        g.writeFieldName(CRC);
        g.writeBoolean(c.crc);
        g.writeFieldName(REJECTED);
        g.writeBoolean(c.rejected);
        JsonValues.writeNullableLong(g, IRD, c.initiatorIrd);
        JsonValues.writeNullableLong(g, ORD, c.initiatorOrd);
        g.writeFieldName(MARKERS_INITIATOR);
        g.writeBoolean(c.markers(Direction.FROM_INITIATOR));
        g.writeFieldName(MARKERS_RESPONDER);
        g.writeBoolean(c.markers(Direction.FROM_RESPONDER));
        JsonValues.writeNullableLong(g, INITIATOR_IRD, c.initiatorIrd);
        JsonValues.writeNullableLong(g, INITIATOR_ORD, c.initiatorOrd);
        JsonValues.writeNullableLong(g, RESPONDER_IRD, c.responderIrd);
        JsonValues.writeNullableLong(g, RESPONDER_ORD, c.responderOrd);
        g.writeFieldName(ASSUMED);
        g.writeBoolean(c.assumed);
        g.writeEndObject();
        g.writeFieldName(FPDUS);
        g.writeNumber(s.fpdus());
        g.writeEndObject();
    }

    static void writeTransaction(JsonGenerator g, Transaction t) throws IOException {
        if (!t.oneShot()) {
            writeOperation(g, t);
            return;
        }
        g.writeStartObject();
        g.writeFieldName(ID);
        g.writeString(t.id);
        g.writeFieldName(CONNECTION);
        g.writeString(t.connection);
        g.writeFieldName(KIND);
        g.writeString(t.kind.jsonName);
        g.writeFieldName(ADVERTISER);
        g.writeString(t.advertiser);
        g.writeFieldName(STAG);
        g.writeString(Hex.stag(t.stag));
        g.writeFieldName(TO);
        g.writeString(Hex.to(t.to));
        g.writeFieldName(LENGTH);
        g.writeNumber(t.length);
        g.writeFieldName(ACCESS);
        g.writeStartArray();
        if (t.remoteWrite()) {
            g.writeString(WRITE);
        }
        if (t.remoteRead()) {
            g.writeString(READ);
        }
        g.writeEndArray();
        g.writeFieldName(INITIATION_FRAME);
        g.writeNumber(t.initiationFrame);
        g.writeFieldName(DATA_FRAMES);
        writeFrames(g, t.dataFrames);
        g.writeFieldName(BYTES);
        g.writeNumber(t.bytes);
        g.writeFieldName(COMPLETION_FRAME);
        if (t.completionFrame < 0) {
            g.writeNull();
        } else {
            g.writeNumber(t.completionFrame);
        }
        g.writeFieldName(COMPLETION);
        if (t.completion == null) {
            g.writeNull();
        } else {
            g.writeString(t.completion.jsonName);
        }
        g.writeFieldName(STATUS);
        g.writeString(t.status.jsonName());
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
        g.writeFieldName(START_FRAME);
        g.writeNumber(t.startFrame());
        g.writeFieldName(END_FRAME);
        g.writeNumber(t.endFrame());
    }

    /**
     * A transaction of any kind but one-shot: id, connection, kind, who began it ({@code from}),
     * its kind's own fields, then frames, span, bytes, latency and status.
     */
    static void writeOperation(JsonGenerator g, Transaction t) throws IOException {
        g.writeStartObject();
        g.writeFieldName(ID);
        g.writeString(t.id);
        g.writeFieldName(CONNECTION);
        g.writeString(t.connection);
        g.writeFieldName(KIND);
        g.writeString(t.kind.jsonName);
        g.writeFieldName(FROM);
        g.writeString(t.advertiser);
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
                g.writeFieldName(STAG);
                g.writeString(Hex.stag(t.stag));
                g.writeFieldName(TO);
                g.writeString(Hex.to(t.to));
                writeAdvertised(g, t);
            }
            case SEND -> {
                g.writeNumberField("opcode", t.opcode);
                io.rdmascope.pdu.Opcode op = io.rdmascope.pdu.Opcode.of(t.opcode);
                g.writeStringField("opcodeName", op == null ? null : op.displayName);
                g.writeNumberField("qn", t.qn);
                g.writeNumberField("msn", t.msn);
                g.writeFieldName("invalidateStag");
                if (t.invalidateStag == null) {
                    g.writeNull();
                } else {
                    g.writeString(Hex.stag(t.invalidateStag));
                }
            }
            case ATOMIC -> {
                g.writeNumberField("opcode", t.opcode);
                g.writeFieldName(STAG);
                g.writeString(Hex.stag(t.stag));
                g.writeFieldName(TO);
                g.writeString(Hex.to(t.to));
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
        g.writeFieldName(BYTES);
        g.writeNumber(t.bytes);
        writeLatency(g, t);
        g.writeFieldName(STATUS);
        g.writeString(t.status.jsonName());
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

    /**
     * A list of frame numbers as one raw value, laid out as the pretty printer lays out an array
     * ({@code [ 1, 2, 3 ]}, {@code [ ]}): these lists make most of a large report, and one call per
     * list instead of one per number leaves the generator little to do.
     */
    static void writeFrames(JsonGenerator g, FrameList frames) throws IOException {
        int n = frames.size();
        if (n == 0) {
            g.writeStartArray();
            g.writeEndArray();
            return;
        }
        AsciiValue text = FRAME_TEXT.get();
        byte[] c = text.room(4 + n * 22);
        c[0] = '[';
        c[1] = ' ';
        int at = 2;
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                c[at++] = ',';
                c[at++] = ' ';
            }
            at = digits(c, at, frames.getLong(i));
        }
        c[at++] = ' ';
        c[at++] = ']';
        text.length(at);
        g.writeRawValue(text);
    }

    private static final ThreadLocal<AsciiValue> FRAME_TEXT = ThreadLocal.withInitial(AsciiValue::new);

    private static final int[] POWERS_OF_TEN = {
        10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000};

    /** Writes the decimal digits of {@code v} at {@code c[at]}; returns the index after them. */
    private static int digits(byte[] c, int at, long v) {
        if (v < 0 || v > Integer.MAX_VALUE) {
            String s = Long.toString(v);
            for (int i = 0; i < s.length(); i++) {
                c[at + i] = (byte) s.charAt(i);
            }
            return at + s.length();
        }
        // Without division instructions, which the client compiler emits as they are: x / 10 is
        // (x * 0xCCCCCCCD) >>> 35 for every int x >= 0.
        int x = (int) v;
        int len = 1;
        while (len < 10 && x >= POWERS_OF_TEN[len - 1]) {
            len++;
        }
        int i = at + len;
        while (x >= 10) {
            int q = (int) ((x * 0xCCCCCCCDL) >>> 35);
            c[--i] = (byte) ('0' + (x - q * 10));
            x = q;
        }
        c[--i] = (byte) ('0' + x);
        return at + len;
    }

    static void writeViolation(JsonGenerator g, Violation v) throws IOException {
        g.writeStartObject();
        g.writeFieldName(CODE);
        g.writeString(v.code().name());
        g.writeFieldName(SEVERITY);
        g.writeString(v.severity().jsonName());
        g.writeFieldName(FRAME);
        g.writeNumber(v.frame());
        g.writeFieldName(CONNECTION);
        g.writeString(v.connection());
        g.writeFieldName(STAG);
        if (v.stag() == null) {
            g.writeNull();
        } else {
            g.writeString(Hex.stag(v.stag()));
        }
        g.writeFieldName(MESSAGE);
        g.writeString(v.message());
        g.writeFieldName(REFERENCE);
        g.writeString(v.reference());
        g.writeFieldName(TRANSACTION);
        g.writeString(v.transaction());
        g.writeEndObject();
    }
}

package io.rdmascope.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.rdmascope.capture.CapturePeriod;
import io.rdmascope.capture.CaptureStatistics;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.fields.Hex;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.CaptureSummary;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
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
 * <p>Laid out as Jackson's default pretty printer lays out a document: the generator's separators
 * and indentations come already encoded from {@link EncodedPrettyPrinter}, the names of the
 * violations' members are encoded once, and the transactions, nearly all of a long report, are
 * encoded by {@link TransactionArrayWriter} in the same layout (docs/performance.md has the
 * figures of both).
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

    /** The pretty printer's nesting of a transaction's members: the root object, a file's, a transaction's. */
    private static final int TRANSACTION_LEVEL = 3;

    /** A file's object; {@code g} writes into an {@link OutputStream}, which the transactions are written to directly. */
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
        for (RdmaConnection c : f.rdmaConnections()) {
            writeRdmaConnection(g, c);
        }
        g.writeEndArray();
        // The generator writes the name and its separator, then hands the stream over for the array.
        g.writeFieldName("transactions");
        g.writeRawValue("");
        g.flush();
        TransactionArrayWriter.write((OutputStream) g.getOutputTarget(), TRANSACTION_LEVEL, f.transactions());
        g.writeArrayFieldStart("violations");
        for (Violation v : f.violations()) {
            writeViolation(g, v);
        }
        g.writeEndArray();
        if (f.capture() != null) {
            writeCapture(g, f.capture());
        }
        g.writeObjectFieldStart("summary");
        if (f.summarisedConnections() + f.summarisedRdmaConnections() > 0) {
            // the connections over that the "connections" array leaves out
            g.writeObjectFieldStart("connections_summarised");
            g.writeNumberField("connections", f.summarisedConnections());
            g.writeNumberField("fpdus", f.summarisedFpdus());
            if (f.summarisedRdmaConnections() > 0) {
                g.writeNumberField("roce_connections", f.summarisedRdmaConnections());
            }
            g.writeEndObject();
        }
        if (f.untrackedRdmaPackets() > 0) {
            // packets of queue pairs beyond those followed at once: counted, not judged
            g.writeNumberField("roce_untracked_packets", f.untrackedRdmaPackets());
        }
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

    /**
     * A live capture's counts: received, dropped by the kernel (or libpcap) and by the interface,
     * the periods in which something was dropped, and the gaps put down to capture loss.
     */
    static void writeCapture(JsonGenerator g, CaptureSummary s) throws IOException {
        g.writeObjectFieldStart("capture");
        g.writeStringField("interface", s.iface());
        writeCounts(g, s.totals());
        g.writeArrayFieldStart("periods");
        for (CapturePeriod p : s.periods()) {
            g.writeStartObject();
            g.writeNumberField("firstFrame", p.firstFrame());
            g.writeNumberField("lastFrame", p.lastFrame());
            writeCounts(g, p.counts());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("captureLoss", s.lossCount());
        g.writeArrayFieldStart("captureLosses");
        for (CaptureSummary.CaptureLoss l : s.losses()) {
            g.writeStartObject();
            g.writeNumberField("frame", l.violation().frame());
            g.writeStringField("code", l.violation().code().name());
            g.writeStringField("connection", l.violation().connection());
            g.writeNumberField("droppedByKernel", l.dropped());
            g.writeStringField("message", l.violation().message() + " (the kernel dropped " + l.dropped()
                    + (l.dropped() == 1 ? " frame" : " frames") + " then)");
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeCounts(JsonGenerator g, CaptureStatistics c) throws IOException {
        g.writeStringField("start", java.time.Instant.ofEpochSecond(0, c.startNanos()).toString());
        g.writeStringField("end", java.time.Instant.ofEpochSecond(0, c.endNanos()).toString());
        g.writeNumberField("frames", c.frames());
        g.writeNumberField("received", c.received());
        g.writeNumberField("droppedByKernel", c.droppedByKernel());
        g.writeNumberField("droppedByInterface", c.droppedByInterface());
    }

    /** A connection of another transport than iWARP: its ends, and for a RoCE queue pair what the CM set up and the wire showed. */
    static void writeRdmaConnection(JsonGenerator g, RdmaConnection c) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", c.id());
        g.writeStringField("transport", c.transport());
        g.writeStringField("initiator", c.source(Direction.FROM_INITIATOR).toString());
        g.writeStringField("responder", c.source(Direction.FROM_RESPONDER).toString());
        if (c instanceof QpConnection q) {
            g.writeObjectFieldStart("roce");
            g.writeBooleanField("cm", !q.assumed());
            if (!q.reliable()) {
                // the service of the queue pairs when not Reliable Connection
                g.writeStringField("service", q.serviceName());
            }
            writeQpn(g, "initiatorQpn", q.qpn[0]);
            writeQpn(g, "responderQpn", q.qpn[1]);
            JsonValues.writeNullableLong(g, "initiatorStartingPsn", q.startingPsn[0]);
            JsonValues.writeNullableLong(g, "responderStartingPsn", q.startingPsn[1]);
            JsonValues.writeNullableLong(g, "pathMtu", q.pathMtu);
            JsonValues.writeNullableLong(g, "initiatorResponderResources", q.responderResources[0]);
            JsonValues.writeNullableLong(g, "initiatorInitiatorDepth", q.initiatorDepth[0]);
            JsonValues.writeNullableLong(g, "responderResponderResources", q.responderResources[1]);
            JsonValues.writeNullableLong(g, "responderInitiatorDepth", q.initiatorDepth[1]);
            JsonValues.writeNullableLong(g, "connectRequestFrame", q.requestFrame);
            JsonValues.writeNullableLong(g, "connectReplyFrame", q.replyFrame);
            QpConnection.Counters n = q.counters;
            g.writeNumberField("packets", n.packets);
            g.writeNumberField("payloadBytes", n.bytes);
            g.writeNumberField("retransmittedPackets", n.retransmittedPackets);
            g.writeNumberField("goBackN", n.goBackN);
            g.writeNumberField("resumedReads", n.resumedReads);
            g.writeNumberField("retransmitDelayNs", n.retransmitDelayNanos);
            g.writeNumberField("maxRetransmitDelayNs", n.maxRetransmitDelayNanos);
            g.writeNumberField("duplicatePackets", n.duplicatePackets);
            g.writeNumberField("duplicateResponses", n.duplicateResponses);
            g.writeNumberField("sequenceNaks", n.sequenceNaks);
            g.writeNumberField("rnrNaks", n.rnrNaks);
            g.writeNumberField("otherNaks", n.otherNaks);
            g.writeNumberField("missingPackets", n.missingPackets);
            g.writeNumberField("recoveredPackets", n.recoveredPackets);
            g.writeNumberField("captureLost", n.captureLost);
            g.writeNumberField("ecnCe", n.ecnCe);
            g.writeNumberField("cnps", n.cnps);
            g.writeNumberField("icrcErrors", n.icrcErrors);
            g.writeNumberField("sequenceStateDropped", n.sequenceStateDropped);
            if (n.snapshotCut > 0) {
                g.writeNumberField("snapshotCut", n.snapshotCut);
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeQpn(JsonGenerator g, String name, long qpn) throws IOException {
        if (qpn < 0) {
            g.writeNullField(name);
        } else {
            g.writeStringField(name, Hex.atLeast(qpn, 6));
        }
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
        if (c.snapshotCut > 0) {
            g.writeNumberField("snapshotCut", c.snapshotCut);
        }
        g.writeEndObject();
        g.writeNumberField("fpdus", s.fpdus());
        g.writeEndObject();
    }

    /** The names of a violation's members, encoded once: each is written thousands of times. */
    private static final SerializableString CODE = new SerializedString("code");
    private static final SerializableString SEVERITY = new SerializedString("severity");
    private static final SerializableString FRAME = new SerializedString("frame");
    private static final SerializableString CONNECTION = new SerializedString("connection");
    private static final SerializableString STAG = new SerializedString("stag");
    private static final SerializableString MESSAGE = new SerializedString("message");
    private static final SerializableString REFERENCE = new SerializedString("reference");
    private static final SerializableString TRANSACTION = new SerializedString("transaction");

    private static void string(JsonGenerator g, SerializableString name, String value) throws IOException {
        g.writeFieldName(name);
        g.writeString(value);
    }

    private static void number(JsonGenerator g, SerializableString name, long value) throws IOException {
        g.writeFieldName(name);
        g.writeNumber(value);
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

package io.rdmascope.report;

import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.Violation;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.roce.QpConnection;
import io.rdmascope.tcp.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The analysis as tables for columnar outputs (Parquet files, Spark datasets): one table per kind
 * of record, one column per name of the JSON contract ({@link AnalysisJsonWriter}), read from the
 * same {@link io.rdmascope.pipeline.FileAnalysis}. A column holds null where the JSON object of
 * that record has no such key or a null value. Every table also has a {@code capture} column (the
 * file as named), which the writers put first; it is not listed here.
 *
 * <p>This class knows no columnar library: each writer maps {@link Type} to its own types.
 */
public final class AnalysisTables {
    private AnalysisTables() {}

    /** Value types of the columns, with the Java value a getter returns. */
    public enum Type {
        /** {@link String}. */
        STRING,
        /** {@link Integer}. */
        INT32,
        /** {@link Long}. */
        INT64,
        /**
         * {@link Long} read as unsigned: STags, tagged offsets. Written as a signed 64-bit integer
         * holding the same 64 bits (an offset of 2^63 or more reads as negative), since Spark has
         * no unsigned type.
         */
        UINT64,
        /** {@link Boolean}. */
        BOOLEAN,
        /**
         * {@link Long}: nanoseconds since 1970-01-01 UTC, the capture's clock. Written as a
         * timestamp in microseconds (what Spark reads and writes); every such column has an
         * {@link #INT64} column beside it, its name followed by {@code Ns}, with the nanoseconds.
         */
        TIMESTAMP_NANOS,
        /** {@code long[]}: frame numbers. */
        INT64_LIST,
        /** {@code List<String>}. */
        STRING_LIST,
        /** {@code Map<String, String>}: the upper-layer fields ({@code ulp}), values in their JSON text. */
        STRING_MAP
    }

    /** One column: its name, type and how to read it from a record. */
    public record Column<T>(String name, Type type, Function<T, Object> value) {}

    /** One table: its name (the folder it is written to) and columns. */
    public record Table<T>(String name, List<Column<T>> columns) {}

    /** Name of the column each table has beside its own: the capture file as named. */
    public static final String CAPTURE = "capture";

    private static <T> Column<T> col(String name, Type type, Function<T, Object> value) {
        return new Column<>(name, type, value);
    }

    /**
     * One row per connection, as the JSON's {@code connections}: an MPA connection's {@code mpa}
     * object, or a RoCE connection's {@code roce} object, as columns of the same names (the other
     * transport's columns null); {@code transport} is {@code iwarp} or {@code roce}.
     */
    public static final Table<ConnectionRow> CONNECTIONS = new Table<>("connections", List.of(
            col("id", Type.STRING, r -> r.mpa() != null ? r.mpa().connection().id() : r.other().id()),
            col("transport", Type.STRING, r -> r.mpa() != null ? "iwarp" : r.other().transport()),
            col("initiator", Type.STRING, r -> r.mpa() != null ? r.mpa().connection().tcp().initiator().toString()
                    : r.other().source(Direction.FROM_INITIATOR).toString()),
            col("responder", Type.STRING, r -> r.mpa() != null ? r.mpa().connection().tcp().responder().toString()
                    : r.other().source(Direction.FROM_RESPONDER).toString()),
            mpa("revision", Type.INT32, c -> c.revision == 0 ? null : c.revision),
            mpa("markers", Type.BOOLEAN, c -> c.markers(Direction.FROM_INITIATOR)
                    || c.markers(Direction.FROM_RESPONDER)),
            mpa("crc", Type.BOOLEAN, c -> c.crc),
            mpa("rejected", Type.BOOLEAN, c -> c.rejected),
            mpa("ird", Type.INT32, c -> c.initiatorIrd),
            mpa("ord", Type.INT32, c -> c.initiatorOrd),
            mpa("markersInitiator", Type.BOOLEAN, c -> c.markers(Direction.FROM_INITIATOR)),
            mpa("markersResponder", Type.BOOLEAN, c -> c.markers(Direction.FROM_RESPONDER)),
            mpa("initiatorIrd", Type.INT32, c -> c.initiatorIrd),
            mpa("initiatorOrd", Type.INT32, c -> c.initiatorOrd),
            mpa("responderIrd", Type.INT32, c -> c.responderIrd),
            mpa("responderOrd", Type.INT32, c -> c.responderOrd),
            mpa("assumed", Type.BOOLEAN, c -> c.assumed),
            col("fpdus", Type.INT64, r -> r.mpa() == null ? null : r.mpa().fpdus()),
            roce("cm", Type.BOOLEAN, q -> !q.assumed()),
            roce("service", Type.STRING, q -> q.reliable() ? null : q.serviceName()),
            roce("initiatorQpn", Type.UINT64, q -> nullable(q.qpn[0])),
            roce("responderQpn", Type.UINT64, q -> nullable(q.qpn[1])),
            roce("initiatorStartingPsn", Type.INT64, q -> nullable(q.startingPsn[0])),
            roce("responderStartingPsn", Type.INT64, q -> nullable(q.startingPsn[1])),
            roce("pathMtu", Type.INT64, q -> nullable(q.pathMtu)),
            roce("initiatorResponderResources", Type.INT64, q -> nullable(q.responderResources[0])),
            roce("initiatorInitiatorDepth", Type.INT64, q -> nullable(q.initiatorDepth[0])),
            roce("responderResponderResources", Type.INT64, q -> nullable(q.responderResources[1])),
            roce("responderInitiatorDepth", Type.INT64, q -> nullable(q.initiatorDepth[1])),
            roce("connectRequestFrame", Type.INT64, q -> nullable(q.requestFrame)),
            roce("connectReplyFrame", Type.INT64, q -> nullable(q.replyFrame)),
            roce("packets", Type.INT64, q -> q.counters.packets),
            roce("payloadBytes", Type.INT64, q -> q.counters.bytes),
            roce("retransmittedPackets", Type.INT64, q -> q.counters.retransmittedPackets),
            roce("resumedReads", Type.INT64, q -> q.counters.resumedReads),
            roce("retransmitDelayNs", Type.INT64, q -> q.counters.retransmitDelayNanos),
            roce("maxRetransmitDelayNs", Type.INT64, q -> q.counters.maxRetransmitDelayNanos),
            roce("duplicateResponses", Type.INT64, q -> q.counters.duplicateResponses),
            roce("sequenceNaks", Type.INT64, q -> q.counters.sequenceNaks),
            roce("rnrNaks", Type.INT64, q -> q.counters.rnrNaks),
            roce("otherNaks", Type.INT64, q -> q.counters.otherNaks),
            roce("missingPackets", Type.INT64, q -> q.counters.missingPackets),
            roce("recoveredPackets", Type.INT64, q -> q.counters.recoveredPackets),
            roce("captureLost", Type.INT64, q -> q.counters.captureLost),
            roce("ecnCe", Type.INT64, q -> q.counters.ecnCe),
            roce("cnps", Type.INT64, q -> q.counters.cnps),
            roce("icrcErrors", Type.INT64, q -> q.counters.icrcErrors),
            roce("goBackN", Type.INT64, q -> q.counters.goBackN),
            roce("duplicatePackets", Type.INT64, q -> q.counters.duplicatePackets),
            roce("sequenceStateDropped", Type.INT64, q -> q.counters.sequenceStateDropped),
            col("snapshotCut", Type.INT64, r -> {
                long n = r.mpa() != null ? r.mpa().connection().snapshotCut : r.other() instanceof QpConnection q
                        ? q.counters.snapshotCut : 0;
                return n == 0 ? null : n;
            })));

    /** A column of the MPA connections' rows, null on the others. */
    private static Column<ConnectionRow> mpa(String name, Type type, Function<MpaConnection, Object> value) {
        return col(name, type, r -> r.mpa() == null ? null : value.apply(r.mpa().connection()));
    }

    /** A column of the RoCE connections' rows, null on the others. */
    private static Column<ConnectionRow> roce(String name, Type type, Function<QpConnection, Object> value) {
        return col(name, type, r -> r.other() instanceof QpConnection q ? value.apply(q) : null);
    }

    /** A number the JSON writes as null when negative (not known). */
    private static Long nullable(long v) {
        return v < 0 ? null : v;
    }

    /**
     * One row per transaction of every kind. The kind-specific columns are null for the kinds
     * whose JSON object lacks them: {@code advertiser}, {@code length}, {@code access},
     * {@code initiationFrame}, {@code dataFrames}, {@code completionFrame}, {@code completion} for
     * one-shot transactions, {@code from} for the others, and so on.
     */
    public static final Table<Transaction> TRANSACTIONS = new Table<>("transactions", List.of(
            col("id", Type.STRING, t -> t.id),
            col("connection", Type.STRING, t -> t.connection),
            col("kind", Type.STRING, t -> t.kind.jsonName),
            col("advertiser", Type.STRING, t -> t.oneShot() ? t.advertiser : null),
            col("from", Type.STRING, t -> t.oneShot() ? null : t.advertiser),
            col("stag", Type.UINT64, t -> hasStag(t) ? t.stag & 0xFFFFFFFFL : null),
            col("to", Type.UINT64, t -> hasStag(t) ? t.to : null),
            col("length", Type.INT64, t -> t.oneShot() ? t.length : null),
            col("access", Type.STRING_LIST, t -> t.oneShot() ? access(t) : null),
            col("initiationFrame", Type.INT64, t -> t.oneShot() ? t.initiationFrame : null),
            col("dataFrames", Type.INT64_LIST, t -> t.oneShot() ? t.dataFrames.toLongArray() : null),
            col("completionFrame", Type.INT64, t -> t.oneShot() && t.completionFrame >= 0 ? t.completionFrame : null),
            col("completion", Type.STRING, t -> t.oneShot() && t.completion != null ? t.completion.jsonName : null),
            col("sinkStag", Type.UINT64, t -> t.kind == TransactionKind.READ ? t.sinkStag & 0xFFFFFFFFL : null),
            col("sinkTo", Type.UINT64, t -> t.kind == TransactionKind.READ ? t.sinkTo : null),
            col("sourceStag", Type.UINT64, t -> t.kind == TransactionKind.READ ? t.stag & 0xFFFFFFFFL : null),
            col("sourceTo", Type.UINT64, t -> t.kind == TransactionKind.READ ? t.to : null),
            col("size", Type.INT64, t -> t.kind == TransactionKind.READ ? t.length : null),
            col("advertisedFrame", Type.INT64, t -> (t.kind == TransactionKind.READ || t.kind == TransactionKind.WRITE)
                    && t.advertisedFrame >= 0 ? t.advertisedFrame : null),
            col("opcode", Type.INT32, t -> t.kind == TransactionKind.SEND || t.kind == TransactionKind.ATOMIC
                    ? t.opcode : null),
            col("opcodeName", Type.STRING, t -> t.kind == TransactionKind.SEND ? t.opcodeDisplayName() : null),
            col("qn", Type.INT64, t -> t.kind == TransactionKind.SEND ? t.qn : null),
            col("msn", Type.INT64, t -> t.kind == TransactionKind.SEND ? t.msn : null),
            col("invalidateStag", Type.UINT64, t -> t.kind == TransactionKind.SEND && t.invalidateStag != null
                    ? t.invalidateStag & 0xFFFFFFFFL : null),
            col("ulp", Type.STRING_MAP, t -> t.kind.upperLayer() ? ulp(t.ulp) : null),
            col("summary", Type.STRING, t -> t.kind.upperLayer() ? t.summary : null),
            col("operations", Type.STRING_LIST, t -> t.kind.upperLayer()
                    ? (t.operations == null ? List.of() : t.operations) : null),
            col("note", Type.STRING, t -> t.oneShot() ? null : t.note),
            col("frames", Type.INT64_LIST, t -> t.frames().toLongArray()),
            col("startFrame", Type.INT64, Transaction::startFrame),
            col("endFrame", Type.INT64, Transaction::endFrame),
            col("bytes", Type.INT64, t -> t.bytes),
            col("latencyNs", Type.INT64, AnalysisTables::latency),
            col("status", Type.STRING, t -> t.status.jsonName()),
            col("startTime", Type.TIMESTAMP_NANOS, t -> t.initiationTimeNanos),
            col("startTimeNs", Type.INT64, t -> t.initiationTimeNanos),
            col("completionTime", Type.TIMESTAMP_NANOS, AnalysisTables::completionTime),
            col("completionTimeNs", Type.INT64, AnalysisTables::completionTime)));

    private static Long completionTime(Transaction t) {
        return t.completionFrame >= 0 ? t.completionTimeNanos : null;
    }

    /** One row per violation. */
    public static final Table<Violation> VIOLATIONS = new Table<>("violations", List.of(
            col("code", Type.STRING, v -> v.code().name()),
            col("severity", Type.STRING, v -> v.severity().jsonName()),
            col("frame", Type.INT64, Violation::frame),
            col("connection", Type.STRING, Violation::connection),
            col("stag", Type.UINT64, v -> v.stag() == null ? null : v.stag() & 0xFFFFFFFFL),
            col("message", Type.STRING, Violation::message),
            col("reference", Type.STRING, Violation::reference),
            col("transaction", Type.STRING, Violation::transaction)));

    /** One row per capture named: its size, frames and time span, and how its analysis ended. */
    public static final Table<CaptureRow> CAPTURES = new Table<>("captures", List.of(
            col("size", Type.INT64, CaptureRow::size),
            col("frames", Type.INT64, CaptureRow::frames),
            col("firstTime", Type.TIMESTAMP_NANOS, CaptureRow::firstNanos),
            col("firstTimeNs", Type.INT64, CaptureRow::firstNanos),
            col("lastTime", Type.TIMESTAMP_NANOS, CaptureRow::lastNanos),
            col("lastTimeNs", Type.INT64, CaptureRow::lastNanos),
            col("status", Type.STRING, CaptureRow::status),
            col("reason", Type.STRING, CaptureRow::reason),
            col("version", Type.STRING, CaptureRow::version),
            col("options", Type.STRING, CaptureRow::options),
            col("groups", Type.INT32, CaptureRow::groups),
            col("whole", Type.STRING, CaptureRow::whole)));

    /**
     * A record of the {@code dissect --format json} output ({@link FrameRecord}) with the name of
     * its highest layer, for the optional {@link #FRAMES} table.
     */
    public record FrameRow(FrameRecord record, String protocol) {}

    /**
     * One row per record of {@code dissect --format json}: every captured frame, plus the extra
     * record of a frame whose PDUs were completed only when the capture ended
     * ({@code endOfCapture}, with null time, length and addresses). The frame's violations are in
     * {@link #VIOLATIONS} under its number.
     */
    public static final Table<FrameRow> FRAMES = new Table<>("frames", List.of(
            col("frame", Type.INT64, f -> f.record().frame),
            col("endOfCapture", Type.BOOLEAN, f -> f.record().endOfCapture),
            col("time", Type.TIMESTAMP_NANOS, AnalysisTables::frameTime),
            col("timeNs", Type.INT64, AnalysisTables::frameTime),
            col("length", Type.INT64, f -> f.record().length < 0 ? null : f.record().length),
            col("source", Type.STRING, f -> f.record().source == null ? null : f.record().source.address()),
            col("sourcePort", Type.INT32, f -> f.record().source == null ? null : f.record().source.port()),
            col("destination", Type.STRING, f -> f.record().destination == null ? null
                    : f.record().destination.address()),
            col("destinationPort", Type.INT32, f -> f.record().destination == null ? null
                    : f.record().destination.port()),
            col("tcpStream", Type.INT64, f -> f.record().tcpStream < 0 ? null : f.record().tcpStream),
            col("tcpFlags", Type.INT32, f -> f.record().tcpFlags < 0 ? null : f.record().tcpFlags),
            col("protocol", Type.STRING, FrameRow::protocol),
            col("pdus", Type.INT32, f -> f.record().pdus.size()),
            col("connections", Type.STRING_LIST, f -> connections(f.record())),
            col("issues", Type.INT32, f -> f.record().issues.size()),
            col("issueKinds", Type.STRING_LIST, f -> issueKinds(f.record()))));

    /** The capture time of a frame, null for the extra record of the end of the capture. */
    private static Long frameTime(FrameRow f) {
        return f.record().length < 0 ? null : f.record().timestampNanos;
    }

    /** The MPA connections of a frame's PDUs and issues, each once. */
    @SuppressWarnings("unchecked")
    private static List<String> connections(FrameRecord r) {
        return (List<String>) r.values("connection");
    }

    private static List<String> issueKinds(FrameRecord r) {
        List<String> kinds = new ArrayList<>(r.issues.size());
        for (FrameRecord.Issue i : r.issues) {
            kinds.add(i.issue().kind().name().toLowerCase(java.util.Locale.ROOT));
        }
        return kinds;
    }

    /** The kinds whose JSON object has {@code stag} and {@code to}. */
    private static boolean hasStag(Transaction t) {
        return t.oneShot() || t.kind == TransactionKind.WRITE || t.kind == TransactionKind.ATOMIC;
    }

    private static List<String> access(Transaction t) {
        List<String> a = new ArrayList<>(2);
        if (t.remoteWrite()) {
            a.add("write");
        }
        if (t.remoteRead()) {
            a.add("read");
        }
        return a;
    }

    /** As the JSON writes it: the latency, null when not completed. */
    private static Long latency(Transaction t) {
        long latency = t.latencyNanos();
        return latency < 0 && t.completionFrame < 0 ? null : latency;
    }

    /** The upper-layer fields as text, unsigned numbers as the JSON writes them. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> ulp(Map<String, Object> fields) {
        Map<String, String> m = new LinkedHashMap<>();
        if (fields != null) {
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                m.put(e.getKey(), text(e.getValue()));
            }
        }
        return m;
    }

    private static String text(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return Long.toUnsignedString(l);
        }
        return v.toString();
    }
}

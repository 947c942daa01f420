package io.rdmascope.pipeline;

import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Comparator;

/**
 * The order and the compact binary form of the records of an analysis, for {@link SpillList}:
 * violations ordered by frame (within a frame, in the order the engine found them), transactions
 * by initiation frame, then by the number of their id ("t2" before "t10").
 */
public final class AnalysisRecords {
    private AnalysisRecords() {}

    // Plain classes rather than Comparator combinators: the JDK spins those at run time, which a
    // short command-line run pays for.
    public static final Comparator<Violation> VIOLATION_ORDER = new Comparator<>() {
        @Override
        public int compare(Violation a, Violation b) {
            return Long.compare(a.frame(), b.frame());
        }
    };

    public static final Comparator<Transaction> TRANSACTION_ORDER = new Comparator<>() {
        @Override
        public int compare(Transaction a, Transaction b) {
            int c = Long.compare(a.initiationFrame, b.initiationFrame);
            if (c == 0) {
                c = Integer.compare(a.kind.ordinal(), b.kind.ordinal());
            }
            return c != 0 ? c : Long.compare(idNumber(a.id), idNumber(b.id));
        }
    };

    /** An empty violation list in {@link #VIOLATION_ORDER} that spills beyond the default limit. */
    public static SpillList<Violation> violations() {
        return new SpillList<>(VIOLATIONS, VIOLATION_ORDER);
    }

    /** An empty transaction list in {@link #TRANSACTION_ORDER} that spills beyond the default limit. */
    public static SpillList<Transaction> transactions() {
        return new SpillList<>(TRANSACTIONS, TRANSACTION_ORDER);
    }

    /** The digits of an id as a number ("t12" is 12). */
    static long idNumber(String id) {
        long n = 0;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c >= '0' && c <= '9') {
                n = n * 10 + (c - '0');
            }
        }
        return n;
    }

    private static final ViolationCode[] CODES = ViolationCode.values();
    private static final Severity[] SEVERITIES = Severity.values();
    private static final TransactionStatus[] STATUSES = TransactionStatus.values();
    private static final CompletionKind[] COMPLETIONS = CompletionKind.values();

    /** The fields of the kinds other than one-shot. */
    static void writeOperation(DataOutput out, Transaction t) throws IOException {
        SpillList.writeVarLong(out, t.opcode);
        SpillList.writeVarLong(out, t.qn);
        SpillList.writeVarLong(out, t.msn);
        out.writeBoolean(t.invalidateStag != null);
        if (t.invalidateStag != null) {
            SpillList.writeVarLong(out, t.invalidateStag);
        }
        SpillList.writeVarLong(out, t.sinkStag);
        SpillList.writeVarLong(out, t.sinkTo);
        SpillList.writeVarLong(out, t.advertisedFrame);
        SpillList.writeString(out, t.note);
        SpillList.writeString(out, t.summary);
        SpillList.writeVarLong(out, t.ulp == null ? -1 : t.ulp.size());
        if (t.ulp != null) {
            for (java.util.Map.Entry<String, Object> e : t.ulp.entrySet()) {
                SpillList.writeString(out, e.getKey());
                Object v = e.getValue();
                if (v == null) {
                    out.writeByte(0);
                } else if (v instanceof Long l) {
                    out.writeByte(1);
                    SpillList.writeVarLong(out, l);
                } else if (v instanceof Integer i) {
                    out.writeByte(2);
                    SpillList.writeVarLong(out, i);
                } else if (v instanceof Boolean b) {
                    out.writeByte(3);
                    out.writeBoolean(b);
                } else {
                    out.writeByte(4);
                    SpillList.writeString(out, v.toString());
                }
            }
        }
        SpillList.writeVarLong(out, t.operations == null ? -1 : t.operations.size());
        if (t.operations != null) {
            for (String id : t.operations) {
                SpillList.writeString(out, id);
            }
        }
        SpillList.writeVarLong(out, t.retransmissions);
    }

    static void readOperation(DataInput in, Transaction t) throws IOException {
        t.opcode = (int) SpillList.readVarLong(in);
        t.qn = SpillList.readVarLong(in);
        t.msn = SpillList.readVarLong(in);
        t.invalidateStag = in.readBoolean() ? SpillList.readVarLong(in) : null;
        t.sinkStag = SpillList.readVarLong(in);
        t.sinkTo = SpillList.readVarLong(in);
        t.advertisedFrame = SpillList.readVarLong(in);
        t.note = SpillList.readString(in);
        t.summary = SpillList.readString(in);
        int n = count(in);
        if (n >= 0) {
            t.ulp = new java.util.LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String key = SpillList.readString(in);
                int type = in.readUnsignedByte();
                Object v = switch (type) {
                    case 1 -> SpillList.readVarLong(in);
                    case 2 -> (int) SpillList.readVarLong(in);
                    case 3 -> in.readBoolean();
                    case 4 -> SpillList.readString(in);
                    default -> null;
                };
                t.ulp.put(key, v);
            }
        }
        int ops = count(in);
        if (ops >= 0) {
            t.operations = new java.util.ArrayList<>(ops);
            for (int i = 0; i < ops; i++) {
                t.operations.add(SpillList.readString(in));
            }
        }
        t.retransmissions = (int) SpillList.readVarLong(in);
    }

    /** A count written with {@link SpillList#writeVarLong}: -1 for none. */
    private static int count(DataInput in) throws IOException {
        long n = SpillList.readVarLong(in);
        if (n < -1 || n > Integer.MAX_VALUE) {
            throw new IOException("a count of " + n + " in a transaction record");
        }
        return (int) n;
    }

    /** Every field of a violation; the reference is written only when it is not the code's own. */
    public static final SpillList.Codec<Violation> VIOLATIONS = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Violation v) throws IOException {
            out.writeByte(v.code().ordinal());
            out.writeByte(v.severity().ordinal());
            out.writeLong(v.frame());
            SpillList.writeString(out, v.connection());
            out.writeBoolean(v.stag() != null);
            if (v.stag() != null) {
                out.writeLong(v.stag());
            }
            SpillList.writeString(out, v.transaction());
            SpillList.writeString(out, v.message());
            boolean own = v.reference() != null && v.reference().equals(v.code().reference);
            out.writeBoolean(own);
            if (!own) {
                SpillList.writeString(out, v.reference());
            }
        }

        @Override
        public Violation read(DataInput in) throws IOException {
            ViolationCode code = CODES[in.readUnsignedByte()];
            Severity severity = SEVERITIES[in.readUnsignedByte()];
            long frame = in.readLong();
            String connection = SpillList.readString(in);
            Long stag = in.readBoolean() ? in.readLong() : null;
            String transaction = SpillList.readString(in);
            String message = SpillList.readString(in);
            String reference = in.readBoolean() ? code.reference : SpillList.readString(in);
            return new Violation(code, severity, frame, connection, stag, transaction, message, reference);
        }
    };

    private static final TransactionKind[] KINDS = TransactionKind.values();

    /**
     * Every field of an ended transaction (the engine changes none once it has told it), numbers as
     * {@link SpillList#writeVarLong}: frames and times as differences from the initiation's, data
     * frames from one another. Its kind, status, frames and id come first, so that
     * {@link #readFrames} reads them alone.
     */
    public static final SpillList.Codec<Transaction> TRANSACTIONS = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Transaction t) throws IOException {
            out.writeByte(t.kind.ordinal());
            out.writeByte(t.status.ordinal());
            out.writeByte(t.completion == null ? 0 : t.completion.ordinal() + 1);
            SpillList.writeVarLong(out, t.initiationFrame);
            SpillList.writeVarLong(out, t.completionFrame);
            SpillList.writeString(out, t.id);
            int n = t.dataFrames.size();
            SpillList.writeVarLong(out, n);
            long previous = t.initiationFrame;
            for (int i = 0; i < n; i++) {
                long f = t.dataFrames.getLong(i);
                SpillList.writeVarLong(out, f - previous);
                previous = f;
            }
            SpillList.writeString(out, t.connection);
            SpillList.writeString(out, t.advertiser);
            SpillList.writeVarLong(out, t.stag);
            SpillList.writeVarLong(out, t.to);
            SpillList.writeVarLong(out, t.length);
            SpillList.writeVarLong(out, t.access);
            SpillList.writeVarLong(out, t.initiationTimeNanos);
            SpillList.writeVarLong(out, t.dataFrameCount - n);
            SpillList.writeVarLong(out, t.bytes);
            SpillList.writeVarLong(out, t.completionTimeNanos - t.initiationTimeNanos);
            SpillList.writeVarLong(out, t.lastFrame - t.initiationFrame);
            if (!t.oneShot()) {
                writeOperation(out, t);
            }
        }

        @Override
        public Transaction read(DataInput in) throws IOException {
            TransactionKind kind = KINDS[in.readUnsignedByte()];
            TransactionStatus status = STATUSES[in.readUnsignedByte()];
            int completion = in.readUnsignedByte();
            long initiationFrame = SpillList.readVarLong(in);
            long completionFrame = SpillList.readVarLong(in);
            String id = SpillList.readString(in);
            int n = count(in);
            long[] data = new long[Math.max(0, n)];
            long previous = initiationFrame;
            for (int i = 0; i < n; i++) {
                previous += SpillList.readVarLong(in);
                data[i] = previous;
            }
            String connection = SpillList.readString(in);
            String advertiser = SpillList.readString(in);
            long stag = SpillList.readVarLong(in);
            long to = SpillList.readVarLong(in);
            long length = SpillList.readVarLong(in);
            int access = (int) SpillList.readVarLong(in);
            long initiationTime = SpillList.readVarLong(in);
            Transaction t = new Transaction(id, kind, connection, advertiser, stag, to, length, access,
                    initiationFrame, initiationTime);
            // the constructor of the kinds other than one-shot lists their first frame already
            for (int i = kind == TransactionKind.ONESHOT ? 0 : 1; i < n; i++) {
                t.dataFrames.addLong(data[i]);
            }
            t.dataFrameCount = n + SpillList.readVarLong(in);
            t.bytes = SpillList.readVarLong(in);
            t.completionFrame = completionFrame;
            t.completionTimeNanos = initiationTime + SpillList.readVarLong(in);
            t.completion = completion == 0 ? null : COMPLETIONS[completion - 1];
            t.status = status;
            t.lastFrame = initiationFrame + SpillList.readVarLong(in);
            if (kind != TransactionKind.ONESHOT) {
                readOperation(in, t);
            }
            return t;
        }

        /** A listed data frame (four octets in a {@link io.rdmascope.engine.FrameList}) costs about an eighth of a transaction. */
        @Override
        public int weight(Transaction t) {
            return 1 + t.dataFrames.size() / 8;
        }
    };

    /** What {@link #readFrames} reads of a transaction record: its id and frames. */
    public static final class Frames {
        public String id;
        public long initiationFrame;
        /** The completion's frame, or -1. */
        public long completionFrame;
        /** The data frames, {@link #count} of them. */
        public long[] data = new long[16];
        public int count;
    }

    /** Reads the id and frames at the start of a {@link #TRANSACTIONS} record, the rest left unread. */
    public static void readFrames(DataInput in, Frames into) throws IOException {
        in.skipBytes(3);
        into.initiationFrame = SpillList.readVarLong(in);
        into.completionFrame = SpillList.readVarLong(in);
        into.id = SpillList.readString(in);
        int n = count(in);
        if (into.data.length < n) {
            into.data = new long[Math.max(n, into.data.length * 2)];
        }
        long previous = into.initiationFrame;
        for (int i = 0; i < n; i++) {
            previous += SpillList.readVarLong(in);
            into.data[i] = previous;
        }
        into.count = Math.max(0, n);
    }
}

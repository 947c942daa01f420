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
        out.writeInt(t.opcode);
        out.writeLong(t.qn);
        out.writeLong(t.msn);
        out.writeBoolean(t.invalidateStag != null);
        if (t.invalidateStag != null) {
            out.writeLong(t.invalidateStag);
        }
        out.writeLong(t.sinkStag);
        out.writeLong(t.sinkTo);
        out.writeLong(t.advertisedFrame);
        SpillList.writeString(out, t.note);
        SpillList.writeString(out, t.summary);
        out.writeInt(t.ulp == null ? -1 : t.ulp.size());
        if (t.ulp != null) {
            for (java.util.Map.Entry<String, Object> e : t.ulp.entrySet()) {
                SpillList.writeString(out, e.getKey());
                Object v = e.getValue();
                if (v == null) {
                    out.writeByte(0);
                } else if (v instanceof Long l) {
                    out.writeByte(1);
                    out.writeLong(l);
                } else if (v instanceof Integer i) {
                    out.writeByte(2);
                    out.writeInt(i);
                } else if (v instanceof Boolean b) {
                    out.writeByte(3);
                    out.writeBoolean(b);
                } else {
                    out.writeByte(4);
                    SpillList.writeString(out, v.toString());
                }
            }
        }
        out.writeInt(t.operations == null ? -1 : t.operations.size());
        if (t.operations != null) {
            for (String id : t.operations) {
                SpillList.writeString(out, id);
            }
        }
    }

    static void readOperation(DataInput in, Transaction t) throws IOException {
        t.opcode = in.readInt();
        t.qn = in.readLong();
        t.msn = in.readLong();
        t.invalidateStag = in.readBoolean() ? in.readLong() : null;
        t.sinkStag = in.readLong();
        t.sinkTo = in.readLong();
        t.advertisedFrame = in.readLong();
        t.note = SpillList.readString(in);
        t.summary = SpillList.readString(in);
        int n = in.readInt();
        if (n >= 0) {
            t.ulp = new java.util.LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String key = SpillList.readString(in);
                int type = in.readUnsignedByte();
                Object v = switch (type) {
                    case 1 -> in.readLong();
                    case 2 -> in.readInt();
                    case 3 -> in.readBoolean();
                    case 4 -> SpillList.readString(in);
                    default -> null;
                };
                t.ulp.put(key, v);
            }
        }
        int ops = in.readInt();
        if (ops >= 0) {
            t.operations = new java.util.ArrayList<>(ops);
            for (int i = 0; i < ops; i++) {
                t.operations.add(SpillList.readString(in));
            }
        }
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

    /** Every field of an ended transaction (the engine changes none once it has told it). */
    public static final SpillList.Codec<Transaction> TRANSACTIONS = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Transaction t) throws IOException {
            out.writeByte(t.kind.ordinal());
            SpillList.writeString(out, t.id);
            SpillList.writeString(out, t.connection);
            SpillList.writeString(out, t.advertiser);
            out.writeLong(t.stag);
            out.writeLong(t.to);
            out.writeLong(t.length);
            out.writeInt(t.access);
            out.writeLong(t.initiationFrame);
            out.writeLong(t.initiationTimeNanos);
            out.writeInt(t.dataFrames.size());
            for (Long f : t.dataFrames) {
                out.writeLong(f);
            }
            out.writeLong(t.dataFrameCount);
            out.writeLong(t.bytes);
            out.writeLong(t.completionFrame);
            out.writeLong(t.completionTimeNanos);
            out.writeByte(t.completion == null ? -1 : t.completion.ordinal());
            out.writeByte(t.status.ordinal());
            out.writeLong(t.lastFrame);
            if (!t.oneShot()) {
                writeOperation(out, t);
            }
        }

        @Override
        public Transaction read(DataInput in) throws IOException {
            TransactionKind kind = KINDS[in.readUnsignedByte()];
            Transaction t = new Transaction(SpillList.readString(in), kind, SpillList.readString(in),
                    SpillList.readString(in), in.readLong(), in.readLong(), in.readLong(), in.readInt(),
                    in.readLong(), in.readLong());
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                long f = in.readLong();
                if (i > 0 || kind == TransactionKind.ONESHOT) {
                    // the constructor of the other kinds lists their first frame already
                    t.dataFrames.add(f);
                }
            }
            t.dataFrameCount = in.readLong();
            t.bytes = in.readLong();
            t.completionFrame = in.readLong();
            t.completionTimeNanos = in.readLong();
            byte c = in.readByte();
            t.completion = c < 0 ? null : COMPLETIONS[c];
            t.status = STATUSES[in.readUnsignedByte()];
            t.lastFrame = in.readLong();
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
}

package io.rdmascope.pipeline;

import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
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

    /** Every field of an ended transaction (the engine changes none once it has told it). */
    public static final SpillList.Codec<Transaction> TRANSACTIONS = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Transaction t) throws IOException {
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
        }

        @Override
        public Transaction read(DataInput in) throws IOException {
            Transaction t = new Transaction(SpillList.readString(in), SpillList.readString(in),
                    SpillList.readString(in), in.readLong(), in.readLong(), in.readLong(), in.readInt(),
                    in.readLong(), in.readLong());
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                t.dataFrames.add(in.readLong());
            }
            t.dataFrameCount = in.readLong();
            t.bytes = in.readLong();
            t.completionFrame = in.readLong();
            t.completionTimeNanos = in.readLong();
            byte c = in.readByte();
            t.completion = c < 0 ? null : COMPLETIONS[c];
            t.status = STATUSES[in.readUnsignedByte()];
            return t;
        }

        /** A listed data frame costs about as much memory as a quarter of a transaction. */
        @Override
        public int weight(Transaction t) {
            return 1 + t.dataFrames.size() / 4;
        }
    };
}

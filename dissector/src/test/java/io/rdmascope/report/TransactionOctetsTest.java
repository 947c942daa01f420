package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionOctetsTest {
    /** The transactions array of a report, each written by the octets when they take it, else by the generator. */
    private static String report(List<Transaction> transactions, boolean octets) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TransactionOctets encoder = new TransactionOctets();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("files");
            g.writeStartObject();
            g.writeArrayFieldStart("transactions");
            for (Transaction t : transactions) {
                if (octets && encoder.encode(t)) {
                    g.writeRawValue(encoder);
                } else {
                    AnalysisJsonWriter.writeTransaction(g, t);
                }
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Transaction oneShot(long frame, int access) {
        Transaction t = new Transaction("t" + frame, "c1", "10.0.0.1:40000", 0x1234, 0x10000, 8192, access, frame, 5);
        for (long f = frame + 1; f < frame + 40; f += 3) {
            t.addDataFrame(f);
        }
        return t;
    }

    private static Transaction operation(TransactionKind kind, long frame) {
        Transaction t = new Transaction(kind.jsonName.charAt(0) + "" + frame, kind, "c2", "10.0.0.2:4791",
                0xdeadbeefL, 0x1000L, 64, 0, frame, 7);
        t.addDataFrame(frame + 1);
        t.bytes = 64;
        return t;
    }

    @Test
    void everyFlatKindIsWrittenAsTheGeneratorWritesIt() throws Exception {
        List<Transaction> all = new ArrayList<>();
        for (int access = 0; access < 4; access++) {
            all.add(oneShot(10 + access, access));
        }
        Transaction done = oneShot(100, 1);
        done.completionFrame = 2_000_000_000L;
        done.completionTimeNanos = 99;
        done.completion = CompletionKind.values()[0];
        done.status = TransactionStatus.COMPLETE;
        all.add(done);
        Transaction huge = oneShot(3_000_000_000L, 2);
        huge.bytes = Long.MAX_VALUE;
        all.add(huge);
        Transaction early = oneShot(200, 1);
        early.completionFrame = 201;
        early.completionTimeNanos = 1;
        early.initiationTimeNanos = 5;
        all.add(early);
        for (TransactionKind kind : List.of(TransactionKind.READ, TransactionKind.WRITE, TransactionKind.SEND,
                TransactionKind.ATOMIC)) {
            Transaction t = operation(kind, 300 + kind.ordinal());
            t.opcode = kind == TransactionKind.SEND ? 4 : 1;
            t.invalidateStag = kind == TransactionKind.SEND ? 0x77L : null;
            t.advertisedFrame = kind == TransactionKind.WRITE ? 299 : -1;
            all.add(t);
        }
        Transaction noted = operation(TransactionKind.SEND, 400);
        noted.opcode = 99;
        noted.note = "an MPA ready-to-receive message";
        all.add(noted);

        assertThat(report(all, true)).isEqualTo(report(all, false));
    }

    @Test
    void stringsTheGeneratorEscapesAndUpperLayerCallsAreLeftToIt() throws Exception {
        TransactionOctets encoder = new TransactionOctets();
        List<Transaction> all = new ArrayList<>();
        for (String note : List.of("quote \" here", "back\\slash", "tab\there", "caf\u00e9", "\u20ac", "\ud83d\ude00")) {
            Transaction t = operation(TransactionKind.SEND, 500 + all.size());
            t.note = note;
            assertThat(encoder.encode(t)).as(note).isFalse();
            all.add(t);
        }
        Transaction call = operation(TransactionKind.RPC, 600);
        call.ulp = Map.of("procedure", "READ");
        call.operations = List.of("s1");
        call.summary = "NFS READ";
        assertThat(encoder.encode(call)).isFalse();
        all.add(call);
        Transaction plain = operation(TransactionKind.SEND, 700);
        plain.note = "~ printable ASCII !";
        assertThat(encoder.encode(plain)).isTrue();
        all.add(plain);

        assertThat(report(all, true)).isEqualTo(report(all, false));
    }
}

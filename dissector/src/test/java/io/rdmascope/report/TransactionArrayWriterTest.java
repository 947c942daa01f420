package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.RealCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The transactions written as octets read, octet for octet, as Jackson's default pretty printer
 * lays out the same document: each document written is parsed and printed again by Jackson, and
 * the two must be equal (names, numbers, escapes, indentation, empty arrays and objects).
 */
class TransactionArrayWriterTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static String written(List<FileAnalysis> files) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(files, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Writes the transactions in a file's document and checks its layout; returns the parsed transactions. */
    private static JsonNode assertLaidOutAsJackson(List<Transaction> transactions) throws IOException {
        FileAnalysis f = new FileAnalysis("a.pcap", 99, List.of(), transactions, List.of(), null);
        return assertLaidOutAsJackson(f).get("files").get(0).get("transactions");
    }

    private static JsonNode assertLaidOutAsJackson(FileAnalysis f) throws IOException {
        String written = written(List.of(f));
        JsonNode tree = MAPPER.readTree(written);
        // compared as octets: a generator writing characters would not escape surrogates as one writing octets does
        String jackson = new String(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree), StandardCharsets.UTF_8);
        assertThat(written).isEqualTo(jackson + "\n");
        return tree;
    }

    private static Transaction op(String id, TransactionKind kind) {
        Transaction t = new Transaction(id, kind, "c1", "10.0.0.1:40000", 0xabcdef01L, 0x1000L, 512, 0, 7, 100);
        t.bytes = 512;
        t.status = TransactionStatus.COMPLETE;
        return t;
    }

    @Test
    void noTransactionsIsAnEmptyArray() throws IOException {
        assertThat(assertLaidOutAsJackson(List.of())).isEmpty();
    }

    @Test
    void everyKindWithItsMembers() throws IOException {
        Transaction read = op("r1", TransactionKind.READ);
        read.sinkStag = 0xffffffffL;
        read.sinkTo = -1L;
        read.advertisedFrame = 3;
        Transaction write = op("w1", TransactionKind.WRITE);
        write.note = "past the region's end";
        Transaction send = op("s1", TransactionKind.SEND);
        send.opcode = 4;
        send.qn = 0;
        send.msn = 4_294_967_295L;
        send.invalidateStag = 0x100L;
        Transaction unknownOpcode = op("s2", TransactionKind.SEND);
        unknownOpcode.opcode = 15;
        Transaction atomic = op("a1", TransactionKind.ATOMIC);
        atomic.opcode = 10;
        Transaction open = op("w2", TransactionKind.WRITE);
        open.status = TransactionStatus.INCOMPLETE;
        Transaction oneShot = Fixtures.transaction();
        Transaction readAndWrite = new Transaction("t2", "c1", "10.0.0.2:9999", 0xdeadbeefL, -1L, 16, 0x03, 20, 0);
        Transaction neither = new Transaction("t3", "c1", "10.0.0.2:9999", 1, 2, 16, 0, 21, 0);
        neither.completionFrame = 30;
        neither.completionTimeNanos = 5;
        neither.completion = CompletionKind.SEND_SV;

        JsonNode ts = assertLaidOutAsJackson(List.of(read, write, send, unknownOpcode, atomic, open, oneShot,
                readAndWrite, neither));

        assertThat(ts.get(0).get("sinkStag").asText()).isEqualTo("0xffffffff");
        assertThat(ts.get(0).get("sinkTo").asText()).isEqualTo("0xffffffffffffffff");
        assertThat(ts.get(0).get("sourceStag").asText()).isEqualTo("0xabcdef01");
        assertThat(ts.get(0).get("advertisedFrame").asLong()).isEqualTo(3);
        assertThat(ts.get(1).get("advertisedFrame").isNull()).isTrue();
        assertThat(ts.get(1).get("note").asText()).isEqualTo("past the region's end");
        assertThat(ts.get(2).get("opcodeName").asText()).isEqualTo("Send with Invalidate");
        assertThat(ts.get(2).get("msn").asLong()).isEqualTo(4_294_967_295L);
        assertThat(ts.get(2).get("invalidateStag").asText()).isEqualTo("0x00000100");
        assertThat(ts.get(3).get("opcodeName").isNull()).isTrue();
        assertThat(ts.get(3).get("invalidateStag").isNull()).isTrue();
        assertThat(ts.get(5).get("latencyNs").isNull()).isTrue();
        assertThat(ts.get(6).get("access").toString()).isEqualTo("[\"write\"]");
        assertThat(ts.get(7).get("access").toString()).isEqualTo("[\"write\",\"read\"]");
        assertThat(ts.get(7).get("to").asText()).isEqualTo("0xffffffffffffffff");
        assertThat(ts.get(8).get("access").toString()).isEqualTo("[]");
        assertThat(ts.get(8).get("frames").toString()).isEqualTo("[21,30]");
        assertThat(ts.get(8).get("completion").asText()).isEqualTo("send_sv");
    }

    @Test
    void upperLayerCallsWithNestedFieldsAndOperations() throws IOException {
        Transaction rpc = op("rpc1", TransactionKind.of("rpc"));
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("handle", 0x1234L);
        inner.put("empty", new LinkedHashMap<>());
        Map<String, Object> ulp = new LinkedHashMap<>();
        ulp.put("xid", "0x0000002a");
        ulp.put("unsigned", -1L);
        ulp.put("int", 7);
        ulp.put("yes", true);
        ulp.put("no", false);
        ulp.put("none", null);
        ulp.put("chunk", inner);
        ulp.put("list", List.of(1, 2));
        ulp.put("name \"quoted\"", "tab\there");
        rpc.ulp = ulp;
        rpc.summary = "NFSv4.1 COMPOUND: SEQUENCE PUTFH READ";
        rpc.operations = List.of("s1", "w1", "s2");
        Transaction bare = op("nvme1", TransactionKind.of("nvme"));
        Transaction emptyCall = op("smb1", TransactionKind.of("smb"));
        emptyCall.ulp = Map.of();
        emptyCall.operations = List.of();

        JsonNode ts = assertLaidOutAsJackson(List.of(rpc, bare, emptyCall));

        JsonNode u = ts.get(0).get("ulp");
        assertThat(u.get("unsigned").asText()).isEqualTo("18446744073709551615");
        assertThat(u.get("chunk").get("handle").asLong()).isEqualTo(0x1234L);
        assertThat(u.get("chunk").get("empty").isEmpty()).isTrue();
        assertThat(u.get("list").asText()).isEqualTo("[1, 2]");
        assertThat(u.get("name \"quoted\"").asText()).isEqualTo("tab\there");
        assertThat(ts.get(0).get("operations").toString()).isEqualTo("[\"s1\",\"w1\",\"s2\"]");
        assertThat(ts.get(1).get("ulp").isEmpty()).isTrue();
        assertThat(ts.get(1).get("summary").isNull()).isTrue();
        assertThat(ts.get(1).get("operations").isEmpty()).isTrue();
        assertThat(ts.get(2).get("operations").isEmpty()).isTrue();
    }

    @Test
    void stringsThatNeedEscapesAreEscapedAsJacksonEscapesThem() throws IOException {
        String[] hostile = {"", "quote \" and backslash \\", "control \u0000\u0001\u001f\u007f", "line\nfeed\r\ttab\b\f",
            "caf\u00e9 \u20ac", "emoji \ud83d\ude00", "lone \ud800 surrogate", "x".repeat(5000)};
        List<Transaction> ts = new ArrayList<>();
        for (int i = 0; i < hostile.length; i++) {
            Transaction t = op("w" + i, TransactionKind.WRITE);
            t.note = hostile[i];
            ts.add(t);
        }
        Transaction idAndConnection = new Transaction("\u00e9", TransactionKind.SEND, "c\"1", "\n", 0, 0, 0, 0, 1, 0);
        ts.add(idAndConnection);

        JsonNode parsed = assertLaidOutAsJackson(ts);

        for (int i = 0; i < hostile.length; i++) {
            assertThat(parsed.get(i).get("note").asText()).isEqualTo(hostile[i]);
        }
        assertThat(parsed.get(hostile.length).get("connection").asText()).isEqualTo("c\"1");
    }

    @Test
    void frameListsOfEveryLength() throws IOException {
        long[][] lists = {{}, {0}, {7, 8, 9}, {1, 10, 99, 100, 9_999_999_999L, Long.MAX_VALUE},
            {9, 10, 11, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, 4_294_967_295L,
                4_294_967_296L}};
        for (long[] list : lists) {
            assertFramesWritten(list);
        }
        // far longer than the writer's buffer
        long[] many = new long[30_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = 1_000_000L + 3L * i;
        }
        assertFramesWritten(many);
    }

    @Property(tries = 300)
    void anyFrameListIsWrittenAsJacksonWritesIt(
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = Long.MAX_VALUE) Long> frames) throws IOException {
        assertFramesWritten(frames.stream().mapToLong(Long::longValue).toArray());
    }

    private static void assertFramesWritten(long[] list) throws IOException {
        Transaction t = op("w1", TransactionKind.WRITE);
        for (long f : list) {
            t.dataFrames.addLong(f);
        }
        JsonNode frames = assertLaidOutAsJackson(List.of(t)).get(0).get("frames");
        assertThat(frames).hasSize(list.length + 1); // the initiation's frame first
        for (int i = 0; i < list.length; i++) {
            assertThat(frames.get(i + 1).asLong()).isEqualTo(list[i]);
        }
    }

    /** A one-shot transaction's frames, however its initiation and completion fall among its data frames. */
    @Property(tries = 300)
    void oneShotFramesAreTheTransactionsFrames(@ForAll @LongRange(min = 0, max = 60) long initiation,
            @ForAll @Size(max = 12) List<@LongRange(min = 0, max = 50) Long> data,
            @ForAll @LongRange(min = -1, max = 60) long completion) throws IOException {
        Transaction t = new Transaction("t1", "c1", "10.0.0.1:1", 1, 2, 3, 0x01, initiation, 0);
        data.stream().sorted().forEach(t.dataFrames::addLong);
        t.completionFrame = completion;
        JsonNode written = assertLaidOutAsJackson(List.of(t)).get(0);
        assertThat(MAPPER.convertValue(written.get("frames"), long[].class)).containsExactly(t.frames().toLongArray());
        assertThat(MAPPER.convertValue(written.get("dataFrames"), long[].class)).containsExactly(t.dataFrames.toLongArray());
    }

    @Test
    void oneShotFramesAfterAFlushOfTheBuffer() throws IOException {
        List<Transaction> ts = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            Transaction t = new Transaction("t" + i, "c1", "10.0.0.1:1", 1, 2, 3, 0x01, 1_000_000L * i, 0);
            for (int f = 1; f <= 60; f++) {
                t.dataFrames.addLong(1_000_000L * i + f);
            }
            t.completionFrame = 1_000_000L * i + 61;
            ts.add(t);
        }
        JsonNode written = assertLaidOutAsJackson(ts);
        for (int i = 0; i < ts.size(); i++) {
            assertThat(MAPPER.convertValue(written.get(i).get("frames"), long[].class))
                    .containsExactly(ts.get(i).frames().toLongArray());
        }
    }

    /** Lists equal to the last long one written are copied; lists that differ anywhere are not. */
    @Test
    void framesEqualToTheListBeforeThem() throws IOException {
        // a write's frames begin with its own first frame (7): its list equals the one-shot's data frames
        long[][] lists = {{7, 8, 9, 10, 11, 12, 13, 14, 15}, {7, 8, 9, 10, 11, 12, 13, 14, 15},
            {7, 8, 9, 10, 11, 12, 13, 14, 16}, {7, 9, 10, 11, 12, 13, 14, 15, 16}, {7}, {7, 9, 10, 11, 12, 13, 14, 15, 16},
            {7, 9, 10, 11, 12, 13, 14, 15, 16, 17}};
        List<Transaction> ts = new ArrayList<>();
        for (long[] list : lists) {
            Transaction t = new Transaction("t" + ts.size(), "c1", "10.0.0.1:1", 1, 2, 3, 0x01, 5, 0);
            for (long f : list) {
                t.dataFrames.addLong(f);
            }
            ts.add(t);
            Transaction w = op("w" + ts.size(), TransactionKind.WRITE);
            for (long f : list) {
                w.addDataFrame(f);
            }
            assertThat(w.frames()).isEqualTo(t.dataFrames);
            ts.add(w);
        }
        JsonNode written = assertLaidOutAsJackson(ts);
        for (int i = 0; i < ts.size(); i++) {
            assertThat(MAPPER.convertValue(written.get(i).get("frames"), long[].class))
                    .containsExactly(ts.get(i).frames().toLongArray());
            assertThat(MAPPER.convertValue(written.get(i).get("dataFrames"), long[].class))
                    .isEqualTo(ts.get(i).oneShot() ? ts.get(i).dataFrames.toLongArray() : null);
        }
    }

    @Test
    void everySampleAndEveryRealCapture() throws IOException {
        List<Path> captures = RealCaptures.withSamples();
        assertThat(captures).hasSizeGreaterThan(40);
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS);
        long transactions = 0;
        for (Path p : captures) {
            try (FileAnalysis a = analyzer.analyze(p, p.getFileName().toString())) {
                transactions += assertLaidOutAsJackson(a).get("files").get(0).get("transactions").size();
            }
        }
        assertThat(transactions).isGreaterThan(1000);
    }
}

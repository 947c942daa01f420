package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.gui.Samples;
import io.rdmascope.pipeline.AnalysisRecords;
import io.rdmascope.pipeline.Analyzer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The compact records of transactions give back every field the analysis reports, frames first. */
class TransactionStoreTest {
    @Test
    void everyTransactionOfEverySampleAndRealCaptureComesBackFieldForField() throws Exception {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> s = Files.list(Samples.sample("buffer-pool-exhausted.pcap").getParent())) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(captures::add);
        }
        Path real = Samples.real("softuiwarp-mixed.pcap").getParent();
        if (Files.isDirectory(real)) {
            try (Stream<Path> s = Files.walk(real)) {
                s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted()
                        .forEach(captures::add);
            }
        }
        int checked = 0;
        for (Path capture : captures) {
            List<Transaction> reported = new ArrayList<>();
            new Analyzer(NicSettings.DEFAULTS).analyze(capture, capture.toString()).transactions()
                    .forEach(reported::add);
            checked += roundTrip(reported, capture.getFileName().toString());
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void optionalFieldsExtremeValuesAndRecordsLongerThanAChunkComeBack() throws Exception {
        List<Transaction> txs = new ArrayList<>();
        Transaction shot = new Transaction("t1", "c1", null, 0xffffffffL, Long.MAX_VALUE, 0, 3, 5,
                1_700_000_000_000_000_000L);
        shot.dataFrames.addLong(9);
        shot.dataFrames.addLong(7);
        shot.dataFrames.addLong(Integer.MAX_VALUE + 10L);
        shot.dataFrameCount = 70_000;
        shot.bytes = -1;
        shot.completionFrame = 4;
        shot.completionTimeNanos = 1_600_000_000_000_000_000L;
        shot.completion = CompletionKind.SEND_SV;
        shot.status = TransactionStatus.VIOLATED;
        shot.lastFrame = Integer.MAX_VALUE + 10L;
        txs.add(shot);
        Transaction rpc = new Transaction("rpc7", TransactionKind.of("rpc"), "c\u00e9", "10.0.0.1", -1, Long.MIN_VALUE, -5,
                -1, 12, 5);
        for (long f = 13; f < 13 + 70_000; f += 1) {
            rpc.addDataFrame(f * 3);
        }
        rpc.opcode = 15;
        rpc.qn = -1;
        rpc.msn = 1L << 40;
        rpc.invalidateStag = 0x1234L;
        rpc.sinkStag = 7;
        rpc.sinkTo = -8;
        rpc.advertisedFrame = 3;
        rpc.note = "note \u2026";
        rpc.summary = "";
        rpc.ulp = new LinkedHashMap<>();
        rpc.ulp.put("xid", 0x1234_5678_9L);
        rpc.ulp.put("proc", 1);
        rpc.ulp.put("reply", true);
        rpc.ulp.put("name", "COMPOUND");
        rpc.ulp.put("none", null);
        rpc.operations = new ArrayList<>(List.of("w1", "s2"));
        rpc.status = TransactionStatus.ABORTED;
        txs.add(rpc);
        Transaction write = new Transaction("w1", TransactionKind.WRITE, "c1", "10.0.0.2", 1, 2, 3, 4, 20, 6);
        write.ulp = new LinkedHashMap<>();
        write.operations = new ArrayList<>();
        txs.add(write);
        assertThat(roundTrip(txs, "made up")).isEqualTo(3);
    }

    /** Keeps {@code txs} in a store and compares what comes back with them; returns how many. */
    private static int roundTrip(List<Transaction> txs, String name) throws IOException {
        TransactionStore store = new TransactionStore();
        for (int i = 0; i < txs.size(); i++) {
            assertThat(store.add(txs.get(i))).isEqualTo(i);
        }
        List<Transaction> back = store.snapshot();
        assertThat(back).hasSize(txs.size());
        AnalysisRecords.Frames frames = new AnalysisRecords.Frames();
        for (int i = 0; i < txs.size(); i++) {
            Transaction want = txs.get(i), got = back.get(i);
            assertThat(encoded(got)).as(name + " " + want.id).isEqualTo(encoded(want));
            assertThat(got.lastFrame).isEqualTo(want.lastFrame);
            assertThat(got.frames()).isEqualTo(want.frames());
            assertThat(back.get(i)).as("asked again at once: the same object").isSameAs(got);
            store.frames(i, frames);
            assertThat(frames.id).isEqualTo(want.id);
            assertThat(frames.initiationFrame).isEqualTo(want.initiationFrame);
            assertThat(frames.completionFrame).isEqualTo(want.completionFrame);
            assertThat(java.util.Arrays.copyOf(frames.data, frames.count)).isEqualTo(want.dataFrames.toLongArray());
        }
        return txs.size();
    }

    private static String encoded(Transaction t) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        AnalysisRecords.TRANSACTIONS.write(new DataOutputStream(b), t);
        return java.util.HexFormat.of().formatHex(b.toByteArray());
    }
}

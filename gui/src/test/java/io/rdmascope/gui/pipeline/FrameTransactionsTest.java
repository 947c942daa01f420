package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.Transaction;
import io.rdmascope.gui.Samples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The transactions of each frame, found from the transactions, are those their frames were filed under. */
class FrameTransactionsTest {
    @Test
    void everyFrameOfEverySampleAndRealCaptureHasTheTransactionsOfItsFrames() throws Exception {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> s = Files.list(Samples.sample("buffer-pool-exhausted.pcap").getParent())) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(captures::add);
        }
        if (Samples.haveReal()) {
            captures.add(Samples.real("softuiwarp-mixed.pcap"));
            captures.add(Samples.real("softuiwarp-send-read.pcap"));
        }
        int withTransactions = 0;
        for (Path capture : captures) {
            try (PipelineCaptureModel m = Samples.loaded(capture)) {
                Map<Long, List<String>> expected = filed(m.transactions());
                for (long f = 1; f <= m.frameCount(); f++) {
                    List<String> want = expected.getOrDefault(f, List.of());
                    assertThat(m.transactionsAt(f)).as(capture.getFileName() + " frame " + f).isEqualTo(want);
                    withTransactions += want.isEmpty() ? 0 : 1;
                }
                for (long f = m.frameCount(); f >= 1; f -= 97) {
                    assertThat(m.transactionsAt(f)).as(capture.getFileName() + " frame " + f + " backwards")
                            .isEqualTo(expected.getOrDefault(f, List.of()));
                }
                assertThat(m.transactionsAt(0)).isEmpty();
                assertThat(m.transactionsAt(m.frameCount() + 1)).isEmpty();
            }
        }
        assertThat(withTransactions).isGreaterThan(100);
    }

    /** Per frame, the distinct ids of the transactions listing it, in the order reported. */
    private static Map<Long, List<String>> filed(List<Transaction> transactions) {
        Map<Long, List<String>> out = new HashMap<>();
        for (Transaction t : transactions) {
            List<Long> frames = new ArrayList<>();
            frames.add(t.initiationFrame);
            for (int k = 0; k < t.dataFrames.size(); k++) {
                frames.add(t.dataFrames.getLong(k));
            }
            if (t.completionFrame >= 0) {
                frames.add(t.completionFrame);
            }
            for (long f : frames) {
                List<String> ids = out.computeIfAbsent(f, k -> new ArrayList<>());
                if (!ids.contains(t.id)) {
                    ids.add(t.id);
                }
            }
        }
        return out;
    }

    @Test
    void nearIntsKeepValuesFarFromTheirBlock() {
        Columns.NearInts c = new Columns.NearInts();
        int[] values = new int[100_000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < values.length; i++) {
            values[i] = r.nextInt(10) == 0 ? r.nextInt() : i * 3 + r.nextInt(100) - 1;
            c.set(i, values[i]);
        }
        c.set(5, Integer.MIN_VALUE);
        values[5] = Integer.MIN_VALUE;
        c.set(6, 7);
        values[6] = 7;
        for (int i = 0; i < values.length; i++) {
            assertThat(c.get(i)).as("row " + i).isEqualTo(values[i]);
        }
    }

    @Test
    void longTransactionsAcrossManyBlocksAmongShortOnes() {
        TransactionStore store = new TransactionStore();
        FrameTransactions ft = new FrameTransactions();
        List<Transaction> all = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            Transaction t = new Transaction("r" + i, io.rdmascope.engine.TransactionKind.of("rpc"), "c1", "10.0.0.1", 0, 0, 0,
                    0, 1 + i, 1000L);
            int step = i % 3 == 0 ? 1 : 7 + i;
            for (long f = 1 + i + step; f < 9000; f += step) {
                t.addDataFrame(f);
            }
            t.completionFrame = i % 2 == 0 ? 9001 + i : -1;
            all.add(t);
            Transaction shot = new Transaction("s" + i, "c1", "10.0.0.1", 0x100 + i, 0, 64, 1, 40L * i + 3, 1000L);
            shot.dataFrames.addLong(40L * i + 5);
            all.add(shot);
        }
        for (int i = 0; i < all.size(); i++) {
            ft.file(all.get(i), store.add(all.get(i)));
        }
        Map<Long, List<String>> expected = filed(all);
        for (long f = 1; f <= 9100; f++) {
            assertThat(ft.at(f, store)).as("frame " + f).isEqualTo(expected.getOrDefault(f, List.of()));
        }
        for (long f = 9100; f >= 1; f -= 61) {
            assertThat(ft.at(f, store)).as("frame " + f + " backwards").isEqualTo(expected.getOrDefault(f, List.of()));
        }
    }
}

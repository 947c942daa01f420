package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The transaction record keeps every field (not the engine's working state), and its frames can be read alone. */
class AnalysisRecordsTest {
    static List<Transaction> sampleTransactions() throws IOException {
        List<Path> captures = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("..", "samples"))) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(captures::add);
        }
        List<Transaction> all = new ArrayList<>();
        Analyzer analyzer = new Analyzer(NicSettings.DEFAULTS);
        for (Path p : captures) {
            try (FileAnalysis a = analyzer.analyze(p, p.toString())) {
                a.transactions().forEach(all::add);
            }
        }
        return all;
    }

    static byte[] encode(Transaction t) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        AnalysisRecords.TRANSACTIONS.write(new DataOutputStream(b), t);
        return b.toByteArray();
    }

    @Test
    void everyFieldOfEverySampleTransactionComesBack() throws IOException {
        List<Transaction> all = sampleTransactions();
        assertThat(all).hasSizeGreaterThan(100);
        for (Transaction t : all) {
            byte[] record = encode(t);
            Transaction back = AnalysisRecords.TRANSACTIONS.read(new DataInputStream(new ByteArrayInputStream(record)));
            assertThat(back).usingRecursiveComparison().ignoringFields("parent", "openSlot", "lastDataFrame").isEqualTo(t);
            assertThat(encode(back)).isEqualTo(record);
        }
    }

    @Test
    void theFramesAreReadAlone() throws IOException {
        AnalysisRecords.Frames f = new AnalysisRecords.Frames();
        for (Transaction t : sampleTransactions()) {
            AnalysisRecords.readFrames(new DataInputStream(new ByteArrayInputStream(encode(t))), f);
            assertThat(f.id).isEqualTo(t.id);
            assertThat(f.initiationFrame).isEqualTo(t.initiationFrame);
            assertThat(f.completionFrame).isEqualTo(t.completionFrame);
            assertThat(f.count).isEqualTo(t.dataFrames.size());
            for (int i = 0; i < f.count; i++) {
                assertThat(f.data[i]).isEqualTo(t.dataFrames.getLong(i));
            }
        }
    }

    @Test
    void numbersTakeTheOctetsTheyNeed() throws IOException {
        for (long v : new long[] {0, 1, -1, 63, -64, 64, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE}) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            SpillList.writeVarLong(new DataOutputStream(b), v);
            assertThat(SpillList.readVarLong(new DataInputStream(new ByteArrayInputStream(b.toByteArray()))))
                    .isEqualTo(v);
            if (v >= -64 && v <= 63) {
                assertThat(b.size()).isEqualTo(1);
            }
            assertThat(b.size()).isLessThanOrEqualTo(10);
        }
    }
}

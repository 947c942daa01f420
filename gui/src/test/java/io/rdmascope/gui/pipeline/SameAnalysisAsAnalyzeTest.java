package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.Samples;
import io.rdmascope.pipeline.AnalysisRecords;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.SpillList;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The desktop application's model judges a capture as {@code rdmascope analyze} does: the same
 * transactions and violations, field for field, on every real capture of the project and every
 * sample (those without MPA handshakes among them, where the MPA stage holds streams back).
 */
class SameAnalysisAsAnalyzeTest {
    static Stream<Path> captures() throws IOException {
        List<Path> out = new ArrayList<>();
        Path real = Samples.real("softuiwarp-mixed.pcap").getParent();
        if (Files.isDirectory(real)) {
            try (Stream<Path> s = Files.walk(real)) {
                s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted()
                        .forEach(out::add);
            }
        }
        Path samples = Samples.sample("stag-bounds.pcap").getParent();
        try (Stream<Path> s = Files.list(samples)) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(out::add);
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void transactionsAndViolationsAreThoseOfAnalyze(Path capture) throws Exception {
        assumeTrue(Files.isRegularFile(capture));
        FileAnalysis cli = new Analyzer(NicSettings.DEFAULTS).analyze(capture, capture.toString());
        List<Transaction> gt;
        List<Violation> gv;
        try (PipelineCaptureModel m = Samples.loaded(capture)) {
            gt = new ArrayList<>(m.transactions());
            gv = new ArrayList<>(m.violations());
        }
        gt.sort(AnalysisRecords.TRANSACTION_ORDER);
        gv.sort(AnalysisRecords.VIOLATION_ORDER);
        assertThat(encoded(gt, AnalysisRecords.TRANSACTIONS))
                .as("transactions of %s", capture.getFileName())
                .containsExactlyElementsOf(encoded(cli.transactions(), AnalysisRecords.TRANSACTIONS));
        assertThat(encoded(gv, AnalysisRecords.VIOLATIONS))
                .as("violations of %s", capture.getFileName())
                .containsExactlyElementsOf(encoded(cli.violations(), AnalysisRecords.VIOLATIONS));
        assertThat(gt.size() + gv.size()).isEqualTo(cli.transactions().size() + cli.violations().size());
    }

    /** Each record as the analysis's own binary form writes it, as text to read in a failure. */
    private static <T> List<String> encoded(Iterable<T> records, SpillList.Codec<T> codec) throws IOException {
        List<String> out = new ArrayList<>();
        for (T t : records) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            codec.write(new DataOutputStream(b), t);
            out.add((t instanceof Transaction x ? x.id : String.valueOf(t)) + " " + java.util.HexFormat.of().formatHex(b.toByteArray()));
        }
        return out;
    }

}

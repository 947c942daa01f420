package io.rdmascope.samples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The teaching samples under {@code samples/} stay true: for each {@code NAME.yaml}, the committed
 * {@code NAME.pcap} is what the synthesizer makes of it (samples and synthesizer never drift),
 * {@code NAME.expected.json} is what {@code analyze --format json samples/NAME.pcap} prints
 * (samples and engine never drift), and {@code NAME.md} explains every violation code the
 * analysis reports. Together the samples show every violation code of the contract, and
 * {@code samples/README.md} lists every sample.
 *
 * <p>After an intended change of the synthesizer, the engine or a scenario, regenerate the
 * captures, expectations and the narration golden with
 * {@code mvn -B -o test -pl dissector -Dtest=SamplesTest -Drdmascope.samples.update=true}, then
 * read the diff before committing it.
 */
public class SamplesTest {
    static final boolean UPDATE = Boolean.getBoolean("rdmascope.samples.update");
    static final Path ROOT = root();
    public static final Path SAMPLES = ROOT.resolve("samples");
    /** The sample whose {@code analyze --explain} output is kept as a golden text. */
    static final String EXPLAINED = "oneshot-write";

    /** The repository root: the first folder upwards from the working folder holding samples/. */
    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("samples")) && Files.isRegularFile(q.resolve("pom.xml"))) {
                return q;
            }
        }
        throw new IllegalStateException("no samples/ folder above " + p);
    }

    static List<String> names() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(SAMPLES)) {
            s.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
                    .forEach(n -> names.add(n.substring(0, n.length() - ".yaml".length())));
        }
        return names;
    }

    static byte[] synthesize(String name) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Synthesizer.write(new ScenarioParser().parse(SAMPLES.resolve(name + ".yaml")), out);
        return out.toByteArray();
    }

    /** The {@code analyze --format json} document, with the path as typed from the repository root. */
    static byte[] analyze(String name) throws IOException {
        FileAnalysis a = new Analyzer(NicSettings.DEFAULTS).analyze(SAMPLES.resolve(name + ".pcap"),
                "samples/" + name + ".pcap");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisJsonWriter.write(List.of(a), out);
        return out.toByteArray();
    }

    static JsonNode json(byte[] b) throws IOException {
        return new ObjectMapper().readTree(b);
    }

    static Set<String> codes(JsonNode doc) {
        Set<String> codes = new TreeSet<>();
        for (JsonNode f : doc.get("files")) {
            for (JsonNode v : f.get("violations")) {
                codes.add(v.get("code").asText());
            }
        }
        return codes;
    }

    @TestFactory
    Stream<DynamicTest> everySample() throws IOException {
        List<String> names = names();
        assertThat(names).contains("oneshot-write", "oneshot-read", "plain-traffic", "mpa-rev2-negotiation",
                "markers-and-crc", "terminate");
        return names.stream().flatMap(n -> Stream.of(
                DynamicTest.dynamicTest(n + ": capture is the synthesized scenario", () -> captureMatches(n)),
                DynamicTest.dynamicTest(n + ": analysis is the expected JSON", () -> analysisMatches(n)),
                DynamicTest.dynamicTest(n + ": explanation names its violations", () -> explained(n))));
    }

    void captureMatches(String name) throws Exception {
        byte[] made = synthesize(name);
        Path pcap = SAMPLES.resolve(name + ".pcap");
        if (UPDATE) {
            Files.write(pcap, made);
        }
        assertThat(pcap).exists();
        assertThat(Files.readAllBytes(pcap)).as("%s.pcap against %s.yaml", name, name).isEqualTo(made);
    }

    void analysisMatches(String name) throws Exception {
        byte[] doc = analyze(name);
        Path expected = SAMPLES.resolve(name + ".expected.json");
        if (UPDATE) {
            Files.write(expected, doc);
        }
        assertThat(expected).exists();
        assertThat(json(doc)).as("analysis of samples/%s.pcap", name).isEqualTo(json(Files.readAllBytes(expected)));
    }

    void explained(String name) throws Exception {
        Path md = SAMPLES.resolve(name + ".md");
        assertThat(md).exists();
        String text = Files.readString(md);
        assertThat(text).as(name + ".md").contains("samples/" + name + ".pcap");
        for (String code : codes(json(Files.readAllBytes(SAMPLES.resolve(name + ".expected.json"))))) {
            assertThat(text).as(name + ".md names " + code).contains(code);
        }
    }

    @Test
    void everyViolationCodeIsShownBySomeSample() throws Exception {
        Set<String> shown = new TreeSet<>();
        for (String n : names()) {
            shown.addAll(codes(json(Files.readAllBytes(SAMPLES.resolve(n + ".expected.json")))));
        }
        Set<String> all = new TreeSet<>();
        for (ViolationCode c : ViolationCode.values()) {
            all.add(c.name());
        }
        assertThat(shown).containsAll(all);
    }

    @Test
    void theIndexLinksEverySample() throws Exception {
        String index = Files.readString(SAMPLES.resolve("README.md"));
        for (String n : names()) {
            assertThat(index).as("samples/README.md links " + n).contains("(" + n + ".md)");
        }
    }

    @Test
    void explainNarratesTheOneShotWriteStepByStep() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String pcap = SAMPLES.resolve(EXPLAINED + ".pcap").toString();
        int status = Main.run(new String[] {"analyze", "--explain", pcap},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        String text = out.toString(StandardCharsets.UTF_8).replace(pcap, "samples/" + EXPLAINED + ".pcap");
        Path golden = SAMPLES.resolve(EXPLAINED + ".explain.txt");
        if (UPDATE) {
            Files.writeString(golden, text);
        }
        assertThat(text).isEqualTo(Files.readString(golden));
        // the model's story, in order: command, binding, placement, completion, de-association, compare
        assertThat(text).containsSubsequence(
                "10.0.0.1 driver  posts one command: advertise STag 0x0a000100 [0x100000, +4096) for remote write",
                "10.0.0.1 NIC     binds STag 0x0a000100 to the region [0x100000, +4096)",
                "10.0.0.2 NIC     sends an RDMA Write of 1400 B to STag 0x0a000100 at TO 0x100000",
                "10.0.0.1 NIC     places 1400 B at TO 0x100000 of STag 0x0a000100",
                "10.0.0.1 NIC     receives the completion: a Send with Invalidate naming STag 0x0a000100",
                "10.0.0.1 NIC     de-associates STag 0x0a000100 and frees its buffer",
                "10.0.0.1 driver  compares the STag received with the one it sent: equal");
    }
}

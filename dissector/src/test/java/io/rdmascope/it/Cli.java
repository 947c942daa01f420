package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.cli.Main;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the command line as users do and parses its JSON; writes scenarios to capture files. */
final class Cli {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Cli() {}

    /** Writes the capture of a YAML scenario to {@code file}. */
    static Path synth(String yaml, Path file) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Synthesizer.write(new ScenarioParser().parse(
                new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "scenario.yaml"), out);
        return Files.write(file, out.toByteArray());
    }

    /** Standard output of a command that must succeed. */
    static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8)).as("standard error of %s", List.of(args)).isEmpty();
        assertThat(status).as("exit status of %s", List.of(args)).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }

    /** {@code dissect --format json}: the frame records, in order. */
    static List<JsonNode> dissect(Path capture) throws Exception {
        JsonNode arr = JSON.readTree(run("dissect", "--format", "json", capture.toString()));
        List<JsonNode> out = new ArrayList<>();
        arr.forEach(out::add);
        return out;
    }

    /** {@code analyze --format json}: the one file object. */
    static JsonNode analyze(Path capture, String... options) throws Exception {
        String[] args = new String[options.length + 4];
        args[0] = "analyze";
        args[1] = "--format";
        args[2] = "json";
        System.arraycopy(options, 0, args, 3, options.length);
        args[args.length - 1] = capture.toString();
        return JSON.readTree(run(args)).get("files").get(0);
    }

    /** One dissected PDU with the frame it is attributed to. */
    record Pdu(int frame, JsonNode node) {
        String direction() { return node.get("direction").asText(); }
        String connection() { return node.get("connection").asText(); }
        boolean handshake() { return node.has("mpa") && node.get("mpa").has("key"); }
        JsonNode mpa() { return node.get("mpa"); }
        JsonNode ddp() { return node.get("ddp"); }
        JsonNode rdmap() { return node.get("rdmap"); }
    }

    /** Every PDU of the dissection in record order; end-of-capture records get frame -1. */
    static List<Pdu> pdus(List<JsonNode> frames) {
        List<Pdu> out = new ArrayList<>();
        for (JsonNode f : frames) {
            int frame = f.has("end_of_capture") && f.get("end_of_capture").asBoolean() ? -1 : f.get("frame").asInt();
            for (JsonNode p : f.get("pdus")) {
                out.add(new Pdu(frame, p));
            }
        }
        return out;
    }
}

package io.rdmascope.synth;

import io.rdmascope.synth.scenario.Scenario;
import io.rdmascope.synth.scenario.ScenarioException;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rdmascope synth SCENARIO -o OUT.pcap}: writes the capture a YAML scenario describes.
 * Exit status 0 on success, 2 when the scenario is wrong (one line naming the file, line and
 * problem), 1 when the output cannot be written.
 */
@Command(name = "synth",
        description = "Write a pcap of iWARP traffic (TCP, MPA, DDP, RDMAP, one-shot) or RoCE traffic (RoCEv2, RoCEv1,"
                + " native InfiniBand) described by a YAML scenario.")
public final class SynthCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "The scenario file (YAML).")
    Path scenario;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT.pcap", description = "The capture to write.")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec != null ? spec.commandLine().getErr() : new PrintWriter(System.err, true);
        Scenario s;
        try {
            s = new ScenarioParser().parse(scenario);
        } catch (ScenarioException e) {
            err.println(e.getMessage());
            err.flush();
            return 2;
        } catch (IOException e) {
            err.println(scenario + ": cannot read: " + e.getMessage());
            err.flush();
            return 2;
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output), 1 << 16)) {
            Synthesizer.write(s, out);
        } catch (IOException | RuntimeException e) {
            err.println(output + ": cannot write: " + e.getMessage());
            err.flush();
            return 1;
        }
        return 0;
    }
}

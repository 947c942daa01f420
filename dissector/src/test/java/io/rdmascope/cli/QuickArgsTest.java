package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.report.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class QuickArgsTest {
    final Main.Env env = new Main.Env(new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream()), Fixtures.source(), Fixtures.engine());

    /** What picocli makes of the same arguments: the command it ran, with its fields. */
    @SuppressWarnings("unchecked")
    <T> T picocli(String... args) {
        CommandLine cl = Main.commandLine(env);
        CommandLine.ParseResult r = cl.parseArgs(args);
        return (T) r.subcommand().commandSpec().userObject();
    }

    static String fields(DissectCommand c) {
        return Arrays.asList(c.file, c.readFile, c.format, c.strict, c.filterText, c.details, c.hex, c.quiet,
                c.tshark.numeric, c.capture.count, c.fieldsOutput.format, c.fieldsOutput.names,
                c.fieldsOutput.settings).toString();
    }

    @Test
    void plainAndTsharkFormsOfDissectReadAsPicocliReadsThem() {
        String[][] cases = {
            {"dissect", "a.pcap"},
            {"dissect", "-V", "-x", "a.pcap"},
            {"dissect", "-r", "a.pcap", "-T", "fields", "-e", "frame.number", "-e", "iwarp_ddp.stag", "-E",
                "header=y", "-E", "separator=,", "-Y", "iwarp_ddp", "-n", "-c", "10"},
            {"dissect", "--format", "json", "--strict", "--display-filter", "violation", "-q", "a.pcap"},
        };
        for (String[] args : cases) {
            DissectCommand quick = QuickArgs.dissect(args, env);
            assertThat(quick).as(String.join(" ", args)).isNotNull();
            assertThat(fields(quick)).as(String.join(" ", args)).isEqualTo(fields((DissectCommand) picocli(args)));
        }
        for (String[] args : new String[][] {{"dissect", "a", "b"}, {"dissect", "-V"}, {"dissect", "-"},
            {"dissect", "-i", "lo"}, {"dissect", "-V", "-V", "a"}, {"dissect", "-c", "x", "a"}, {"dissect", "a", "-e"}}) {
            assertThat(QuickArgs.dissect(args, env)).as(String.join(" ", args)).isNull();
        }
    }

    static String fields(AnalyzeCommand c) {
        return Arrays.asList(c.files, c.readFiles, c.format, c.strict, c.buffersPerQp, c.maxPerOperation, c.failOn,
                c.filterText, c.explain, c.jobs, c.quiet, c.tshark.numeric, c.statistics.names).toString();
    }

    @Test
    void plainFormsReadAsPicocliReadsThem() {
        String[][] cases = {
            {"analyze", "a.pcap"},
            {"analyze", "--format", "json", "a.pcap", "b.pcapng"},
            {"analyze", "a.pcap", "--format", "text", "-j", "1", "dir"},
            {"analyze", "--strict", "--fail-on", "warning", "--buffers-per-qp", "8", "--max-per-operation", "3",
                "-Y", "ddp.stag == 0x10", "a.pcap"},
            {"analyze", "--explain", "--jobs", "12", "--display-filter", "rdmap.opcode", "x"},
            {"analyze", "-r", "a.pcap"},
            {"analyze", "-n", "-r", "a.pcap", "-r", "b.pcap", "-q", "-z", "expert", "-z", "io,stat,1"},
            {"analyze", "a.pcap", "-z", "conv,iwarp"},
        };
        for (String[] args : cases) {
            AnalyzeCommand quick = QuickArgs.analyze(args, env);
            assertThat(quick).as(String.join(" ", args)).isNotNull();
            assertThat(fields(quick)).as(String.join(" ", args)).isEqualTo(fields((AnalyzeCommand) picocli(args)));
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        String[][] cases = {
            {"analyze"},
            {"analyze", "--help"},
            {"analyze", "--format=json", "a"},
            {"analyze", "--format", "JSON", "a"},
            {"analyze", "--format", "json", "--format", "json", "a"},
            {"analyze", "-j4", "a"},
            {"analyze", "-j", "-1", "a"},
            {"analyze", "-j", "9999999999", "a"},
            {"analyze", "--fail-on", "sometimes", "a"},
            {"analyze", "@args.txt"},
            {"analyze", "--", "a"},
            {"analyze", "--strict"},
            {"analyze", "a", "-Y"},
            {"analyze", "--fail-on", "never", "--fail-on-x", "a"},
            {"dissect", "a"},
            {"--version"},
            {},
        };
        for (String[] args : cases) {
            assertThat(QuickArgs.analyze(args, env)).as(String.join(" ", args)).isNull();
        }
    }
}

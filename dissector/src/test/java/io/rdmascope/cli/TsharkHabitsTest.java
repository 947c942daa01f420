package io.rdmascope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.testing.RealCaptures;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a tshark user types, read as tshark reads it: {@code rdmascope -r FILE}, the summary line
 * per frame, {@code -q}, {@code -x}, {@code -n}, {@code -d}, and a one-line error for what is refused.
 */
class TsharkHabitsTest {
    static final Path ONESHOT = Path.of("..", "samples", "oneshot-write.pcap");
    static final Path GAP = Path.of("..", "samples", "ddp-msn-gap.pcap");

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** tshark's standard output for these arguments, or null when tshark is not available. */
    static String tshark(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tshark"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            StringBuilder s = new StringBuilder();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    s.append(line).append('\n');
                }
            }
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 ? s.toString() : null;
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Test
    void dissectPrintsTsharksSummaryLinePerFrame() {
        assertThat(run("dissect", ONESHOT.toString())).isZero();
        List<String> lines = out().lines().toList();
        assertThat(lines).hasSize(20);
        assertThat(lines.get(0)).isEqualTo(
                "    1   0.000000     10.0.0.1 → 10.0.0.2     TCP 58 40000 → 4791 [SYN] Seq=0 Win=65535 Len=0 MSS=1460");
        assertThat(lines.get(3)).isEqualTo("    4   0.000060     10.0.0.1 → 10.0.0.2     MPA 74 40000 > 4791 MPA Request Frame");
        assertThat(lines.get(9)).isEqualTo(
                "   10   0.000180     10.0.0.2 → 10.0.0.1     DDP/RDMA 1474 4791 > 40000 Write [more DDP segments]");
        String tshark = tshark("-r", ONESHOT.toString());
        if (tshark != null) {
            // frame 16 is the one-shot extension's Send, which tshark calls malformed (docs/cli.md)
            assertThat(out()).isEqualTo(tshark.replace(" [last DDP segment][Malformed Packet]", " [last DDP segment]"));
        }
    }

    @Test
    void theSummaryOfRealTrafficHasTsharksTcpInfo() {
        var rping = RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap").toString();
        assertThat(run("dissect", "-c", "9", rping)).isZero();
        List<String> lines = out().lines().toList();
        assertThat(lines.get(1)).isEqualTo("    2   1.388275    10.77.0.1 → 10.77.0.2    TCP 74 49253 → 7174 [SYN] Seq=0 "
                + "Win=64240 Len=0 MSS=1460 SACK_PERM TSval=2343347726 TSecr=0 WS=128");
        assertThat(lines.get(7)).isEqualTo("    8   1.413038    10.77.0.1 → 10.77.0.2    TCP 66 49253 → 7174 [ACK] Seq=25 "
                + "Ack=25 Win=64256 Len=0 TSval=2343347752 TSecr=3931905671");
        String tshark = tshark("-r", rping, "-c", "9");
        if (tshark != null) {
            // frame 1 is an ICMPv6 Router Solicitation: its Info is the layer's name here (docs/cli.md)
            assertThat(lines.subList(1, 9)).isEqualTo(tshark.lines().toList().subList(1, 9));
        }
    }

    @Test
    void aTsharkCommandLineWithoutACommandIsDissectOrWithStatisticsAnalyze() {
        assertThat(run("dissect", GAP.toString())).isZero();
        String dissect = out();
        assertThat(run("-r", GAP.toString())).isZero();
        assertThat(out()).isEqualTo(dissect);
        assertThat(run("-n", "-r", GAP.toString(), "-Y", "frame.number == 12")).isZero();
        assertThat(out()).startsWith("   12 ").hasLineCount(1);
        assertThat(run("-q", "-z", "expert", "-r", GAP.toString())).isZero();
        assertThat(out()).startsWith("=====").contains("DDP_MSN_GAP").doesNotContain("Connections");
        assertThat(Main.tsharkStyle(new String[] {"-r", "f", "-zexpert"})).startsWith("analyze");
        assertThat(Main.tsharkStyle(new String[] {"--version"})).containsExactly("--version");
    }

    @Test
    void quietKeepsTheStatisticsAlone() {
        assertThat(run("analyze", "-z", "expert", GAP.toString())).isZero();
        String full = out();
        assertThat(run("analyze", "-q", "-z", "expert", GAP.toString())).isZero();
        assertThat(full).endsWith("\n" + out());
        assertThat(out()).startsWith("=====");
        assertThat(run("analyze", "-q", GAP.toString())).isZero();
        assertThat(out()).isEmpty();
        assertThat(run("analyze", "-q", "--format", "json", GAP.toString())).isEqualTo(2);
        assertThat(err()).startsWith("rdmascope: -q keeps the -z statistics").hasLineCount(1);
        assertThat(run("dissect", "-q", GAP.toString())).isZero();
        assertThat(out()).isEmpty();
    }

    @Test
    void hexDumpAsTsharkPrintsIt() {
        assertThat(run("dissect", "-x", "-c", "1", ONESHOT.toString())).isZero();
        assertThat(out()).isEqualTo("""
                0000  02 00 0a 00 00 02 02 00 0a 00 00 01 08 00 45 00   ..............E.
                0010  00 2c ff 17 40 00 40 06 27 b2 0a 00 00 01 0a 00   .,..@.@.'.......
                0020  00 02 9c 40 12 b7 55 4a 02 19 00 00 00 00 60 02   ...@..UJ......`.
                0030  ff ff 7d c9 00 00 02 04 05 b4                     ..}.......

                """);
        String tshark = tshark("-r", ONESHOT.toString(), "-x", "-c", "3");
        assertThat(run("dissect", "-x", "-c", "3", ONESHOT.toString())).isZero();
        if (tshark != null) {
            assertThat(out()).isEqualTo(tshark);
        }
        assertThat(run("dissect", "-V", "-x", "-c", "1", ONESHOT.toString())).isZero();
        assertThat(out()).startsWith("Frame 1: ").contains("Transmission Control Protocol")
                .endsWith("\n\n0000  02 00 0a 00 00 02 02 00 0a 00 00 01 08 00 45 00   ..............E.\n"
                        + "0010  00 2c ff 17 40 00 40 06 27 b2 0a 00 00 01 0a 00   .,..@.@.'.......\n"
                        + "0020  00 02 9c 40 12 b7 55 4a 02 19 00 00 00 00 60 02   ...@..UJ......`.\n"
                        + "0030  ff ff 7d c9 00 00 02 04 05 b4                     ..}.......\n");
        assertThat(run("dissect", "-x", "--format", "json", ONESHOT.toString())).isEqualTo(2);
        assertThat(err()).hasLineCount(1);
    }

    @Test
    void nameResolutionAndDecodeAsAreAcceptedAndChecked() {
        assertThat(run("dissect", GAP.toString())).isZero();
        String plain = out();
        assertThat(run("dissect", "-n", "-d", "tcp.port==4791,iwarp_mpa", GAP.toString())).isZero();
        assertThat(out()).isEqualTo(plain);
        assertThat(run("analyze", "-n", "-d", "tcp.port == 4791,iwarp_mpa", GAP.toString())).isZero();
        assertThat(run("dissect", "-d", "tcp.port==4791,http", GAP.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: -d tcp.port==4791,http: rdmascope decodes iWARP over TCP only; "
                + "the rule reads tcp.port==N,iwarp_mpa\n");
    }

    @Test
    void aRefusedOptionIsOneLine() {
        assertThat(run("analyze", "-P", GAP.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("rdmascope: Unknown option: '-P' ('rdmascope analyze --help' lists the options)\n");
        assertThat(run("dissect", "-2", GAP.toString())).isEqualTo(2);
        assertThat(err()).hasLineCount(1);
        assertThat(run("fields", "-V")).isEqualTo(2);
        assertThat(err()).hasLineCount(1);
        assertThat(out()).isEmpty();
    }
}

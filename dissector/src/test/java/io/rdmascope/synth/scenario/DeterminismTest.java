package io.rdmascope.synth.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.synth.BulkCapture;
import io.rdmascope.synth.SynthCommand;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DeterminismTest {
    @TempDir
    Path dir;

    private static String example() throws Exception {
        try (InputStream in = DeterminismTest.class.getResourceAsStream("/io/rdmascope/synth/example.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void sameScenarioSameBytesAndSeedMatters() throws Exception {
        String y = example();
        byte[] a = TestPcap.synth(y);
        byte[] b = TestPcap.synth(y);
        assertThat(a).isEqualTo(b);
        assertThat(a.length).isGreaterThan(10_000);
        assertThat(TestPcap.synth(y.replace("seed: 42", "seed: 43"))).isNotEqualTo(a);
    }

    @Test
    void nanosecondMagic() throws Exception {
        byte[] p = TestPcap.synth("nanos: true\n" + TestPcap.HEAD + "  - send: {conn: c1}\n");
        assertThat(p[0] & 0xFF).isEqualTo(0xA1);
        assertThat(p[2] & 0xFF).isEqualTo(0x3C);
        byte[] q = TestPcap.synth(TestPcap.HEAD + "  - send: {conn: c1}\n");
        assertThat(q[2] & 0xFF).isEqualTo(0xC3);
    }

    private int run(StringWriter err, String... args) {
        CommandLine cl = new CommandLine(new SynthCommand());
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void commandWritesTheCaptureAndTheSameBytesTwice() throws Exception {
        Path s = dir.resolve("example.yaml");
        Files.writeString(s, example());
        Path o1 = dir.resolve("a.pcap"), o2 = dir.resolve("b.pcap");
        assertThat(run(new StringWriter(), s.toString(), "-o", o1.toString())).isZero();
        assertThat(run(new StringWriter(), s.toString(), "-o", o2.toString())).isZero();
        assertThat(Files.readAllBytes(o1)).isEqualTo(Files.readAllBytes(o2)).isEqualTo(TestPcap.synth(example()));
    }

    @Test
    void commandExitsTwoWithOneLineOnAScenarioError() throws Exception {
        Path s = dir.resolve("scenario.yaml");
        Files.writeString(s, TestPcap.HEAD + "  - write: {conn: c9, stag: 1, length: 4}\n");
        StringWriter err = new StringWriter();
        assertThat(run(err, s.toString(), "-o", dir.resolve("x.pcap").toString())).isEqualTo(2);
        assertThat(err.toString().trim()).isEqualTo("scenario.yaml line 7: step 'write': connection 'c9' is not defined");
        assertThat(Files.exists(dir.resolve("x.pcap"))).isFalse();
    }

    @Test
    void bulkCaptureReachesItsTargetDeterministically() throws Exception {
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        BulkCapture.Result r = BulkCapture.write(a, 2_000_000, 5, 64, 1400);
        assertThat(r.bytes()).isEqualTo(a.size()).isGreaterThanOrEqualTo(2_000_000);
        assertThat(r.transactions()).isGreaterThan(20);
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        BulkCapture.write(b, 2_000_000, 5, 64, 1400);
        assertThat(a.toByteArray()).isEqualTo(b.toByteArray());
    }
}

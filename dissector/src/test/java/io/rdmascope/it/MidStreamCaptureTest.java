package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A capture started while the connection was already up (no SYN, no MPA handshake, the first
 * frame the server's): the upper-layer protocol's registered port, not the first sender, says
 * which side sends the commands, so the commands are still calls and their STags still advertise
 * what the target then reads and writes.
 */
class MidStreamCaptureTest {
    @TempDir
    Path dir;

    /** The frames of {@code capture} from {@code first} on, as a new capture. */
    private Path from(String capture, long first) throws IOException {
        return from(RealCaptures.file(capture), first);
    }

    private Path from(Path capture, long first) throws IOException {
        Path out = dir.resolve("cut.pcap");
        try (CaptureReader r = Captures.open(capture);
             CaptureWriter w = new CaptureWriter(out, CaptureWriter.Format.pcap)) {
            Packet p = new Packet();
            while (r.next(p)) {
                if (p.frame >= first) {
                    w.write(p);
                }
            }
        }
        return out;
    }

    private static FileAnalysis analyze(Path file) throws IOException {
        return new Analyzer(NicSettings.DEFAULTS).analyze(file, file.getFileName().toString());
    }

    private static List<Violation> of(FileAnalysis a, ViolationCode code) {
        List<Violation> out = new ArrayList<>();
        for (Violation v : a.violations()) {
            if (v.code() == code) {
                out.add(v);
            }
        }
        return out;
    }

    private static long calls(FileAnalysis a, String kind, String connection) {
        long n = 0;
        for (Transaction t : a.transactions()) {
            if (t.kind.name().equalsIgnoreCase(kind) && t.connection.equals(connection)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void nvmeHostCommandsAreCallsWhenTheCaptureBeginsWithTheControllersWrite() throws IOException {
        // frame 27 of the whole capture: the controller's RDMA Write of the admin queue's Identify data
        FileAnalysis a = analyze(from("siw/std_nvmeof_rdma_mtu1500_tso.pcap", 27));
        assertThat(of(a, ViolationCode.ULP_MALFORMED)).isEmpty();
        // only the Write whose command was cut off the capture is unadvertised
        assertThat(of(a, ViolationCode.STAG_UNADVERTISED)).extracting(Violation::frame).containsExactly(2L);
        assertThat(calls(a, "nvme", "c1")).isGreaterThanOrEqualTo(6);
    }

    @Test
    void iserInitiatorCommandsAreCallsWhenTheCaptureBeginsWithTheTargetsResponse() throws IOException {
        FileAnalysis a = analyze(from("siw/std_iser_mtu1500_tso.pcap", 40));
        assertThat(of(a, ViolationCode.ULP_MALFORMED)).isEmpty();
        // only the Send with Invalidate of a command cut off the capture names an unknown STag
        assertThat(of(a, ViolationCode.STAG_UNADVERTISED)).extracting(Violation::frame).containsExactly(1L);
        assertThat(calls(a, "iser", "c1")).isGreaterThanOrEqualTo(20);
    }

    static Stream<Path> siwCaptures() throws IOException {
        Path dir = RealCaptures.dir().resolve("siw");
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList().stream();
        }
    }

    /**
     * Every siw capture cut at a third of its frames: the Read Responses to requests sent before
     * the capture are not unsolicited, the tools that share a port are not taken for one another,
     * and nothing is an error or a malformed upper-layer message.
     */
    @ParameterizedTest
    @MethodSource("siwCaptures")
    void aCaptureBegunAtAThirdOfAnyRealOneHasNoErrorsAndNoMalformedMessages(Path capture) throws IOException {
        long frames = 0;
        try (CaptureReader r = Captures.open(capture)) {
            Packet p = new Packet();
            while (r.next(p)) {
                frames++;
            }
        }
        FileAnalysis a = analyze(from(capture, frames / 3));
        List<Violation> errors = new ArrayList<>();
        for (Violation v : a.violations()) {
            if (v.severity() == Severity.ERROR) {
                errors.add(v);
            }
        }
        assertThat(errors).isEmpty();
        assertThat(of(a, ViolationCode.ULP_MALFORMED)).isEmpty();
    }
}

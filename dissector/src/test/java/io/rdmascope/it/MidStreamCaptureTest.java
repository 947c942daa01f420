package io.rdmascope.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.CaptureWriter;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.testing.RealCaptures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        Path out = dir.resolve("cut.pcap");
        try (CaptureReader r = Captures.open(RealCaptures.file(capture));
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
}

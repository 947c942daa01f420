package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every event carries the capture time of the frame it names, on one thread and across the
 * two-thread pipeline alike, also when the MPA stage held it back.
 */
class EventTimesTest {
    @TempDir
    Path dir;

    /** Each event's frames and times, as a line. */
    static final class Times implements PduListener {
        final List<String> lines = new ArrayList<>();

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            lines.add("handshake " + h.frame() + " " + h.timeNanos());
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            lines.add("pdu " + f.frame + " " + f.timeNanos + " " + f.firstFrame + " " + f.firstTimeNanos);
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            lines.add("issue " + i.frame() + " " + i.timeNanos());
        }
    }

    /** Capture time of each frame by number (index 0 unused). */
    static long[] frameTimes(Path file) throws IOException {
        long[] times = new long[1024];
        int n = 0;
        try (CaptureReader r = Captures.open(file)) {
            Packet p = new Packet();
            while (r.next(p)) {
                if (++n >= times.length) {
                    times = Arrays.copyOf(times, times.length * 2);
                }
                times[n] = p.timestampNanos;
            }
        }
        return Arrays.copyOf(times, n + 1);
    }

    static List<String> sequential(Path file) throws IOException {
        Times t = new Times();
        Dissection.run(file, null, t, null, null);
        return t.lines;
    }

    static List<String> pipelined(Path file, int dataOctets, int opLongs) throws IOException {
        Times t = new Times();
        try (CaptureReader r = Captures.open(file)) {
            Pipelined.run(r, t, null, null, dataOctets, opLongs);
        }
        return t.lines;
    }

    @Test
    void everyEventCarriesTheTimeOfItsFrameOnOneThreadAndOnTwo() throws Exception {
        // the samples, the real captures (those in folders too) and one held back from its start
        List<Path> files = io.rdmascope.testing.RealCaptures.withSamples();
        files.add(headless());
        long checked = 0;
        for (Path f : files) {
            long[] times = frameTimes(f);
            List<String> events = sequential(f);
            for (String line : events) {
                String[] w = line.split(" ");
                for (int i = 1; i + 1 < w.length; i += 2) {
                    assertThat(Long.parseLong(w[i + 1])).as(f + ": " + line)
                            .isEqualTo(times[Integer.parseInt(w[i])]);
                    checked++;
                }
            }
            assertThat(pipelined(f, Pipelined.DATA_OCTETS, Pipelined.OP_LONGS)).as(f.toString()).isEqualTo(events);
            assertThat(pipelined(f, 100, 8)).as(f.toString()).isEqualTo(events);
        }
        assertThat(checked).isGreaterThan(5_000);
    }

    @Test
    void eventsHeldBackUntilLaterFramesAreDoneKeepTheirOwnFramesTimes() throws Exception {
        Path f = headless();
        long[] times = frameTimes(f);
        // The Send of frame 1 is delivered once frame 4 decides the framing.
        List<String> events = sequential(f);
        assertThat(events).contains("pdu 1 " + times[1] + " 1 " + times[1]);
        assertThat(times[1]).isNotEqualTo(times[4]);
        assertThat(pipelined(f, 100, 8)).isEqualTo(events);
    }

    /** A real capture without its TCP and MPA handshakes: events held back and replayed later. */
    Path headless() throws IOException {
        Path f = dir.resolve("dv0-nohs.pcap");
        try (java.io.InputStream in = EventTimesTest.class.getResourceAsStream("/io/rdmascope/it/dv0-nohs.pcap")) {
            Files.write(f, in.readAllBytes());
        }
        return f;
    }
}

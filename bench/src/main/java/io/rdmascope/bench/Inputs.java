package io.rdmascope.bench;

import io.rdmascope.synth.BulkCapture;
import io.rdmascope.synth.scenario.Scenario;
import io.rdmascope.synth.scenario.ScenarioException;
import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Benchmark inputs, written once per benchmark process into a temporary folder that is deleted
 * when the process exits.
 */
final class Inputs {
    /** Size of the bulk capture: large enough that a pass is far longer than timer noise. */
    static final long BULK_BYTES = 32_000_000L;
    /** Transactions of the marker capture (64 KiB each, 1400-octet segments). */
    static final int MARKER_TRANSACTIONS = 400;

    private static Path bulk;
    private static Path markers;

    private Inputs() {}

    /** The BulkCapture default traffic (179 connections, one-shot writes of 64 KiB, CRC on), 32 MB. */
    static synchronized Path bulk() throws IOException {
        if (bulk == null) {
            bulk = temp("bulk", ".pcap");
            BulkCapture.write(bulk, BULK_BYTES, 179, 64, 1400);
        }
        return bulk;
    }

    /** One connection with markers both ways and CRC, carrying one-shot writes of 64 KiB. */
    static synchronized Path markers() throws IOException {
        if (markers == null) {
            StringBuilder y = new StringBuilder();
            y.append("name: markers bench\nseed: 7\n")
             .append("hosts:\n  - {name: a, ip: 10.0.0.1}\n  - {name: b, ip: 10.0.0.2}\n")
             .append("connections:\n  - {name: c1, from: a:40000, to: b:4791, crc: true, markers: both, mss: 1460}\n")
             .append("steps:\n");
            for (int i = 0; i < MARKER_TRANSACTIONS; i++) {
                int stag = 0x1000 + i;
                y.append("  - advertise: {conn: c1, from: b, stag: ").append(stag)
                 .append(", to: 0, length: 65536, access: write}\n")
                 .append("  - write: {conn: c1, from: a, stag: ").append(stag)
                 .append(", to: 0, length: 65536, segment: 1400}\n")
                 .append("  - complete: {conn: c1, from: a, stag: ").append(stag).append(", how: invalidate}\n");
            }
            markers = temp("markers", ".pcap");
            Scenario scenario;
            try {
                scenario = new ScenarioParser().parse(
                        new ByteArrayInputStream(y.toString().getBytes(StandardCharsets.UTF_8)), "markers bench");
            } catch (ScenarioException e) {
                throw new IOException(e.getMessage(), e);
            }
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(markers), 1 << 20)) {
                Synthesizer.write(scenario, out);
            }
        }
        return markers;
    }

    private static Path temp(String name, String suffix) throws IOException {
        Path p = Files.createTempFile("rdmascope-bench-" + name, suffix);
        p.toFile().deleteOnExit();
        return p;
    }
}

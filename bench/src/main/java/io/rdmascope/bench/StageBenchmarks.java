package io.rdmascope.bench;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Judge;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaDetector;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.MpaListener;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.report.AnalysisJsonWriter;
import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import io.rdmascope.tcp.TcpReassembler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One pass over a 32 MB capture ({@link Inputs#bulk()}) per operation, stopping after each stage
 * in turn, so that a stage's cost is the difference from the benchmark before it:
 * {@code readCapture} (records only), {@code decodeAndReassemble} (+ link/IP/TCP headers and TCP
 * reassembly), {@code mpaFramingCrc} (+ MPA framing with CRC32c), {@code dissect} (+ DDP/RDMAP
 * decoding with the generated parsers), {@code analyze} (+ the engine). {@code engineOnly} replays
 * recorded events into the engine, {@code jsonWrite} writes the analysis as JSON, and
 * {@code mpaFramingMarkers} frames a capture with markers and CRC. Divide the capture's size by
 * the time per operation for MB/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class StageBenchmarks {
    private Path bulk;
    private Path markers;
    private List<Consumer<PduListener>> events;
    private FileAnalysis analysis;

    @Setup
    public void setup() throws IOException {
        bulk = Inputs.bulk();
        markers = Inputs.markers();
        events = record(bulk);
        analysis = new Analyzer(NicSettings.DEFAULTS).analyze(bulk, bulk.toString());
    }

    @Benchmark
    public long readCapture() throws IOException {
        long octets = 0;
        Packet p = new Packet();
        try (CaptureReader r = Captures.open(bulk)) {
            while (r.next(p)) {
                octets += p.length;
            }
        }
        return octets;
    }

    @Benchmark
    public long decodeAndReassemble() throws IOException {
        Counting counting = new Counting();
        return frames(bulk, new TcpReassembler(counting)) + counting.octets;
    }

    @Benchmark
    public long mpaFramingCrc() throws IOException {
        return frame(bulk);
    }

    @Benchmark
    public long mpaFramingMarkers() throws IOException {
        return frame(markers);
    }

    @Benchmark
    public long dissect() throws IOException {
        return Dissection.run(bulk, null, null, null, null).frames();
    }

    @Benchmark
    public long analyze() throws IOException {
        return new Analyzer(NicSettings.DEFAULTS).analyze(bulk, bulk.toString()).frames();
    }

    @Benchmark
    public int engineOnly() {
        int[] n = new int[1];
        PduListener engine = Judge.of(NicSettings.DEFAULTS, new EngineListener() {
            @Override
            public void violation(Violation violation) {
                n[0]++;
            }

            @Override
            public void transaction(Transaction transaction) {
                n[0]++;
            }
        }).input();
        for (Consumer<PduListener> e : events) {
            e.accept(engine);
        }
        return n[0];
    }

    @Benchmark
    public long jsonWrite() throws IOException {
        Sink out = new Sink();
        AnalysisJsonWriter.write(List.of(analysis), out);
        return out.count;
    }

    private static long frame(Path file) throws IOException {
        long[] fpdus = new long[1];
        MpaDetector detector = new MpaDetector(new MpaListener() {
            @Override
            public void connection(MpaConnection connection) {}

            @Override
            public void handshake(MpaConnection connection, MpaHandshake handshake) {}

            @Override
            public void fpdu(MpaConnection connection, Fpdu fpdu) {
                fpdus[0] += fpdu.ulpduLength;
            }

            @Override
            public void issue(MpaConnection connection, StreamIssue issue) {}
        });
        TcpReassembler reassembler = new TcpReassembler(detector);
        long n = frames(file, reassembler);
        detector.finish();
        return n + fpdus[0];
    }

    /** Reads, decodes and reassembles every frame of {@code file}; returns the TCP segments seen. */
    private static long frames(Path file, TcpReassembler reassembler) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment segment = new TcpSegment();
        Packet p = new Packet();
        long n = 0;
        try (CaptureReader r = Captures.open(file)) {
            while (r.next(p)) {
                if (decoder.decode(p, segment)) {
                    reassembler.segment(segment);
                    n++;
                }
            }
        }
        reassembler.finish();
        return n;
    }

    /** Records the events the stages deliver for {@code file}, with each FPDU copied out. */
    private static List<Consumer<PduListener>> record(Path file) throws IOException {
        List<Consumer<PduListener>> out = new ArrayList<>();
        Dissection.run(file, null, new PduListener() {
            @Override
            public void connection(MpaConnection connection) {
                out.add(l -> l.connection(connection));
            }

            @Override
            public void handshake(MpaConnection connection, MpaHandshake handshake) {
                out.add(l -> l.handshake(connection, handshake));
            }

            @Override
            public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
                Fpdu copy = fpdu.copy(true);
                out.add(l -> l.pdu(connection, copy, segment));
            }

            @Override
            public void issue(MpaConnection connection, StreamIssue issue) {
                out.add(l -> l.issue(connection, issue));
            }

            @Override
            public void frameDone(long frame, long timestampNanos) {
                out.add(l -> l.frameDone(frame, timestampNanos));
            }

            @Override
            public void end() {
                out.add(PduListener::end);
            }
        }, null, null);
        return out;
    }


    /** Counts the reassembled octets of every direction. */
    private static final class Counting implements ConnectionListener, StreamHandler {
        long octets;

        @Override
        public StreamHandler open(TcpConnection connection, Direction direction) {
            return this;
        }

        @Override
        public void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len) {
            octets += len;
        }

        @Override
        public void gap(long frame, long timeNanos, long streamOffset, long length) {}

        @Override
        public void end(long frame, long timeNanos, boolean reset) {}
    }

    private static final class Sink extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}

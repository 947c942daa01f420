package io.rdmascope.robust;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.Engine;
import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.filter.DisplayFilter;
import io.rdmascope.filter.FilterException;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaDetector;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.MpaListener;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.Source;
import io.rdmascope.roce.RoceStage;
import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;
import io.rdmascope.tcp.TcpReassembler;
import io.rdmascope.testing.Segments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Coverage-guided fuzz targets for every stage that reads input. In a normal test run each target
 * runs only its seeds (the {@code PipelineFuzzTestInputs/<target>} resources: real and synthetic
 * captures, and inputs that once failed); with {@code JAZZER_FUZZ=1} Jazzer mutates them. A target
 * fails on any exception or error escaping a stage: bad input must become data, not a throw.
 */
class PipelineFuzzTest {
    private static Path scratch;

    private static synchronized Path scratch() throws IOException {
        if (scratch == null) {
            Path dir = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
            scratch = Files.createTempFile(dir, "rdmascope-fuzz", ".cap");
            scratch.toFile().deleteOnExit();
        }
        return scratch;
    }

    /**
     * The whole pipeline with the engine, on the bytes as a capture file (pcap or pcapng by magic):
     * on one thread with a frame listener (as the desktop and dissect run it), then on two threads
     * (as analyze runs it).
     */
    @FuzzTest(maxDuration = "2m")
    void captureFile(byte[] data) throws IOException {
        Path f = Files.write(scratch(), data);
        try {
            new Analyzer(NicSettings.DEFAULTS).analyze(f, "fuzz", (packet, position, tcp) -> { }, null, null, null)
                    .close();
            new Analyzer(NicSettings.DEFAULTS, Source.PIPELINED, Analyzer.EngineFactory.ENGINE).analyze(f, "fuzz")
                    .close();
        } catch (io.rdmascope.capture.CaptureException refused) {
            // a file that is not a capture is refused with a reason: that is the expected outcome
        }
    }

    /** The bytes after a fixed pcapng section header and interface description: blocks only. */
    @FuzzTest(maxDuration = "2m")
    void pcapngBlocks(byte[] data) throws IOException {
        byte[] head = HostileCapturesTest.pcapng(new Wire.Pcap().bytes());
        captureFile(Wire.concat(head, data));
    }

    /** Link, IP (with fragment reassembly) and TCP header decoding of successive packets. */
    @FuzzTest(maxDuration = "2m")
    void packetDecoder(FuzzedDataProvider in) {
        PacketDecoder d = new PacketDecoder();
        Packet p = new Packet();
        TcpSegment s = new TcpSegment();
        int link = in.pickValue(new int[] {1, 101, 113, 276, 0, 12, 197, 247, in.consumeInt(0, 300)});
        long frame = 1;
        while (in.remainingBytes() > 0) {
            byte[] b = in.consumeBytes(in.consumeInt(0, 2000));
            p.frame = frame++;
            p.linkType = link;
            p.data = b;
            p.offset = 0;
            p.length = b.length;
            p.originalLength = in.consumeBoolean() ? b.length : b.length + in.consumeInt(0, 100);
            d.decode(p, s);
        }
    }

    /**
     * InfiniBand packets of a few queue pairs (RoCEv2 frames around fuzzed transport octets, or native
     * InfiniBand records), through the packet decoder, the queue-pair stage and the engine.
     */
    @FuzzTest(maxDuration = "2m")
    void roceStage(FuzzedDataProvider in) {
        Engine engine = new Engine(NicSettings.DEFAULTS, new EngineListener() {
            @Override
            public void violation(io.rdmascope.engine.Violation violation) {}

            @Override
            public void transaction(io.rdmascope.engine.Transaction transaction) {}
        });
        RoceStage roce = new RoceStage(engine);
        PacketDecoder d = new PacketDecoder();
        Packet p = new Packet();
        TcpSegment s = new TcpSegment();
        boolean infiniband = in.consumeBoolean();
        long frame = 1;
        while (in.remainingBytes() > 0) {
            byte[] ib = in.consumeBytes(in.consumeInt(0, 1200));
            if (ib.length >= 8 && in.consumeBoolean()) {
                ib[0] = (byte) in.pickValue(new int[] {0x00, 0x01, 0x02, 0x04, 0x06, 0x07, 0x08, 0x0a, 0x0c, 0x0d, 0x0e,
                    0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x17, 0x20, 0x22, 0x24, 0x26, 0x28, 0x2a, 0x64, 0x65, 0x81});
                ib[5] = 0;
                ib[6] = 0;
                ib[7] = (byte) in.consumeInt(0, 3);
            }
            byte[] b = infiniband ? ib : Wire.roceFrame(0x0a000001 + in.consumeInt(0, 1), 0x0a000002, ib);
            p.frame = frame;
            p.timestampNanos = frame * 1000;
            frame++;
            p.linkType = infiniband ? 247 : 1;
            p.data = b;
            p.offset = 0;
            p.length = b.length;
            p.originalLength = b.length;
            if (in.consumeBoolean()) {
                // a record the snapshot length cut: fewer octets kept than the frame had
                p.length = in.consumeInt(0, b.length);
                p.originalLength = b.length + in.consumeInt(0, 64);
            }
            if (d.decode(p, s, roce.frame()) == PacketDecoder.IB) {
                roce.packet();
            }
        }
        roce.finish();
        engine.end();
    }

    /** TCP reassembly of arbitrary segments of two or three connections, through MPA and DDP. */
    @FuzzTest(maxDuration = "2m")
    void tcpReassembly(FuzzedDataProvider in) {
        MpaDetector mpa = new MpaDetector(new Ignore());
        TcpReassembler r = new TcpReassembler(mpa);
        Endpoint[] hosts = {new Endpoint("10.0.0.1", 40000), new Endpoint("10.0.0.2", 9999),
            new Endpoint("10.0.0.1", 40001)};
        TcpSegment s = new TcpSegment();
        long frame = 1;
        while (in.remainingBytes() > 0) {
            s.frame = frame++;
            int a = in.consumeInt(0, 2);
            int b = (a + 1 + in.consumeInt(0, 1)) % 3;
            s.source = hosts[a];
            s.destination = hosts[b];
            s.seq = in.consumeInt() & 0xffffffffL;
            s.ack = in.consumeInt() & 0xffffffffL;
            s.flags = in.consumeInt(0, 0x3f);
            s.window = in.consumeInt(0, 65535);
            byte[] d = in.consumeBytes(in.consumeInt(0, 1500));
            s.data = d;
            s.offset = 0;
            s.length = d.length;
            s.payloadTruncated = in.consumeBoolean();
            // a record the snapshot length cut: the IP length says more octets were sent
            s.wireLength = d.length + (s.payloadTruncated ? in.consumeInt(0, 70000) : 0);
            r.segment(s);
        }
        r.finish();
        mpa.finish();
    }

    /** MPA detection and framing of arbitrary stream octets in random segmentation, with gaps and snapshot-length cuts. */
    @FuzzTest(maxDuration = "2m")
    void mpaStream(FuzzedDataProvider in) {
        MpaDetector mpa = new MpaDetector(new Ignore());
        TcpConnection tcp = new TcpConnection(1, new Endpoint("10.0.0.1", 40000), new Endpoint("10.0.0.2", 9999), 1,
                in.consumeBoolean());
        StreamHandler[] h = {mpa.open(tcp, Direction.FROM_INITIATOR), mpa.open(tcp, Direction.FROM_RESPONDER)};
        long[] off = new long[2];
        long frame = 1;
        boolean handshake = in.consumeBoolean();
        if (handshake) {
            byte[] req = Wire.mpaFrame(true, in.consumeBoolean());
            req[16] = in.consumeByte();
            byte[] rep = Wire.mpaFrame(false, in.consumeBoolean());
            rep[16] = in.consumeByte();
            h[0].data(frame++, 0L, 0, req, 0, req.length);
            h[1].data(frame++, 0L, 0, rep, 0, rep.length);
            off[0] = off[1] = 20;
        }
        while (in.remainingBytes() > 0) {
            int d = in.consumeInt(0, 1);
            int what = in.consumeInt(0, 9);
            if (what == 0) {
                long len = in.consumeLong(1, 1 << 20);
                h[d].gap(frame++, 0L, off[d], len);
                off[d] += len;
            } else if (what == 1) {
                long len = in.consumeLong(1, 70000);
                h[d].cut(frame++, 0L, off[d], len);
                off[d] += len;
            } else {
                byte[] b = in.consumeBytes(in.consumeInt(0, 3000));
                h[d].data(frame++, 0L, off[d], b, 0, b.length);
                off[d] += b.length;
            }
        }
        h[0].end(frame, 0L, false);
        h[1].end(frame, 0L, in.consumeBoolean());
        mpa.finish();
    }

    /** The generated DDP/RDMAP parsers on one ULPDU, and the in-place reading, which must agree with them. */
    @FuzzTest(maxDuration = "2m")
    void pduDecoder(byte[] ulpdu) {
        PduDecoder d = new PduDecoder();
        Segments.assertSame(d.read(ulpdu, 0, ulpdu.length), d.readWithParser(ulpdu, 0, ulpdu.length), "fuzzed");
        if (ulpdu.length > 2) {
            PduDecoder.decode(ulpdu, 1, ulpdu.length - 2);
        }
    }

    /** The display-filter compiler: a mistake is a FilterException, nothing else. */
    @FuzzTest(maxDuration = "2m")
    void displayFilter(String text) {
        try {
            DisplayFilter.compile(text);
        } catch (FilterException mistake) {
            // reported to the user with its column
        }
    }

    /** Runs a capture through the stages without the engine (what {@code dissect} does). */
    @FuzzTest(maxDuration = "2m")
    void dissection(byte[] data) throws IOException {
        Path f = Files.write(scratch(), data);
        try {
            Dissection.run(f, (packet, position, tcp) -> { }, new io.rdmascope.pdu.PduListener() { }, null, null);
        } catch (io.rdmascope.capture.CaptureException refused) {
            // not a capture
        }
    }

    /** Listens to nothing. */
    private static final class Ignore implements MpaListener {
        @Override
        public void connection(MpaConnection c) {}

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {}

        @Override
        public void fpdu(MpaConnection c, Fpdu f) {}

        @Override
        public void issue(MpaConnection c, StreamIssue i) {}

        @Override
        public void end() {}
    }
}

package io.rdmascope.report;

import io.rdmascope.capture.CaptureException;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.ConnectionSummary;
import io.rdmascope.pipeline.DissectionResult;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Source;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.TcpConnection;
import java.util.List;

/**
 * Hand-built stage objects: the analysis contract's example, and a fake capture of 16 frames whose
 * frames 12-16 carry the one-shot transaction of that example.
 */
public final class Fixtures {
    public static final Endpoint A = new Endpoint("10.0.0.1", 40000);
    public static final Endpoint B = new Endpoint("10.0.0.2", 9999);

    private Fixtures() {}

    public static MpaConnection connection() {
        MpaConnection c = new MpaConnection("c1", new TcpConnection(1, A, B, 1, true));
        c.revision = 1;
        c.crc = true;
        return c;
    }

    public static Transaction transaction() {
        Transaction t = new Transaction("t1", "c1", "10.0.0.1:40000", 0x1234, 0x10000, 8192, 0x01, 12, 1_000);
        t.dataFrames.addAll(List.of(13L, 14L, 15L));
        t.bytes = 8192;
        t.completionFrame = 16;
        t.completionTimeNanos = 51_000;
        t.completion = CompletionKind.SEND_WITH_INVALIDATE;
        t.status = TransactionStatus.COMPLETE;
        return t;
    }

    public static Violation violation() {
        return new Violation(ViolationCode.STAG_BOUNDS, Severity.ERROR, 15, "c1", 0x1234L, null,
                "RDMA Write [0x10000+8192, +512) leaves the region advertised in frame 12", "RFC 5040 section 6.4");
    }

    public static Violation warning(long frame) {
        return new Violation(ViolationCode.TCP_GAP, Severity.WARNING, frame, "c1", null, null, "2 octets missing",
                ViolationCode.TCP_GAP.reference);
    }

    /** The document of the contract's example. */
    public static FileAnalysis contractExample() {
        return new FileAnalysis("samples/x.pcap", 42, List.of(new ConnectionSummary(connection(), 30)),
                List.of(transaction()), List.of(violation()), null);
    }

    public static MpaHandshake request(long frame) {
        return new MpaHandshake(frame, frame * 1_000_000L, Direction.FROM_INITIATOR, true, false, true, false, true, 0, 2, 4,
                new byte[] {0, 4, 0, 8}, 4, 8, 0, 0, 0, 24);
    }

    public static Fpdu fpdu(long frame) {
        Fpdu f = new Fpdu();
        f.frame = frame;
        f.firstFrame = frame;
        f.timeNanos = frame * 1_000_000L;
        f.firstTimeNanos = f.timeNanos;
        f.direction = Direction.FROM_RESPONDER;
        f.ulpduLength = 46;
        f.padLength = 0;
        f.crcField = 0xE3069283L;
        f.crcComputed = 0xE3069283L;
        f.crcOk = true;
        return f;
    }

    public static DdpSegment write(long stag, long to) {
        DdpSegment s = new DdpSegment();
        s.tagged = true;
        s.last = true;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = 0;
        s.stag = stag;
        s.to = to;
        return s;
    }

    public static DdpSegment initiation() {
        DdpSegment s = new DdpSegment();
        s.last = true;
        s.sv = true;
        s.ab = true;
        s.dv = 1;
        s.rdmapVersion = 1;
        s.opcode = 3;
        s.qn = 0;
        s.msn = 1;
        s.mo = 0;
        s.optionalStag = 0x1234L;
        s.advertised = new DdpSegment.Advertised(0x10000, 8192, DdpSegment.Advertised.REMOTE_WRITE, 0);
        return s;
    }

    /**
     * A fake run: 16 frames, all TCP between A and B; frame 1 the MPA Request, frame 12 a one-shot
     * initiation, frames 13-15 RDMA Writes, frame 16 the end. A file whose name contains "bad" is
     * not a capture.
     */
    public static Source source() {
        return (file, frames, pdus, progress, cancelled) -> {
            if (file.getFileName().toString().contains("bad")) {
                throw new CaptureException("not a pcap or pcapng file (magic 0x00000000)");
            }
            MpaConnection c = connection();
            Packet p = new Packet();
            TcpSegment tcp = new TcpSegment();
            tcp.source = A;
            tcp.destination = B;
            for (long n = 1; n <= 16; n++) {
                p.frame = n;
                p.timestampNanos = n * 1000;
                if (frames != null) {
                    frames.frame(p, n * 100, tcp);
                }
                if (n == 1) {
                    pdus.connection(c);
                    pdus.handshake(c, request(1));
                } else if (n == 12) {
                    pdus.pdu(c, fpdu(12), initiation());
                } else if (n >= 13 && n <= 15) {
                    pdus.pdu(c, fpdu(n), write(0x1234, 0x10000 + (n - 13) * 4096));
                }
                pdus.frameDone(n, p.timestampNanos);
            }
            pdus.end();
            return new DissectionResult(16, null, false);
        };
    }

    /** A fake engine: the contract's violation at frame 15, its transaction at the end. */
    public static Analyzer.EngineFactory engine() {
        return (settings, listener) -> new PduListener() {
            @Override
            public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment segment) {
                if (fpdu.frame == 15) {
                    listener.violation(violation());
                }
                if (fpdu.frame == 13 && settings.strict()) {
                    listener.violation(warning(13));
                }
            }

            @Override
            public void end() {
                listener.transaction(transaction());
            }
        };
    }
}

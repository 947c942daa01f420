package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * RoCE captures as users often make them on a busy link: with a small snapshot length, keeping
 * the headers of each packet ({@code tcpdump -s 96}), or begun while the queue pairs were in use.
 * Neither is a fault of the traffic: the kernel's soft-RoCE captures cut so stay free of errors
 * and warnings, and every RDMA operation is still a transaction of its kind, read from the headers.
 */
class RoceCutCapturesTest {
    @TempDir
    Path dir;

    static Stream<Path> captures() throws IOException {
        Path rxe = Wire.REAL.resolve("rxe");
        if (!Files.isDirectory(rxe)) {
            return Stream.empty();
        }
        try (Stream<Path> s = Files.list(rxe)) {
            return s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aSnapshotLengthKeepingTheHeadersLosesNoOperationAndRaisesNothing(Path capture) throws Exception {
        byte[] whole = Files.readAllBytes(capture);
        try (FileAnalysis full = analyze(capture)) {
            for (int snap : new int[] {96, 128}) {
                Path cut = dir.resolve(snap + "-" + capture.getFileName());
                Files.write(cut, Wire.snap(whole, snap));
                try (FileAnalysis a = analyze(cut)) {
                    String what = capture.getFileName() + " cut at " + snap;
                    assertThat(a.violationCounts().get(Severity.ERROR)).as(what).isZero();
                    assertThat(a.violationCounts().get(Severity.WARNING)).as(what).isZero();
                    long cutPackets = 0;
                    for (RdmaConnection c : a.rdmaConnections()) {
                        cutPackets += ((QpConnection) c).counters.snapshotCut;
                    }
                    if (snap == 96) {
                        // every packet with a payload is longer than 96 octets
                        assertThat(cutPackets).as(what).isPositive();
                    }
                    if (!capture.getFileName().toString().startsWith("rxeloss")) {
                        // without the CM's starting PSNs, a lost First retransmitted later may count a
                        // message twice; on healthy traffic the headers give every operation
                        assertThat(operations(a)).as(what).isEqualTo(operations(full));
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aCaptureBegunWhileTheQueuePairsWereInUseRaisesNothing(Path capture) throws Exception {
        byte[] whole = Files.readAllBytes(capture);
        int records = records(whole);
        assumeTrue(records > 40);
        for (int first : new int[] {records / 3, records / 2}) {
            Path late = dir.resolve(first + "-" + capture.getFileName());
            Files.write(late, from(whole, first));
            try (FileAnalysis a = analyze(late)) {
                String what = capture.getFileName() + " from record " + first;
                assertThat(a.violationCounts().get(Severity.ERROR)).as(what).isZero();
                assertThat(a.violationCounts().get(Severity.WARNING)).as(what).isZero();
            }
        }
    }

    private static FileAnalysis analyze(Path file) throws IOException {
        return new Analyzer(NicSettings.DEFAULTS).analyze(file, file.getFileName().toString());
    }

    /** The RDMA operations of each kind, whatever their status. */
    private static Map<TransactionKind, Long> operations(FileAnalysis a) {
        Map<TransactionKind, Long> m = new HashMap<>();
        for (Map.Entry<TransactionKind, Map<TransactionStatus, Long>> e : a.transactionCountsByKind().entrySet()) {
            if (e.getKey() == TransactionKind.READ || e.getKey() == TransactionKind.WRITE
                    || e.getKey() == TransactionKind.SEND || e.getKey() == TransactionKind.ATOMIC) {
                m.put(e.getKey(), e.getValue().values().stream().mapToLong(Long::longValue).sum());
            }
        }
        return m;
    }

    private static ByteOrder order(byte[] pcap) {
        return (pcap[0] & 0xff) == 0xd4 || (pcap[0] & 0xff) == 0x4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    private static int records(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order(pcap));
        in.position(24);
        int n = 0;
        while (in.remaining() >= 16) {
            in.position(in.position() + 8);
            int cap = in.getInt();
            in.getInt();
            if (cap < 0 || cap > in.remaining()) {
                break;
            }
            in.position(in.position() + cap);
            n++;
        }
        return n;
    }

    /** The same pcap file without its records before record {@code first} (from 0). */
    private static byte[] from(byte[] pcap, int first) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order(pcap));
        in.position(24);
        for (int i = 0; i < first && in.remaining() >= 16; i++) {
            in.position(in.position() + 8);
            int cap = in.getInt();
            in.getInt();
            in.position(in.position() + cap);
        }
        byte[] out = new byte[24 + in.remaining()];
        System.arraycopy(pcap, 0, out, 0, 24);
        in.get(out, 24, in.remaining());
        return out;
    }
}

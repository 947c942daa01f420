package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.cli.Main;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * InfiniBand's unreliable services over RoCEv2, as perftest's {@code -c UC} and {@code -c UD} make
 * them: their Sends and Writes are transactions that end with their last packet (nothing answers
 * them), a UC message that lost a packet is dropped by its responder, and datagrams are followed
 * per pair of queue pairs, those of management (QP1) left out.
 */
class UnreliableServicesTest {
    static final int A = 0x0a000001, B = 0x0a000002, C = 0x0a000003;
    static final int UC_SEND_ONLY = 0x24, UC_WRITE_FIRST = 0x26, UC_WRITE_LAST = 0x28, UD_SEND_ONLY = 0x64;

    @TempDir
    Path dir;

    private static byte[] reth(long va, int rkey, int length, int payload) {
        return ByteBuffer.allocate(16 + payload).putLong(va).putInt(rkey).putInt(length).array();
    }

    private static byte[] deth(int srcQp, int payload) {
        return ByteBuffer.allocate(8 + payload).putInt(0x11111111).putInt(srcQp & 0xffffff).array();
    }

    private static void add(Wire.Pcap pcap, int src, int dst, int opcode, long destQp, long psn, byte[] rest) {
        pcap.record(Wire.withIcrc(Wire.roce(src, dst, opcode, 0, destQp, psn, rest, -1)));
    }

    private Path capture() throws Exception {
        Wire.Pcap pcap = new Wire.Pcap();
        // UC from A to B's QP 0x40: a Send, a Write of two packets, a Write whose Middle was lost, a Send
        add(pcap, A, B, UC_SEND_ONLY, 0x40, 10, new byte[8]);
        add(pcap, A, B, UC_WRITE_FIRST, 0x40, 11, reth(0x1000, 0x55, 2048, 1024));
        add(pcap, A, B, UC_WRITE_LAST, 0x40, 12, new byte[1024]);
        add(pcap, A, B, UC_WRITE_FIRST, 0x40, 13, reth(0x2000, 0x55, 3072, 1024));
        add(pcap, A, B, UC_WRITE_LAST, 0x40, 15, new byte[1024]);
        add(pcap, A, B, UC_SEND_ONLY, 0x40, 16, new byte[8]);
        // and from B back to A's QP 0x41
        add(pcap, B, A, UC_SEND_ONLY, 0x41, 100, new byte[8]);
        // UD: A's QP 0x50 with B's 0x51 both ways, and with C's 0x52
        add(pcap, A, B, UD_SEND_ONLY, 0x51, 1, deth(0x50, 64));
        add(pcap, A, B, UD_SEND_ONLY, 0x51, 2, deth(0x50, 64));
        add(pcap, B, A, UD_SEND_ONLY, 0x50, 7, deth(0x51, 64));
        add(pcap, A, C, UD_SEND_ONLY, 0x52, 3, deth(0x50, 64));
        // a management datagram to QP1 that is no CM message
        add(pcap, A, B, UD_SEND_ONLY, 1, 4, deth(1, 256));
        Path file = dir.resolve("unreliable.pcap");
        Files.write(file, pcap.bytes());
        return file;
    }

    private static long count(FileAnalysis f, TransactionKind kind, TransactionStatus status) {
        Map<TransactionStatus, Long> m = f.transactionCountsByKind().get(kind);
        return m == null ? 0 : m.getOrDefault(status, 0L);
    }

    @Test
    void sendsAndWritesOfUcAndUdEndWithTheirLastPacket() throws Exception {
        try (FileAnalysis f = new Analyzer(NicSettings.DEFAULTS).analyze(capture(), "unreliable.pcap")) {
            assertThat(f.rdmaConnections()).extracting(c -> ((QpConnection) c).serviceName())
                    .containsExactly("UC", "UD", "UD");
            assertThat(f.rdmaConnections()).noneMatch(RdmaConnection::reliable);
            assertThat(count(f, TransactionKind.SEND, TransactionStatus.COMPLETE)).isEqualTo(3 + 4);
            assertThat(count(f, TransactionKind.WRITE, TransactionStatus.COMPLETE)).isEqualTo(1);
            // the Write that lost its Middle was dropped by its responder: it never ends
            assertThat(count(f, TransactionKind.WRITE, TransactionStatus.INCOMPLETE)).isEqualTo(1);
            QpConnection uc = (QpConnection) f.rdmaConnections().get(0);
            assertThat(uc.counters.missingPackets).isEqualTo(1);
            // only notes: the R_Key nothing in the capture advertised
            assertThat(f.violationCounts().get(Severity.ERROR)).isZero();
            assertThat(f.violationCounts().get(Severity.WARNING)).isZero();
        }
    }

    @Test
    void theReportsNameTheService() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Path file = capture();
        Main.run(new String[] {"analyze", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("3 RoCE connections", "roce UC QP", "roce UD QP");
        out.reset();
        Main.run(new String[] {"analyze", "--format", "json", file.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8)).containsPattern("\"service\"\\s*:\\s*\"UC\"")
                .containsPattern("\"service\"\\s*:\\s*\"UD\"");
    }
}

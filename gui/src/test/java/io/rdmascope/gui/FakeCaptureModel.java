package io.rdmascope.gui;

import io.rdmascope.engine.CompletionKind;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Severity;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionStatus;
import io.rdmascope.engine.Violation;
import io.rdmascope.engine.ViolationCode;
import io.rdmascope.fields.FieldNode;
import io.rdmascope.gui.model.CaptureModel;
import io.rdmascope.gui.model.CaptureStatistics;
import io.rdmascope.gui.model.ConnectionInfo;
import io.rdmascope.gui.model.FrameRow;
import io.rdmascope.gui.model.LoadListener;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.gui.model.NicStates;
import io.rdmascope.gui.model.RawFrame;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * An in-memory capture: two MPA connections, three one-shot transactions (complete, violated,
 * incomplete) and violations of each severity, with synthetic detail trees and bytes laid out
 * like Ethernet/IPv4/TCP/MPA/DDP frames.
 */
public final class FakeCaptureModel implements CaptureModel {
    static final long T0 = 1_700_000_000_000_000_000L;
    static final String A = "10.0.0.1:40000", B = "10.0.0.2:9999", C = "10.0.0.3:40001";

    private final Path file;
    private final int extraFrames;
    private final boolean slow;
    private final List<FrameRow> rows = new ArrayList<>();
    private final List<Transaction> transactions = new ArrayList<>();
    private final List<Violation> violations = new ArrayList<>();
    private final Map<Long, List<String>> txByFrame = new HashMap<>();
    private volatile long delivered;

    /**
     * @param extraFrames plain TCP frames appended after the scenario
     * @param slow when true, loading delivers the first rows and then waits until cancelled
     */
    public FakeCaptureModel(Path file, int extraFrames, boolean slow) {
        this.file = file;
        this.extraFrames = extraFrames;
        this.slow = slow;
        build();
    }

    public FakeCaptureModel(Path file) {
        this(file, 0, false);
    }

    private void row(String src, String dst, String proto, int len, String info) {
        long n = rows.size() + 1;
        rows.add(new FrameRow(n, time(n), src, dst, proto, len, info));
    }

    static long time(long frame) {
        return T0 + frame * 150_000L + (frame % 7) * 11_000L;
    }

    private void build() {
        row(A, B, "TCP", 74, "40000 \u2192 9999 [SYN] Seq=0 Len=0");
        row(B, A, "TCP", 74, "9999 \u2192 40000 [SYN, ACK] Seq=0 Len=0");
        row(A, B, "TCP", 66, "40000 \u2192 9999 [ACK] Seq=1 Len=0");
        row(A, B, "MPA", 94, "MPA Request rev 1 C");
        row(B, A, "MPA", 94, "MPA Reply rev 1 C");
        row(A, B, "DDP/RDMAP", 98, "Send [SV STag 0x0a000100, 4096 B @ 0x100000 W] MSN 1");               // 6
        row(B, A, "DDP/RDMAP", 1514, "RDMA Write STag 0x0a000100 TO 0x100000 len 1432");                    // 7
        row(B, A, "DDP/RDMAP", 1514, "RDMA Write STag 0x0a000100 TO 0x100598 len 1432");                    // 8
        row(B, A, "DDP/RDMAP", 82, "Send with Invalidate MSN 1 Inval 0x0a000100");                          // 9
        row(C, B, "TCP", 74, "40001 \u2192 9999 [SYN] Seq=0 Len=0");                                        // 10
        row(B, C, "TCP", 74, "9999 \u2192 40001 [SYN, ACK] Seq=0 Len=0");
        row(C, B, "TCP", 66, "40001 \u2192 9999 [ACK] Seq=1 Len=0");
        row(C, B, "MPA", 94, "MPA Request rev 2 C IRD 16 ORD 16");
        row(B, C, "MPA", 94, "MPA Reply rev 2 C IRD 16 ORD 16");
        row(C, B, "DDP/RDMAP", 98, "Send [SV STag 0x0b000200, 8192 B @ 0x200000 WR] MSN 1");              // 15
        row(B, C, "DDP/RDMAP", 1514, "RDMA Write STag 0x0b000200 TO 0x200000 len 1432");                    // 16
        row(B, C, "DDP/RDMAP", 1514, "RDMA Write STag 0x0b000200 TO 0x201f00 len 1432");                    // 17
        row(B, C, "DDP/RDMAP", 86, "Send [SV STag 0x0b000200] MSN 1");                                      // 18
        row(A, B, "DDP/RDMAP", 98, "Send [SV STag 0x0a000101, 2048 B @ 0x180000 R] MSN 2");               // 19
        row(B, A, "DDP/RDMAP", 94, "RDMA Read Request MSN 1 src 0x0a000101 size 2048");                     // 20
        row(A, B, "DDP/RDMAP", 1514, "RDMA Read Response STag 0x0c0000aa TO 0x0 len 1432 (more)");         // 21
        row(B, A, "TCP", 66, "9999 \u2192 40000 [ACK] Seq=433 Len=0");                                      // 22
        row(A, B, "DDP/RDMAP", 120, "Send MSN 3 len 40");                                                   // 23
        row(B, A, "DDP/RDMAP", 600, "RDMA Write STag 0x0c000000 TO 0x0 len 520");                           // 24
        for (int i = 25; i <= 30 + extraFrames; i++) {
            boolean ab = i % 2 == 0;
            row(ab ? A : B, ab ? B : A, "TCP", 66, (ab ? "40000 \u2192 9999" : "9999 \u2192 40000") + " [ACK] Seq=" + (i * 100) + " Len=0");
        }

        Transaction t1 = new Transaction("t1", "c1", A, 0x0a000100L, 0x100000L, 4096, 0x01, 6, time(6));
        t1.dataFrames.addAll(List.of(7L, 8L));
        t1.bytes = 2864;
        t1.completionFrame = 9;
        t1.completionTimeNanos = time(9);
        t1.completion = CompletionKind.SEND_WITH_INVALIDATE;
        t1.status = TransactionStatus.COMPLETE;
        Transaction t2 = new Transaction("t2", "c2", C, 0x0b000200L, 0x200000L, 8192, 0x03, 15, time(15));
        t2.dataFrames.addAll(List.of(16L, 17L));
        t2.bytes = 2864;
        t2.completionFrame = 18;
        t2.completionTimeNanos = time(18);
        t2.completion = CompletionKind.SEND_SV;
        t2.status = TransactionStatus.VIOLATED;
        Transaction t3 = new Transaction("t3", "c1", A, 0x0a000101L, 0x180000L, 2048, 0x02, 19, time(19));
        t3.dataFrames.addAll(List.of(20L, 21L));
        t3.bytes = 1432;
        transactions.addAll(List.of(t1, t2, t3));
        for (Transaction t : transactions) {
            index(t.initiationFrame, t.id);
            t.dataFrames.forEach(f -> index(f, t.id));
            if (t.completionFrame >= 0) {
                index(t.completionFrame, t.id);
            }
        }
        violations.add(new Violation(ViolationCode.STAG_BOUNDS, Severity.ERROR, 17, "c2", 0x0b000200L, "t2",
                "RDMA Write [0x201f00, +1432) leaves the region [0x200000, +8192) advertised in frame 15",
                ViolationCode.STAG_BOUNDS.reference));
        violations.add(new Violation(ViolationCode.DDP_RESERVED, Severity.WARNING, 23, "c1", null, null,
                "DDP reserved bits are 0x1, not zero", ViolationCode.DDP_RESERVED.reference));
        violations.add(new Violation(ViolationCode.STAG_UNADVERTISED, Severity.INFO, 24, "c1", 0x0c000000L, null,
                "RDMA Write names STag 0x0c000000, which no initiation in the capture advertised",
                ViolationCode.STAG_UNADVERTISED.reference));
        violations.add(new Violation(ViolationCode.TRANSACTION_INCOMPLETE, Severity.WARNING, 19, "c1", 0x0a000101L, "t3",
                "the capture ends before transaction t3 (advertised in frame 19) completes",
                ViolationCode.TRANSACTION_INCOMPLETE.reference));
    }

    private void index(long frame, String id) {
        txByFrame.computeIfAbsent(frame, k -> new ArrayList<>()).add(id);
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public void load(LoadListener listener, BooleanSupplier cancelled) {
        int batch = 5000;
        for (int i = 0; i < rows.size(); i += batch) {
            if (cancelled.getAsBoolean()) {
                return;
            }
            List<FrameRow> part = new ArrayList<>(rows.subList(i, Math.min(rows.size(), i + batch)));
            delivered = i + part.size();
            listener.rows(part);
            listener.progress((double) delivered / rows.size());
            if (slow) {
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (!cancelled.getAsBoolean() && System.nanoTime() < deadline) {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    @Override
    public long frameCount() {
        return delivered;
    }

    private boolean iwarp(FrameRow r) {
        return r.protocol().equals("DDP/RDMAP") || r.protocol().equals("MPA");
    }

    @Override
    public List<FieldNode> details(long frame) {
        FrameRow r = rows.get((int) frame - 1);
        List<FieldNode> out = new ArrayList<>();
        out.add(FieldNode.layer("frame", "Frame " + frame + ": " + r.length() + " bytes on wire", 0, r.length(), List.of(
                FieldNode.field("frame.number", "Frame Number", frame, Long.toString(frame), -1, 0),
                FieldNode.field("frame.len", "Frame Length", (long) r.length(), r.length() + " bytes", -1, 0))));
        out.add(FieldNode.layer("eth", "Ethernet II", 0, 14, List.of(
                FieldNode.field("eth.dst", "Destination", "02:00:00:00:00:02", "02:00:00:00:00:02", 0, 6),
                FieldNode.field("eth.src", "Source", "02:00:00:00:00:01", "02:00:00:00:00:01", 6, 6),
                FieldNode.field("eth.type", "Type", 0x0800L, "IPv4 (0x0800)", 12, 2))));
        String[] src = r.source().split(":"), dst = r.destination().split(":");
        out.add(FieldNode.layer("ip", "Internet Protocol Version 4, Src: " + src[0] + ", Dst: " + dst[0], 14, 20, List.of(
                FieldNode.field("ip.len", "Total Length", (long) r.length() - 14, Integer.toString(r.length() - 14), 16, 2),
                FieldNode.field("ip.src", "Source Address", src[0], src[0], 26, 4),
                FieldNode.field("ip.dst", "Destination Address", dst[0], dst[0], 30, 4))));
        out.add(FieldNode.layer("tcp", "Transmission Control Protocol, Src Port: " + src[1] + ", Dst Port: " + dst[1], 34, 20,
                List.of(FieldNode.field("tcp.srcport", "Source Port", Long.parseLong(src[1]), src[1], 34, 2),
                        FieldNode.field("tcp.dstport", "Destination Port", Long.parseLong(dst[1]), dst[1], 36, 2),
                        FieldNode.field("tcp.seq", "Sequence Number", 1L, "1", 38, 4))));
        if (r.protocol().equals("DDP/RDMAP")) {
            int ulpdu = r.length() - 54 - 6;
            out.add(FieldNode.layer("mpa", "iWARP Marker Protocol data unit Aligned framing", 54, r.length() - 54, List.of(
                    new FieldNode("mpa.ulpdu_length", "ULPDU length", (long) ulpdu, Integer.toString(ulpdu), 54, 2,
                            "Length of the ULPDU in octets, excluding pad and CRC (RFC 5044 section 4.1)", List.of()),
                    new FieldNode("mpa.crc", "CRC", 0x1c2d3e4fL, "0x1c2d3e4f [correct]", r.length() - 4, 4,
                            "CRC32c over the FPDU, least significant octet first (RFC 5044 section 4.1)", List.of()))));
            boolean tagged = r.info().startsWith("RDMA Write") || r.info().startsWith("RDMA Read Response");
            List<FieldNode> ddp = new ArrayList<>();
            ddp.add(new FieldNode("ddp.control", "DDP control field", 0xc1L, "0xc1", 56, 1,
                    "T, L, SV, AB, reserved and DDP version bits (RFC 5041 section 4.2)", List.of(
                    FieldNode.field("ddp.tagged", "Tagged flag", tagged, tagged ? "Set" : "Not set", 56, 1),
                    FieldNode.field("ddp.last", "Last flag", true, "Set", 56, 1),
                    FieldNode.field("ddp.dv", "DDP version", 1L, "1", 56, 1))));
            if (tagged) {
                ddp.add(new FieldNode("ddp.stag", "Steering Tag", 0x0a000100L, "0x0a000100", 58, 4,
                        "Identifies the Data Sink's tagged buffer (RFC 5041 section 4.3)", List.of()));
                ddp.add(FieldNode.field("ddp.to", "Tagged offset", 0x100000L, "0x0000000000100000", 62, 8));
            } else {
                ddp.add(FieldNode.field("ddp.qn", "Queue number", 0L, "0", 62, 4));
                ddp.add(FieldNode.field("ddp.msn", "Message sequence number", 1L, "1", 66, 4));
                ddp.add(FieldNode.field("ddp.mo", "Message offset", 0L, "0", 70, 4));
            }
            out.add(FieldNode.layer("ddp", "Direct Data Placement protocol", 56, tagged ? 14 : 18, ddp));
            out.add(FieldNode.layer("rdmap", "Remote Direct Memory Access protocol", 57, 1, List.of(
                    new FieldNode("rdmap.opcode", "Opcode", 0L, r.info().split(" \\[| STag| MSN")[0], 57, 1,
                            "RDMAP version (2 bits), reserved bits and opcode (RFC 5040 section 4.2)", List.of()))));
        } else if (r.protocol().equals("MPA")) {
            out.add(FieldNode.layer("mpa", r.info(), 54, r.length() - 54, List.of(
                    FieldNode.field("mpa.key", "Key", "MPA ID Req Frame", "MPA ID Req Frame", 54, 16),
                    FieldNode.field("mpa.revision", "Revision", 1L, "1", 71, 1))));
        }
        return out;
    }

    @Override
    public RawFrame raw(long frame) {
        if (frame < 1 || frame > rows.size()) {
            return null;
        }
        FrameRow r = rows.get((int) frame - 1);
        byte[] b = new byte[r.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 7 + frame);
        }
        byte[] head = {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 8, 0, 0x45, 0};
        System.arraycopy(head, 0, b, 0, head.length);
        byte[] text = "rdmascope payload ".getBytes(StandardCharsets.US_ASCII);
        for (int i = 74; i < b.length - 4; i++) {
            b[i] = text[(i - 74) % text.length];
        }
        return new RawFrame(frame, r.timeNanos(), 1, r.length(), b);
    }

    @Override
    public List<ConnectionInfo> connections() {
        return List.of(new ConnectionInfo("c1", A, B), new ConnectionInfo("c2", C, B));
    }

    @Override
    public List<Transaction> transactions() {
        return transactions;
    }

    @Override
    public List<Violation> violations() {
        return violations;
    }

    @Override
    public List<Violation> violationsAt(long frame) {
        List<Violation> out = new ArrayList<>();
        for (Violation v : violations) {
            if (v.frame() == frame) {
                out.add(v);
            }
        }
        return out;
    }

    @Override
    public Severity severityAt(long frame) {
        Severity s = null;
        for (Violation v : violationsAt(frame)) {
            s = s == null || v.severity().compareTo(s) > 0 ? v.severity() : s;
        }
        return s;
    }

    @Override
    public List<String> transactionsAt(long frame) {
        return txByFrame.getOrDefault(frame, List.of());
    }

    @Override
    public NicState nicState(long frame) {
        return NicStates.at(frame, transactions, NicSettings.DEFAULTS);
    }

    @Override
    public CaptureStatistics statistics() {
        Map<String, Long> ops = new LinkedHashMap<>();
        ops.put("RDMA Write", 5L);
        ops.put("RDMA Read Request", 1L);
        ops.put("RDMA Read Response", 1L);
        ops.put("Send", 5L);
        ops.put("Send with Invalidate", 1L);
        Map<String, Long> bytes = new LinkedHashMap<>();
        bytes.put("c1", 7196L);
        bytes.put("c2", 2904L);
        long[] lat = {time(9) - time(6), time(18) - time(15), 410_000, 520_000, 330_000, 980_000, 610_000};
        return new CaptureStatistics(ops, bytes, lat);
    }
}

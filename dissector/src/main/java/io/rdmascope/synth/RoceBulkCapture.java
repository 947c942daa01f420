package io.rdmascope.synth;

import io.rdmascope.net.IbFrame;
import io.rdmascope.roce.Icrc;
import io.rdmascope.synth.wire.PcapWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes large RoCEv2 captures for benchmarks, streaming: N reliable connections (their set-up not
 * captured) carry RDMA Writes round-robin until the file reaches a target size. Each Write is split
 * into packets of the path MTU (First with its RETH, Middle, Last with AckReq) and acknowledged by
 * one ACK; every packet has its ICRC. Frames are built in one reused buffer.
 */
public final class RoceBulkCapture {
    private RoceBulkCapture() {}

    /** Summary of what was written. */
    public record Result(long bytes, long packets, long transactions) {}

    private static final int HEADERS = 14 + 20 + 8;

    private static final class Conn {
        int ipA, ipB, qpA, qpB, psnA, msn;
        long rkey;
    }

    public static Result write(Path path, long targetBytes, int connections, int writeKiB, int mtu) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 20)) {
            PcapWriter pcap = new PcapWriter(out, false, 65535);
            byte[] buf = new byte[HEADERS + 12 + 16 + mtu + 4];
            for (int i = HEADERS + 28; i < buf.length; i++) {
                buf[i] = (byte) (i * 13);
            }
            IbFrame frame = new IbFrame();
            frame.encapsulation = IbFrame.Encapsulation.ROCE_V2_IPV4;
            frame.data = buf;
            frame.networkOffset = 14;
            frame.transportOffset = HEADERS;
            Icrc icrc = new Icrc();
            Conn[] cs = new Conn[Math.max(1, connections)];
            for (int i = 0; i < cs.length; i++) {
                Conn c = new Conn();
                c.ipA = 0x0A010000 | (i & 0xFFFF);
                c.ipB = 0x0A020000 | (i & 0xFFFF);
                c.qpA = 0x100 + i;
                c.qpB = 0x8000 + i;
                c.psnA = (i * 7919) & 0xffffff;
                c.rkey = 0x1000 + i;
                cs[i] = c;
            }
            long written = 24;
            long packets = 0;
            long transactions = 0;
            long time = 1_700_000_000_000_000_000L;
            long bytes = (long) writeKiB * 1024;
            int ci = 0;
            while (written < targetBytes) {
                Conn c = cs[ci];
                ci = (ci + 1) % cs.length;
                long va = (transactions & 0xFFFF) << 20;
                for (long off = 0; off < bytes; off += mtu) {
                    int len = (int) Math.min(mtu, bytes - off);
                    boolean first = off == 0;
                    boolean last = off + len >= bytes;
                    int opcode = first && last ? 0x0a : first ? 0x06 : last ? 0x08 : 0x07;
                    int n = packet(buf, c.ipA, c.ipB, opcode, c.qpB, c.psnA, last, first ? c.rkey : -1, va, bytes, len);
                    c.psnA = (c.psnA + 1) & 0xffffff;
                    written += emit(pcap, frame, icrc, buf, n, time);
                    time += 1000;
                    packets++;
                }
                c.msn++;
                int n = packet(buf, c.ipB, c.ipA, 0x11, c.qpA, (c.psnA - 1) & 0xffffff, false, -1, 0, 0, 4);
                ByteBuffer.wrap(buf, HEADERS + 12, 4).put((byte) 0x1f).put((byte) (c.msn >> 16)).put((byte) (c.msn >> 8))
                        .put((byte) c.msn);
                written += emit(pcap, frame, icrc, buf, n, time);
                time += 1000;
                packets++;
                transactions++;
            }
            return new Result(written, packets, transactions);
        }
    }

    /** Builds one packet in {@code buf}: Ethernet, IPv4, UDP, BTH, a RETH when {@code rkey >= 0}, payload; its length. */
    private static int packet(byte[] buf, int src, int dst, int opcode, int destQp, int psn, boolean ackRequest,
                              long rkey, long va, long dmaLength, int payload) {
        int ib = 12 + (rkey >= 0 ? 16 : 0) + payload + 4;
        ByteBuffer f = ByteBuffer.wrap(buf);
        f.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (28 + ib)).putShort((short) 0).putShort((short) 0x4000)
                .put((byte) 64).put((byte) 17).putShort((short) 0).putInt(src).putInt(dst);
        f.putShort((short) 49152).putShort((short) 4791).putShort((short) (8 + ib)).putShort((short) 0);
        f.put((byte) opcode).put((byte) 0).putShort((short) 0xffff).putInt(destQp & 0xffffff)
                .putInt((ackRequest ? 0x80000000 : 0) | psn);
        if (rkey >= 0) {
            f.putLong(va).putInt((int) rkey).putInt((int) dmaLength);
        }
        return HEADERS + ib;
    }

    private static int emit(PcapWriter pcap, IbFrame frame, Icrc icrc, byte[] buf, int n, long time) throws IOException {
        frame.end = n;
        frame.captured = n;
        long crc = icrc.compute(frame);
        ByteBuffer.wrap(buf, n - 4, 4).putInt((int) crc);
        pcap.write(time, buf, 0, n);
        return 16 + n;
    }

    /** {@code RoceBulkCapture OUT.pcap [targetBytes] [connections] [writeKiB] [mtu]}; defaults 200 MB, 179, 64 KiB, 1024. */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: RoceBulkCapture OUT.pcap [targetBytes] [connections] [writeKiB] [mtu]");
            System.exit(2);
        }
        long target = args.length > 1 ? Long.parseLong(args[1]) : 200_000_000L;
        int conns = args.length > 2 ? Integer.parseInt(args[2]) : 179;
        int kib = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        int mtu = args.length > 4 ? Integer.parseInt(args[4]) : 1024;
        Result r = write(Path.of(args[0]), target, conns, kib, mtu);
        System.out.println(r.bytes() + " bytes, " + r.packets() + " packets, " + r.transactions() + " transactions");
    }
}

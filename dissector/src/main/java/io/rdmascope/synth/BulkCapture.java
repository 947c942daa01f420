package io.rdmascope.synth;

import io.rdmascope.synth.wire.DdpHeader;
import io.rdmascope.synth.wire.FpduEncoder;
import io.rdmascope.synth.wire.FrameBuilder;
import io.rdmascope.synth.wire.MpaFrames;
import io.rdmascope.synth.wire.PcapWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes large captures for benchmarks, streaming: N connections (CRC on, no markers, MPA revision 1)
 * carry one-shot write transactions round-robin until the file reaches a target size. Each
 * transaction is an advertise (Send with SV and AB from the responder), an RDMA Write of the
 * transaction size from the initiator in DDP segments of a given payload size (one FPDU per TCP
 * segment, one ACK per two segments) and a completion (Send with Invalidate). Every connection is
 * closed with FIN at the end. Frames are built in one reused buffer; nothing is held per packet.
 */
public final class BulkCapture {
    private BulkCapture() {}

    /** Summary of what was written. */
    public record Result(long bytes, long packets, long transactions) {}

    private static final class Conn {
        byte[] macA, macB;
        int ipA, ipB, portA, portB;
        int seqA, seqB, idA, idB;
        long msnA = 1, msnB = 1;
        final FpduEncoder encA = new FpduEncoder(false, true);
        final FpduEncoder encB = new FpduEncoder(false, true);
        int stag;
    }

    /**
     * Writes to {@code path} until about {@code targetBytes} are written (the last transaction is
     * completed, so the file may be slightly larger).
     */
    public static Result write(Path path, long targetBytes, int connections, int transactionKiB, int segmentPayload)
            throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 20)) {
            return write(out, targetBytes, connections, transactionKiB, segmentPayload);
        }
    }

    public static Result write(OutputStream raw, long targetBytes, int connections, int transactionKiB, int segmentPayload)
            throws IOException {
        CountingStream out = new CountingStream(raw);
        PcapWriter pcap = new PcapWriter(out, false, 65535);
        FrameBuilder fb = new FrameBuilder(65535);
        long[] time = {1_700_000_000_000_000_000L};
        Conn[] cs = new Conn[Math.max(1, connections)];
        for (int i = 0; i < cs.length; i++) {
            Conn c = new Conn();
            c.macA = new byte[] {2, 0, 10, 1, (byte) (i >> 8), (byte) i};
            c.macB = new byte[] {2, 0, 10, 2, (byte) (i >> 8), (byte) i};
            c.ipA = 0x0A010000 | (i & 0xFFFF);
            c.ipB = 0x0A020000 | (i & 0xFFFF);
            c.portA = 40000 + (i % 20000);
            c.portB = 4791;
            c.seqA = 0x10000000 * (i & 7) + i * 7919;
            c.seqB = 0x80000000 + i * 104729;
            c.idA = i;
            c.idB = i * 3;
            c.stag = 0x100 * (i + 1);
            cs[i] = c;
        }
        // handshakes
        byte[] opt = FrameBuilder.mssOption(1460);
        byte[] req = MpaFrames.frame(false, MpaFrames.FLAG_C, 1, null);
        byte[] rep = MpaFrames.frame(true, MpaFrames.FLAG_C, 1, null);
        for (Conn c : cs) {
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++, c.portA, c.portB, c.seqA, 0, FrameBuilder.SYN, 65535, opt, null, 0, 0));
            c.seqA++;
            emit(pcap, fb, time, fb.build(c.macB, c.macA, c.ipB, c.ipA, c.idB++, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.SYN | FrameBuilder.ACK, 65535, opt, null, 0, 0));
            c.seqB++;
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.ACK, 65535, null, null, 0, 0));
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.PSH | FrameBuilder.ACK, 65535, null, req, 0, req.length));
            c.seqA += req.length;
            emit(pcap, fb, time, fb.build(c.macB, c.macA, c.ipB, c.ipA, c.idB++, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.PSH | FrameBuilder.ACK, 65535, null, rep, 0, rep.length));
            c.seqB += rep.length;
        }
        int seg = Math.max(1, Math.min(segmentPayload, 65000));
        long txBytes = (long) transactionKiB * 1024;
        byte[] ulpdu = new byte[DdpHeader.UNTAGGED_LENGTH + 20 + seg];
        for (int i = 0; i < ulpdu.length; i++) {
            ulpdu[i] = (byte) (i * 13);
        }
        int payloadOff = FrameBuilder.payloadOffset(0);
        DdpHeader h = new DdpHeader();
        long transactions = 0;
        int ci = 0;
        while (out.count < targetBytes) {
            Conn c = cs[ci];
            ci = (ci + 1) % cs.length;
            long to = (transactions & 0xFFFF) << 20;
            int stag = c.stag + (int) (transactions & 0xFF);
            // advertise from B
            h.tagged = false; h.last = true; h.sv = true; h.ab = true; h.opcode = 3; h.qn = 0; h.msn = c.msnB++;
            h.mo = 0; h.invalidateStag = 0; h.optionalStag = stag; h.advertisedTo = to; h.advertisedLength = txBytes; h.access = 1;
            int ul = h.write(ulpdu, 0);
            int n = c.encB.encode(ulpdu, 0, ul, fb.buffer(), payloadOff, 0);
            emit(pcap, fb, time, fb.buildInPlace(c.macB, c.macA, c.ipB, c.ipA, c.idB++ & 0xFFFF, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.PSH | FrameBuilder.ACK, 65535, null, n));
            c.seqB += n;
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++ & 0xFFFF, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.ACK, 65535, null, null, 0, 0));
            // write from A
            h.tagged = true; h.sv = false; h.ab = false; h.opcode = 0; h.stag = stag;
            long off = 0;
            int count = 0;
            while (off < txBytes) {
                int len = (int) Math.min(seg, txBytes - off);
                h.to = to + off;
                h.last = off + len >= txBytes;
                int hl = h.write(ulpdu, 0);
                n = c.encA.encode(ulpdu, 0, hl + len, fb.buffer(), payloadOff, 0);
                emit(pcap, fb, time, fb.buildInPlace(c.macA, c.macB, c.ipA, c.ipB, c.idA++ & 0xFFFF, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.PSH | FrameBuilder.ACK, 65535, null, n));
                c.seqA += n;
                off += len;
                if ((++count & 1) == 0 || off >= txBytes) {
                    emit(pcap, fb, time, fb.build(c.macB, c.macA, c.ipB, c.ipA, c.idB++ & 0xFFFF, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.ACK, 65535, null, null, 0, 0));
                }
            }
            // complete from A: Send with Invalidate
            h.tagged = false; h.last = true; h.opcode = 4; h.qn = 0; h.msn = c.msnA++; h.mo = 0; h.invalidateStag = stag;
            ul = h.write(ulpdu, 0);
            n = c.encA.encode(ulpdu, 0, ul, fb.buffer(), payloadOff, 0);
            emit(pcap, fb, time, fb.buildInPlace(c.macA, c.macB, c.ipA, c.ipB, c.idA++ & 0xFFFF, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.PSH | FrameBuilder.ACK, 65535, null, n));
            c.seqA += n;
            emit(pcap, fb, time, fb.build(c.macB, c.macA, c.ipB, c.ipA, c.idB++ & 0xFFFF, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.ACK, 65535, null, null, 0, 0));
            transactions++;
        }
        for (Conn c : cs) {
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++ & 0xFFFF, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.FIN | FrameBuilder.ACK, 65535, null, null, 0, 0));
            c.seqA++;
            emit(pcap, fb, time, fb.build(c.macB, c.macA, c.ipB, c.ipA, c.idB++ & 0xFFFF, c.portB, c.portA, c.seqB, c.seqA, FrameBuilder.FIN | FrameBuilder.ACK, 65535, null, null, 0, 0));
            c.seqB++;
            emit(pcap, fb, time, fb.build(c.macA, c.macB, c.ipA, c.ipB, c.idA++ & 0xFFFF, c.portA, c.portB, c.seqA, c.seqB, FrameBuilder.ACK, 65535, null, null, 0, 0));
        }
        pcap.flush();
        return new Result(out.count, pcap.packets(), transactions);
    }

    private static void emit(PcapWriter pcap, FrameBuilder fb, long[] time, int len) throws IOException {
        pcap.write(time[0], fb.buffer(), 0, len);
        time[0] += 1000;
    }

    /**
     * {@code BulkCapture OUT.pcap [targetBytes] [connections] [transactionKiB] [segmentPayload]};
     * defaults 200 MB, 179 connections, 64 KiB, 1400 octets.
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: BulkCapture OUT.pcap [targetBytes] [connections] [transactionKiB] [segmentPayload]");
            System.exit(2);
        }
        long target = args.length > 1 ? Long.parseLong(args[1]) : 200_000_000L;
        int conns = args.length > 2 ? Integer.parseInt(args[2]) : 179;
        int kib = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        int seg = args.length > 4 ? Integer.parseInt(args[4]) : 1400;
        Result r = write(Path.of(args[0]), target, conns, kib, seg);
        System.out.println(r.bytes() + " bytes, " + r.packets() + " packets, " + r.transactions() + " transactions");
    }

    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}

package io.rdmascope.robust;

import io.rdmascope.synth.scenario.ScenarioParser;
import io.rdmascope.synth.scenario.Synthesizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Builds captures byte by byte for hostile-input tests: a little-endian pcap file with Ethernet,
 * IPv4 and TCP headers, MPA Request/Reply frames and FPDUs (RFC 5044), DDP headers (RFC 5041)
 * with the one-shot SV/AB bits, and re-writers that cut or damage good captures.
 */
final class Wire {
    static final int ETHERNET = 1;
    static final byte[] REQ_KEY = "MPA ID Req Frame".getBytes();
    static final byte[] REP_KEY = "MPA ID Rep Frame".getBytes();
    static final Path REAL = io.rdmascope.testing.RealCaptures.dir();

    private Wire() {}

    /** A pcap file under construction (little-endian, microseconds). */
    static final class Pcap {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int records;

        Pcap(int linkType, int snapLength) {
            ByteBuffer h = le(24);
            h.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(snapLength)
                    .putInt(linkType);
            out.writeBytes(h.array());
        }

        Pcap() {
            this(ETHERNET, 65535);
        }

        /** A record whose header states {@code captured} and {@code original} as given. */
        Pcap raw(int captured, int original, byte[] data) {
            ByteBuffer h = le(16);
            h.putInt(records).putInt(records * 10).putInt(captured).putInt(original);
            records++;
            out.writeBytes(h.array());
            out.writeBytes(data);
            return this;
        }

        Pcap record(byte[] data) {
            return raw(data.length, data.length, data);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    static ByteBuffer le(int n) {
        return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** One TCP connection between two IPv4 hosts, tracking both sequence numbers. */
    static final class Tcp {
        final int a, b, aPort, bPort;
        long aSeq = 1000, bSeq = 5000;

        Tcp(int a, int b, int aPort, int bPort) {
            this.a = a;
            this.b = b;
            this.aPort = aPort;
            this.bPort = bPort;
        }

        Tcp() {
            this(0x0a000001, 0x0a000002, 40000, 9999);
        }

        byte[] syn() {
            byte[] f = frame(a, b, aPort, bPort, aSeq, 0, 0x02, new byte[0]);
            aSeq++;
            return f;
        }

        byte[] synAck() {
            byte[] f = frame(b, a, bPort, aPort, bSeq, aSeq, 0x12, new byte[0]);
            bSeq++;
            return f;
        }

        /** Data from the initiator (a) or the responder (b), advancing the sender's sequence. */
        byte[] data(boolean fromA, byte[] payload) {
            byte[] f = fromA ? frame(a, b, aPort, bPort, aSeq, bSeq, 0x18, payload)
                    : frame(b, a, bPort, aPort, bSeq, aSeq, 0x18, payload);
            if (fromA) {
                aSeq += payload.length;
            } else {
                bSeq += payload.length;
            }
            return f;
        }

        /** Data at an explicit sequence number, not advancing anything. */
        byte[] dataAt(boolean fromA, long seq, byte[] payload) {
            return fromA ? frame(a, b, aPort, bPort, seq, bSeq, 0x18, payload)
                    : frame(b, a, bPort, aPort, seq, aSeq, 0x18, payload);
        }
    }

    /** Ethernet + IPv4 + TCP (no options, checksums left zero). */
    static byte[] frame(int src, int dst, int sport, int dport, long seq, long ack, int flags, byte[] payload) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + 20 + payload.length);
        f.put(new byte[] {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 6}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (40 + payload.length)).putShort((short) 1).putShort((short) 0x4000)
                .put((byte) 64).put((byte) 6).putShort((short) 0).putInt(src).putInt(dst);
        f.putShort((short) sport).putShort((short) dport).putInt((int) seq).putInt((int) ack)
                .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putShort((short) 0).putShort((short) 0);
        f.put(payload);
        return f.array();
    }

    /**
     * Ethernet + IPv4 + UDP to port 4791 (checksum 0) around an InfiniBand transport packet: a BTH
     * of {@code opcode}, destination QP and PSN, then {@code rest} and an ICRC of four zero octets
     * (so every such packet is an ICRC mismatch unless {@code udpLength} lies it away).
     *
     * @param udpLength the UDP length field, or -1 for the true one
     */
    static byte[] roce(int src, int dst, int opcode, int padCount, long destQp, long psn, byte[] rest, int udpLength) {
        int ib = 12 + rest.length + 4;
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + 8 + ib);
        f.put(new byte[] {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 6}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (28 + ib)).putShort((short) 1).putShort((short) 0x4000)
                .put((byte) 64).put((byte) 17).putShort((short) 0).putInt(src).putInt(dst);
        f.putShort((short) 50000).putShort((short) 4791).putShort((short) (udpLength < 0 ? 8 + ib : udpLength))
                .putShort((short) 0);
        f.put((byte) opcode).put((byte) (padCount << 4)).putShort((short) 0xffff).putInt((int) (destQp & 0xffffff))
                .putInt((int) (0x80000000L | (psn & 0xffffff)));
        f.put(rest).putInt(0);
        return f.array();
    }

    /** A frame of {@link #roce} with the ICRC its octets call for in place of the zeros. */
    static byte[] withIcrc(byte[] frame) {
        io.rdmascope.net.IbFrame f = new io.rdmascope.net.IbFrame();
        f.encapsulation = io.rdmascope.net.IbFrame.Encapsulation.ROCE_V2_IPV4;
        f.data = frame;
        f.networkOffset = 14;
        f.transportOffset = 14 + 20 + 8;
        f.end = frame.length;
        f.captured = frame.length;
        ByteBuffer.wrap(frame, frame.length - 4, 4).putInt((int) new io.rdmascope.roce.Icrc().compute(f));
        return frame;
    }

    /** Ethernet + IPv4 + UDP to port 4791 around the octets of an InfiniBand transport packet, as they are. */
    static byte[] roceFrame(int src, int dst, byte[] transport) {
        ByteBuffer f = ByteBuffer.allocate(14 + 20 + 8 + transport.length);
        f.put(new byte[] {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 6}).putShort((short) 0x0800);
        f.put((byte) 0x45).put((byte) 0).putShort((short) (28 + transport.length)).putShort((short) 1)
                .putShort((short) 0x4000).put((byte) 64).put((byte) 17).putShort((short) 0).putInt(src).putInt(dst);
        f.putShort((short) 50000).putShort((short) 4791).putShort((short) (8 + transport.length)).putShort((short) 0);
        f.put(transport);
        return f.array();
    }

    /** An MPA Request or Reply (revision 1, no markers, CRC as asked, no private data). */
    static byte[] mpaFrame(boolean request, boolean crc) {
        ByteBuffer b = ByteBuffer.allocate(20);
        b.put(request ? REQ_KEY : REP_KEY).put((byte) (crc ? 0x40 : 0)).put((byte) 1).putShort((short) 0);
        return b.array();
    }

    /** An FPDU around {@code ulpdu}: length, ULPDU, pad, CRC32c (least significant octet first). */
    static byte[] fpdu(byte[] ulpdu) {
        return fpdu(ulpdu, ulpdu.length);
    }

    /** An FPDU whose ULPDU_Length field says {@code statedLength}, whatever the ULPDU holds. */
    static byte[] fpdu(byte[] ulpdu, int statedLength) {
        int pad = (4 - (2 + ulpdu.length) % 4) % 4;
        ByteBuffer b = ByteBuffer.allocate(2 + ulpdu.length + pad + 4);
        b.putShort((short) statedLength).put(ulpdu).put(new byte[pad]);
        CRC32C c = new CRC32C();
        c.update(b.array(), 0, b.position());
        b.order(ByteOrder.LITTLE_ENDIAN).putInt((int) c.getValue());
        return b.array();
    }

    /** An untagged DDP segment of RDMAP Send (opcode 3) with the control octet given. */
    static byte[] untagged(int control, int opcode, long qn, long msn, long mo, byte[] rest) {
        ByteBuffer b = ByteBuffer.allocate(18 + rest.length);
        b.put((byte) control).put((byte) (0x40 | opcode)).putInt(0).putInt((int) qn).putInt((int) msn).putInt((int) mo)
                .put(rest);
        return b.array();
    }

    /** A tagged DDP segment of RDMA Write (opcode 0). */
    static byte[] tagged(int control, long stag, long to, byte[] rest) {
        ByteBuffer b = ByteBuffer.allocate(14 + rest.length);
        b.put((byte) control).put((byte) 0x40).putInt((int) stag).putLong(to).put(rest);
        return b.array();
    }

    /** A one-shot initiation: untagged Send with SV and AB, STag, TO, length, access. */
    static byte[] initiation(long msn, long stag, long to, int length, int access) {
        ByteBuffer o = ByteBuffer.allocate(20);
        o.putInt((int) stag).putLong(to).putInt(length).put((byte) access).put(new byte[3]);
        return untagged(0x40 | 0x20 | 0x10 | 0x01, 3, 0, msn, 0, o.array());
    }

    /** A capture holding a handshake (no CRC) and then the given ULPDUs from the initiator. */
    static byte[] connection(byte[]... ulpdus) {
        Tcp t = new Tcp();
        Pcap p = new Pcap();
        p.record(t.syn()).record(t.synAck());
        p.record(t.data(true, mpaFrame(true, true))).record(t.data(false, mpaFrame(false, true)));
        for (byte[] u : ulpdus) {
            p.record(t.data(true, fpdu(u)));
        }
        return p.bytes();
    }

    /** A capture holding a handshake and then raw stream octets from the initiator. */
    static byte[] stream(byte[]... segments) {
        Tcp t = new Tcp();
        Pcap p = new Pcap();
        p.record(t.syn()).record(t.synAck());
        p.record(t.data(true, mpaFrame(true, true))).record(t.data(false, mpaFrame(false, true)));
        for (byte[] s : segments) {
            p.record(t.data(true, s));
        }
        return p.bytes();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }

    // ------------------------------------------------------------------ good captures

    private static byte[] synthSample;

    /** The capture the synthesizer writes from the commented example scenario. */
    static synchronized byte[] synthSample() {
        if (synthSample == null) {
            try (InputStream in = Wire.class.getResourceAsStream("/io/rdmascope/synth/example.yaml")) {
                ByteArrayOutputStream o = new ByteArrayOutputStream();
                Synthesizer.write(new ScenarioParser().parse(in, "example.yaml"), o);
                synthSample = o.toByteArray();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return synthSample.clone();
    }

    /** The real captures (small ones first), or none when the shared folder is absent. */
    static List<Path> realCaptures() {
        List<Path> out = new ArrayList<>();
        if (Files.isDirectory(REAL)) {
            try (var s = Files.list(REAL)) {
                s.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    /**
     * Captures whose payloads carry upper-layer protocols that advertise STags: the teaching
     * samples of each protocol and the Linux rxe (RoCE) and siw (iWARP) captures of the same protocols.
     */
    static List<Path> ulpCaptures() {
        List<Path> out = new ArrayList<>();
        for (String s : new String[] {"ulp-nfs", "ulp-nvme", "ulp-nvme-shared-key", "ulp-iser", "ulp-smb", "ulp-rping",
                "ulp-malformed"}) {
            Path p = Path.of("..", "samples", s + ".pcap");
            if (Files.exists(p)) {
                out.add(p);
            }
        }
        Path rxe = REAL.resolve("rxe");
        for (String s : new String[] {"rxe_nfs_rdma", "rxe_nvmeof_rdma", "rxe_iser", "rxe_rping_64", "rxe_read_lat_64"}) {
            Path p = rxe.resolve(s + "_mtu1500.pcap");
            if (Files.exists(p)) {
                out.add(p);
            }
        }
        Path siw = REAL.resolve("siw");
        for (String s : new String[] {"std_nfs_rdma", "std_nvmeof_rdma", "std_iser", "std_smbdirect", "std_rping_64",
                "std_read_lat_64"}) {
            Path p = siw.resolve(s + "_mtu1500_tso.pcap");
            if (Files.exists(p)) {
                out.add(p);
            }
        }
        return out;
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ------------------------------------------------------------------ damage

    /** Re-writes a little- or big-endian pcap file with a smaller snapshot length, cutting packets. */
    static byte[] snap(byte[] pcap, int snapLength) {
        return io.rdmascope.testing.PcapRecords.snap(pcap, snapLength);
    }

    /** Flips {@code count} random bits after the file header. */
    static byte[] flip(byte[] data, long seed, int count) {
        byte[] d = data.clone();
        java.util.Random r = new java.util.Random(seed);
        for (int i = 0; i < count; i++) {
            int at = 24 + r.nextInt(d.length - 24);
            d[at] ^= (byte) (1 << r.nextInt(8));
        }
        return d;
    }

    /** Overwrites {@code count} random octets (anywhere, header included) with random values. */
    static byte[] scramble(byte[] data, long seed, int count) {
        byte[] d = data.clone();
        java.util.Random r = new java.util.Random(seed);
        for (int i = 0; i < count; i++) {
            d[r.nextInt(d.length)] = (byte) r.nextInt(256);
        }
        return d;
    }
}

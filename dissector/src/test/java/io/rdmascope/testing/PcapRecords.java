package io.rdmascope.testing;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * Re-writes of pcap files (little- or big-endian, microseconds or nanoseconds) record by record:
 * cut by a smaller snapshot length, or begun later. A record whose length runs past the file ends
 * the walk.
 */
public final class PcapRecords {
    private static final int FILE_HEADER = 24, RECORD_HEADER = 16;

    private PcapRecords() {}

    private static ByteOrder order(byte[] pcap) {
        return (pcap[0] & 0xff) == 0xd4 || (pcap[0] & 0xff) == 0x4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** The file with a snapshot length of {@code snapLength}: each record cut to it, keeping its length on the wire. */
    public static byte[] snap(byte[] pcap, int snapLength) {
        return rewrite(pcap, snapLength, (d, wire) -> new Record(Arrays.copyOf(d, Math.min(d.length, snapLength)), wire));
    }

    /**
     * The file with each record's octets replaced by what {@code f} makes of them (the original
     * length grows or shrinks by as much as the captured length).
     */
    public static byte[] map(byte[] pcap, UnaryOperator<byte[]> f) {
        return rewrite(pcap, 262144, (d, wire) -> {
            byte[] m = f.apply(d);
            return new Record(m, wire + m.length - d.length);
        });
    }

    /** A record's captured octets and its length on the wire. */
    private record Record(byte[] octets, int wire) {}

    /** The file with the snapshot length {@code snapLength} in its header and each record as {@code f} makes it. */
    private static byte[] rewrite(byte[] pcap, int snapLength, BiFunction<byte[], Integer, Record> f) {
        ByteOrder order = order(pcap);
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] h = new byte[FILE_HEADER];
        in.get(h);
        ByteBuffer.wrap(h).order(order).putInt(16, snapLength);
        out.writeBytes(h);
        while (in.remaining() >= RECORD_HEADER) {
            int ts = in.getInt(), us = in.getInt(), cap = in.getInt(), orig = in.getInt();
            if (cap < 0 || cap > in.remaining()) {
                break;
            }
            byte[] d = new byte[cap];
            in.get(d);
            Record r = f.apply(d, orig);
            out.writeBytes(ByteBuffer.allocate(RECORD_HEADER).order(order).putInt(ts).putInt(us)
                    .putInt(r.octets().length).putInt(r.wire()).array());
            out.writeBytes(r.octets());
        }
        return out.toByteArray();
    }

    /** The octets of the file's first record. */
    public static byte[] first(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order(pcap));
        int cap = in.getInt(FILE_HEADER + 8);
        return Arrays.copyOfRange(pcap, FILE_HEADER + RECORD_HEADER, FILE_HEADER + RECORD_HEADER + cap);
    }

    /** The records of the file. */
    public static int count(byte[] pcap) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order(pcap));
        in.position(FILE_HEADER);
        int n = 0;
        while (skip(in)) {
            n++;
        }
        return n;
    }

    /** The same file without its records before record {@code first} (from 0). */
    public static byte[] from(byte[] pcap, int first) {
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order(pcap));
        in.position(FILE_HEADER);
        for (int i = 0; i < first && skip(in); i++) {
            // skipped
        }
        byte[] out = new byte[FILE_HEADER + in.remaining()];
        System.arraycopy(pcap, 0, out, 0, FILE_HEADER);
        in.get(out, FILE_HEADER, in.remaining());
        return out;
    }

    /** LINKTYPE_ERF, and the ERF types of an Ethernet frame and of an InfiniBand packet. */
    public static final int LINKTYPE_ERF = 197, ERF_ETHERNET = 2, ERF_INFINIBAND = 21;

    /**
     * The file as an ERF capture holds it (link type 197, as {@code ibdump} writes InfiniBand
     * ports): each record behind an ERF header of type {@code erfType}, its timestamp the record's,
     * with {@code extensions} extension headers of 8 octets, and for an Ethernet frame the two octets
     * of offset and pad ERF puts before it.
     */
    public static byte[] asErf(byte[] pcap, int erfType, int extensions) {
        ByteOrder order = order(pcap);
        boolean nanos = (pcap[0] & 0xff) == 0x4d || (pcap[3] & 0xff) == 0x4d;
        ByteBuffer in = ByteBuffer.wrap(pcap).order(order);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] h = Arrays.copyOf(pcap, FILE_HEADER);
        ByteBuffer.wrap(h).order(order).putInt(20, LINKTYPE_ERF);
        out.writeBytes(h);
        int pad = erfType == ERF_ETHERNET ? 2 : 0;
        int head = 16 + 8 * extensions + pad;
        in.position(FILE_HEADER);
        while (in.remaining() >= RECORD_HEADER) {
            long sec = in.getInt() & 0xffffffffL, frac = in.getInt() & 0xffffffffL;
            int cap = in.getInt(), orig = in.getInt();
            if (cap < 0 || cap > in.remaining()) {
                break;
            }
            ByteBuffer r = ByteBuffer.allocate(head + cap);
            long fraction = (frac << 32) / (nanos ? 1_000_000_000L : 1_000_000L);
            r.order(ByteOrder.LITTLE_ENDIAN).putLong(sec << 32 | fraction).order(ByteOrder.BIG_ENDIAN);
            r.put((byte) (erfType | (extensions > 0 ? 0x80 : 0))).put((byte) 4).putShort((short) (head + cap))
                    .putShort((short) 0).putShort((short) (pad + orig));
            for (int k = 0; k < extensions; k++) {
                // extension headers of an unknown kind (their first octet's top bit: another follows)
                r.put((byte) (0x7f | (k + 1 < extensions ? 0x80 : 0))).put(new byte[7]);
            }
            r.put(new byte[pad]);
            in.get(r.array(), head, cap);
            out.writeBytes(ByteBuffer.allocate(RECORD_HEADER).order(order).putInt((int) sec).putInt((int) frac)
                    .putInt(head + cap).putInt(head + orig).array());
            out.writeBytes(r.array());
        }
        return out.toByteArray();
    }

    /** Moves past one whole record; false when none is left. */
    private static boolean skip(ByteBuffer in) {
        if (in.remaining() < RECORD_HEADER) {
            return false;
        }
        int at = in.position();
        int cap = in.getInt(at + 8);
        if (cap < 0 || cap > in.remaining() - RECORD_HEADER) {
            return false;
        }
        in.position(at + RECORD_HEADER + cap);
        return true;
    }
}

package io.rdmascope.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reader of the pcapng format (draft-ietf-opsawg-pcapng): a sequence of blocks, each framed by a
 * type, a total length (repeated at its end) and a body padded to 32 bits.
 *
 * <p>A Section Header Block (type 0x0a0d0d0a) starts each section and sets its byte order with the
 * byte-order magic 0x1a2b3c4d. Interface Description Blocks (type 1) describe the interfaces of the
 * section in order: link type, snapshot length and the {@code if_tsresol} (code 9) and
 * {@code if_tsoffset} (code 14) options that give the timestamp unit (10^-n or 2^-n seconds) and a
 * base in seconds. Packets come in Enhanced Packet Blocks (type 6), Simple Packet Blocks (type 3,
 * interface 0, no timestamp: the packet gets time 0) or the obsolete Packet Blocks (type 2). Every other block is skipped
 * by its length.
 *
 * <p>Sections are remembered by their start offset, so that {@link #readAt} can decode a packet
 * block of any section read before.
 */
final class PcapngReader extends FileCaptureReader {
    static final int SHB = 0x0a0d0d0a;
    static final int BYTE_ORDER_MAGIC = 0x1a2b3c4d;
    static final int IDB = 1, PB = 2, SPB = 3, EPB = 6;
    /** Largest block accepted; real packet blocks are far smaller. */
    static final int MAX_BLOCK = 64 * 1024 * 1024;
    /** Bound on the interfaces of one section, so that a hostile file cannot exhaust memory. */
    static final int MAX_INTERFACES = 1 << 16;
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /** One interface of a section. */
    static final class Interface {
        final int linkType;
        final int snapLength;
        boolean binary;
        int exponent = 6;
        long offsetSeconds;

        Interface(int linkType, int snapLength) {
            this.linkType = linkType;
            this.snapLength = snapLength;
        }

        long nanos(long units) {
            long n;
            if (binary) {
                if (exponent >= 64) {
                    n = 0;
                } else {
                    long seconds = units >>> exponent;
                    long fraction = exponent == 0 ? 0 : units & (-1L >>> (64 - exponent));
                    long fractionNanos = exponent <= 32 ? (fraction * 1_000_000_000L) >>> exponent
                            : ((fraction >>> (exponent - 32)) * 1_000_000_000L) >>> 32;
                    n = seconds * 1_000_000_000L + fractionNanos;
                }
            } else if (exponent <= 9) {
                n = units * POW10[9 - exponent];
            } else if (exponent - 9 < POW10.length) {
                n = Long.divideUnsigned(units, POW10[exponent - 9]);
            } else {
                n = 0;
            }
            return n + offsetSeconds * 1_000_000_000L;
        }
    }

    /** A section: its byte order and interfaces. */
    static final class Section {
        final ByteOrder order;
        final List<Interface> interfaces = new ArrayList<>();

        Section(ByteOrder order) {
            this.order = order;
        }
    }

    private final TreeMap<Long, Section> sections = new TreeMap<>();
    private Section section;
    private long frame;
    private byte[] buffer = new byte[2048];

    PcapngReader(MappedFile file) throws CaptureException {
        super(file, 0);
        try {
            String why = sectionHeader(0);
            if (why != null) {
                throw new CaptureException("not a usable pcapng file: " + why);
            }
            skipToPacket();
        } catch (IOException e) {
            throw e instanceof CaptureException c ? c : new CaptureException("cannot read the section header: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the Section Header Block at {@code p}, starts the section and moves past the block.
     *
     * @return why the block is unusable, or null
     */
    private String sectionHeader(long p) throws IOException {
        long have = file.available(p, 28);
        if (have < 28) {
            return "section header at offset 0x" + Long.toHexString(p) + " is cut short: " + have + " of 28 octets";
        }
        ByteBuffer b = file.window(p, 28);
        int i = (int) (p - file.base());
        int magic = b.order(ByteOrder.BIG_ENDIAN).getInt(i + 8);
        ByteOrder order;
        if (magic == BYTE_ORDER_MAGIC) {
            order = ByteOrder.BIG_ENDIAN;
        } else if (magic == Integer.reverseBytes(BYTE_ORDER_MAGIC)) {
            order = ByteOrder.LITTLE_ENDIAN;
        } else {
            file.order(file.order());
            return "section header at offset 0x" + Long.toHexString(p) + " has byte-order magic 0x"
                    + Integer.toHexString(magic) + " instead of 0x1a2b3c4d";
        }
        file.order(order);
        b = file.window(p, 28);
        int length = b.getInt(i + 4);
        int major = b.getShort(i + 12) & 0xffff;
        String bad = badLength(p, length, 28);
        if (bad != null) {
            return bad;
        }
        if (major != 1) {
            return "section header at offset 0x" + Long.toHexString(p) + " has version " + major + "."
                    + (b.getShort(i + 14) & 0xffff) + ", only 1.x is defined";
        }
        section = new Section(order);
        sections.put(p, section);
        position = p + length;
        return null;
    }

    private static String where(long number, long p) {
        return "record " + number + " at offset 0x" + Long.toHexString(p);
    }

    /** Checks a block's total length; returns why it is wrong, or null. */
    private String badLength(long p, int length, int minimum) throws IOException {
        if (length < minimum || length > MAX_BLOCK || (length & 3) != 0) {
            return "block at offset 0x" + Long.toHexString(p) + " has an impossible length " + Integer.toUnsignedString(length);
        }
        long available = file.available(p, length);
        if (available < length) {
            return "block at offset 0x" + Long.toHexString(p) + " is cut short: " + available + " of " + length + " octets";
        }
        ByteBuffer b = file.window(p, length);
        int trailer = b.getInt((int) (p - file.base()) + length - 4);
        if (trailer != length) {
            return "block at offset 0x" + Long.toHexString(p) + " has a trailing length " + Integer.toUnsignedString(trailer) + " unlike its leading length " + length;
        }
        return null;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (!skipToPacket()) {
            return false;
        }
        long p = position;
        ByteBuffer b = file.window(p, 12);
        int i = (int) (p - file.base());
        int type = b.getInt(i);
        int length = b.getInt(i + 4);
        if (!packet(p, type, length, section, frame + 1, into)) {
            return false;
        }
        frame++;
        position = p + length;
        recordStart = p;
        recordEnd = position;
        skipToPacket();
        return true;
    }

    /**
     * Moves past the blocks that hold no packet (reading section headers and interface
     * descriptions on the way), so that {@link #position()} names the next packet block, as
     * {@link #readAt} needs.
     *
     * @return true when {@link #position} is at a packet block whose length has been checked
     */
    private boolean skipToPacket() throws IOException {
        while (problem == null) {
            long p = position;
            long have = file.available(p, 12);
            if (have <= 0) {
                return false;
            }
            if (have < 12) {
                problem = "block at offset 0x" + Long.toHexString(p) + " is cut short: " + have + " of at least 12 octets";
                return false;
            }
            ByteBuffer b = file.window(p, 12);
            int i = (int) (p - file.base());
            int type = b.getInt(i);
            if (type == SHB) {
                problem = sectionHeader(p);
                continue;
            }
            int length = b.getInt(i + 4);
            String bad = badLength(p, length, 12);
            if (bad != null) {
                problem = bad;
                return false;
            }
            if (type == EPB || type == SPB || type == PB) {
                return true;
            }
            position = p + length;
            if (type == IDB) {
                problem = interfaceDescription(p, length);
            }
        }
        return false;
    }

    private String interfaceDescription(long p, int length) throws IOException {
        if (length < 20) {
            return "interface description at offset 0x" + Long.toHexString(p) + " is too short: " + length + " octets";
        }
        if (section.interfaces.size() >= MAX_INTERFACES) {
            return "section has more than " + MAX_INTERFACES + " interfaces";
        }
        ByteBuffer b = file.window(p, length);
        int i = (int) (p - file.base());
        Interface iface = new Interface(b.getShort(i + 8) & 0xffff, b.getInt(i + 12));
        int o = i + 16;
        int end = i + length - 4;
        while (o + 4 <= end) {
            int code = b.getShort(o) & 0xffff;
            int len = b.getShort(o + 2) & 0xffff;
            if (code == 0 || o + 4 + len > end) {
                break;
            }
            if (code == 9 && len >= 1) {
                int v = b.get(o + 4) & 0xff;
                iface.binary = (v & 0x80) != 0;
                iface.exponent = v & 0x7f;
            } else if (code == 14 && len >= 8) {
                iface.offsetSeconds = b.getLong(o + 4);
            }
            o += 4 + ((len + 3) & ~3);
        }
        section.interfaces.add(iface);
        return null;
    }

    /**
     * Decodes a packet block.
     *
     * @return true when {@code into} was filled, false on a problem (then {@link #problem} is set)
     */
    private boolean packet(long p, int type, int length, Section s, long number, Packet into) throws IOException {
        ByteBuffer b = file.window(p, length);
        int i = (int) (p - file.base());
        int iface;
        int captured;
        int original;
        int data;
        long timestamp;
        Interface f;
        if (type == SPB) {
            if (length < 16) {
                problem = where(number, p) + " is too short for a simple packet block: " + length + " octets";
                return false;
            }
            iface = 0;
            if (s.interfaces.isEmpty()) {
                problem = where(number, p) + " refers to interface 0 but the section describes none";
                return false;
            }
            f = s.interfaces.get(0);
            original = b.getInt(i + 8);
            captured = length - 16;
            if (Integer.compareUnsigned(original, captured) < 0) {
                captured = original;
            }
            if (f.snapLength > 0 && captured > f.snapLength) {
                captured = f.snapLength;
            }
            data = 12;
            timestamp = 0;
        } else {
            if (length < 32) {
                problem = where(number, p) + " is too short for a packet block: " + length + " octets";
                return false;
            }
            iface = type == EPB ? b.getInt(i + 8) : b.getShort(i + 8) & 0xffff;
            if (iface < 0 || iface >= s.interfaces.size()) {
                problem = where(number, p) + " refers to interface " + Integer.toUnsignedString(iface) + " but the section describes "
                        + s.interfaces.size();
                return false;
            }
            f = s.interfaces.get(iface);
            long units = ((b.getInt(i + 12) & 0xffffffffL) << 32) | (b.getInt(i + 16) & 0xffffffffL);
            timestamp = f.nanos(units);
            captured = b.getInt(i + 20);
            original = b.getInt(i + 24);
            data = 28;
            if (captured < 0 || captured > length - 32) {
                problem = where(number, p) + " is cut short: block of " + length + " octets cannot hold "
                        + Integer.toUnsignedString(captured) + " captured octets";
                return false;
            }
            if (f.snapLength > 0 && captured > f.snapLength) {
                problem = where(number, p) + " has a captured length " + captured + " larger than the snapshot length " + f.snapLength;
                return false;
            }
        }
        if (buffer.length < captured) {
            buffer = new byte[Math.max(captured, Math.min(MAX_BLOCK, buffer.length * 2))];
        }
        // copied: finding the next packet block may move the file's window before the caller reads
        b.get(i + data, buffer, 0, captured);
        into.frame = number;
        into.timestampNanos = timestamp;
        into.linkType = f.linkType;
        into.data = buffer;
        into.offset = 0;
        into.length = captured;
        into.originalLength = original < captured || original < 0 ? captured : original;
        return true;
    }

    @Override
    public boolean readAt(long p, long number, Packet into) throws IOException {
        Map.Entry<Long, Section> e = sections.floorEntry(p);
        if (e == null || p < 0 || !file.seekable() || file.size() - p < 12) {
            return false;
        }
        Section s = e.getValue();
        ByteOrder saved = file.order();
        String savedProblem = problem;
        try {
            file.order(s.order);
            ByteBuffer b = file.window(p, 12);
            int i = (int) (p - file.base());
            int type = b.getInt(i);
            int length = b.getInt(i + 4);
            if ((type != EPB && type != SPB && type != PB) || badLength(p, length, 12) != null) {
                return false;
            }
            return packet(p, type, length, s, number, into);
        } finally {
            problem = savedProblem;
            file.order(saved);
        }
    }
}

package io.rdmascope.capture;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes records to a capture file: pcapng (a section header, one interface description per link
 * type met, an enhanced packet block per record, nanosecond timestamps) or classic pcap (nanosecond
 * magic, the link type of the first record). Little-endian, as the machines that write most
 * captures are.
 */
public final class CaptureWriter implements Closeable {
    /** The file formats written. */
    public enum Format { pcapng, pcap }

    private final OutputStream out;
    private final Format format;
    private final Map<Integer, Integer> interfaces = new HashMap<>();
    private final ByteBuffer header = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
    private int pcapLinkType = -1;
    private long written;

    public CaptureWriter(Path file, Format format) throws IOException {
        this(Files.newOutputStream(file), format);
    }

    public CaptureWriter(OutputStream out, Format format) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.format = format;
        if (format == Format.pcapng) {
            header.clear();
            header.putInt(PcapngReader.SHB).putInt(28).putInt(PcapngReader.BYTE_ORDER_MAGIC).putShort((short) 1)
                    .putShort((short) 0).putLong(-1L).putInt(28);
            flushHeader();
        }
    }

    /** Appends a record. */
    public void write(Packet p) throws IOException {
        if (format == Format.pcap) {
            if (pcapLinkType < 0) {
                pcapLinkType = p.linkType;
                header.clear();
                header.putInt(PcapReader.MAGIC_NANO).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                        .putInt(PcapReader.MAX_RECORD).putInt(p.linkType);
                flushHeader();
            }
            header.clear();
            header.putInt((int) Math.floorDiv(p.timestampNanos, 1_000_000_000L))
                    .putInt((int) Math.floorMod(p.timestampNanos, 1_000_000_000L)).putInt(p.length).putInt(p.originalLength);
            flushHeader();
            out.write(p.data, p.offset, p.length);
        } else {
            Integer id = interfaces.get(p.linkType);
            if (id == null) {
                id = interfaces.size();
                interfaces.put(p.linkType, id);
                header.clear();
                // link type, snapshot length, if_tsresol = 9 (nanoseconds), end of options
                header.putInt(PcapngReader.IDB).putInt(32).putShort((short) p.linkType).putShort((short) 0).putInt(0)
                        .putShort((short) 9).putShort((short) 1).put((byte) 9).put(new byte[3]).putInt(0).putInt(32);
                flushHeader();
            }
            int pad = (4 - (p.length & 3)) & 3;
            int length = 32 + p.length + pad;
            header.clear();
            header.putInt(PcapngReader.EPB).putInt(length).putInt(id).putInt((int) (p.timestampNanos >>> 32))
                    .putInt((int) p.timestampNanos).putInt(p.length).putInt(p.originalLength);
            flushHeader();
            out.write(p.data, p.offset, p.length);
            for (int i = 0; i < pad; i++) {
                out.write(0);
            }
            header.clear();
            header.putInt(length);
            flushHeader();
        }
        written++;
    }

    private void flushHeader() throws IOException {
        out.write(header.array(), 0, header.position());
    }

    /** Records written so far. */
    public long written() {
        return written;
    }

    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

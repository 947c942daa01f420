package io.rdmascope.capture;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Writes records to a capture file: pcapng (a section header, one interface description per link
 * type met, an enhanced packet block per record, nanosecond timestamps) or classic pcap (nanosecond
 * magic, the link type of the first record). Little-endian, as the machines that write most
 * captures are. A pcapng file of a live capture ends with an interface statistics block per
 * interface: the counts of {@link #statistics} when the file is closed.
 */
public final class CaptureWriter implements PacketSink {
    /** The file formats written. */
    public enum Format { pcapng, pcap }

    private final OutputStream out;
    private final Format format;
    private final Map<Integer, Integer> interfaces = new LinkedHashMap<>();
    private final ByteBuffer header = ByteBuffer.allocate(128).order(ByteOrder.LITTLE_ENDIAN);
    private int pcapLinkType = -1;
    private long written;
    private long bytes;
    private Supplier<CaptureStatistics> statistics;

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

    @Override
    public void statistics(Supplier<CaptureStatistics> counts) {
        this.statistics = counts;
    }

    @Override
    public void linkType(int linkType) throws IOException {
        if (format == Format.pcap) {
            pcapHeader(linkType);
        } else {
            interfaceId(linkType);
        }
    }

    private void pcapHeader(int linkType) throws IOException {
        if (pcapLinkType < 0) {
            pcapLinkType = linkType;
            header.clear();
            header.putInt(PcapReader.MAGIC_NANO).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                    .putInt(PcapReader.MAX_RECORD).putInt(linkType);
            flushHeader();
        }
    }

    /** The pcapng interface of a link type, described when first met. */
    private int interfaceId(int linkType) throws IOException {
        Integer id = interfaces.get(linkType);
        if (id == null) {
            id = interfaces.size();
            interfaces.put(linkType, id);
            header.clear();
            // link type, snapshot length, if_tsresol = 9 (nanoseconds), end of options
            header.putInt(PcapngReader.IDB).putInt(32).putShort((short) linkType).putShort((short) 0).putInt(0)
                    .putShort((short) 9).putShort((short) 1).put((byte) 9).put(new byte[3]).putInt(0).putInt(32);
            flushHeader();
        }
        return id;
    }

    /** Appends a record. */
    @Override
    public void write(Packet p) throws IOException {
        if (format == Format.pcap) {
            pcapHeader(p.linkType);
            header.clear();
            header.putInt((int) Math.floorDiv(p.timestampNanos, 1_000_000_000L))
                    .putInt((int) Math.floorMod(p.timestampNanos, 1_000_000_000L)).putInt(p.length).putInt(p.originalLength);
            flushHeader();
            out.write(p.data, p.offset, p.length);
            bytes += p.length;
        } else {
            int id = interfaceId(p.linkType);
            int pad = (4 - (p.length & 3)) & 3;
            int length = 32 + p.length + pad;
            header.clear();
            header.putInt(PcapngReader.EPB).putInt(length).putInt(id).putInt((int) (p.timestampNanos >>> 32))
                    .putInt((int) p.timestampNanos).putInt(p.length).putInt(p.originalLength);
            flushHeader();
            out.write(p.data, p.offset, p.length);
            bytes += p.length + pad;
            for (int i = 0; i < pad; i++) {
                out.write(0);
            }
            header.clear();
            header.putInt(length);
            flushHeader();
        }
        written++;
    }

    /**
     * An interface statistics block for each interface described: the counts from the start of
     * the capture to now (isb_starttime, isb_endtime, isb_ifrecv, isb_ifdrop, isb_osdrop,
     * isb_usrdeliv), as dumpcap writes them.
     */
    private void writeStatistics(CaptureStatistics c) throws IOException {
        for (int id : interfaces.values()) {
            int length = 20 + 6 * 12 + 4 + 4;
            header.clear();
            header.putInt(ISB).putInt(length).putInt(id).putInt((int) (c.endNanos() >>> 32)).putInt((int) c.endNanos());
            header.putShort((short) 2).putShort((short) 8).putInt((int) (c.startNanos() >>> 32)).putInt((int) c.startNanos());
            header.putShort((short) 3).putShort((short) 8).putInt((int) (c.endNanos() >>> 32)).putInt((int) c.endNanos());
            header.putShort((short) 4).putShort((short) 8).putLong(c.received());
            header.putShort((short) 5).putShort((short) 8).putLong(c.droppedByInterface());
            header.putShort((short) 7).putShort((short) 8).putLong(c.droppedByKernel());
            header.putShort((short) 8).putShort((short) 8).putLong(c.frames());
            header.putInt(0).putInt(length);
            flushHeader();
        }
    }

    /** Interface statistics block. */
    static final int ISB = 5;

    private void flushHeader() throws IOException {
        out.write(header.array(), 0, header.position());
        bytes += header.position();
    }

    /** Records written so far. */
    public long written() {
        return written;
    }

    /** Bytes of the file written so far (some may still be buffered). */
    public long bytes() {
        return bytes;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Writes the interface statistics (pcapng, live capture) and closes the file. */
    @Override
    public void close() throws IOException {
        try {
            if (format == Format.pcapng && statistics != null) {
                CaptureStatistics c = statistics.get();
                if (c != null) {
                    writeStatistics(c);
                }
            }
        } finally {
            out.close();
        }
    }
}

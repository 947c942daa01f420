package io.rdmascope.capture;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.concurrent.TimeoutException;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;

/**
 * Capture reader backed by libpcap through Pcap4J. Slower than the memory-mapped readers of
 * {@link Captures} (libpcap copies each record into a new Java array), but it gives what only
 * libpcap offers: BPF filters, and the same code path as a live capture.
 *
 * <p>With a filter, frames are numbered in the order of the records that pass it. libpcap reports
 * DLT values, which differ from LINKTYPE values for a few link types (raw IP is DLT 12 or 14).
 * {@link #position()} is an estimate for progress reporting only (exact for pcap files without a
 * filter); random access is not supported.
 */
public final class Pcap4jCaptureReader implements CaptureReader {
    private final PcapHandle handle;
    private final long size;
    private final int linkType;
    private long frame;
    private long position;
    private String problem;

    /**
     * @param filter a BPF filter expression (tcpdump syntax), or null for every record
     * @throws CaptureException when libpcap cannot open the file or compile the filter
     */
    public Pcap4jCaptureReader(Path file, String filter) throws CaptureException {
        if (!Files.isRegularFile(file)) {
            throw new CaptureException(file + (Files.isDirectory(file) ? ": is a folder, not a capture file" : ": no such file"));
        }
        try {
            size = Files.size(file);
            handle = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        } catch (PcapNativeException | IOException e) {
            throw new CaptureException(file + ": " + e.getMessage(), e);
        } catch (LinkageError e) {
            throw new CaptureException("libpcap is not available: " + e.getMessage(), e);
        }
        try {
            if (filter != null && !filter.isBlank()) {
                handle.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            }
            linkType = handle.getDlt().value();
        } catch (PcapNativeException | NotOpenException e) {
            handle.close();
            throw new CaptureException("filter \"" + filter + "\": " + e.getMessage(), e);
        }
        position = PcapReader.FILE_HEADER;
    }

    @Override
    public boolean next(Packet into) throws IOException {
        if (problem != null) {
            return false;
        }
        byte[] data;
        try {
            data = handle.getNextRawPacketEx();
        } catch (EOFException e) {
            return false;
        } catch (TimeoutException e) {
            return false;
        } catch (PcapNativeException e) {
            problem = "libpcap stopped after record " + frame + ": " + e.getMessage();
            return false;
        } catch (NotOpenException e) {
            throw new IOException("the capture is closed", e);
        }
        frame++;
        fill(handle, data, frame, linkType, into);
        position = Math.min(size, position + PcapReader.RECORD_HEADER + data.length);
        return true;
    }

    /** Fills {@code into} with the record libpcap just returned from {@code handle}, as frame {@code frame}. */
    static void fill(PcapHandle handle, byte[] data, long frame, int linkType, Packet into) {
        Timestamp t = handle.getTimestamp();
        Integer original = handle.getOriginalLength();
        into.frame = frame;
        into.timestampNanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
        into.linkType = linkType;
        into.data = data;
        into.offset = 0;
        into.length = data.length;
        into.originalLength = original == null || original < data.length ? data.length : original;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public String problem() {
        return problem;
    }

    @Override
    public void close() {
        handle.close();
    }
}

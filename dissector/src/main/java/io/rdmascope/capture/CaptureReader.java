package io.rdmascope.capture;

import java.io.Closeable;
import java.io.IOException;

/** Sequential reader of a capture file. */
public interface CaptureReader extends Closeable {
    /**
     * Fills {@code into} with the next record.
     *
     * @return false at the end of the capture
     * @throws CaptureException when the file is not a capture or is damaged beyond the current
     *     record; the records already returned stay valid
     */
    boolean next(Packet into) throws IOException;

    /** Bytes of the file consumed so far, for progress reporting. */
    long position();

    /** Size of the file in bytes, or -1 when unknown. */
    long size();

    /**
     * File offset of the first octet of the record (pcap record, pcapng packet block) that the last
     * call to {@link #next(Packet)} returned, or -1 when the reader does not tell.
     */
    default long recordStart() {
        return -1;
    }

    /** File offset just past that record, or -1 when the reader does not tell. */
    default long recordEnd() {
        return -1;
    }

    /**
     * Reads again the record that started at {@code position} (a value of {@link #position()}
     * taken before the call to {@link #next(Packet)} that returned it), keeping its frame number.
     */
    default boolean readAt(long position, long frame, Packet into) throws IOException {
        throw new UnsupportedOperationException("random access is not supported by " + getClass().getSimpleName());
    }

    /**
     * Why reading stopped before the end of the file (a record cut short, a block whose length
     * lies), or null. Records returned before the problem remain valid.
     */
    default String problem() {
        return null;
    }
}

package io.rdmascope.capture;

import java.io.Closeable;
import java.io.IOException;
import java.util.function.Supplier;

/** Where captured records are written: a capture file, or a ring of them. */
public interface PacketSink extends Closeable {
    /** Appends a record. */
    void write(Packet p) throws IOException;

    /** Pushes what is buffered to the file. */
    void flush() throws IOException;

    /**
     * The counts of the live capture, written (as pcapng interface statistics blocks) at the end of
     * each file; to be set before the first record.
     */
    default void statistics(Supplier<CaptureStatistics> counts) {}

    /** The capture's link type, when known before the first record: a file starts with it, even if no record comes. */
    default void linkType(int linkType) throws IOException {}

    /** Lets time pass without a record: a sink that changes files with time does so now if it is due. */
    default void tick() throws IOException {}
}

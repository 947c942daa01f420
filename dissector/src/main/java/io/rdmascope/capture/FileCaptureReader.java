package io.rdmascope.capture;

import java.io.IOException;

/**
 * What the pcap and pcapng readers share: the file seen through its window, the offset of the next
 * record or block, and why reading stopped early.
 */
abstract class FileCaptureReader implements CaptureReader {
    final MappedFile file;
    /** File offset of the next record or block. */
    long position;
    /** Why reading stopped before the end of the file, or null. */
    String problem;
    /** Where the record last returned lies in the file. */
    long recordStart = -1, recordEnd = -1;

    FileCaptureReader(MappedFile file, long position) {
        this.file = file;
        this.position = position;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long recordStart() {
        return recordStart;
    }

    @Override
    public long recordEnd() {
        return recordEnd;
    }

    @Override
    public long size() {
        return file.size();
    }

    @Override
    public String problem() {
        return problem;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}

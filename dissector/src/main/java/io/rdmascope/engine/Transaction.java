package io.rdmascope.engine;

import java.util.ArrayList;
import java.util.List;

/** A one-shot transaction: initiation, data, completion, on one connection. */
public final class Transaction {
    public final String id;
    public final String connection;
    /** The endpoint whose memory is advertised ("10.0.0.1:40000"). */
    public final String advertiser;
    public final long stag;
    public final long to;
    public final long length;
    /** Access bits as advertised (0x01 remote write, 0x02 remote read). */
    public final int access;
    public final long initiationFrame;
    public final long initiationTimeNanos;
    /** Frames of the RDMA Writes, Read Requests and Read Responses that moved this region's data. */
    public final List<Long> dataFrames = new ArrayList<>();
    /** Octets placed into or read from the region. */
    public long bytes;
    /** The completing frame, or -1. */
    public long completionFrame = -1;
    public long completionTimeNanos;
    public CompletionKind completion;
    public TransactionStatus status = TransactionStatus.INCOMPLETE;

    public Transaction(String id, String connection, String advertiser, long stag, long to, long length, int access,
                       long initiationFrame, long initiationTimeNanos) {
        this.id = id;
        this.connection = connection;
        this.advertiser = advertiser;
        this.stag = stag;
        this.to = to;
        this.length = length;
        this.access = access;
        this.initiationFrame = initiationFrame;
        this.initiationTimeNanos = initiationTimeNanos;
    }

    public boolean remoteWrite() {
        return (access & 0x01) != 0;
    }

    public boolean remoteRead() {
        return (access & 0x02) != 0;
    }

    /** Time from initiation to completion in nanoseconds, or -1 when not completed. */
    public long latencyNanos() {
        return completionFrame < 0 ? -1 : completionTimeNanos - initiationTimeNanos;
    }
}

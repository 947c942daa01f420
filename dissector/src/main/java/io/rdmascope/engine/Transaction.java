package io.rdmascope.engine;

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
    /** Capture time of the initiation frame (known once that frame has been fully processed). */
    public long initiationTimeNanos;
    /**
     * Frames of the RDMA Writes, Read Requests and Read Responses that moved this region's data,
     * each once, in order; at most {@link #MAX_LISTED_DATA_FRAMES} are listed ({@link #dataFrameCount}
     * counts them all). Kept unboxed ({@link FrameList}).
     */
    public final FrameList dataFrames = new FrameList();
    /** Number of distinct data frames, including those beyond the listed ones. */
    public long dataFrameCount;
    private long lastDataFrame = -1;
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

    /** Bound on {@link #dataFrames}, so that a huge transfer does not grow memory with its frames. */
    public static final int MAX_LISTED_DATA_FRAMES = 1 << 16;

    /** Records a frame that moved data of this region (a frame already recorded last is ignored). */
    public void addDataFrame(long frame) {
        if (frame == lastDataFrame) {
            return;
        }
        lastDataFrame = frame;
        dataFrameCount++;
        if (dataFrames.size() < MAX_LISTED_DATA_FRAMES) {
            dataFrames.addLong(frame);
        }
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

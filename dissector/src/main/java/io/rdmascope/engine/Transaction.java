package io.rdmascope.engine;

/**
 * A transaction: one exchange that a NIC or an application completes, on one connection.
 *
 * <p>A one-shot transaction ({@link TransactionKind#ONESHOT}) is an initiation, the data moved
 * into or out of its region, and a completion: {@link #initiationFrame}, {@link #dataFrames},
 * {@link #completionFrame}. Every other kind keeps the same fields with the general meaning: its
 * first frame, every frame that carries a part of it, in order, and the frame that completed it.
 * {@link #advertiser} is then the endpoint that began it (the sender of a Write or Send, the
 * requester of a Read or an upper-layer call), and {@link #stag}, {@link #to}, {@link #length}
 * the STag, tagged offset and size it names (a Read's data source), where it names one.
 */
public final class Transaction {
    public final String id;
    public final TransactionKind kind;
    public final String connection;
    /** One-shot: the endpoint whose memory is advertised ("10.0.0.1:40000"); others: who began it. */
    public final String advertiser;
    public final long stag;
    public final long to;
    public final long length;
    /** Access bits as advertised (0x01 remote write, 0x02 remote read). */
    public final int access;
    public final long initiationFrame;
    /** Capture time of the initiation frame, from the event that began the transaction. */
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

    /** The last frame that carried a part of it, or -1. */
    public long lastFrame = -1;

    // Operations (read, write, send, atomic)
    /** The RDMAP opcode (send, atomic: the RFC 7306 atomic opcode for a request), or -1. */
    public int opcode = -1;
    /** Send: queue number and MSN of the message. */
    public long qn = -1, msn = -1;
    /** Send with Invalidate: the STag it invalidates, else null. */
    public Long invalidateStag;
    /** Read: where the responses place the data. */
    public long sinkStag, sinkTo;
    /** Read and write: the frame where the region was advertised, or -1 when nothing in the capture did. */
    public long advertisedFrame = -1;
    /** The transport's name of {@link #opcode} when it is not an RDMAP opcode (RoCE's "RC SEND Only"), else null. */
    public String opcodeName;
    /** Request packets of this operation the transport sent again (RoCE's Go-Back-N), 0 on TCP. */
    public int retransmissions;
    /** A remark on what the transaction is beyond its kind (an MPA ready-to-receive message), or null. */
    public String note;

    // Upper-layer exchanges (rpc, nvme, iser, smb)
    /** The call's fields ({@code ulp} in JSON), or null. */
    public java.util.Map<String, Object> ulp;
    /** The ids of the read, write and send transactions it is made of, in order. */
    public java.util.List<String> operations;
    /** One line for people: what the call was. */
    public String summary;
    /** The upper-layer transaction an operation belongs to, while the engine builds them; not reported. */
    public transient Transaction parent;
    /** Where the {@link Ledger} keeps it among the open transactions, or -1 when not open. */
    transient int openSlot = -1;

    /** A one-shot transaction. */
    public Transaction(String id, String connection, String advertiser, long stag, long to, long length, int access,
                       long initiationFrame, long initiationTimeNanos) {
        this(id, TransactionKind.ONESHOT, connection, advertiser, stag, to, length, access, initiationFrame,
                initiationTimeNanos);
    }

    /** A transaction of any kind, begun in {@code initiationFrame}. */
    public Transaction(String id, TransactionKind kind, String connection, String advertiser, long stag, long to,
                       long length, int access, long initiationFrame, long initiationTimeNanos) {
        this.id = id;
        this.kind = kind;
        this.connection = connection;
        this.advertiser = advertiser;
        this.stag = stag;
        this.to = to;
        this.length = length;
        this.access = access;
        this.initiationFrame = initiationFrame;
        this.initiationTimeNanos = initiationTimeNanos;
        this.lastFrame = initiationFrame;
        if (kind != TransactionKind.ONESHOT) {
            addDataFrame(initiationFrame);
        }
    }

    /** Whether this is a one-shot transaction (initiation, data, completion). */
    public boolean oneShot() {
        return kind == TransactionKind.ONESHOT;
    }

    /** The first frame that carries a part of it. */
    public long startFrame() {
        return initiationFrame;
    }

    /** The last frame that carries a part of it (the completion when completed). */
    public long endFrame() {
        return completionFrame >= 0 ? Math.max(completionFrame, lastFrame) : lastFrame;
    }

    /**
     * Every frame that carries a part of it, in order: for a one-shot transaction its initiation,
     * data and completion frames; for the others {@link #dataFrames}.
     */
    public FrameList frames() {
        if (!oneShot()) {
            return dataFrames;
        }
        FrameList all = new FrameList();
        boolean initiationPut = false;
        for (int i = 0, n = dataFrames.size(); i < n; i++) {
            long f = dataFrames.getLong(i);
            if (!initiationPut && initiationFrame <= f) {
                if (initiationFrame != f) {
                    all.addLong(initiationFrame);
                }
                initiationPut = true;
            }
            all.addLong(f);
        }
        if (!initiationPut) {
            all.addLong(initiationFrame);
        }
        if (completionFrame >= 0 && (all.size() == 0 || all.getLong(all.size() - 1) < completionFrame)) {
            all.addLong(completionFrame);
        }
        return all;
    }

    /** Bound on {@link #dataFrames}, so that a huge transfer does not grow memory with its frames. */
    public static final int MAX_LISTED_DATA_FRAMES = 1 << 16;

    /** Records a frame that moved data of this region (a frame already recorded last is ignored). */
    public void addDataFrame(long frame) {
        if (frame == lastDataFrame) {
            return;
        }
        lastDataFrame = frame;
        if (frame > lastFrame) {
            lastFrame = frame;
        }
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

    /** The name of {@link #opcode}: the transport's own ({@link #opcodeName}), else the RDMAP opcode's; null when unknown. */
    public String opcodeDisplayName() {
        if (opcodeName != null) {
            return opcodeName;
        }
        io.rdmascope.pdu.Opcode op = opcode < 0 ? null : io.rdmascope.pdu.Opcode.of(opcode);
        return op == null ? null : op.displayName;
    }
}

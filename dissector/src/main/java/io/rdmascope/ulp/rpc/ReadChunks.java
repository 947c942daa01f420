package io.rdmascope.ulp.rpc;

import io.rdmascope.ksy.Rpcrdma;
import java.util.List;
import java.util.TreeMap;

/**
 * Where the read chunks of an RDMA_MSG call took their data items out of the inline RPC message
 * (RFC 8166 section 3.4.5): a chunk's position counts octets of the unreduced message, so each
 * chunk before it moves it back by its data's length rounded up to XDR's four octets.
 *
 * <p>Read in order of position as the arguments are stepped over: {@link #nextAt} gives the inline
 * offset of the next chunk's data after an operation's start.
 */
final class ReadChunks {
    /** No read chunk at or after the position asked for. */
    static final long NONE = 0xffffffffL;
    static final ReadChunks EMPTY = new ReadChunks(new long[0], new long[0]);

    private final long[] positions;
    private final long[] lengths;
    private int next;
    private long removedBefore;

    private ReadChunks(long[] positions, long[] lengths) {
        this.positions = positions;
        this.lengths = lengths;
    }

    /** The chunks of a read list (segments of one position make one chunk); position zero is not inline data. */
    static ReadChunks of(List<Rpcrdma.ReadListItem> readList) {
        TreeMap<Long, Long> lengthByPosition = new TreeMap<>();
        for (Rpcrdma.ReadListItem item : readList) {
            if (item.present() && item.segment().position() != 0) {
                lengthByPosition.merge(item.segment().position(), item.segment().target().length(), Long::sum);
            }
        }
        if (lengthByPosition.isEmpty()) {
            return EMPTY;
        }
        return new ReadChunks(lengthByPosition.keySet().stream().mapToLong(Long::longValue).toArray(),
                lengthByPosition.values().stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * The inline offset where the data of the first chunk after {@code operationStart} was taken out,
     * or {@link #NONE}. A chunk taken out exactly there belongs to the operation before, whose data
     * ended where this one begins.
     */
    long nextAt(long operationStart) {
        while (next < positions.length && positions[next] - removedBefore <= operationStart) {
            removedBefore += (lengths[next] + 3) & ~3L;
            next++;
        }
        return next < positions.length ? positions[next] - removedBefore : NONE;
    }
}

package io.rdmascope.gui.model;

import java.util.List;

/**
 * The NIC model's state after one frame: for each endpoint (IP address), its STag table and the
 * occupancy of its buffer pool per queue pair (one-shot extension, "NIC model limits"). Built from
 * the engine's own model ({@link io.rdmascope.model.NicModel}).
 */
public record NicState(long frame, List<EndpointState> endpoints) {

    /** One endpoint ("10.0.0.1"): the regions it advertised and its pools. */
    public record EndpointState(String endpoint, List<StagEntry> stags, List<PoolEntry> pools) {}

    /** Life of an advertised STag as the NIC sees it. */
    public enum StagState {
        /** Bound to its region and usable by the peer. */
        VALID,
        /** De-associated from its region: by a completion, or when its connection closed. */
        INVALIDATED,
        /** The initiation was refused and the region never allocated. */
        REJECTED
    }

    /**
     * One row of an endpoint's STag table.
     *
     * @param access 0x01 remote write, 0x02 remote read
     * @param advertisedFrame the initiation that bound it
     * @param invalidatedFrame the frame that invalidated it, or -1
     * @param transaction the transaction id, or null
     */
    public record StagEntry(String endpoint, long stag, long to, long length, int access, StagState state,
                            String connection, long advertisedFrame, long invalidatedFrame, String transaction) {
        public String accessText() {
            String s = ((access & 1) != 0 ? "write" : "") + ((access & 3) == 3 ? "," : "") + ((access & 2) != 0 ? "read" : "");
            return s.isEmpty() ? "none" : s;
        }
    }

    /**
     * Buffer pool of one queue pair (connection) of an endpoint.
     *
     * @param inUse regions allocated now
     * @param capacity buffersPerQp
     * @param writeInUse regions allocated with remote write access
     * @param readInUse regions allocated with remote read access
     * @param perOperation maxPerOperation
     */
    public record PoolEntry(String endpoint, String connection, int inUse, int capacity, int writeInUse, int readInUse,
                            int perOperation) {}
}

package io.rdmascope.ulp;

/**
 * A region of the sender's memory that a message makes known to its peer, for RDMA Write into it
 * or RDMA Read from it.
 *
 * @param stag the STag (handle, key, token) naming the region
 * @param to the tagged offset (virtual address, offset) where the region starts
 * @param length the region's length in octets, or {@link #UNKNOWN_LENGTH} when the message does not say
 * @param access {@link #REMOTE_WRITE}, {@link #REMOTE_READ} or both
 * @param what what the region is for, in the protocol's words ("write chunk", "keyed SGL data block")
 */
public record Advertisement(long stag, long to, long length, int access, String what) {
    public static final int REMOTE_WRITE = 0x01, REMOTE_READ = 0x02;
    public static final long UNKNOWN_LENGTH = -1;

    public boolean lengthKnown() {
        return length >= 0;
    }
}

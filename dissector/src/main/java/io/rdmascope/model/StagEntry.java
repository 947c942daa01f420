package io.rdmascope.model;

/**
 * One row of a NIC's STag table: the region [TO, TO + length) a one-shot initiation bound to the
 * STag, the access it allows, the connection (queue pair) it is bound to, and whether it is still
 * valid. An entry stays in the table after its completion invalidated it, so that a later use of
 * the STag can be told apart from an STag never advertised in the capture.
 */
public final class StagEntry {
    private final long stag;
    long to;
    long length;
    int access;
    String connection;
    int direction;
    String advertiser;
    boolean valid;
    boolean rejected;
    long advertisedFrame;
    long invalidatedFrame = -1;
    String transaction;
    Object owner;
    /** The entry this one took the table's place from while it stayed valid, or null. */
    StagEntry earlier;

    StagEntry(long stag) {
        this.stag = stag;
    }

    public long stag() {
        return stag;
    }

    public long to() {
        return to;
    }

    public long length() {
        return length;
    }

    /** 0x01 remote write, 0x02 remote read. */
    public int access() {
        return access;
    }

    public boolean remoteWrite() {
        return (access & 0x01) != 0;
    }

    public boolean remoteRead() {
        return (access & 0x02) != 0;
    }

    /** The MPA connection id ("c1") the STag is bound to. */
    public String connection() {
        return connection;
    }

    /** Ordinal of the direction ({@code io.rdmascope.tcp.Direction}) the initiation travelled in. */
    public int direction() {
        return direction;
    }

    /** The endpoint that advertised the region ("10.0.0.1:40000"). */
    public String advertiser() {
        return advertiser;
    }

    public boolean valid() {
        return valid;
    }

    /** The initiation was refused (buffer pool or table full): the region was never allocated. */
    public boolean rejected() {
        return rejected;
    }

    public long advertisedFrame() {
        return advertisedFrame;
    }

    /** The frame that invalidated the STag (completion, connection close), or -1. */
    public long invalidatedFrame() {
        return invalidatedFrame;
    }

    /** The transaction id ("t1") of the initiation, or null. */
    public String transaction() {
        return transaction;
    }

    /** The object the judge attached to this entry (its transaction). */
    public Object owner() {
        return owner;
    }

    /**
     * Another region of the same STag, advertised before this one and kept while the call that
     * advertised it is open (one registration advertised for several calls at once), or null.
     */
    public StagEntry earlier() {
        return earlier;
    }

    /** This entry if valid, else the newest valid {@link #earlier()} one, or null. */
    public StagEntry newestValid() {
        for (StagEntry e = this; e != null; e = e.earlier) {
            if (e.valid) {
                return e;
            }
        }
        return null;
    }

    /**
     * Of this entry and the {@link #earlier()} ones, the first valid one whose region holds
     * [to, to + len); this entry when none does.
     */
    public StagEntry covering(long accessTo, long accessLength) {
        for (StagEntry e = this; e != null; e = e.earlier) {
            if (e.valid && e.contains(accessTo, accessLength)) {
                return e;
            }
        }
        return this;
    }

    /** Whether [to, to + len) lies inside the region (unsigned 64-bit offsets, no overflow). */
    public boolean contains(long accessTo, long accessLength) {
        long rel = accessTo - to;
        if (Long.compareUnsigned(accessTo, to) < 0 || Long.compareUnsigned(rel, length) > 0) {
            return false;
        }
        return Long.compareUnsigned(accessLength, length - rel) <= 0;
    }

    public StagView view(String endpoint) {
        return new StagView(endpoint, stag, to, length, access, connection, advertiser, valid, rejected,
                advertisedFrame, invalidatedFrame, transaction);
    }
}

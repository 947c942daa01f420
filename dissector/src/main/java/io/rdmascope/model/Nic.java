package io.rdmascope.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One endpoint's NIC, identified by its IP address: its STag table (an STag is a NIC-wide name;
 * its binding to one connection is checked separately), the buffer pool of each queue pair, and
 * the host driver's command table.
 *
 * <p>The table is bounded by {@link NicModel#maxStags}: when it is full, the oldest invalid entry
 * is forgotten; when every entry is valid, new initiations are refused ({@link Admission#TABLE_FULL}).
 */
public final class Nic {
    /** Whether a new one-shot initiation may be bound. */
    public enum Admission {
        OK,
        /** The STag is still valid on this NIC. */
        IN_USE,
        /** The queue pair already holds {@code buffersPerQp} regions. */
        QP_FULL,
        /** The queue pair already holds {@code maxPerOperation} regions for remote write. */
        WRITE_FULL,
        /** The queue pair already holds {@code maxPerOperation} regions for remote read. */
        READ_FULL,
        /** The STag table holds its maximum of valid entries. */
        TABLE_FULL
    }

    private final String address;
    private final NicModel model;
    private final LongMap<StagEntry> stags = new LongMap<>();
    private final ArrayDeque<StagEntry> invalidOrder = new ArrayDeque<>();
    private final Map<String, BufferPool> pools = new LinkedHashMap<>();
    private final Driver driver = new Driver();
    /** Entries held behind the table's ones ({@link StagEntry#earlier()}), at most {@value #MAX_BEHIND}. */
    private int behind;

    Nic(String address, NicModel model) {
        this.address = address;
        this.model = model;
    }

    public String address() {
        return address;
    }

    public Driver driver() {
        return driver;
    }

    /** The table entry of an STag (valid or not), or null when the STag was never advertised. */
    public StagEntry find(long stag) {
        return stags.get(stag);
    }

    private static String poolKey(String connection, int direction) {
        return direction == 0 ? connection + ">" : connection + "<";
    }

    public BufferPool pool(String connection, int direction) {
        return pools.get(poolKey(connection, direction));
    }

    /** Whether an initiation for this STag and access would be bound on (connection, direction). */
    public Admission admit(String connection, int direction, long stag, int access) {
        StagEntry e = stags.get(stag);
        if (e != null && e.valid) {
            return Admission.IN_USE;
        }
        BufferPool p = pool(connection, direction);
        if (p != null) {
            if (p.allocated() >= model.buffersPerQp) {
                return Admission.QP_FULL;
            }
            if ((access & 0x01) != 0 && p.write >= model.maxPerOperation) {
                return Admission.WRITE_FULL;
            }
            if ((access & 0x02) != 0 && p.read >= model.maxPerOperation) {
                return Admission.READ_FULL;
            }
        } else if (model.buffersPerQp <= 0 || (access != 0 && model.maxPerOperation <= 0)) {
            return model.buffersPerQp <= 0 ? Admission.QP_FULL
                    : (access & 0x01) != 0 ? Admission.WRITE_FULL : Admission.READ_FULL;
        }
        if (e == null && stags.size() >= model.maxStags && !evictOne()) {
            return Admission.TABLE_FULL;
        }
        return Admission.OK;
    }

    private boolean evictOne() {
        while (!invalidOrder.isEmpty()) {
            StagEntry old = invalidOrder.pollFirst();
            if (!old.valid && stags.get(old.stag()) == old) {
                StagEntry still = old.newestValid();
                if (still != null) {
                    behind -= behind(old) - behind(still);
                    stags.put(old.stag(), still);
                    continue;
                }
                behind -= behind(old);
                stags.remove(old.stag());
                return true;
            }
        }
        return false;
    }

    private StagEntry entry(long stag) {
        StagEntry e = stags.get(stag);
        if (e == null) {
            e = new StagEntry(stag);
            stags.put(stag, e);
        }
        return e;
    }

    /**
     * Binds the region to the STag and allocates it in the queue pair's pool (call after
     * {@link #admit} said OK). The driver's command is posted at the same time.
     */
    public StagEntry bind(String connection, int direction, String advertiser, long stag, long to, long length,
                          int access, long frame, String transaction, Object owner) {
        StagEntry e = fill(entry(stag), connection, direction, advertiser, to, length, access, frame, transaction, owner);
        e.valid = true;
        e.rejected = false;
        pools.computeIfAbsent(poolKey(connection, direction), k -> new BufferPool(connection, advertiser)).add(e);
        driver.post(new Driver.Command(stag, connection, direction, frame, transaction));
        return e;
    }

    /**
     * Binds a region that an upper-layer protocol's message advertised: valid at once, on the
     * connection of the message, without a buffer of the one-shot pool or a driver command (the
     * protocol registered its memory before the capture shows it). A valid entry of the same STag
     * is replaced: protocols advertise a registered region again for each use. Returns null when
     * the table holds its maximum of valid entries.
     */
    public StagEntry advertise(String connection, int direction, String advertiser, long stag, long to, long length,
                               int access, long frame, String transaction, Object owner) {
        StagEntry e = stags.get(stag);
        if (e == null && stags.size() >= model.maxStags && !evictOne()) {
            return null;
        }
        if (e != null && e.valid) {
            BufferPool p = pool(e.connection, e.direction);
            if (p != null) {
                p.remove(e);
            }
        }
        e = fill(entry(stag), connection, direction, advertiser, to, length, access, frame, transaction, owner);
        e.valid = true;
        e.rejected = false;
        return e;
    }

    /** Regions of one STag kept valid at once ({@link #advertiseBeside}). */
    public static final int MAX_SHARING = 256;
    /** Entries kept behind others on one NIC, whatever their STags: memory stays bounded. */
    public static final int MAX_BEHIND = 1 << 16;

    /** Whether {@link #advertiseBeside} may keep one more entry. */
    public boolean canShare() {
        return behind < MAX_BEHIND;
    }

    private static int behind(StagEntry head) {
        int n = 0;
        for (StagEntry x = head.earlier; x != null; x = x.earlier) {
            n++;
        }
        return n;
    }

    /**
     * Binds a region of an STag whose valid entry {@code current} still serves another call: one
     * registration advertised for several calls at once (an NVMe/RDMA host that does not register
     * each command gives them all one key). The new entry takes the table's place and the earlier
     * valid ones stay behind it ({@link StagEntry#earlier()}), at most {@value #MAX_SHARING}.
     */
    public StagEntry advertiseBeside(StagEntry current, String connection, int direction, String advertiser, long to,
                                     long length, int access, long frame, String transaction, Object owner) {
        StagEntry e = fill(new StagEntry(current.stag()), connection, direction, advertiser, to, length, access, frame,
                transaction, owner);
        e.valid = true;
        behind -= behind(current);
        StagEntry last = e;
        int kept = 0;
        for (StagEntry x = current; x != null && kept < MAX_SHARING; x = x.earlier) {
            if (x.valid) {
                last.earlier = x;
                last = x;
                kept++;
            }
        }
        last.earlier = null;
        behind += kept;
        stags.put(current.stag(), e);
        return e;
    }

    /**
     * Records a refused initiation: the STag is known but invalid and holds no buffer. An STag
     * still valid (refused because it is in use) keeps its entry unchanged.
     */
    public StagEntry reject(String connection, int direction, String advertiser, long stag, long to, long length,
                            int access, long frame, String transaction, Object owner) {
        StagEntry e = stags.get(stag);
        if (e != null && e.valid) {
            return e;
        }
        if (e == null && stags.size() >= model.maxStags && !evictOne()) {
            return null;
        }
        e = fill(entry(stag), connection, direction, advertiser, to, length, access, frame, transaction, owner);
        e.valid = false;
        e.rejected = true;
        e.invalidatedFrame = frame;
        invalidOrder.addLast(e);
        trimInvalidOrder();
        return e;
    }

    private static StagEntry fill(StagEntry e, String connection, int direction, String advertiser, long to,
                                  long length, int access, long frame, String transaction, Object owner) {
        e.connection = connection;
        e.direction = direction;
        e.advertiser = advertiser;
        e.to = to;
        e.length = length;
        e.access = access;
        e.advertisedFrame = frame;
        e.invalidatedFrame = -1;
        e.transaction = transaction;
        e.owner = owner;
        return e;
    }

    /** De-associates the STag from its region and frees the buffer it held. */
    public void invalidate(StagEntry e, long frame) {
        if (!e.valid) {
            return;
        }
        e.valid = false;
        e.invalidatedFrame = frame;
        BufferPool p = pool(e.connection, e.direction);
        if (p != null) {
            p.remove(e);
        }
        driver.retire(e.stag());
        invalidOrder.addLast(e);
        trimInvalidOrder();
    }

    private void trimInvalidOrder() {
        // the eviction queue may hold stale entries (re-advertised since); keep it bounded too
        if (invalidOrder.size() > 2 * model.maxStags) {
            invalidOrder.pollFirst();
        }
    }

    /**
     * The connection closed: deallocates every region still allocated on it (both directions)
     * and returns the entries freed, in order of advertisement.
     */
    public List<StagEntry> release(String connection, long frame) {
        List<StagEntry> freed = new ArrayList<>();
        for (int d = 0; d < 2; d++) {
            BufferPool p = pool(connection, d);
            if (p != null) {
                freed.addAll(p.allocated);
            }
        }
        freed.sort((a, b) -> Long.compare(a.advertisedFrame, b.advertisedFrame));
        for (StagEntry e : freed) {
            invalidate(e, frame);
        }
        return freed;
    }

    public int stagCount() {
        return stags.size();
    }

    /** A copy of the STag table, sorted by STag. */
    public List<StagView> stagTable() {
        List<StagView> out = new ArrayList<>(stags.size());
        stags.forEachValue(e -> out.add(e.view(address)));
        out.sort((a, b) -> Long.compareUnsigned(a.stag(), b.stag()));
        return out;
    }

    /** A copy of every queue pair's pool occupancy on this NIC. */
    public List<PoolView> pools() {
        List<PoolView> out = new ArrayList<>(pools.size());
        for (BufferPool p : pools.values()) {
            out.add(p.view(model.buffersPerQp, model.maxPerOperation));
        }
        return out;
    }
}

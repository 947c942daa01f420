package io.rdmascope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NicTest {

    private static StagEntry bind(Nic n, String conn, int dir, long stag, int access, long frame) {
        assertThat(n.admit(conn, dir, stag, access)).isEqualTo(Nic.Admission.OK);
        return n.bind(conn, dir, "10.0.0.1:1", stag, 0x1000, 100, access, frame, "t" + frame, null);
    }

    @Test
    void bindInvalidateAndReuse() {
        NicModel model = new NicModel(64, 32);
        Nic n = model.nic("10.0.0.1");
        StagEntry e = bind(n, "c1", 0, 0x42, 0x01, 1);
        assertThat(n.admit("c1", 0, 0x42, 0x01)).isEqualTo(Nic.Admission.IN_USE);
        assertThat(n.admit("c2", 0, 0x42, 0x01)).isEqualTo(Nic.Admission.IN_USE);
        assertThat(n.driver().compare("c1", 0, 0x42)).isEqualTo(Driver.Compare.EQUAL);
        assertThat(n.driver().compare("c2", 0, 0x42)).isEqualTo(Driver.Compare.OTHER_QUEUE_PAIR);
        n.invalidate(e, 5);
        assertThat(e.valid()).isFalse();
        assertThat(e.invalidatedFrame()).isEqualTo(5);
        assertThat(n.driver().compare("c1", 0, 0x42)).isEqualTo(Driver.Compare.UNKNOWN);
        assertThat(n.pool("c1", 0).allocated()).isZero();
        assertThat(n.admit("c1", 0, 0x42, 0x01)).isEqualTo(Nic.Admission.OK);
    }

    @Test
    void regionBoundsAreUnsignedAndOverflowSafe() {
        NicModel model = new NicModel(64, 32);
        Nic n = model.nic("a");
        StagEntry e = bind(n, "c1", 0, 1, 1, 1);
        assertThat(e.contains(0x1000, 100)).isTrue();
        assertThat(e.contains(0x1000 + 99, 1)).isTrue();
        assertThat(e.contains(0x1000 + 100, 0)).isTrue();
        assertThat(e.contains(0x1000 + 100, 1)).isFalse();
        assertThat(e.contains(0xfff, 1)).isFalse();
        assertThat(e.contains(0x1000, -1L)).isFalse();
        assertThat(e.contains(-1L, 1)).isFalse();
    }

    @Test
    void poolCountsBothOperationsForARegionWithBothAccessBits() {
        NicModel model = new NicModel(3, 2);
        Nic n = model.nic("a");
        bind(n, "c1", 0, 1, 0x03, 1);
        bind(n, "c1", 0, 2, 0x01, 2);
        assertThat(n.admit("c1", 0, 3, 0x01)).isEqualTo(Nic.Admission.WRITE_FULL);
        assertThat(n.admit("c1", 0, 3, 0x02)).isEqualTo(Nic.Admission.OK);
        bind(n, "c1", 0, 3, 0x02, 3);
        assertThat(n.admit("c1", 0, 4, 0x00)).isEqualTo(Nic.Admission.QP_FULL);
        assertThat(n.admit("c1", 1, 4, 0x01)).isEqualTo(Nic.Admission.OK);
        List<PoolView> pools = n.pools();
        assertThat(pools).hasSize(1);
        assertThat(pools.get(0).allocated()).isEqualTo(3);
        assertThat(pools.get(0).write()).isEqualTo(2);
        assertThat(pools.get(0).read()).isEqualTo(2);
    }

    @Test
    void releaseFreesEveryRegionOfTheConnection() {
        NicModel model = new NicModel(64, 32);
        Nic n = model.nic("a");
        bind(n, "c1", 0, 1, 1, 1);
        bind(n, "c1", 1, 2, 1, 2);
        bind(n, "c2", 0, 3, 1, 3);
        List<StagEntry> freed = n.release("c1", 9);
        assertThat(freed).extracting(StagEntry::stag).containsExactly(1L, 2L);
        assertThat(n.find(3).valid()).isTrue();
        assertThat(n.stagTable()).extracting(StagView::valid).containsExactly(false, false, true);
    }

    @Test
    void tableIsBoundedForgettingOldInvalidEntriesFirst() {
        NicModel model = new NicModel(64, 32, 2);
        Nic n = model.nic("a");
        StagEntry a = bind(n, "c1", 0, 1, 1, 1);
        bind(n, "c1", 0, 2, 1, 2);
        assertThat(n.admit("c1", 0, 3, 1)).isEqualTo(Nic.Admission.TABLE_FULL);
        n.invalidate(a, 3);
        assertThat(n.admit("c1", 0, 3, 1)).isEqualTo(Nic.Admission.OK);
        bind(n, "c1", 0, 3, 1, 4);
        assertThat(n.find(1)).isNull();
        assertThat(n.stagCount()).isEqualTo(2);
    }

    @Test
    void rejectedInitiationIsRememberedInvalid() {
        NicModel model = new NicModel(0, 32);
        Nic n = model.nic("a");
        assertThat(n.admit("c1", 0, 7, 1)).isEqualTo(Nic.Admission.QP_FULL);
        StagEntry e = n.reject("c1", 0, "a:1", 7, 0, 10, 1, 5, "t1", null);
        assertThat(e.valid()).isFalse();
        assertThat(e.rejected()).isTrue();
        assertThat(model.stagTable("a")).hasSize(1);
        assertThat(model.endpoints()).containsExactly("a");
    }

    @Test
    void outstandingReadsInOrderAndBounded() {
        OutstandingReads q = new OutstandingReads(2);
        OutstandingReads.Read r1 = new OutstandingReads.Read(1, 0, 10, 9, 0, 1, null);
        OutstandingReads.Read r2 = new OutstandingReads.Read(2, 0, 10, 9, 0, 2, null);
        OutstandingReads.Read r3 = new OutstandingReads.Read(3, 0, 10, 9, 0, 3, null);
        assertThat(q.add(r1)).isNull();
        assertThat(q.add(r2)).isNull();
        assertThat(q.findLater(2, 0)).isSameAs(r2);
        assertThat(q.findLater(1, 0)).isNull();
        assertThat(q.add(r3)).isSameAs(r1);
        assertThat(q.head()).isSameAs(r2);
        assertThat(q.dropBefore(r3)).isEqualTo(1);
        assertThat(q.size()).isEqualTo(1);
    }

    @Test
    void regionsKeptBehindOthersStayBoundedPerStagAndPerNic() {
        NicModel model = new NicModel(64, 32);
        Nic n = model.nic("10.0.0.1");
        long stags = Nic.MAX_BEHIND / Nic.MAX_SHARING + 2;
        long frame = 0;
        for (long stag = 1; stag <= stags; stag++) {
            StagEntry head = n.advertise("c1", 0, "10.0.0.1:1", stag, 0, 4096, 0x01, ++frame, null, null);
            for (int i = 1; i <= Nic.MAX_SHARING + 10 && n.canShare(); i++) {
                head = n.advertiseBeside(head, "c1", 0, "10.0.0.1:1", 4096L * i, 4096, 0x01, ++frame, null, null);
            }
            int chain = 0;
            for (StagEntry x = head.earlier(); x != null; x = x.earlier()) {
                chain++;
            }
            assertThat(chain).isLessThanOrEqualTo(Nic.MAX_SHARING);
        }
        assertThat(n.canShare()).isFalse();
        // invalid entries behind are dropped when the STag is advertised beside again
        StagEntry head = n.find(1);
        for (StagEntry x = head; x != null; x = x.earlier()) {
            n.invalidate(x, ++frame);
        }
        StagEntry fresh = n.advertise("c1", 0, "10.0.0.1:1", 1, 0, 4096, 0x01, ++frame, null, null);
        n.advertiseBeside(fresh, "c1", 0, "10.0.0.1:1", 8192, 4096, 0x01, ++frame, null, null);
        assertThat(n.canShare()).isTrue();
        assertThat(n.find(1).earlier()).isSameAs(fresh);
        assertThat(fresh.earlier()).isNull();
    }
}

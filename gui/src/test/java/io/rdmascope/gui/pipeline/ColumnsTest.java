package io.rdmascope.gui.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The index's columns give back what was set in them, however the values lie. */
class ColumnsTest {
    @Test
    void sparseListsKeepRowsInOrderWhateverOrderTheyComeIn() {
        Columns.Sparse s = new Columns.Sparse();
        for (int row = 0; row < 1000; row += 3) {
            s.put(row, row * 10L);
        }
        s.put(4, -4);
        s.put(3, 33);
        s.remove(6);
        s.remove(7);
        s.remove(5000);
        assertThat(s.get(0, -1)).isZero();
        assertThat(s.get(3, -1)).isEqualTo(33);
        assertThat(s.get(4, -1)).isEqualTo(-4);
        assertThat(s.get(6, -1)).isEqualTo(-1);
        assertThat(s.get(9, -1)).isEqualTo(90);
        assertThat(s.get(999, -1)).isEqualTo(9990);
        assertThat(s.get(1000, -1)).isEqualTo(-1);
        assertThat(s.size()).isEqualTo(334);
    }

    @Test
    void unitLongsKeepMicrosecondsAsShortsAndAnythingElseExactly() {
        Random r = new Random(3);
        long[] us = new long[100_000];
        Columns.UnitLongs c = new Columns.UnitLongs(1000, 0);
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < us.length; i++) {
            t += r.nextInt(20) == 0 ? 40_000_000 : r.nextInt(300) * 1000L;
            us[i] = i % 977 == 5 ? t + 7 : t; // now and then not a whole microsecond
            c.set(i, us[i]);
        }
        c.set(12, us[12] = 5);
        for (int i = 0; i < us.length; i++) {
            assertThat(c.get(i)).as("row " + i).isEqualTo(us[i]);
        }
    }

    @Test
    void unitLongsOfNanosecondsTurnIntoDeltaLongs() {
        Random r = new Random(5);
        long[] ns = new long[20_000];
        Columns.UnitLongs c = new Columns.UnitLongs(1000, 0);
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < ns.length; i++) {
            t += r.nextInt(1_000_000);
            ns[i] = t;
            c.set(i, t);
            if (i == 1000) {
                for (int k = 0; k <= i; k++) {
                    assertThat(c.get(k)).as("row " + k + " of " + i).isEqualTo(ns[k]);
                }
            }
        }
        for (int i = 0; i < ns.length; i++) {
            assertThat(c.get(i)).as("row " + i).isEqualTo(ns[i]);
        }
    }

    @Test
    void deltaLongsKeepValuesFarFromTheirBlock() {
        Random r = new Random(11);
        long[] v = new long[50_000];
        Columns.DeltaLongs c = new Columns.DeltaLongs(-1);
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(4) == 0 ? r.nextLong() : 0x7f00_0000_0000L + i * 64L;
            c.set(i, v[i]);
        }
        c.set(7, v[7] = 0x7f00_0000_0000L + 7);
        c.set(8, v[8] = Long.MIN_VALUE);
        for (int i = 0; i < v.length; i++) {
            assertThat(c.get(i)).as("row " + i).isEqualTo(v[i]);
        }
    }

    @Test
    void stepLongsAddUpRecordLengthsAndKeepWhateverDoesNotFit() {
        Random r = new Random(13);
        long[] v = new long[60_000];
        Columns.StepLongs c = new Columns.StepLongs(-1);
        long p = 24;
        for (int i = 0; i < v.length; i++) {
            v[i] = p;
            c.set(i, p);
            int k = r.nextInt(100);
            p += k == 0 ? 70_000 + r.nextInt(1 << 20) : k == 1 ? -5 : 16 + r.nextInt(1500);
        }
        // set again, out of order: the rows after keep their values
        for (int i : new int[] {17, 16, 31, 100, 59_999, 5}) {
            v[i] = r.nextLong();
            c.set(i, v[i]);
        }
        for (int i = 0; i < v.length; i++) {
            assertThat(c.get(i)).as("row " + i).isEqualTo(v[i]);
        }
        assertThat(c.get(v.length)).isEqualTo(-1);
        assertThat(c.get(-1)).isEqualTo(-1);
    }
}

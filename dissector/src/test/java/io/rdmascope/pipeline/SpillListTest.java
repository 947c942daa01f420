package io.rdmascope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpillListTest {
    /** A key to sort by and the position it was added at, to see that equal keys keep their order. */
    record Item(long key, int seq, String text) {}

    static final SpillList.Codec<Item> CODEC = new SpillList.Codec<>() {
        @Override
        public void write(DataOutput out, Item v) throws IOException {
            out.writeLong(v.key);
            out.writeInt(v.seq);
            SpillList.writeString(out, v.text);
        }

        @Override
        public Item read(DataInput in) throws IOException {
            return new Item(in.readLong(), in.readInt(), SpillList.readString(in));
        }
    };

    static final Comparator<Item> BY_KEY = Comparator.comparingLong(Item::key);

    @TempDir
    Path dir;
    private String before;

    @BeforeEach
    void spillHere() {
        before = System.getProperty(SpillList.DIR_PROPERTY);
        System.setProperty(SpillList.DIR_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(SpillList.DIR_PROPERTY);
        } else {
            System.setProperty(SpillList.DIR_PROPERTY, before);
        }
    }

    long filesLeft() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    static long bytesOnDisk(SpillList<?> l) throws IOException {
        long n = 0;
        for (Path p : l.files()) {
            n += Files.size(p);
        }
        return n;
    }

    static List<Item> drain(Iterable<Item> it) {
        List<Item> out = new ArrayList<>();
        it.forEach(out::add);
        return out;
    }

    static List<Item> randomItems(int n, int keys, long seed) {
        Random r = new Random(seed);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add(new Item(r.nextInt(keys), i, (i % 7 == 0) ? null : "item " + i));
        }
        return items;
    }

    @Test
    void underTheLimitNothingIsWritten() throws IOException {
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 100)) {
            List<Item> items = randomItems(99, 10, 1);
            items.forEach(l::add);
            assertThat(l.spilled()).isFalse();
            assertThat(filesLeft()).isZero();
            List<Item> expected = new ArrayList<>(items);
            expected.sort(BY_KEY);
            assertThat(drain(l)).isEqualTo(expected);
        }
    }

    /** Records kept in order as they come, records far out of order, and both mixed: always stable and complete. */
    @Test
    void nearlyOrderedAndFarOutOfOrderArrivals() throws IOException {
        Random r = new Random(4);
        List<List<Item>> cases = new ArrayList<>();
        List<Item> nearly = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            nearly.add(new Item(i - r.nextInt(SpillList.ORDER_WINDOW / 2), i, null));
        }
        cases.add(nearly);
        List<Item> reversed = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            reversed.add(new Item(500 - i, i, null));
        }
        cases.add(reversed);
        List<Item> lateOnce = new ArrayList<>(nearly.subList(0, 1_000));
        lateOnce.add(new Item(3, 1_000, null)); // far behind: ordered at reading instead
        lateOnce.addAll(nearly.subList(1_000, 2_000));
        cases.add(lateOnce);
        cases.add(randomItems(3_000, 5, 5)); // many equal keys
        for (List<Item> items : cases) {
            List<Item> expected = new ArrayList<>(items);
            expected.sort(BY_KEY);
            for (int limit : new int[] {Integer.MAX_VALUE, 97}) {
                try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, limit)) {
                    items.forEach(l::add);
                    assertThat(drain(l)).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void beyondTheLimitTheOrderIsStableAndComplete() throws IOException {
        List<Item> items = randomItems(10_000, 50, 2);
        List<Item> expected = new ArrayList<>(items);
        expected.sort(BY_KEY); // List.sort is stable
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 37)) {
            items.forEach(l::add);
            assertThat(l.spilled()).isTrue();
            assertThat(l.size()).isEqualTo(10_000);
            assertThat(drain(l)).isEqualTo(expected);
            assertThat(drain(l)).as("iterated again").isEqualTo(expected);
        }
        assertThat(filesLeft()).isZero();
    }

    @Test
    void manyRunsAreMergedSoFewFilesStayOpen() throws IOException {
        List<Item> items = randomItems(20_000, 1_000_000, 3);
        List<Item> expected = new ArrayList<>(items);
        expected.sort(BY_KEY);
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 10)) {
            items.forEach(l::add);
            // 2000 runs of 10 would be made; levels of 64 keep fewer than 2 * 64 of them
            assertThat(l.files().size()).isLessThan(2 * SpillList.FAN_IN);
            assertThat(drain(l)).isEqualTo(expected);
        }
        assertThat(filesLeft()).isZero();
    }

    @Test
    void recordsThatArriveInOrderExtendOneRun() throws IOException {
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 10)) {
            for (int i = 0; i < 1000; i++) {
                l.add(new Item(i / 3, i, "x"));
            }
            assertThat(l.files()).hasSize(1);
            assertThat(drain(l)).extracting(Item::seq).isSorted().hasSize(1000);
        }
    }

    @Test
    void withoutAnOrderTheOrderAdded() throws IOException {
        List<Item> items = randomItems(1000, 5, 4);
        try (SpillList<Item> l = new SpillList<>(CODEC, null, 16)) {
            items.forEach(l::add);
            assertThat(l.files()).hasSize(1);
            assertThat(drain(l)).isEqualTo(items);
        }
    }

    @Test
    void twoIteratorsAtOnce() {
        List<Item> items = randomItems(500, 20, 5);
        List<Item> expected = new ArrayList<>(items);
        expected.sort(BY_KEY);
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 7)) {
            items.forEach(l::add);
            Iterator<Item> a = l.iterator();
            Iterator<Item> b = l.iterator();
            List<Item> fromA = new ArrayList<>();
            List<Item> fromB = new ArrayList<>();
            while (a.hasNext()) {
                fromA.add(a.next());
                if (b.hasNext()) {
                    fromB.add(b.next());
                }
            }
            assertThat(fromA).isEqualTo(expected);
            assertThat(fromB).isEqualTo(expected);
        }
    }

    @Test
    void closeDeletesFilesEvenWithAnIteratorHalfWay() throws IOException {
        SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 5);
        randomItems(300, 1000, 6).forEach(l::add);
        Iterator<Item> it = l.iterator();
        it.next();
        assertThat(filesLeft()).isPositive();
        l.close();
        assertThat(filesLeft()).isZero();
        assertThat(l.isEmpty()).isTrue();
        assertThat(drain(l)).isEmpty();
    }

    @Test
    void noAddAfterIteration() {
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 5)) {
            l.add(new Item(1, 0, "a"));
            l.iterator();
            assertThatThrownBy(() -> l.add(new Item(2, 1, "b"))).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void inMemoryListKeepsTheGivenOrder() {
        List<Item> items = randomItems(50, 5, 7);
        SpillList<Item> l = SpillList.of(items);
        assertThat(l.size()).isEqualTo(50);
        assertThat(drain(l)).isEqualTo(items);
    }

    @Test
    void longAndOddStringsSurvive() throws IOException {
        String big = "é".repeat(70_000) + "\u0000\uD83D\uDE00";
        try (SpillList<Item> l = new SpillList<>(CODEC, null, 1)) {
            l.add(new Item(1, 0, big));
            l.add(new Item(2, 1, ""));
            l.add(new Item(3, 2, null));
            assertThat(drain(l)).extracting(Item::text).containsExactly(big, "", null);
        }
    }

    @Test
    void parkingAFinishedListKeepsItsOrder() throws IOException {
        List<Item> items = randomItems(3500, 40, 8);
        List<Item> expected = new ArrayList<>(items);
        expected.sort(BY_KEY);
        try (SpillList<Item> l = new SpillList<>(CODEC, BY_KEY, 1000)) {
            items.forEach(l::add);
            assertThat(drain(l)).isEqualTo(expected);
            l.park(10_000);
            long bytes = bytesOnDisk(l);
            l.park(100);
            assertThat(bytesOnDisk(l)).as("the 500 records held are written").isGreaterThan(bytes);
            assertThat(drain(l)).isEqualTo(expected);
        }
        assertThat(filesLeft()).isZero();
    }
}

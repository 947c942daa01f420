package io.rdmascope.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrameListTest {
    @Test
    void growsAndReadsAsAListOfLongs() {
        FrameList l = new FrameList();
        for (long f = 1; f <= 100; f++) {
            l.addLong(f * 1000);
        }
        l.add(7L);
        l.addAll(List.of(8L, 9L));
        assertThat(l).hasSize(103);
        assertThat(l.getLong(0)).isEqualTo(1000);
        assertThat(l.get(99)).isEqualTo(100_000L);
        assertThat(l.subList(100, 103)).containsExactly(7L, 8L, 9L);
        assertThat(l.toLongArray()).hasSize(103).startsWith(1000, 2000);
        assertThat(l).isEqualTo(new java.util.ArrayList<>(l));
    }

    @Test
    void onlyAppends() {
        FrameList l = new FrameList();
        l.addLong(3);
        assertThatThrownBy(() -> l.add(0, 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> l.remove(0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> l.getLong(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void frameNumbersBeyondAnIntKeepTheirValue() {
        FrameList l = new FrameList();
        l.addLong(5);
        l.addLong(Integer.MAX_VALUE);
        l.addLong(1L << 40);
        l.addLong(6);
        assertThat(l).containsExactly(5L, (long) Integer.MAX_VALUE, 1L << 40, 6L);
        assertThat(l.toLongArray()).containsExactly(5L, Integer.MAX_VALUE, 1L << 40, 6L);
    }
}

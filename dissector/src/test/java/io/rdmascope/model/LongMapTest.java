package io.rdmascope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongMapTest {

    @Test
    void behavesLikeAHashMap() {
        LongMap<Long> m = new LongMap<>(4);
        Map<Long, Long> ref = new HashMap<>();
        Random r = new Random(42);
        for (int i = 0; i < 50_000; i++) {
            long k = r.nextInt(5000) * 0x100000001L;
            int op = r.nextInt(3);
            if (op == 0) {
                assertThat(m.put(k, (long) i)).isEqualTo(ref.put(k, (long) i));
            } else if (op == 1) {
                assertThat(m.remove(k)).isEqualTo(ref.remove(k));
            } else {
                assertThat(m.get(k)).isEqualTo(ref.get(k));
            }
            assertThat(m.size()).isEqualTo(ref.size());
        }
        for (Map.Entry<Long, Long> e : ref.entrySet()) {
            assertThat(m.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}

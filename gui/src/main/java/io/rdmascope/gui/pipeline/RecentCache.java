package io.rdmascope.gui.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;

/** The values asked for most recently, at most {@code size} of them (least recently used out first). */
final class RecentCache<K, V> extends LinkedHashMap<K, V> {
    private final int size;

    RecentCache(int size) {
        super(size * 2, 0.75f, true);
        this.size = size;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > size;
    }
}

package io.rdmascope.model;

import java.util.function.Consumer;

/**
 * A map from 64-bit keys (STags) to objects, with open addressing and linear probing, so that a
 * lookup on the hot path neither boxes nor allocates. Not thread-safe.
 */
public final class LongMap<V> {
    private long[] keys;
    private Object[] values;
    private int size;
    private int mask;

    public LongMap() {
        this(16);
    }

    public LongMap(int capacity) {
        int c = Integer.highestOneBit(Math.max(4, capacity - 1)) << 1;
        keys = new long[c];
        values = new Object[c];
        mask = c - 1;
    }

    public int size() {
        return size;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    @SuppressWarnings("unchecked")
    public V get(long key) {
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == key) {
                return (V) v;
            }
        }
    }

    /** Puts a non-null value; returns the previous one or null. */
    @SuppressWarnings("unchecked")
    public V put(long key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        if ((size + 1) * 4 > keys.length * 3) {
            grow();
        }
        for (int i = hash(key) & mask; ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null) {
                keys[i] = key;
                values[i] = value;
                size++;
                return null;
            }
            if (keys[i] == key) {
                values[i] = value;
                return (V) v;
            }
        }
    }

    /** Removes a key (backward-shift deletion keeps probe chains intact); returns the old value. */
    @SuppressWarnings("unchecked")
    public V remove(long key) {
        int i = hash(key) & mask;
        while (true) {
            Object v = values[i];
            if (v == null) {
                return null;
            }
            if (keys[i] == key) {
                break;
            }
            i = (i + 1) & mask;
        }
        V old = (V) values[i];
        int hole = i;
        for (int j = (hole + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = hash(keys[j]) & mask;
            // move entry j into the hole when its home is not in (hole, j]
            boolean inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (!inRange) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        values[hole] = null;
        size--;
        return old;
    }

    @SuppressWarnings("unchecked")
    public void forEachValue(Consumer<V> action) {
        for (Object v : values) {
            if (v != null) {
                action.accept((V) v);
            }
        }
    }

    private void grow() {
        long[] ok = keys;
        Object[] ov = values;
        keys = new long[ok.length * 2];
        values = new Object[ov.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < ok.length; i++) {
            if (ov[i] != null) {
                put(ok[i], castValue(ov[i]));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private V castValue(Object o) {
        return (V) o;
    }
}

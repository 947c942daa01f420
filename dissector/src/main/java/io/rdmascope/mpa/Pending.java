package io.rdmascope.mpa;

/**
 * Stream octets held while their framing is being decided, with the frame each run of octets
 * came from and its capture time, so that they can be replayed later as the frames delivered them. Bounded by the
 * caller: it drops octets from the front before appending beyond {@link #CAPACITY}.
 */
final class Pending {
    static final int CAPACITY = 256 * 1024;
    private static final int MAX_RUNS = 4096;
    /** The run arrays of a buffer that never held anything: most streams that are not MPA. */
    private static final long[] NO_RUNS = new long[0];

    byte[] data = new byte[0];
    /** Stream offset of data[0]. */
    long base;
    int length;
    /** Run i covers stream octets up to runEnd[i] (exclusive) and came in frame runFrame[i] at time runTime[i]. */
    long[] runEnd = NO_RUNS;
    long[] runFrame = NO_RUNS;
    long[] runTime = NO_RUNS;
    int runs;

    long end() {
        return base + length;
    }

    void clear(long newBase) {
        base = newBase;
        length = 0;
        runs = 0;
    }

    /** Frees the memory of a stream that will not be buffered any more. */
    void release(long newBase) {
        clear(newBase);
        data = new byte[0];
    }

    void append(long frame, long timeNanos, byte[] buf, int off, int len) {
        int need = length + len;
        if (need > data.length) {
            // start small: many streams only ever hold a few octets here
            int cap = Math.max(256, data.length);
            while (cap < need) {
                cap *= 2;
            }
            byte[] n = new byte[cap];
            System.arraycopy(data, 0, n, 0, length);
            data = n;
        }
        System.arraycopy(buf, off, data, length, len);
        length = need;
        long e = base + length;
        if (runs > 0 && runFrame[runs - 1] == frame) {
            runEnd[runs - 1] = e;
            return;
        }
        if (runs == MAX_RUNS) {
            // Merge the two oldest runs: the earlier octets are attributed to the later frame.
            System.arraycopy(runEnd, 1, runEnd, 0, runs - 1);
            System.arraycopy(runFrame, 1, runFrame, 0, runs - 1);
            System.arraycopy(runTime, 1, runTime, 0, runs - 1);
            runs--;
        }
        if (runs == runEnd.length) {
            int n = Math.max(4, runs * 2);
            runEnd = java.util.Arrays.copyOf(runEnd, n);
            runFrame = java.util.Arrays.copyOf(runFrame, n);
            runTime = java.util.Arrays.copyOf(runTime, n);
        }
        runEnd[runs] = e;
        runFrame[runs] = frame;
        runTime[runs] = timeNanos;
        runs++;
    }

    /** Drops the octets before stream offset {@code to}. */
    void dropTo(long to) {
        if (to <= base) {
            return;
        }
        if (to >= end()) {
            clear(to);
            return;
        }
        int n = (int) (to - base);
        System.arraycopy(data, n, data, 0, length - n);
        length -= n;
        base = to;
        int first = 0;
        while (first < runs && runEnd[first] <= to) {
            first++;
        }
        if (first > 0) {
            System.arraycopy(runEnd, first, runEnd, 0, runs - first);
            System.arraycopy(runFrame, first, runFrame, 0, runs - first);
            System.arraycopy(runTime, first, runTime, 0, runs - first);
            runs -= first;
        }
    }

    /** The run of the octet at stream offset {@code at} (the last run when none holds it), or -1 when none is held. */
    private int runAt(long at) {
        for (int i = 0; i < runs; i++) {
            if (at < runEnd[i]) {
                return i;
            }
        }
        return runs - 1;
    }

    /** The frame that delivered the octet at stream offset {@code at}. */
    long frameAt(long at) {
        int i = runAt(at);
        return i >= 0 ? runFrame[i] : 0;
    }

    /** The capture time of {@link #frameAt}. */
    long timeAt(long at) {
        int i = runAt(at);
        return i >= 0 ? runTime[i] : 0;
    }

    /** The frame of the last octet held, and its capture time. */
    long lastFrame() {
        return runs > 0 ? runFrame[runs - 1] : 0;
    }

    long lastTime() {
        return runs > 0 ? runTime[runs - 1] : 0;
    }

    int byteAt(long at) {
        return data[(int) (at - base)] & 0xff;
    }
}

package io.rdmascope.roce;

import java.util.Arrays;

/**
 * The request PSNs one requester has sent, with the frame and time each was first seen and the
 * first PSN of the request that covers it (a Read Request covers the PSNs of its whole response).
 * A ring indexed by PSN: it starts small and doubles, up to {@link #MAX}, when a PSN would take
 * the slot of one still unanswered, so its size follows the requester's window, not the capture.
 */
final class SeenPsns {
    static final int INITIAL = 256;
    static final int MAX = 1 << 16;

    private int[] psn = new int[INITIAL];
    private long[] frame = new long[INITIAL];
    private long[] time = new long[INITIAL];
    private int[] first = new int[INITIAL];

    SeenPsns() {
        Arrays.fill(psn, -1);
    }

    private int slot(long p) {
        return (int) (p & (psn.length - 1));
    }

    boolean contains(long p) {
        return psn[slot(p)] == (int) p;
    }

    long frame(long p) {
        return frame[slot(p)];
    }

    long time(long p) {
        return time[slot(p)];
    }

    long first(long p) {
        return first[slot(p)];
    }

    /**
     * Records {@code p}; {@code oldestUnanswered} is the first PSN of the oldest request not yet
     * answered (or -1): a PSN at or after it is still needed, so the ring grows rather than lose it.
     */
    void add(long p, long frameNumber, long timeNanos, long firstPsn, long oldestUnanswered) {
        int s = slot(p);
        int old = psn[s];
        if (old >= 0 && old != (int) p && oldestUnanswered >= 0 && psn.length < MAX
                && QueuePairs.signed(old - oldestUnanswered) >= 0) {
            grow();
            s = slot(p);
        }
        psn[s] = (int) p;
        frame[s] = frameNumber;
        time[s] = timeNanos;
        first[s] = (int) firstPsn;
    }

    private void grow() {
        int[] oldPsn = psn;
        long[] oldFrame = frame;
        long[] oldTime = time;
        int[] oldFirst = first;
        int n = oldPsn.length * 2;
        psn = new int[n];
        Arrays.fill(psn, -1);
        frame = new long[n];
        time = new long[n];
        first = new int[n];
        for (int i = 0; i < oldPsn.length; i++) {
            if (oldPsn[i] >= 0) {
                int s = oldPsn[i] & (n - 1);
                psn[s] = oldPsn[i];
                frame[s] = oldFrame[i];
                time[s] = oldTime[i];
                first[s] = oldFirst[i];
            }
        }
    }

    /** Slots the ring has now (for the memory bound's tests). */
    int capacity() {
        return psn.length;
    }
}

package io.rdmascope.model;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The RDMA Read Requests one endpoint sent on a connection that its peer has not finished
 * answering, in order: RFC 5040 section 5.2 has the responder answer Read Requests in the order
 * it received them, so Read Responses complete requests from the head of this queue. The
 * requester's ORD must not exceed its peer's IRD (RFC 6581 negotiates both).
 */
public final class OutstandingReads {
    /** One outstanding request and how much of it the responses have delivered so far. */
    public static final class Read {
        /** The sink STag and TO; of a request whose body the capture cut ({@link #blind}), its first response's. */
        public long sinkStag;
        public long sinkTo;
        /** The request's body was not captured: its sink is learned from its first response, its size unknown. */
        public boolean blind;
        public final long readSize;
        public final long sourceStag;
        public final long sourceTo;
        public final long frame;
        /** The judge's object for the request (the one-shot transaction it reads), or null. */
        public final Object owner;
        public long answered;
        /** The judge's transaction of the read itself, or null. */
        public Object operation;

        public Read(long sinkStag, long sinkTo, long readSize, long sourceStag, long sourceTo, long frame, Object owner) {
            this.sinkStag = sinkStag;
            this.sinkTo = sinkTo;
            this.readSize = readSize;
            this.sourceStag = sourceStag;
            this.sourceTo = sourceTo;
            this.frame = frame;
            this.owner = owner;
        }

        /** The TO at which the next Read Response segment must place its data. */
        public long nextTo() {
            return sinkTo + answered;
        }
    }

    private final ArrayDeque<Read> queue = new ArrayDeque<>();
    private final int max;
    private boolean everAdded;

    /** @param max bound on requests kept; past it the oldest is dropped */
    public OutstandingReads(int max) {
        this.max = Math.max(1, max);
    }

    /** Adds a request; returns the request dropped to stay within the bound, or null. */
    public Read add(Read r) {
        Read dropped = queue.size() >= max ? queue.pollFirst() : null;
        queue.addLast(r);
        everAdded = true;
        return dropped;
    }

    /** Whether any request was added: until then, responses can only answer requests not seen. */
    public boolean everAdded() {
        return everAdded;
    }

    public int size() {
        return queue.size();
    }

    /** The request added last, or null. */
    public Read last() {
        return queue.peekLast();
    }

    public Read head() {
        return queue.peekFirst();
    }

    public Read removeHead() {
        return queue.pollFirst();
    }

    /**
     * A later request (not the head) that a response segment at (stag, to) would begin to answer,
     * or null.
     */
    public Read findLater(long stag, long to) {
        Iterator<Read> it = queue.iterator();
        if (it.hasNext()) {
            it.next();
        }
        while (it.hasNext()) {
            Read r = it.next();
            if (r.sinkStag == stag && r.nextTo() == to) {
                return r;
            }
        }
        return null;
    }

    /** Drops every request queued before {@code r}, returning how many. */
    public int dropBefore(Read r) {
        int n = 0;
        while (!queue.isEmpty() && queue.peekFirst() != r) {
            queue.pollFirst();
            n++;
        }
        return n;
    }

    public void clear() {
        queue.clear();
    }
}

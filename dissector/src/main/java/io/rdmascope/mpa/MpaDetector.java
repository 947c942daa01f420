package io.rdmascope.mpa;

import io.rdmascope.tcp.ConnectionListener;
import io.rdmascope.tcp.Direction;
import io.rdmascope.tcp.StreamHandler;
import io.rdmascope.tcp.TcpConnection;

/**
 * Recognises MPA on TCP connections and frames their streams into FPDUs (RFC 5044, RFC 6581).
 *
 * <p>A connection is MPA when a direction starts with the key of an MPA Request or Reply frame,
 * on any port, or, when the handshake was not captured, when FPDUs with plausible DDP/RDMAP
 * headers follow each other on the stream (then {@link MpaConnection#assumed} is set and the use
 * of markers and CRC is inferred from the octets). Other connections are ruled out after at most
 * {@link MpaStream#SEARCH_LIMIT} octets per direction and cost nothing more.
 *
 * <p>Events go to the {@link MpaListener} in stream order per direction; connection ids are
 * given in order of recognition and {@link MpaListener#connection} precedes every other event of
 * the connection. The {@link Fpdu} passed to the listener is reused for the next FPDU of its
 * direction: it and its ULPDU bytes are valid only during the call.
 */
public final class MpaDetector implements ConnectionListener {
    /** No frame: nothing is held back. */
    public static final long NONE = Long.MAX_VALUE;

    private final MpaListener listener;
    private int nextId = 1;
    /** For each frame that some streams hold back octets or an end of, how many streams do. */
    private final java.util.TreeMap<Long, int[]> held = new java.util.TreeMap<>();

    public MpaDetector(MpaListener listener) {
        this.listener = listener;
    }

    @Override
    public StreamHandler open(TcpConnection connection, Direction direction) {
        Session s = sessionOf(connection);
        return s.stream(direction);
    }

    private final java.util.Map<TcpConnection, Session> sessions = new java.util.IdentityHashMap<>();

    private Session sessionOf(TcpConnection connection) {
        Session s = sessions.get(connection);
        if (s == null) {
            s = new Session(connection);
            sessions.put(connection, s);
        }
        // Both directions are opened together at the connection's start; forget it afterwards.
        if (s.opened++ >= 1) {
            sessions.remove(connection);
        }
        return s;
    }

    /** The capture ended. */
    public void finish() {
        sessions.clear();
        held.clear();
        listener.end();
    }

    /**
     * The oldest frame for which events may still come, or {@link #NONE}: while a stream's
     * framing is being decided (a connection whose handshake was not captured, framing lost after
     * a gap) its octets are held and replayed later with the frames that delivered them, so the
     * events of a frame can come after later frames were processed. Events delivered from now on
     * name this frame or later ones, or the frame being processed, until {@link #finish}. Held
     * octets are bounded per stream ({@link MpaStream#SEARCH_LIMIT} while recognising,
     * {@link Pending#CAPACITY} in all), but not in time: a stream that stays undecided keeps this
     * frame where it is, so consumers bound what they keep on its account.
     */
    public long heldFrom() {
        return held.isEmpty() ? NONE : held.firstKey();
    }

    /** A stream now holds from frame {@code to} instead of {@code from} (either may be {@link #NONE}). */
    private void moveHeld(long from, long to) {
        if (from != NONE) {
            int[] c = held.get(from);
            if (c != null && --c[0] == 0) {
                held.remove(from);
            }
        }
        if (to != NONE) {
            held.computeIfAbsent(to, k -> new int[1])[0]++;
        }
    }

    /** Records what a Request or Reply negotiates. */
    static void applyHandshake(MpaConnection c, MpaHandshake h) {
        if (h.request()) {
            c.initiatorIrd = h.ird();
            c.initiatorOrd = h.ord();
        } else {
            c.responderIrd = h.ird();
            c.responderOrd = h.ord();
            c.revision = h.revision();
            c.rejected |= h.rejectFlag();
        }
        c.markers[h.direction().reverse().ordinal()] = h.markerFlag();
        c.crc |= h.crcFlag();
    }

    /** The state MPA keeps for one TCP connection. */
    final class Session {
        final TcpConnection tcp;
        MpaConnection connection;
        int opened;
        final MpaStream[] streams = new MpaStream[2];
        final MpaHandshake[] handshake = new MpaHandshake[2];
        /** A direction whose stream did not start with a Request/Reply frame. */
        final boolean[] noHandshake = new boolean[2];
        /** CRC use inferred on one direction, for the other. */
        Boolean crcDecided;
        /** Segments the snapshot length cut before MPA was recognised on the connection. */
        long snapshotCut;

        /** A segment of the connection was cut by the snapshot length. */
        void snapshotCut() {
            if (connection != null) {
                connection.snapshotCut++;
            } else {
                snapshotCut++;
            }
        }

        Session(TcpConnection tcp) {
            this.tcp = tcp;
            for (Direction d : Direction.values()) {
                streams[d.ordinal()] = new MpaStream(this, d, listener);
            }
        }

        MpaStream stream(Direction d) {
            return streams[d.ordinal()];
        }

        /** Whether the listener was told the connection is over ({@link #retired}). */
        boolean retired;

        /**
         * The TCP connection is over while the capture goes on (both streams have ended): tells the
         * listener once, after every event of the connection, if MPA was recognised on it.
         */
        void retired(long frame) {
            if (!retired) {
                retired = true;
                if (connection != null) {
                    listener.retired(connection, frame);
                }
            }
        }

        /** Brings the detector's account of what the two streams hold up to date. */
        void updateHeld() {
            for (MpaStream s : streams) {
                long h = s.heldFrame();
                if (h != s.held) {
                    moveHeld(s.held, h);
                    s.held = h;
                }
            }
        }

        MpaConnection recognise() {
            if (connection == null) {
                connection = new MpaConnection("c" + nextId++, tcp);
                connection.snapshotCut = snapshotCut;
                listener.connection(connection);
                for (MpaStream s : streams) {
                    s.revive();
                }
            }
            return connection;
        }
    }
}

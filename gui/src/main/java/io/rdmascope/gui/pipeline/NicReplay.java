package io.rdmascope.gui.pipeline;

import io.rdmascope.engine.EngineListener;
import io.rdmascope.engine.Judge;
import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.Violation;
import io.rdmascope.gui.model.NicState;
import io.rdmascope.model.NicModel;
import io.rdmascope.model.PoolView;
import io.rdmascope.model.StagView;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.rdma.RdmaEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The NIC state at a frame, which the load does not record: the capture runs through a fresh
 * engine again, up to that frame, and the engine's own model ({@link NicModel#stagTable}, {@link
 * NicModel#pools}) is copied. Analysing costs about a microsecond per frame, so this is immediate
 * for ordinary captures and about a second at frame one million, without any memory held per
 * frame; the last states asked for are cached. Callers run it off the application thread.
 */
final class NicReplay {
    private static final int NIC_CACHE = 16;

    private final Path file;
    private final NicSettings settings;
    private final Map<Long, NicState> cache = new RecentCache<>(NIC_CACHE);

    NicReplay(Path file, NicSettings settings) {
        this.file = file;
        this.settings = settings;
    }

    /**
     * Runs the capture through a fresh engine up to {@code frame} (its events included, nothing
     * after it: not even what the end of the capture would flush) and copies the engine's model.
     */
    NicState at(long frame) {
        synchronized (cache) {
            NicState cached = cache.get(frame);
            if (cached != null) {
                return cached;
            }
        }
        Judge judge = Judge.of(settings, new EngineListener() {
            @Override
            public void violation(Violation v) {}

            @Override
            public void transaction(Transaction t) {}
        });
        UpTo upTo = new UpTo(judge.input(), frame);
        try {
            if (!upTo.done) {
                Dissection.run(file, null, upTo, null, () -> upTo.done);
            }
        } catch (IOException | RuntimeException e) {
            // the state up to where reading stopped is still the state to show
        }
        NicState state = state(frame, judge.engine().model());
        synchronized (cache) {
            cache.put(frame, state);
        }
        return state;
    }

    /** Hands events on (iWARP and RoCE alike) until the end of a frame; nothing after it. */
    private static final class UpTo implements PduListener {
        private final PduListener engine;
        private final long last;
        boolean done;

        UpTo(PduListener engine, long last) {
            this.engine = engine;
            this.last = last;
            this.done = last < 1;
        }

        @Override
        public void connection(MpaConnection c) {
            if (!done) {
                engine.connection(c);
            }
        }

        @Override
        public void handshake(MpaConnection c, MpaHandshake h) {
            if (!done) {
                engine.handshake(c, h);
            }
        }

        @Override
        public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
            if (!done) {
                engine.pdu(c, f, s);
            }
        }

        @Override
        public void issue(MpaConnection c, StreamIssue i) {
            if (!done) {
                engine.issue(c, i);
            }
        }

        @Override
        public void rdmaConnection(RdmaConnection c) {
            if (!done) {
                engine.rdmaConnection(c);
            }
        }

        @Override
        public void rdma(RdmaConnection c, RdmaEvent e) {
            if (!done) {
                engine.rdma(c, e);
            }
        }

        @Override
        public void watermark(long f) {
            if (!done) {
                engine.watermark(f);
            }
        }

        @Override
        public void frameDone(long f, long ts) {
            if (!done) {
                engine.frameDone(f, ts);
                done = f >= last;
            }
        }
    }

    private static NicState state(long frame, NicModel model) {
        List<NicState.EndpointState> endpoints = new ArrayList<>();
        for (String address : model.endpoints()) {
            List<NicState.StagEntry> stags = new ArrayList<>();
            for (StagView v : model.stagTable(address)) {
                NicState.StagState st = v.rejected() ? NicState.StagState.REJECTED
                        : v.valid() ? NicState.StagState.VALID : NicState.StagState.INVALIDATED;
                stags.add(new NicState.StagEntry(address, v.stag(), v.to(), v.length(), v.access(), st, v.connection(),
                        v.advertisedFrame(), v.invalidatedFrame(), v.transaction()));
            }
            List<NicState.PoolEntry> pools = new ArrayList<>();
            for (PoolView p : model.pools(address)) {
                pools.add(new NicState.PoolEntry(address, p.connection(), p.allocated(), p.buffersPerQp(), p.write(),
                        p.read(), p.maxPerOperation()));
            }
            endpoints.add(new NicState.EndpointState(address, stags, pools));
        }
        return new NicState(frame, endpoints);
    }
}

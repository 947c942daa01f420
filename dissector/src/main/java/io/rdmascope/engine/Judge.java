package io.rdmascope.engine;

import io.rdmascope.ddp.MessageAssembly;
import io.rdmascope.pdu.FrameOrder;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.Ulps;
import java.util.List;

/**
 * The judge of a run, built in one place for every front end (the command line's {@link
 * io.rdmascope.pipeline.Analyzer}, the desktop's replay of the NIC state, the benchmarks): the
 * decoding stages' events put back in frame order ({@link FrameOrder}), each DDP segment placed in
 * its message ({@link MessageAssembly}), then judged by the {@link Engine}, which reports to its
 * {@link EngineListener}. Transport-neutral events (RoCE, InfiniBand) pass the first two stages
 * untouched.
 */
public final class Judge {
    private final Engine engine;
    private final PduListener input;

    private Judge(Engine engine) {
        this.engine = engine;
        this.input = new FrameOrder(new MessageAssembly(engine));
    }

    /** A judge decoding every upper-layer protocol ({@link Ulps#all()}). */
    public static Judge of(NicSettings settings, EngineListener listener) {
        return new Judge(new Engine(settings, listener));
    }

    /** A judge decoding these upper-layer protocols. */
    public static Judge of(NicSettings settings, EngineListener listener, List<Ulp> protocols) {
        return new Judge(new Engine(settings, listener, protocols));
    }

    /** Where the decoding stages' events go in. */
    public PduListener input() {
        return input;
    }

    /** The engine at the end of the chain (its NIC model, its open transactions). */
    public Engine engine() {
        return engine;
    }
}

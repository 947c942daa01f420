package io.rdmascope.spark;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.ForwardingCaptureReader;
import io.rdmascope.capture.Packet;
import io.rdmascope.engine.Engine;
import io.rdmascope.engine.Judge;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.Source;
import io.rdmascope.rdma.RdmaConnection;
import io.rdmascope.roce.QpConnection;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One analysis of a group of a split capture ({@link CaptureIndex.Group}): the source that reads
 * the group's byte ranges with the file's frame numbers, the engine that keeps the frame at which
 * each transaction got its id, and the listener that notes the frame at which each connection got
 * its; together, the {@link Renumbering.Keys} of the group.
 */
final class GroupRun {
    private final CaptureIndex.Group group;
    /** The file's frame number of the frame being read; {@link Long#MAX_VALUE} once all are read. */
    private long current;
    private Engine engine;
    private long[] connectionFrames = new long[16];
    private long[] connectionFirst = new long[16];
    private int connections;
    private final Map<String, String> queuePairs = new HashMap<>();

    GroupRun(CaptureIndex.Group group) {
        this.group = group;
    }

    /** The stages over the group's ranges of {@code file}. */
    Source source(FileSystem fs, Path file) {
        return (name, frames, pdus, progress, cancelled) -> {
            try (CaptureReader reader = new Numbered(Captures.open(Paths.get(name.toString()),
                    new RangeInput(fs.open(file), group.starts(), group.ends())), pdus)) {
                return Dissection.run(reader, frames, pdus, progress, cancelled);
            }
        };
    }

    /** The engine of {@link Analyzer.EngineFactory#ENGINE}, keeping the frames at which ids are given. */
    Analyzer.EngineFactory engines() {
        return (settings, listener) -> {
            Judge judge = Judge.of(settings, listener);
            judge.engine().keepCreationFrames();
            engine = judge.engine();
            return judge.input();
        };
    }

    /** Notes when each connection becomes known. */
    PduListener keys() {
        return new PduListener() {
            @Override
            public void connection(MpaConnection connection) {
                if (connections == connectionFrames.length) {
                    connectionFrames = Arrays.copyOf(connectionFrames, connections * 2);
                    connectionFirst = Arrays.copyOf(connectionFirst, connections * 2);
                }
                connectionFrames[connections] = current;
                connectionFirst[connections] = connection.tcp().firstFrame();
                connections++;
            }

            @Override
            public void rdmaConnection(RdmaConnection connection) {
                if (connection instanceof QpConnection q) {
                    int i = Arrays.binarySearch(group.queuePairs(), q.createdFrame);
                    if (i >= 0) {
                        queuePairs.put(q.id(), "q" + (i + 1));
                    }
                }
            }
        };
    }

    /** What the run tells the renumbering. */
    Renumbering.Keys result(String capture) {
        Map<String, long[]> created = new HashMap<>();
        if (engine != null) {
            for (TransactionKind k : TransactionKind.values()) {
                created.put(k.idPrefix, engine.creationFrames(k));
            }
        }
        return new Renumbering.Keys(capture, group.group(), Arrays.copyOf(connectionFrames, connections),
                Arrays.copyOf(connectionFirst, connections), created, queuePairs);
    }

    /**
     * The group's records with their frame numbers in the file; once they are read, the end of the
     * frames is told at the file's last frame, as the analysis of the whole file tells it.
     */
    private final class Numbered extends ForwardingCaptureReader {
        private final PduListener pdus;
        private int next;
        private boolean ended;

        Numbered(CaptureReader inner, PduListener pdus) {
            super(inner);
            this.pdus = pdus;
        }

        @Override
        public boolean next(Packet into) throws IOException {
            if (next < group.frames().length && inner.next(into)) {
                into.frame = group.frames()[next++];
                current = into.frame;
                return true;
            }
            if (!ended) {
                ended = true;
                long last = next == 0 ? 0 : group.frames()[next - 1];
                if (last < group.lastFrame() && pdus != null) {
                    pdus.frameDone(group.lastFrame(), group.lastTime());
                }
                current = Long.MAX_VALUE;
            }
            return false;
        }
    }
}

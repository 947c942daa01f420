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
import io.rdmascope.report.FrameRecord;
import io.rdmascope.report.FrameRows;
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
 * each transaction got its id, the listener that notes the frame at which each connection got
 * its, and the sink of the frames table that notes the first frame of each TCP stream; together,
 * the {@link Renumbering.Keys} of the group.
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
    /** The first frame of each of the group's TCP streams, by the group's {@code tcp.stream}. */
    private long[] streamFirst = new long[16];
    private int streams;
    /** No watermark told: nothing held back. */
    private static final long NO_MARK = Long.MAX_VALUE;
    /** The watermark told for the frame being read, and the one told for the last frame done. */
    private long mark = NO_MARK;
    private long lastMark = NO_MARK;
    /** Per transaction kind, how many ids were given while the frames were read (the rest at the end). */
    private final Map<String, Integer> givenWhileReading = new HashMap<>();

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

    /**
     * The sink of the group's frames table: hands on the rows of the group's frames and of its
     * end-of-capture records, noting the first frame of each TCP stream, and leaves out the record
     * of the file's last frame when that frame is not the group's (the group's run makes it only
     * by ending its frames there).
     */
    FrameRows.Sink frames(FrameRows.Sink rows) {
        long[] own = group.frames();
        boolean ownsLast = own.length > 0 && own[own.length - 1] == group.lastFrame();
        return row -> {
            FrameRecord r = row.record();
            if (!ownsLast && !r.endOfCapture && r.frame == group.lastFrame()) {
                return;
            }
            if (r.tcpStream >= 0) {
                stream((int) r.tcpStream, r.frame);
            }
            rows.row(row);
        };
    }

    private void stream(int index, long frame) {
        if (index >= streamFirst.length) {
            streamFirst = Arrays.copyOf(streamFirst, Math.max(index + 1, streamFirst.length * 2));
        }
        if (index >= streams) {
            Arrays.fill(streamFirst, streams, index + 1, Long.MAX_VALUE);
            streams = index + 1;
        }
        streamFirst[index] = Math.min(streamFirst[index], frame);
    }

    /** Notes when each connection becomes known, and the watermark told with each frame. */
    PduListener keys() {
        return new PduListener() {
            @Override
            public void watermark(long frame) {
                mark = frame;
            }

            @Override
            public void frameDone(long frame, long timestampNanos) {
                lastMark = mark;
                mark = NO_MARK;
            }

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
                Arrays.copyOf(connectionFirst, connections), created, givenWhileReading, queuePairs,
                Arrays.copyOf(streamFirst, streams));
    }

    /**
     * The group's records with their frame numbers in the file; once they are read, the end of the
     * frames is told at the file's last frame, as the analysis of the whole file tells it: with the
     * watermark of the group's last frame, since the stages still hold back what they held then.
     * The transaction ids given until then are noted: those given later, from what the stages
     * flush at the end of the capture, come after every id of the file.
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
                    if (lastMark != NO_MARK) {
                        pdus.watermark(lastMark);
                    }
                    pdus.frameDone(group.lastFrame(), group.lastTime());
                }
                current = Long.MAX_VALUE;
                if (engine != null) {
                    for (TransactionKind k : TransactionKind.values()) {
                        givenWhileReading.put(k.idPrefix, engine.creationFrames(k).length);
                    }
                }
            }
            return false;
        }
    }
}

package io.rdmascope.robust;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.engine.NicSettings;
import io.rdmascope.engine.Transaction;
import io.rdmascope.engine.TransactionKind;
import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Analyzer;
import io.rdmascope.pipeline.Dissection;
import io.rdmascope.pipeline.FileAnalysis;
import io.rdmascope.pipeline.Source;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection whose handshake was not captured is framed only once later octets prove its
 * FPDUs; when that takes more frames than any bounded memory of recent frame times holds, its
 * transactions still carry the times of their own frames, which their events bring along.
 */
class LateDecisionTimesTest {
    /** Frames between the first FPDU and the decision: more than 2^14, beyond a bounded memory of recent frame times. */
    static final int FILLER = 20_000;
    static final int READ_REQUEST_FRAME = 2;

    @TempDir
    Path dir;

    /** Capture time of frame {@code n} as {@link Wire.Pcap} writes it: n - 1 seconds and (n - 1) * 10 microseconds. */
    static long timeOf(long n) {
        return (n - 1) * 1_000_000_000L + (n - 1) * 10_000L;
    }

    /**
     * Frame 1 and frames 3.. are pure ACKs of another connection; frame 2 a Read Request on a
     * connection without handshakes, which stays undecided until frame {@code FILLER + 3} brings
     * two Sends after it; the Read Response comes in the frame after.
     */
    Path capture() throws Exception {
        Wire.Tcp rdma = new Wire.Tcp();
        Wire.Tcp other = new Wire.Tcp(0x0a000003, 0x0a000004, 50000, 80);
        Wire.Pcap p = new Wire.Pcap();
        p.record(other.data(true, new byte[0]));
        ByteBuffer rr = ByteBuffer.allocate(28);
        rr.putInt(0x100).putLong(0).putInt(64).putInt(0x200).putLong(0);
        p.record(rdma.data(true, Wire.fpdu(Wire.untagged(0x41, 1, 1, 1, 0, rr.array()))));
        for (int i = 0; i < FILLER; i++) {
            p.record(other.data(true, new byte[0]));
        }
        p.record(rdma.data(true, Wire.concat(Wire.fpdu(Wire.untagged(0x41, 3, 0, 1, 0, new byte[16])),
                Wire.fpdu(Wire.untagged(0x41, 3, 0, 2, 0, new byte[16])))));
        ByteBuffer response = ByteBuffer.allocate(14 + 64);
        response.put((byte) 0xC1).put((byte) 0x42).putInt(0x100).putLong(0).put(new byte[64]);
        p.record(rdma.data(false, Wire.concat(Wire.fpdu(response.array()),
                Wire.fpdu(Wire.untagged(0x41, 3, 0, 1, 0, new byte[16])),
                Wire.fpdu(Wire.untagged(0x41, 3, 0, 2, 0, new byte[16])))));
        return Files.write(dir.resolve("late.pcap"), p.bytes());
    }

    @Test
    void theFirstFpduIsDeliveredOnlyAfterMoreFramesThanARingOfRecentTimesHeld() throws Exception {
        List<String> order = new ArrayList<>();
        Dissection.run(capture(), null, new PduListener() {
            @Override
            public void pdu(MpaConnection c, Fpdu f, DdpSegment s) {
                order.add("pdu " + f.frame + " " + f.timeNanos);
            }

            @Override
            public void frameDone(long frame, long ts) {
                if (frame == READ_REQUEST_FRAME || frame == FILLER + 2) {
                    order.add("done " + frame);
                }
            }
        }, null, null);
        assertThat(order).containsSubsequence("done " + READ_REQUEST_FRAME, "done " + (FILLER + 2),
                "pdu " + READ_REQUEST_FRAME + " " + timeOf(READ_REQUEST_FRAME));
    }

    @Test
    void aReadOfAHeldBackStreamStartsAtItsOwnFramesTime() throws Exception {
        Path f = capture();
        for (Analyzer a : List.of(new Analyzer(NicSettings.DEFAULTS),
                new Analyzer(NicSettings.DEFAULTS, Source.PIPELINED, Analyzer.EngineFactory.ENGINE))) {
            try (FileAnalysis fa = a.analyze(f, "late.pcap")) {
                List<Transaction> reads = new ArrayList<>();
                for (Transaction t : fa.transactions()) {
                    if (t.kind == TransactionKind.READ) {
                        reads.add(t);
                    }
                }
                assertThat(reads).singleElement().satisfies(t -> {
                    assertThat(t.initiationFrame).isEqualTo(READ_REQUEST_FRAME);
                    assertThat(t.initiationTimeNanos).isEqualTo(timeOf(READ_REQUEST_FRAME));
                    assertThat(t.completionFrame).isEqualTo(FILLER + 4);
                    assertThat(t.completionTimeNanos).isEqualTo(timeOf(FILLER + 4));
                    assertThat(t.latencyNanos()).isEqualTo(timeOf(FILLER + 4) - timeOf(READ_REQUEST_FRAME));
                });
            }
        }
    }
}

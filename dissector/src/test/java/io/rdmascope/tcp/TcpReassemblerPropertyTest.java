package io.rdmascope.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.net.Endpoint;
import io.rdmascope.net.TcpSegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Whatever the segmentation, local reordering and duplication, the stream comes out unchanged. */
class TcpReassemblerPropertyTest {
    static final Endpoint A = new Endpoint("192.0.2.1", 1234);
    static final Endpoint B = new Endpoint("192.0.2.2", 80);

    @Property(tries = 300)
    void sameStreamWhateverTheArrivalOrder(@ForAll @IntRange(min = 1, max = 20000) int size,
                                           @ForAll @LongRange(min = 0, max = 0xffffffffL) long isn,
                                           @ForAll @IntRange(min = 1, max = 8) int window,
                                           @ForAll long seed) {
        Random random = new Random(seed);
        byte[] stream = new byte[size];
        random.nextBytes(stream);
        // random segmentation, with overlapping retransmissions carrying the same bytes
        List<int[]> segments = new ArrayList<>();
        int at = 0;
        while (at < size) {
            int len = Math.min(size - at, 1 + random.nextInt(1500));
            segments.add(new int[] {at, len});
            if (random.nextInt(5) == 0) {
                int start = Math.max(0, at - random.nextInt(700));
                segments.add(new int[] {start, Math.min(size - start, 1 + random.nextInt(2000))});
            }
            at += len;
        }
        // random permutation within a sliding window
        for (int i = 0; i < segments.size(); i++) {
            int j = Math.min(segments.size() - 1, i + random.nextInt(window));
            Collections.swap(segments, i, j);
        }
        Recorder rec = new Recorder();
        TcpReassembler tcp = new TcpReassembler(rec);
        TcpSegment s = new TcpSegment();
        long frame = 0;
        s.source = A;
        s.destination = B;
        s.frame = ++frame;
        s.seq = isn;
        s.flags = TcpSegment.SYN;
        s.data = stream;
        s.length = 0;
        tcp.segment(s);
        for (int[] seg : segments) {
            s.frame = ++frame;
            s.seq = (isn + 1 + seg[0]) & 0xffffffffL;
            s.flags = TcpSegment.ACK;
            s.offset = seg[0];
            s.length = seg[1];
            tcp.segment(s);
        }
        tcp.finish();
        Recorder.Stream out = rec.stream(1, Direction.FROM_INITIATOR);
        assertThat(out.events).noneMatch(e -> e.startsWith("gap"));
        assertThat(out.bytes.toByteArray()).isEqualTo(stream);
        assertThat(tcp.pendingOctets()).isZero();
    }

    @Property(tries = 200)
    void lostSegmentsBecomeGapsAndEverythingElseIsDeliveredInPlace(@ForAll @IntRange(min = 1, max = 20000) int size,
                                                                   @ForAll @LongRange(min = 0, max = 0xffffffffL) long isn,
                                                                   @ForAll @IntRange(min = 1, max = 6) int window,
                                                                   @ForAll boolean acks,
                                                                   @ForAll long seed) {
        Random random = new Random(seed);
        byte[] stream = new byte[size];
        random.nextBytes(stream);
        List<int[]> segments = new ArrayList<>();
        for (int at = 0; at < size; ) {
            int len = Math.min(size - at, 1 + random.nextInt(1500));
            if (random.nextInt(6) != 0) {
                segments.add(new int[] {at, len});
            }
            at += len;
        }
        for (int i = 0; i < segments.size(); i++) {
            Collections.swap(segments, i, Math.min(segments.size() - 1, i + random.nextInt(window)));
        }
        byte[] seen = new byte[size];
        boolean[] filled = new boolean[size];
        long[] expected = {0};
        StreamHandler handler = new StreamHandler() {
            @Override
            public void data(long frame, long timeNanos, long streamOffset, byte[] buf, int off, int len) {
                assertThat(streamOffset).isEqualTo(expected[0]);
                System.arraycopy(buf, off, seen, (int) streamOffset, len);
                for (int k = 0; k < len; k++) {
                    filled[(int) streamOffset + k] = true;
                }
                expected[0] += len;
            }

            @Override
            public void gap(long frame, long timeNanos, long streamOffset, long length) {
                assertThat(streamOffset).isEqualTo(expected[0]);
                assertThat(length).isPositive();
                expected[0] += length;
            }

            @Override
            public void end(long frame, long timeNanos, boolean reset) {}
        };
        TcpReassembler tcp = new TcpReassembler((c, d) -> d == Direction.FROM_INITIATOR ? handler : null);
        TcpSegment s = new TcpSegment();
        long frame = 0;
        s.frame = ++frame;
        s.source = A;
        s.destination = B;
        s.seq = isn;
        s.flags = TcpSegment.SYN;
        s.data = stream;
        tcp.segment(s);
        int highest = 0;
        for (int[] seg : segments) {
            s.frame = ++frame;
            s.source = A;
            s.destination = B;
            s.seq = (isn + 1 + seg[0]) & 0xffffffffL;
            s.flags = TcpSegment.ACK;
            s.offset = seg[0];
            s.length = seg[1];
            tcp.segment(s);
            highest = Math.max(highest, seg[0] + seg[1]);
            if (acks && random.nextInt(4) == 0) {
                // the receiver acknowledges everything sent so far, captured or not
                s.frame = ++frame;
                s.source = B;
                s.destination = A;
                s.seq = 1;
                s.ack = (isn + 1 + highest) & 0xffffffffL;
                s.length = 0;
                tcp.segment(s);
            }
        }
        tcp.finish();
        for (int[] seg : segments) {
            for (int k = seg[0]; k < seg[0] + seg[1]; k++) {
                if (!acks) {
                    assertThat(filled[k]).as("octet %d delivered", k).isTrue();
                }
            }
        }
        for (int k = 0; k < size; k++) {
            if (filled[k]) {
                assertThat(seen[k]).isEqualTo(stream[k]);
            }
        }
        assertThat(expected[0]).isLessThanOrEqualTo(size);
        assertThat(tcp.pendingOctets()).isZero();
    }
}

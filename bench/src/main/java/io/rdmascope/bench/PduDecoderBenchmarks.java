package io.rdmascope.bench;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.PduDecoder;
import io.rdmascope.pdu.PduListener;
import io.rdmascope.pipeline.Dissection;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link PduDecoder#decode} on single ULPDUs taken from the bulk capture: a tagged RDMA Write
 * segment of 1400 payload octets, the untagged one-shot advertisement (Send with SV and AB) and the
 * Send with Invalidate completion. All three are read in place through the fixed-layout readers
 * generated from the specs; {@code taggedWriteWithParser} decodes the tagged one with the
 * Kaitai-generated parsers instead.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PduDecoderBenchmarks {
    private byte[] tagged;
    private byte[] advertise;
    private byte[] completion;

    @Setup
    public void setup() throws IOException {
        byte[][] found = new byte[3][];
        Dissection.run(Inputs.bulk(), null, new PduListener() {
            @Override
            public void pdu(MpaConnection connection, Fpdu fpdu, DdpSegment s) {
                int slot = s.tagged ? 0 : s.advertised != null ? 1 : 2;
                if (found[slot] == null) {
                    found[slot] = Arrays.copyOfRange(fpdu.buf, fpdu.ulpduOffset, fpdu.ulpduOffset + fpdu.ulpduAvailable);
                }
            }
        }, null, () -> found[0] != null && found[1] != null && found[2] != null);
        tagged = found[0];
        advertise = found[1];
        completion = found[2];
    }

    @Benchmark
    public DdpSegment taggedWrite() {
        return PduDecoder.decode(tagged, 0, tagged.length);
    }

    private final PduDecoder decoder = new PduDecoder();

    @Benchmark
    public DdpSegment taggedWriteWithParser() {
        return decoder.readWithParser(tagged, 0, tagged.length);
    }

    @Benchmark
    public DdpSegment oneShotAdvertise() {
        return PduDecoder.decode(advertise, 0, advertise.length);
    }

    @Benchmark
    public DdpSegment sendWithInvalidate() {
        return PduDecoder.decode(completion, 0, completion.length);
    }
}

package io.rdmascope.ulp.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Whatever the octets, the decoder says what it found without failing: no message comes back as
 * "could not be decoded" (a defect), and a message that is recognized is a call, a reply or
 * RDMA_DONE.
 */
class RpcRdmaPropertyTest {
    static final RpcRdma RPC = new RpcRdma();

    /** A well-formed call with every kind of chunk and operations with nested arguments. */
    static byte[] call() {
        Xdr channel = new Xdr().u32(0).u32(4096).u32(4096).u32(4096).u32(8).u32(16).u32(1).u32(4);
        return Xdr.header(7, Xdr.RDMA_MSG).readSegment(200, 1, 100, 0x1000).end().u32(1).chunk(2, 4096, 0x2000).end()
                .u32(1).chunk(3, 4096, 0x3000).call(7, Xdr.NFS, 4, 1).compound(1, 6).sequence().putfh()
                .u32(18).u32(0).u32(1).u32(0).u64(7).string("owner").u32(1).u32(3).fixed(8).u32(1).u32(1).opaque(new byte[12])
                .u32(0).string("file")
                .u32(43).u64(1).u32(1).u32(3).append(channel).append(channel).u32(0x40000000).u32(1).u32(1)
                .u32(0).string("host").u32(0).u32(0).u32(0)
                .write(new byte[7], true).getattr().bytes();
    }

    @Example
    void theCallThatIsMutatedIsWellFormed() {
        UlpMessage m = RPC.decoder().send(UlpInput.send(call(), 0, call().length, call().length, true, 3, 0));
        assertThat(m.fields.get("procedure")).isEqualTo("NFSv4.1 COMPOUND: SEQUENCE PUTFH OPEN CREATE_SESSION WRITE GETATTR");
        assertThat(m.problems).isEmpty();
        assertThat(m.advertisements).hasSize(3);
    }

    @Property(tries = 2000)
    void anyMutationOfAWellFormedCallIsDecodedWithoutADefect(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int flips,
                                                             @ForAll @IntRange(min = 0, max = 400) int cut) {
        Random random = new Random(seed);
        byte[] b = call();
        for (int i = 0; i < flips; i++) {
            b[random.nextInt(b.length)] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : random.nextInt(3));
        }
        check(Arrays.copyOf(b, Math.max(0, b.length - cut)), random.nextBoolean());
    }

    @Property(tries = 1000)
    void anyOctetsAreDecodedWithoutADefect(@ForAll @Size(max = 300) byte[] b, @ForAll boolean fromInitiator) {
        check(b, fromInitiator);
    }

    static void check(byte[] b, boolean fromInitiator) {
        UlpInput in = UlpInput.send(b, 0, b.length, b.length + (fromInitiator ? 0 : 100), fromInitiator, 3, 0);
        Ulp.Decoder decoder = RPC.decoder();
        UlpMessage m = decoder.send(in);
        assertThat(m).isNotNull();
        assertThat(m.summary).isNotNull();
        assertThat(m.problems).noneMatch(p -> p.contains("could not be decoded"));
        if (RPC.recognizes(in)) {
            assertThat(m.role != UlpMessage.Role.NONE || m.summary.startsWith("RDMA_DONE")).as(m.summary).isTrue();
        }
        assertThat(decoder.privateData(b, 0, b.length, fromInitiator) == null)
                .isEqualTo(!RPC.recognizesPrivateData(b, 0, b.length, fromInitiator));
    }
}

package io.rdmascope.roce;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.capture.CaptureReader;
import io.rdmascope.capture.Captures;
import io.rdmascope.capture.Packet;
import io.rdmascope.ksy.Infiniband;
import io.rdmascope.net.IbFrame;
import io.rdmascope.net.PacketDecoder;
import io.rdmascope.net.TcpSegment;
import io.rdmascope.pdu.SegmentStream;
import io.rdmascope.testing.RealCaptures;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The in-place reading of RC packets gives what the parser gives, field by field. */
class InPlaceTest {
    /** Every field the two readings fill, compared. */
    static void assertSame(byte[] b, int at, int n, String where) {
        IbPacket fast = new IbPacket();
        if (!InPlace.read(b, at, n, fast)) {
            return;
        }
        IbPacket parsed = new IbPacket();
        IbDecoder.read(new Infiniband(new SegmentStream().reset(b, at, n)), parsed);
        for (Field f : IbPacket.class.getFields()) {
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            try {
                assertThat(f.get(fast)).as("%s of %s", f.getName(), where).isEqualTo(f.get(parsed));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void everyPacketOfTheRoceCaptures() throws Exception {
        Path dir = RealCaptures.dir().resolve("rxe");
        if (!Files.isDirectory(dir)) {
            return;
        }
        int read = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path capture : files.filter(p -> p.toString().endsWith(".pcap")).toList()) {
                try (CaptureReader r = Captures.open(capture)) {
                    PacketDecoder d = new PacketDecoder();
                    IbFrame ib = new IbFrame();
                    Packet p = new Packet();
                    TcpSegment s = new TcpSegment();
                    while (r.next(p)) {
                        if (d.decode(p, s, ib) == PacketDecoder.IB) {
                            int n = Math.min(ib.end, ib.captured) - ib.transportOffset;
                            assertSame(ib.data, ib.transportOffset, n, capture.getFileName() + " frame " + p.frame);
                            read++;
                        }
                    }
                }
            }
        }
        assertThat(read).isGreaterThan(10_000);
    }

    @Test
    void everyRcOpcodeAtEveryShortLengthAndRandomOctets() {
        Random random = new Random(11);
        for (int opcode = 0; opcode < 32; opcode++) {
            for (int n = 12; n <= 48; n++) {
                for (int pad = 0; pad < 4; pad++) {
                    byte[] b = new byte[n];
                    random.nextBytes(b);
                    b[0] = (byte) opcode;
                    b[1] = (byte) ((b[1] & 0xcf) | pad << 4);
                    assertSame(b, 0, n, "opcode " + opcode + ", " + n + " octets, pad " + pad);
                }
            }
        }
    }
}

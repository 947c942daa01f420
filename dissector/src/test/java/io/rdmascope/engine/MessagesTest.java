package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.AB;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** iWARP's whole Sends reach the upper-layer protocols through the rules both transports share. */
class MessagesTest {
    /** Records what each Send it is shown says of itself, and claims none. */
    static final class Probe implements Ulp {
        final List<String> seen = new ArrayList<>();

        @Override
        public String name() {
            return "probe";
        }

        @Override
        public boolean recognizes(UlpInput in) {
            seen.add(in.opcode() + " " + Long.toHexString(in.invalidateStag()) + " " + in.messageLength());
            return false;
        }

        @Override
        public Decoder decoder() {
            return in -> null;
        }
    }

    private static DdpSegment send(Opcode op, long msn, long invalidateStag) {
        DdpSegment s = Wire.untagged(op, 0, msn, 0, true, 4);
        s.payload = new byte[] {1, 2, 3, 4};
        s.invalidateStag = invalidateStag;
        return s;
    }

    @Test
    void aSendTellsTheUpperLayerItsOperationAndTheStagItInvalidates() {
        Probe probe = new Probe();
        Wire w = new Wire(NicSettings.DEFAULTS, false, List.of(probe));
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, send(Opcode.SEND, 1, 0));
        w.pdu(2, c, AB, send(Opcode.SEND_WITH_SE, 2, 0));
        w.pdu(3, c, AB, send(Opcode.SEND_WITH_INVALIDATE, 3, 0x1234));
        w.pdu(4, c, AB, send(Opcode.SEND_WITH_SE_AND_INVALIDATE, 4, 0x5678));
        w.end();
        assertThat(probe.seen).containsExactly(
                Opcode.SEND.code + " 0 4",
                Opcode.SEND_WITH_SE.code + " 0 4",
                Opcode.SEND_WITH_INVALIDATE.code + " 1234 4",
                Opcode.SEND_WITH_SE_AND_INVALIDATE.code + " 5678 4");
    }
}

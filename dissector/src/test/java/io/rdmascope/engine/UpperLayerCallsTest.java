package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.A;
import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Upper-layer calls are paired with their replies per direction: each side numbers its own calls. */
class UpperLayerCallsTest {
    private static final Endpoint NFS_SERVER = new Endpoint("10.0.0.2", 20049);

    /** An RPC-over-RDMA v1 RDMA_MSG (no chunks) carrying an RPC call or an accepted, successful reply. */
    private static byte[] rpc(int xid, boolean call, int program) {
        ByteBuffer b = ByteBuffer.allocate(128);
        b.putInt(xid).putInt(1).putInt(32).putInt(0); // xid, version 1, credits, RDMA_MSG
        b.putInt(0).putInt(0).putInt(0); // no read list, no write list, no reply chunk
        b.putInt(xid).putInt(call ? 0 : 1);
        if (call) {
            b.putInt(2).putInt(program).putInt(1).putInt(0); // RPC version 2, program, version 1, NULL
            b.putInt(0).putInt(0).putInt(0).putInt(0); // AUTH_NONE credential and verifier
        } else {
            b.putInt(0).putInt(0).putInt(0).putInt(0); // accepted, AUTH_NONE verifier, SUCCESS
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    private static DdpSegment send(long msn, byte[] payload) {
        DdpSegment s = Wire.send(msn, payload.length);
        s.payload = payload;
        return s;
    }

    @Test
    void aCallbackWithTheXidOfAnOpenForwardCallLeavesThatCallOpen() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1", A, NFS_SERVER, 1);
        w.pdu(1, c, AB, send(1, rpc(0x77, true, 100003)));
        // the server's backchannel numbers its calls on its own: the same XID, another call
        w.pdu(2, c, BA, send(1, rpc(0x77, true, 0x40000000)));
        w.pdu(3, c, AB, send(2, rpc(0x77, false, 0)));
        w.pdu(4, c, BA, send(2, rpc(0x77, false, 0)));
        w.judge.end();
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.RPC)
                .extracting(t -> t.status).containsExactly(TransactionStatus.COMPLETE, TransactionStatus.COMPLETE);
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.RPC)
                .extracting(t -> t.completionFrame).containsExactlyInAnyOrder(3L, 4L);
    }
}

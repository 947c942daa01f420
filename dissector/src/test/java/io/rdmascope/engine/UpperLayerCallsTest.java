package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.A;
import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.ulp.smb.SmbMessages;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Upper-layer calls are paired with their replies per direction: each side numbers its own calls. */
class UpperLayerCallsTest {
    private static final Endpoint NFS_SERVER = new Endpoint("10.0.0.2", 20049);
    private static final Endpoint NVME_TARGET = new Endpoint("10.0.0.2", 4420);
    private static final Endpoint SMB_SERVER = new Endpoint("10.0.0.2", 5445);
    /** The key a host gives every command when it does not register each one (nvme-rdma register_always=N). */
    private static final long GLOBAL_KEY = 0xABCDL;

    /** An NVMe/RDMA command capsule (little-endian) whose data is one keyed SGL data block. */
    private static byte[] nvmeRead(int cid, long address, int length, long key) {
        return nvmeRead(cid, address, length, key, false);
    }

    /** @param invalidate the descriptor asks the target to invalidate the key with its response (subtype 0xF) */
    private static byte[] nvmeRead(int cid, long address, int length, long key, boolean invalidate) {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0x02).put((byte) 0x40).putShort((short) cid).putInt(1); // Read, PSDT 01b, CID, NSID 1
        b.position(24);
        b.putLong(address).putShort((short) length).put((byte) (length >> 16)).putInt((int) key)
                .put((byte) (invalidate ? 0x4F : 0x40));
        return b.array();
    }

    /** An NVMe/RDMA response capsule: success for the command {@code cid}. */
    private static byte[] nvmeResponse(int cid) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0).putInt(0).putShort((short) 1).putShort((short) 1).putShort((short) cid).putShort((short) 0);
        return b.array();
    }

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

    /** Empty Sends (keep-alives, ready-to-receive messages) tell no protocol apart and use up none of the tries. */
    @Test
    void emptySendsBeforeTheFirstCallDoNotStopRecognition() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1", A, Wire.B, 1);
        long frame = 1;
        for (int i = 1; i <= 2 * UpperLayer.RECOGNITION_TRIES; i++) {
            w.pdu(frame++, c, AB, Wire.send(i, 0));
        }
        long msn = 2L * UpperLayer.RECOGNITION_TRIES + 1;
        w.pdu(frame++, c, AB, send(msn, rpc(0x42, true, 100003)));
        w.pdu(frame, c, BA, send(1, rpc(0x42, false, 0)));
        w.judge.end();
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("rpc"))
                .extracting(t -> t.status).containsExactly(TransactionStatus.COMPLETE);
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
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("rpc"))
                .extracting(t -> t.status).containsExactly(TransactionStatus.COMPLETE, TransactionStatus.COMPLETE);
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("rpc"))
                .extracting(t -> t.completionFrame).containsExactlyInAnyOrder(3L, 4L);
    }

    /**
     * A host that gives every command the same key (one registration of all its memory) advertises
     * one STag for several calls at once: each call's region stays usable until that call ends,
     * whatever the order of the target's writes and responses.
     */
    @Test
    void concurrentCallsAdvertisingOneStagEachKeepTheirRegion() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1", A, NVME_TARGET, 1);
        w.pdu(1, c, AB, send(1, nvmeRead(1, 0x10000000L, 4096, GLOBAL_KEY)));
        w.pdu(2, c, AB, send(2, nvmeRead(2, 0x20000000L, 4096, GLOBAL_KEY)));
        w.pdu(3, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L, 4096, true));
        w.pdu(4, c, BA, Wire.write(GLOBAL_KEY, 0x20000000L, 4096, true));
        w.pdu(5, c, BA, send(1, nvmeResponse(2)));
        w.pdu(6, c, AB, send(3, nvmeRead(3, 0x30000000L, 4096, GLOBAL_KEY)));
        w.pdu(7, c, BA, Wire.write(GLOBAL_KEY, 0x30000000L, 4096, true));
        w.pdu(8, c, BA, send(2, nvmeResponse(3)));
        // the first call's region outlives the later calls that ended
        w.pdu(9, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L + 4096 - 512, 512, true));
        w.pdu(10, c, BA, send(3, nvmeResponse(1)));
        // its call ended: the region went with it
        w.pdu(11, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L, 512, true));
        w.judge.end();

        assertThat(w.violations).extracting(v -> v.code() + "@" + v.frame())
                .containsExactly(ViolationCode.STAG_INVALIDATED + "@11");
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.WRITE)
                .extracting(t -> t.advertisedFrame).containsExactly(1L, 2L, 6L, 1L, 6L);
        // each call: its 64-octet command, the data written into its own region, its 16-octet response
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("nvme"))
                .extracting(t -> t.completionFrame + ":" + t.bytes)
                .containsExactlyInAnyOrder("5:" + (64 + 4096 + 16), "8:" + (64 + 4096 + 16),
                        "10:" + (64 + 4096 + 512 + 16));
    }

    /** A Send with Invalidate names the registration: every region advertised with its STag goes. */
    @Test
    void remoteInvalidationOfASharedStagEndsEveryRegionOfIt() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1", A, NVME_TARGET, 1);
        w.pdu(1, c, AB, send(1, nvmeRead(1, 0x10000000L, 4096, GLOBAL_KEY, true)));
        w.pdu(2, c, AB, send(2, nvmeRead(2, 0x20000000L, 4096, GLOBAL_KEY, true)));
        DdpSegment invalidating = Wire.sendWithInvalidate(1, GLOBAL_KEY);
        invalidating.payload = nvmeResponse(2);
        invalidating.payloadLength = invalidating.payload.length;
        w.pdu(3, c, BA, invalidating);
        w.pdu(4, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L, 4096, true));
        w.judge.end();
        assertThat(w.violations).extracting(v -> v.code() + "@" + v.frame())
                .containsExactly(ViolationCode.STAG_INVALIDATED + "@4");
    }

    /** Regions kept for one STag are bounded: the oldest go first. */
    @Test
    void regionsSharingOneStagAreBounded() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1", A, NVME_TARGET, 1);
        int calls = io.rdmascope.model.Nic.MAX_SHARING + 44;
        for (int i = 0; i < calls; i++) {
            w.pdu(1 + i, c, AB, send(1 + i, nvmeRead(1 + i, 0x10000000L * (i + 1), 4096, GLOBAL_KEY)));
        }
        long f = 1 + calls;
        w.pdu(f, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L * calls, 4096, true));
        w.pdu(f + 1, c, BA, Wire.write(GLOBAL_KEY, 0x10000000L, 4096, true));
        w.judge.end();
        assertThat(w.violations).extracting(v -> v.code() + "@" + v.frame())
                .containsExactly(ViolationCode.STAG_BOUNDS + "@" + (f + 1));
    }

    /** An SMB Direct connection whose client sent, in frame 1, CREATE, READ and CLOSE compounded (MessageIds 20-22). */
    private static MpaConnection compoundSent(Wire w) {
        MpaConnection c = w.connection("c1", A, SMB_SERVER, 1);
        long[] buffer = {0x7f0000001000L, 0xabcd0001L, 65536};
        w.pdu(1, c, AB, send(1, SmbMessages.transfer(SmbMessages.createReadClose(20, buffer), 0)));
        return c;
    }

    /**
     * An SMB2 compound (CREATE, READ, CLOSE) answered by three responses: the call ends with the
     * last of them, so the server's RDMA Write of the READ's data after the CREATE's response still
     * lands in an advertised region.
     */
    @Test
    void aCompoundAnsweredInPartsEndsWithItsLastResponse() {
        Wire w = new Wire();
        MpaConnection c = compoundSent(w);
        w.pdu(2, c, BA, send(1, SmbMessages.transfer(SmbMessages.response(SmbMessages.CREATE, 20), 0)));
        w.pdu(3, c, BA, Wire.write(0xabcd0001L, 0x7f0000001000L, 65536, true));
        w.pdu(4, c, BA, send(2, SmbMessages.transfer(SmbMessages.response(SmbMessages.READ, 21), 0)));
        w.pdu(5, c, BA, send(3, SmbMessages.transfer(SmbMessages.response(SmbMessages.CLOSE, 22), 0)));
        w.judge.end();

        assertThat(w.violations).isEmpty();
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("smb")).singleElement().satisfies(t -> {
            assertThat(t.status).isEqualTo(TransactionStatus.COMPLETE);
            assertThat(t.completionFrame).isEqualTo(5L);
            assertThat(t.operations).hasSize(5);
        });
    }

    /** A compound answered by one compounded response ends at once. */
    @Test
    void aCompoundAnsweredByOneCompoundEndsWithIt() {
        Wire w = new Wire();
        MpaConnection c = compoundSent(w);
        w.pdu(2, c, BA, Wire.write(0xabcd0001L, 0x7f0000001000L, 65536, true));
        byte[] first = SmbMessages.header(SmbMessages.CREATE, 1, 20, 0, 80, 80).array();
        byte[] second = SmbMessages.header(SmbMessages.READ, 1, 21, 0, 80, 80).array();
        byte[] third = SmbMessages.response(SmbMessages.CLOSE, 22);
        byte[] all = new byte[240];
        System.arraycopy(first, 0, all, 0, 80);
        System.arraycopy(second, 0, all, 80, 80);
        System.arraycopy(third, 0, all, 160, 80);
        w.pdu(3, c, BA, send(1, SmbMessages.transfer(all, 0)));
        w.pdu(4, c, BA, Wire.write(0xabcd0001L, 0x7f0000001000L, 4096, true));
        w.judge.end();

        assertThat(w.violations).extracting(v -> v.code() + "@" + v.frame())
                .containsExactly(ViolationCode.STAG_INVALIDATED + "@4");
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.of("smb")).singleElement()
                .satisfies(t -> assertThat(t.completionFrame).isEqualTo(3L));
    }
}

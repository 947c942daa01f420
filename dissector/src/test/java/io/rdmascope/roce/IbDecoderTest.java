package io.rdmascope.roce;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.net.IbFrame;
import io.rdmascope.synth.wire.CmMads;
import io.rdmascope.synth.wire.RocePath;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** What the decoder reads of a packet the capture did not keep whole. */
class IbDecoderTest {
    private static final int BTH = 14 + 20 + 8;

    /** An RDMA Write First of 1024 payload octets, as a RoCEv2 frame (ICRC left zero). */
    private static byte[] writeFirst() {
        ByteBuffer b = ByteBuffer.allocate(BTH + 12 + 16 + 1024 + 4);
        b.position(BTH);
        b.put((byte) Opcodes.WRITE_FIRST).put((byte) 0).putShort((short) 0xffff).putInt(0x11).putInt(1000);
        b.putLong(0x7000L).putInt(0x339).putInt(4096);
        for (int i = 0; i < 1024; i++) {
            b.put((byte) i);
        }
        return b.array();
    }

    private static IbFrame frame(byte[] data, int captured, boolean snapped) {
        IbFrame f = new IbFrame();
        f.encapsulation = IbFrame.Encapsulation.ROCE_V2_IPV4;
        f.data = data;
        f.networkOffset = 14;
        f.transportOffset = BTH;
        f.end = data.length;
        f.captured = captured;
        f.snapped = snapped;
        f.source = "10.0.0.1";
        f.destination = "10.0.0.2";
        return f;
    }

    @Test
    void aPacketTheSnapshotLengthCutIsReadFromItsHeadersAndItsLengthFields() {
        byte[] d = writeFirst();
        IbPacket p = new IbDecoder().decode(frame(d, BTH + 28 + 10, true));
        assertThat(p.malformed).isNull();
        assertThat(p.snapped).isTrue();
        assertThat(p.opcode).isEqualTo(Opcodes.WRITE_FIRST);
        assertThat(p.psn).isEqualTo(1000);
        assertThat(p.rKey).isEqualTo(0x339);
        assertThat(p.dmaLength).isEqualTo(4096);
        assertThat(p.payloadLength).isEqualTo(1024);
        // the ICRC was not captured: not checked
        assertThat(p.icrc).isEqualTo(-1);
        assertThat(p.icrcBad()).isFalse();
        // the payload octets kept are the head the upper-layer decoders get
        assertThat(p.head).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void aCutInsideTheHeadersKeepsWhatWasReadAndLeavesThePayloadUnknown() {
        IbPacket p = new IbDecoder().decode(frame(writeFirst(), BTH + 20, true));
        assertThat(p.malformed).isNull();
        assertThat(p.snapped).isTrue();
        assertThat(p.psn).isEqualTo(1000);
        assertThat(p.payloadLength).isEqualTo(-1);
    }

    @Test
    void aPacketShorterThanItsLengthFieldsSayWithoutACutIsMalformed() {
        IbPacket p = new IbDecoder().decode(frame(writeFirst(), BTH + 28 + 10, false));
        assertThat(p.snapped).isFalse();
        assertThat(p.malformed).startsWith("the capture holds 38 of the packet's 1056 octets");
    }

    /** A MAD to QP1 in a UD Send Only with its DETH, as a RoCEv2 frame (ICRC left zero). */
    private static byte[] mad(byte[] mad) {
        ByteBuffer b = ByteBuffer.allocate(BTH + 12 + 8 + mad.length + 4);
        b.position(BTH);
        b.put((byte) 0x64).put((byte) 0).putShort((short) 0xffff).putInt(1).putInt(3);
        b.putInt(0x80010000).putInt(1);
        b.put(mad);
        return b.array();
    }

    @Test
    void aServiceIdResolutionExchangeIsReadWithRdmaCmsAddresses() {
        RocePath.Port active = new RocePath.Port(new byte[6], new byte[] {10, 0, 0, 1}, 0, 1);
        RocePath.Port passive = new RocePath.Port(new byte[6], new byte[] {10, 0, 0, 2}, 0, 1);
        byte[] req = mad(CmMads.sidrReq(5, 0x1234, active, passive, 40001, 7471));
        IbPacket p = new IbDecoder().decode(frame(req, req.length, false));
        assertThat(p.malformed).isNull();
        assertThat(p.cm.type).isEqualTo(CmMessage.Type.SIDR_REQ);
        assertThat(p.cm.localCommId).isEqualTo(0x1234);
        assertThat(p.cm.serviceId).isEqualTo(0x0000000001110000L | 7471);
        assertThat(p.cm.sourceIp).isEqualTo("10.0.0.1");
        assertThat(p.cm.sourcePort).isEqualTo(40001);
        assertThat(p.cm.destinationIp).isEqualTo("10.0.0.2");
        assertThat(p.cm.destinationPort).isEqualTo(7471);
        byte[] rep = mad(CmMads.sidrRep(5, 0x1234, 0, 0xabcd, 0x11111111L, 7471));
        IbPacket q = new IbDecoder().decode(frame(rep, rep.length, false));
        assertThat(q.cm.type).isEqualTo(CmMessage.Type.SIDR_REP);
        assertThat(q.cm.remoteCommId).isEqualTo(0x1234);
        assertThat(q.cm.reason).isZero();
        assertThat(q.cm.qpn).isEqualTo(0xabcd);
        assertThat(q.cm.qKey).isEqualTo(0x11111111L);
    }

    /**
     * A CM MAD the snapshot length cut anywhere gives only fields the whole MAD gives, with its
     * values; the more octets kept, the more fields; a message cut before the MAD header none.
     */
    @Test
    void aCutCmMadGivesOnlyTheFieldsItsCapturedOctetsHold() {
        CmMads.Request r = new CmMads.Request();
        r.commId = 0x1908e8edL;
        r.qpn = 0x11;
        r.startingPsn = 0x14af55;
        r.responderResources = 0x80;
        r.initiatorDepth = 0x80;
        r.pathMtu = 3;
        r.active = new RocePath.Port(new byte[6], new byte[] {10, 0, 0, 1}, 0, 1);
        r.passive = new RocePath.Port(new byte[6], new byte[] {10, 0, 0, 2}, 0, 1);
        r.activePort = 56465;
        r.passivePort = 4420;
        byte[][] mads = {mad(CmMads.req(7, r)), mad(CmMads.rep(8, 0x2a, 0x1908e8edL, 0x12, 0x3e0f1, 16, 16, 0, null)),
                mad(CmMads.dreq(9, 0x1908e8edL, 0x2a, 0x12))};
        int madAt = BTH + 12 + 8;
        for (byte[] whole : mads) {
            CmMessage all = new IbDecoder().decode(frame(whole, whole.length, false)).cm;
            int known = 0;
            for (int captured = madAt; captured < whole.length; captured++) {
                IbPacket p = new IbDecoder().decode(frame(whole, captured, true));
                assertThat(p.snapped).isTrue();
                if (captured - madAt < 24) {
                    assertThat(p.cm).as("cut at %d", captured).isNull();
                    continue;
                }
                CmMessage cut = p.cm;
                assertThat(cut.type).isEqualTo(all.type);
                long[] got = values(cut);
                long[] want = values(all);
                int n = 0;
                for (int k = 0; k < got.length; k++) {
                    if (got[k] != -1) {
                        assertThat(got[k]).as("field %d of a %s cut at %d", k, all.type, captured).isEqualTo(want[k]);
                        n++;
                    }
                }
                assertThat(n).as("fields known cut at %d", captured).isGreaterThanOrEqualTo(known);
                known = n;
            }
            assertThat(known).as("fields of %s known just before its end", all.type).isPositive();
        }
        // at 128 octets of a RoCEv2 frame over IPv4 a REQ still names its queue pair and rdma_cm's port
        CmMessage at128 = new IbDecoder().decode(frame(mads[0], 128, true)).cm;
        assertThat(at128.qpn).isEqualTo(0x11);
        assertThat(at128.destinationPort).isEqualTo(4420);
        assertThat(at128.startingPsn).as("past the cut").isEqualTo(-1);
        assertThat(at128.identified()).isTrue();
    }

    private static long[] values(CmMessage m) {
        return new long[] {m.localCommId, m.remoteCommId, m.qpn, m.startingPsn, m.responderResources,
                m.initiatorDepth, m.pathMtu, m.serviceId, m.transportServiceType, m.sourcePort, m.destinationPort,
                m.reason, m.which, m.qKey};
    }
}

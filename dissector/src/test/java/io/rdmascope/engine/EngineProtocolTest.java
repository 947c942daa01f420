package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static io.rdmascope.engine.ViolationCode.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.Fpdu;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.MpaHandshake;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MPA, DDP and RDMAP rules, each reported at its exact frame. */
class EngineProtocolTest {

    @Test
    void crcMismatchDiscardsTheFpdu() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment s = Wire.write(0x1, 0, 10, true);
        Fpdu f = w.fpdu(7, AB, s);
        f.crcOk = Boolean.FALSE;
        f.crcField = 0xdeadbeefL;
        f.crcComputed = 0x01020304L;
        w.engine.pdu(c, f, s);
        Violation v = w.only(MPA_CRC_MISMATCH);
        assertThat(v.frame()).isEqualTo(7);
        assertThat(v.message()).contains("0xdeadbeef").contains("0x01020304");
        assertThat(w.of(STAG_UNADVERTISED)).isEmpty();
    }

    @Test
    void crcNotNegotiatedIsNotChecked() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment s = Wire.send(1, 10);
        Fpdu f = w.fpdu(7, AB, s);
        f.crcOk = null;
        w.engine.pdu(c, f, s);
        assertThat(w.violations).isEmpty();
    }

    @Test
    void invalidMarkersOncePerFpdu() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment s = Wire.send(1, 1000);
        Fpdu f = w.fpdu(5, AB, s);
        f.markers = 2;
        f.badMarkers = 2;
        // the framer reported the bad marker as an issue too, before the FPDU
        w.engine.issue(c, new StreamIssue(StreamIssue.Kind.MARKER_INVALID, 5, 5 * 1_000_000L, AB, f.streamOffset + 512, 4, null));
        w.engine.issue(c, new StreamIssue(StreamIssue.Kind.MARKER_INVALID, 5, 5 * 1_000_000L, AB, f.streamOffset + 1024, 4, null));
        w.engine.pdu(c, f, s);
        assertThat(w.only(MPA_MARKER_INVALID).frame()).isEqualTo(5);

        DdpSegment s2 = Wire.send(2, 1000);
        Fpdu f2 = w.fpdu(6, AB, s2);
        f2.markers = 2;
        f2.badMarkers = 1;
        w.engine.pdu(c, f2, s2);
        // an issue for an FPDU already reported
        w.engine.issue(c, new StreamIssue(StreamIssue.Kind.MARKER_INVALID, 6, 6 * 1_000_000L, AB, f2.streamOffset + 4, 4, null));
        assertThat(w.of(MPA_MARKER_INVALID)).extracting(Violation::frame).containsExactly(5L, 6L);
    }

    @Test
    void rejectedReply() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.handshake(c, Wire.request(1, 1));
        w.handshake(c, Wire.reply(2, 1, true));
        Violation v = w.only(MPA_REJECTED);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.severity()).isEqualTo(Severity.WARNING);
        assertThat(w.of(MPA_HANDSHAKE)).isEmpty();
    }

    @Test
    void handshakeRules() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.handshake(c, Wire.request(1, 0));
        w.handshake(c, Wire.request(2, 1));
        w.handshake(c, new MpaHandshake(3, 3 * 1_000_000L, BA, false, false, true, false, false, 0x04, 1, 600, new byte[0],
                null, null, 0, 0, 0, 620));
        List<Violation> v = w.of(MPA_HANDSHAKE);
        assertThat(v).extracting(Violation::frame).containsExactly(1L, 2L, 3L);
        assertThat(v.get(0).message()).contains("revision 0");
        assertThat(v.get(1).message()).contains("second Request");
        assertThat(v.get(2).message()).contains("reserved flag bits").contains("600 octets");

        MpaConnection c2 = w.connection("c2");
        w.handshake(c2, Wire.reply(9, 2, false));
        assertThat(w.of(MPA_HANDSHAKE).get(3).frame()).isEqualTo(9);
        assertThat(w.of(MPA_HANDSHAKE).get(3).message()).contains("no Request");
    }

    @Test
    void cleanHandshakeRaisesNothing() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.handshake(c, Wire.request(1, 2));
        w.handshake(c, Wire.reply(2, 2, false));
        assertThat(w.violations).isEmpty();
    }

    @Test
    void streamIssues() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.issue(c, StreamIssue.Kind.GAP, 3, AB, 100, 1460);
        w.issue(c, StreamIssue.Kind.FRAMING, 4, AB, 2000, 0);
        w.issue(c, StreamIssue.Kind.TRUNCATED, 5, BA, 10, 0);
        Violation gap = w.only(TCP_GAP);
        assertThat(gap.frame()).isEqualTo(3);
        assertThat(gap.severity()).isEqualTo(Severity.WARNING);
        assertThat(gap.message()).contains("1460");
        assertThat(w.only(MPA_FRAMING).frame()).isEqualTo(4);
        Violation t = w.only(MPA_TRUNCATED);
        assertThat(t.frame()).isEqualTo(5);
        assertThat(t.severity()).isEqualTo(Severity.INFO);
    }

    @Test
    void issueMessageFromTheFramerIsKept() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.engine.issue(c, new StreamIssue(StreamIssue.Kind.FRAMING, 4, 4 * 1_000_000L, AB, 2000, 0, "next FPDU found at offset 2004"));
        assertThat(w.only(MPA_FRAMING).message()).isEqualTo("next FPDU found at offset 2004");
    }

    @Test
    void ddpHeaderRules() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment v2 = Wire.send(1, 10);
        v2.dv = 2;
        w.pdu(1, c, AB, v2);
        DdpSegment rsvd = Wire.send(2, 10);
        rsvd.reserved = 1;
        w.pdu(2, c, AB, rsvd);
        DdpSegment qn = Wire.untagged(Opcode.SEND, 1, 1, 0, true, 10);
        w.pdu(3, c, AB, qn);
        DdpSegment rr = Wire.readRequest(1, 1, 0, 10, 2, 0);
        rr.qn = 0;
        w.pdu(4, c, BA, rr);
        assertThat(w.only(DDP_VERSION).frame()).isEqualTo(1);
        Violation r = w.only(DDP_RESERVED);
        assertThat(r.frame()).isEqualTo(2);
        assertThat(r.severity()).isEqualTo(Severity.WARNING);
        assertThat(r.message()).contains("0x4");
        assertThat(w.of(DDP_QN_INVALID)).extracting(Violation::frame).containsExactly(3L, 4L);
        assertThat(w.of(DDP_QN_INVALID).get(1).message()).contains("queue 0").contains("queue 1");
    }

    @Test
    void terminateBelongsOnQueueTwo() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment t = Wire.terminate(1, 0, 1, 0);
        t.qn = 1;
        w.pdu(3, c, BA, t);
        assertThat(w.only(DDP_QN_INVALID).frame()).isEqualTo(3);
    }

    @Test
    void msnGapThenResynchronise() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.send(7, 10)); // capture began late: MSN 7 is the start
        w.pdu(2, c, AB, Wire.send(8, 10));
        w.pdu(3, c, AB, Wire.send(1, 10)); // a stack restarting MSN at 1
        w.pdu(4, c, AB, Wire.send(2, 10));
        w.pdu(5, c, BA, Wire.send(1, 10)); // the other direction has its own MSNs
        w.pdu(6, c, AB, Wire.readRequest(1, 0, 0, 0, 0, 0)); // and so has every queue
        Violation v = w.only(DDP_MSN_GAP);
        assertThat(v.frame()).isEqualTo(3);
        assertThat(v.message()).contains("MSN 1 where MSN 9 was expected");
    }

    @Test
    void moGapInsideAMessage() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.untagged(Opcode.SEND, 0, 1, 0, false, 1000));
        w.pdu(2, c, AB, Wire.untagged(Opcode.SEND, 0, 1, 1000, false, 1000));
        w.pdu(3, c, AB, Wire.untagged(Opcode.SEND, 0, 1, 3000, true, 1000));
        Violation v = w.only(DDP_MO_GAP);
        assertThat(v.frame()).isEqualTo(3);
        assertThat(v.message()).contains("MO 3000").contains("MO 2000");
    }

    @Test
    void tcpGapResynchronisesMessageAssembly() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.untagged(Opcode.SEND, 0, 1, 0, false, 1000));
        w.issue(c, StreamIssue.Kind.GAP, 2, AB, 2000, 3000);
        w.pdu(3, c, AB, Wire.untagged(Opcode.SEND, 0, 3, 500, true, 1000));
        assertThat(w.of(DDP_MSN_GAP)).isEmpty();
        assertThat(w.of(DDP_MO_GAP)).isEmpty();
    }

    @Test
    void truncatedFpduDoesNotFixWhereItsMessageContinues() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        // a gap cuts the first segment of MSN 1 after 380 payload octets; the next one is at MO 1000
        w.issue(c, StreamIssue.Kind.GAP, 2, AB, 400, 3000);
        w.issue(c, StreamIssue.Kind.TRUNCATED, 2, AB, 0, 1024);
        Fpdu cut = w.fpdu(2, AB, Wire.untagged(Opcode.SEND, 0, 1, 0, false, 380));
        cut.truncated = true;
        w.engine.pdu(c, cut, Wire.untagged(Opcode.SEND, 0, 1, 0, false, 380));
        w.done(2);
        w.pdu(3, c, AB, Wire.untagged(Opcode.SEND, 0, 1, 1000, true, 1000));
        w.pdu(4, c, AB, Wire.untagged(Opcode.SEND, 0, 2, 0, true, 10));
        assertThat(w.of(DDP_MO_GAP)).isEmpty();
        assertThat(w.of(DDP_MSN_GAP)).isEmpty();
    }

    @Test
    void rdmapHeaderRules() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment v0 = Wire.send(1, 10);
        v0.rdmapVersion = 0;
        w.pdu(1, c, AB, v0);
        DdpSegment rsvd = Wire.send(2, 10);
        rsvd.rdmapReserved = 2;
        w.pdu(2, c, AB, rsvd);
        DdpSegment stray = Wire.send(3, 10);
        stray.invalidateStag = 0x7f3a0000L;
        w.pdu(3, c, AB, stray);
        assertThat(w.only(RDMAP_VERSION).frame()).isEqualTo(1);
        List<Violation> r = w.of(RDMAP_RESERVED);
        assertThat(r).extracting(Violation::frame).containsExactly(2L, 3L);
        assertThat(r).extracting(Violation::severity).containsOnly(Severity.WARNING);
        assertThat(r.get(1).message()).contains("0x7f3a0000").contains("invalidates nothing");
    }

    @Test
    void opcodeRules() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment unknown = Wire.send(1, 10);
        unknown.opcode = 0xD;
        w.pdu(1, c, AB, unknown);
        DdpSegment writeUntagged = Wire.untagged(Opcode.RDMA_WRITE, 0, 2, 0, true, 10);
        w.pdu(2, c, AB, writeUntagged);
        DdpSegment sendTagged = Wire.tagged(Opcode.SEND, 0x5, 0, true, 10);
        w.pdu(3, c, AB, sendTagged);
        List<Violation> v = w.of(RDMAP_OPCODE_INVALID);
        assertThat(v).extracting(Violation::frame).containsExactly(1L, 2L, 3L);
        assertThat(v.get(0).message()).contains("0xd");
        assertThat(v.get(1).message()).contains("RDMA Write").contains("untagged");
        assertThat(w.of(DDP_QN_INVALID)).isEmpty();
        assertThat(w.of(STAG_UNADVERTISED)).isEmpty();
    }

    @Test
    void readResponsesMatchRequestsInOrder() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.readRequest(1, 0x10, 0x1000, 100, 0x90, 0));
        w.pdu(2, c, AB, Wire.readRequest(2, 0x20, 0x2000, 100, 0x90, 0));
        w.pdu(3, c, BA, Wire.readResponse(0x10, 0x1000, 60, false));
        w.pdu(4, c, BA, Wire.readResponse(0x10, 0x1000 + 60, 40, true));
        w.pdu(5, c, BA, Wire.readResponse(0x20, 0x2000, 100, true));
        assertThat(w.of(RDMAP_READ_RESPONSE_UNSOLICITED)).isEmpty();

        // a response nobody asked for
        w.pdu(6, c, BA, Wire.readResponse(0x30, 0x3000, 50, false));
        w.pdu(7, c, BA, Wire.readResponse(0x30, 0x3000 + 50, 50, true));
        Violation v = w.only(RDMAP_READ_RESPONSE_UNSOLICITED);
        assertThat(v.frame()).isEqualTo(6);
        assertThat(v.stag()).isEqualTo(0x30);
        assertThat(v.message()).contains("none is outstanding");
    }

    @Test
    void readResponseOutOfOrder() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.readRequest(1, 0x10, 0x1000, 100, 0x90, 0));
        w.pdu(2, c, AB, Wire.readRequest(2, 0x20, 0x2000, 100, 0x90, 0));
        w.pdu(3, c, BA, Wire.readResponse(0x20, 0x2000, 100, true));
        w.pdu(4, c, BA, Wire.readResponse(0x10, 0x1000, 100, true));
        List<Violation> v = w.of(RDMAP_READ_RESPONSE_UNSOLICITED);
        assertThat(v).extracting(Violation::frame).containsExactly(3L, 4L);
        assertThat(v.get(0).message()).contains("frame 2").contains("frame 1");
    }

    @Test
    void readResponseFromTheRequesterIsUnsolicited() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.readRequest(1, 0x10, 0x1000, 100, 0x90, 0));
        w.pdu(2, c, AB, Wire.readResponse(0x10, 0x1000, 100, true));
        assertThat(w.only(RDMAP_READ_RESPONSE_UNSOLICITED).frame()).isEqualTo(2);
    }

    @Test
    void ordExceededAgainstIrdOfRevisionTwo() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        c.revision = 2;
        c.initiatorIrd = 4;
        c.initiatorOrd = 2;
        c.responderIrd = 2;
        c.responderOrd = 4;
        w.pdu(1, c, AB, Wire.readRequest(1, 0x10, 0, 10, 0x90, 0));
        w.pdu(2, c, AB, Wire.readRequest(2, 0x11, 0, 10, 0x90, 0));
        w.pdu(3, c, BA, Wire.readResponse(0x10, 0, 10, true));
        w.pdu(4, c, AB, Wire.readRequest(3, 0x12, 0, 10, 0x90, 0));
        assertThat(w.of(RDMAP_ORD_EXCEEDED)).isEmpty();
        w.pdu(5, c, AB, Wire.readRequest(4, 0x13, 0, 10, 0x90, 0));
        Violation v = w.only(RDMAP_ORD_EXCEEDED);
        assertThat(v.frame()).isEqualTo(5);
        assertThat(v.message()).contains("3 Read Requests outstanding").contains("IRD of 2");
        // the responder's own reads are held against the initiator's IRD of 4
        for (int i = 0; i < 4; i++) {
            w.pdu(10 + i, c, BA, Wire.readRequest(1 + i, 0x40 + i, 0, 10, 0x91, 0));
        }
        assertThat(w.of(RDMAP_ORD_EXCEEDED)).hasSize(1);
        w.pdu(20, c, BA, Wire.readRequest(5, 0x50, 0, 10, 0x91, 0));
        assertThat(w.of(RDMAP_ORD_EXCEEDED)).extracting(Violation::frame).containsExactly(5L, 20L);
    }

    @Test
    void responderReadsAreHeldAgainstTheReplysOrdTheInitiatorAccepted() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        c.revision = 2;
        c.initiatorIrd = 2;
        c.initiatorOrd = 4;
        c.responderIrd = 4;
        c.responderOrd = 4;
        // the Reply asked for 4 outstanding reads against the Request's IRD of 2, and the initiator
        // went on (Linux siw raises its IRD to the Reply's ORD)
        for (int i = 0; i < 4; i++) {
            w.pdu(1 + i, c, BA, Wire.readRequest(1 + i, 0x40 + i, 0, 10, 0x91, 0));
        }
        assertThat(w.of(RDMAP_ORD_EXCEEDED)).isEmpty();
        w.pdu(5, c, BA, Wire.readRequest(5, 0x50, 0, 10, 0x91, 0));
        assertThat(w.only(RDMAP_ORD_EXCEEDED).message()).contains("5 Read Requests outstanding")
                .contains("accepted the ORD of 4 of the MPA Reply");
    }

    @Test
    void privateDataBeginsWithIrdAndOrdOnlyWhenTheEnhancedFlagIsSet() {
        // an NVMe/RDMA CM request (recfmt 0, qid 1, hrqsize 32, hsqsize 31): 32 octets
        byte[] cm = new byte[32];
        cm[2] = 1;
        cm[4] = 32;
        cm[6] = 31;
        for (boolean enhanced : new boolean[] {false, true}) {
            Wire w = new Wire(NicSettings.DEFAULTS, true);
            MpaConnection c = w.connection("c1");
            byte[] pd = enhanced ? new byte[4 + 32] : cm;
            if (enhanced) {
                System.arraycopy(cm, 0, pd, 4, 32);
            }
            w.engine.handshake(c, new MpaHandshake(1, 1_000_000L, AB, true, false, false, false, enhanced, 0, 2,
                    pd.length, pd, enhanced ? 16 : null, enhanced ? 16 : null, 0, 0, 0, 20 + pd.length));
            w.done(1);
            assertThat(w.steps).as("enhanced %s", enhanced).anyMatch(t -> t.contains("speaks nvme on c1"));
        }
    }

    @Test
    void noOrdCheckWithoutRevisionTwo() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        c.responderIrd = 1;
        for (int i = 0; i < 5; i++) {
            w.pdu(1 + i, c, AB, Wire.readRequest(1 + i, 0x10 + i, 0, 10, 0x90, 0));
        }
        assertThat(w.of(RDMAP_ORD_EXCEEDED)).isEmpty();
    }

    @Test
    void terminateIsDecodedAndClosesTheConnection() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1234, 0x10000, 100, 0x01));
        w.pdu(2, c, BA, Wire.terminate(1, 0, 1, 0));
        Violation v = w.only(RDMAP_TERMINATE);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.message()).isEqualTo("Terminate from 10.0.0.2:9999: RDMAP layer, Remote Protection Error, Invalid STag");
        assertThat(v.reference()).isEqualTo("RFC 5040 section 4.8");
        Violation closed = w.only(QP_CLOSED_WITH_OPEN_BUFFERS);
        assertThat(closed.frame()).isEqualTo(2);
        assertThat(closed.message()).contains("Terminate from 10.0.0.2:9999");
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.ABORTED);
    }

    @Test
    void terminateOfOtherLayers() {
        assertThat(TerminateCodes.describe(1, 2, 1)).isEqualTo("DDP layer, Untagged Buffer Error, Invalid QN");
        assertThat(TerminateCodes.describe(1, 1, 1)).isEqualTo("DDP layer, Tagged Buffer Error, Base or bounds violation");
        assertThat(TerminateCodes.describe(2, 0, 2)).isEqualTo("LLP layer (MPA), MPA Error, Received MPA CRC does not match");
        assertThat(TerminateCodes.describe(0, 2, 6)).isEqualTo("RDMAP layer, Remote Operation Error, Unexpected OpCode");
        assertThat(TerminateCodes.describe(7, 9, 0x42)).isEqualTo("layer 7, error type 0x9, error code 0x42");
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.terminate(1, 2, 0, 2));
        assertThat(w.only(RDMAP_TERMINATE).reference()).isEqualTo("RFC 5044 section 8");
    }

    @Test
    void everyViolationCarriesItsDefaultReferenceAndConnection() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment v2 = Wire.send(1, 10);
        v2.dv = 0;
        w.pdu(1, c, AB, v2);
        Violation v = w.only(DDP_VERSION);
        assertThat(v.reference()).isEqualTo(DDP_VERSION.reference);
        assertThat(v.connection()).isEqualTo("c1");
        assertThat(v.severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void cleanStandardTrafficRaisesNothingAboveInfo() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.handshake(c, Wire.request(1, 1));
        w.handshake(c, Wire.reply(2, 1, false));
        long f = 3;
        for (int i = 1; i <= 50; i++) {
            w.pdu(f++, c, AB, Wire.send(i, 100));
            w.pdu(f++, c, BA, Wire.write(0x100 + i, 0x1000, 100, true));
            w.pdu(f++, c, AB, Wire.readRequest(i, 0x200 + i, 0x4000, 100, 0x300, 0));
            w.pdu(f++, c, BA, Wire.readResponse(0x200 + i, 0x4000, 100, true));
            w.pdu(f++, c, BA, Wire.sendWithInvalidate(i, 0x200 + i));
        }
        w.issue(c, StreamIssue.Kind.CLOSED_FIN, f, AB, 0, 0);
        w.end();
        assertThat(w.aboveInfo()).isEmpty();
    }
}

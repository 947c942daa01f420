package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static io.rdmascope.engine.ViolationCode.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.pdu.DdpSegment;
import io.rdmascope.pdu.Opcode;
import org.junit.jupiter.api.Test;

/** The kinds of mistakes the real stacks of the sample captures make, and corner cases of ordering. */
class EngineRealStackTest {

    @Test
    void readRequestInHostByteOrderLeavesEveryResponseUnsolicited() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        // the requester meant sink STag 0x00000a01 at TO 0x1000, but wrote the words little-endian
        w.pdu(1, c, AB, Wire.readRequest(1, 0x010a0000L, 0x0010000000000000L, 0x00100000L, 0x020b0000L, 0));
        w.pdu(2, c, BA, Wire.readResponse(0xa01, 0x1000, 1400, false));
        w.pdu(3, c, BA, Wire.readResponse(0xa01, 0x1000 + 1400, 1400, false));
        w.pdu(4, c, BA, Wire.readResponse(0xa01, 0x1000 + 2800, 1296, true));
        assertThat(w.of(RDMAP_READ_RESPONSE_UNSOLICITED)).extracting(Violation::frame).containsExactly(2L);
        assertThat(w.only(STAG_UNADVERTISED).frame()).isEqualTo(1);
    }

    @Test
    void sendWithInvalidateRestartingTheMsn() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        for (int i = 1; i <= 4; i++) {
            w.pdu(i, c, AB, Wire.send(i, 24));
        }
        w.pdu(5, c, AB, Wire.sendWithInvalidate(1, 0x77));
        assertThat(w.only(DDP_MSN_GAP).frame()).isEqualTo(5);
    }

    @Test
    void violationAfterCompletionInTheSameFrameNamesNoTransaction() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1, 0, 100, 0x01));
        w.pduOnly(2, c, BA, Wire.sendWithInvalidate(1, 0x1));
        w.pduOnly(2, c, BA, Wire.write(0x1, 0, 10, true));
        w.done(2);
        Violation v = w.only(STAG_INVALIDATED);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.transaction()).isNull();
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.COMPLETE);
    }

    @Test
    void unfinishedMessagesBeyondTheBoundAreReported() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        for (int i = 1; i <= 9; i++) {
            w.pdu(i, c, AB, Wire.untagged(Opcode.SEND, 0, i, 0, false, 10));
        }
        Violation v = w.only(DDP_MO_GAP);
        assertThat(v.frame()).isEqualTo(9);
        assertThat(v.message()).contains("MSN 1").contains("never received its last segment");
    }

    @Test
    void segmentCutByTheCaptureIsNotJudged() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        DdpSegment s = Wire.write(0x5, 0, 10, true);
        s.malformed = "segment of 6 octets, tagged header needs 14";
        w.pdu(3, c, AB, s);
        assertThat(w.violations).isEmpty();
    }

    @Test
    void incompleteIsReportedAtTheLastFrameEvenWithoutFrameDone() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pduOnly(4, c, AB, Wire.initiation(1, 0x1, 0, 100, 0x01));
        w.end();
        assertThat(w.only(TRANSACTION_INCOMPLETE).frame()).isEqualTo(4);
        assertThat(w.transactions).hasSize(1);
    }

    @Test
    void closeIsOnlyOnce() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1, 0, 100, 0x01));
        w.pdu(2, c, BA, Wire.terminate(1, 1, 2, 1));
        w.issue(c, StreamIssue.Kind.CLOSED_FIN, 3, BA, 0, 0);
        assertThat(w.only(RDMAP_TERMINATE).message()).isEqualTo(
                "Terminate from 10.0.0.2:9999: DDP layer, Untagged Buffer Error, Invalid QN");
        assertThat(w.only(QP_CLOSED_WITH_OPEN_BUFFERS).frame()).isEqualTo(2);
        assertThat(w.transactions).hasSize(1);
        w.end();
        assertThat(w.transactions).hasSize(1);
    }
}

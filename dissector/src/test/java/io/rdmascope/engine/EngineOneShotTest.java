package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static io.rdmascope.engine.ViolationCode.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.model.PoolView;
import io.rdmascope.model.StagView;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import io.rdmascope.pdu.Opcode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One-shot transactions: initiation, data, completion, and what breaks them. */
class EngineOneShotTest {
    static final long STAG = 0x1234, TO = 0x10000;

    @Test
    void cleanWriteTransactionCompletesWithSendWithInvalidate() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(12, c, AB, Wire.initiation(1, STAG, TO, 8192, 0x01));
        w.pdu(13, c, BA, Wire.write(STAG, TO, 4096, false));
        w.pdu(14, c, BA, Wire.write(STAG, TO + 4096, 2048, false));
        w.pdu(15, c, BA, Wire.write(STAG, TO + 6144, 2048, true));
        w.pdu(16, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.end();

        assertThat(w.violations).isEmpty();
        Transaction t = w.transaction("t1");
        assertThat(t.status).isEqualTo(TransactionStatus.COMPLETE);
        assertThat(t.connection).isEqualTo("c1");
        assertThat(t.advertiser).isEqualTo("10.0.0.1:40000");
        assertThat(t.stag).isEqualTo(STAG);
        assertThat(t.to).isEqualTo(TO);
        assertThat(t.length).isEqualTo(8192);
        assertThat(t.remoteWrite()).isTrue();
        assertThat(t.initiationFrame).isEqualTo(12);
        assertThat(t.dataFrames).containsExactly(13L, 14L, 15L);
        assertThat(t.bytes).isEqualTo(8192);
        assertThat(t.completionFrame).isEqualTo(16);
        assertThat(t.completion).isEqualTo(CompletionKind.SEND_WITH_INVALIDATE);
        assertThat(t.initiationTimeNanos).isEqualTo(12_000_000L);
        assertThat(t.latencyNanos()).isEqualTo(4_000_000L);
        StagView v = w.judge.model().stagTable("10.0.0.1").get(0);
        assertThat(v.valid()).isFalse();
        assertThat(v.invalidatedFrame()).isEqualTo(16);
        assertThat(w.judge.model().pools("10.0.0.1").get(0).allocated()).isZero();
    }

    /** PDUs held back by the MPA stage arrive after later frames are done: their own frames' times count. */
    @Test
    void lateDeliveredPdusCarryTheTimesOfTheirOwnFrames() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        for (long f = 1; f <= 9; f++) {
            w.done(f);
        }
        w.pduOnly(3, c, AB, Wire.initiation(1, STAG, TO, 100, 0x01));
        w.pduOnly(6, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.done(10);
        Transaction t = w.transaction("t1");
        assertThat(t.initiationTimeNanos).isEqualTo(3_000_000L);
        assertThat(t.completionTimeNanos).isEqualTo(6_000_000L);
        assertThat(t.latencyNanos()).isEqualTo(3_000_000L);
    }

    @Test
    void transactionIsEmittedAfterItsFrame() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 100, 0x01));
        w.pduOnly(2, c, BA, Wire.sendWithInvalidate(1, STAG));
        assertThat(w.transactions).isEmpty();
        w.done(2);
        assertThat(w.transactions).hasSize(1);
        assertThat(w.transactions.get(0).completionTimeNanos).isEqualTo(2_000_000L);
    }

    @Test
    void oneShotReadCompletesWithSendSv() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(5, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x02));
        w.pdu(6, c, BA, Wire.readRequest(1, 0x77, 0x5000, 4096, STAG, TO));
        w.pdu(7, c, AB, Wire.readResponse(0x77, 0x5000, 1400, false));
        w.pdu(8, c, AB, Wire.readResponse(0x77, 0x5000 + 1400, 1400, false));
        w.pdu(9, c, AB, Wire.readResponse(0x77, 0x5000 + 2800, 1296, true));
        w.pdu(10, c, BA, Wire.sendSv(1, STAG));
        w.end();

        assertThat(w.violations).isEmpty();
        Transaction t = w.transaction("t1");
        assertThat(t.status).isEqualTo(TransactionStatus.COMPLETE);
        assertThat(t.dataFrames).containsExactly(6L, 7L, 8L, 9L);
        assertThat(t.bytes).isEqualTo(4096);
        assertThat(t.completion).isEqualTo(CompletionKind.SEND_SV);
        assertThat(t.completionFrame).isEqualTo(10);
    }

    @Test
    void sendWithSeAndInvalidateCompletes() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 100, 0x01));
        var s = Wire.untagged(Opcode.SEND_WITH_SE_AND_INVALIDATE, 0, 1, 0, true, 0);
        s.invalidateStag = STAG;
        w.pdu(2, c, BA, s);
        w.end();
        assertThat(w.violations).isEmpty();
        assertThat(w.transaction("t1").completion).isEqualTo(CompletionKind.SEND_SE_WITH_INVALIDATE);
    }

    @Test
    void transactionIdsFollowTheOrderOfInitiation() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x100, TO, 100, 0x01));
        w.pdu(2, c, BA, Wire.initiation(1, 0x200, TO, 100, 0x01));
        w.pdu(3, c, AB, Wire.sendWithInvalidate(2, 0x200));
        w.pdu(4, c, BA, Wire.sendWithInvalidate(2, 0x100));
        w.end();
        assertThat(w.violations).isEmpty();
        assertThat(w.transactions).extracting(t -> t.id).containsExactly("t2", "t1");
        assertThat(w.transaction("t2").advertiser).isEqualTo("10.0.0.2:9999");
        assertThat(w.transaction("t2").stag).isEqualTo(0x200);
    }

    @Test
    void standardTrafficWithUnknownStagsIsInfoOnly() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.send(1, 100));
        w.pdu(2, c, BA, Wire.write(0xabc, 0x1000, 1000, false));
        w.pdu(3, c, BA, Wire.write(0xabc, 0x1000 + 1000, 1000, true));
        w.pdu(4, c, BA, Wire.write(0xabc, 0x9000, 10, true));
        w.pdu(5, c, BA, Wire.readRequest(1, 0x55, 0, 64, 0xdef, 0x2000));
        w.pdu(6, c, AB, Wire.readResponse(0x55, 0, 64, true));
        w.pdu(7, c, AB, Wire.sendWithInvalidate(2, 0x55));
        w.end();
        assertThat(w.aboveInfo()).isEmpty();
        List<Violation> info = w.of(STAG_UNADVERTISED);
        assertThat(info).extracting(Violation::frame).containsExactly(2L, 5L, 7L);
        assertThat(info).extracting(Violation::stag).containsExactly(0xabcL, 0xdefL, 0x55L);
        assertThat(info.get(0).severity()).isEqualTo(Severity.INFO);
        assertThat(info.get(0).message()).contains("0x00000abc");
        assertThat(w.transactions).isEmpty();
    }

    @Test
    void unadvertisedIsOncePerStagPerConnection() {
        Wire w = new Wire();
        MpaConnection c1 = w.connection("c1");
        MpaConnection c2 = w.connection("c2", new Endpoint("10.0.0.1", 40001), Wire.B, 2);
        w.pdu(1, c1, BA, Wire.write(0xabc, 0, 10, true));
        w.pdu(2, c1, BA, Wire.write(0xabc, 0, 10, true));
        w.pdu(3, c2, BA, Wire.write(0xabc, 0, 10, true));
        assertThat(w.of(STAG_UNADVERTISED)).extracting(Violation::frame).containsExactly(1L, 3L);
    }

    @Test
    void strictModeMakesUnadvertisedAnError() {
        Wire w = new Wire(new NicSettings(64, 32, true));
        MpaConnection c = w.connection("c1");
        w.pdu(4, c, BA, Wire.write(0xabc, 0, 10, true));
        Violation v = w.only(STAG_UNADVERTISED);
        assertThat(v.severity()).isEqualTo(Severity.ERROR);
        assertThat(v.frame()).isEqualTo(4);
        assertThat(v.reference()).isEqualTo(STAG_UNADVERTISED.reference);
    }

    @Test
    void boundsViolationAtItsFrameWithTheContractMessage() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(12, c, AB, Wire.initiation(1, STAG, TO, 8192, 0x01));
        w.pdu(13, c, BA, Wire.write(STAG, TO, 8192, false));
        w.pdu(15, c, BA, Wire.write(STAG, TO + 8192, 512, true));
        w.pdu(16, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.end();
        Violation v = w.only(STAG_BOUNDS);
        assertThat(v.frame()).isEqualTo(15);
        assertThat(v.severity()).isEqualTo(Severity.ERROR);
        assertThat(v.connection()).isEqualTo("c1");
        assertThat(v.stag()).isEqualTo(STAG);
        assertThat(v.transaction()).isEqualTo("t1");
        assertThat(v.message()).isEqualTo("RDMA Write [0x10000+8192, +512) leaves the region advertised in frame 12");
        assertThat(v.reference()).isEqualTo("RFC 5040 section 6.4");
        Transaction t = w.transaction("t1");
        assertThat(t.status).isEqualTo(TransactionStatus.VIOLATED);
        assertThat(t.bytes).isEqualTo(8192);
        assertThat(t.dataFrames).containsExactly(13L);
        assertThat(t.completionFrame).isEqualTo(16);
    }

    @Test
    void readRequestOutsideTheRegion() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x02));
        w.pdu(2, c, BA, Wire.readRequest(1, 0x77, 0, 4096, STAG, TO - 16));
        Violation v = w.only(STAG_BOUNDS);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.message()).startsWith("RDMA Read Request [0x10000-16, +4096)");
    }

    @Test
    void accessRightsAreChecked() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x02));
        w.pdu(2, c, BA, Wire.write(STAG, TO, 100, true));
        w.pdu(3, c, AB, Wire.initiation(2, 0x99, TO, 4096, 0x01));
        w.pdu(4, c, BA, Wire.readRequest(1, 0x77, 0, 10, 0x99, TO));
        List<Violation> v = w.of(STAG_ACCESS);
        assertThat(v).extracting(Violation::frame).containsExactly(2L, 4L);
        assertThat(v).extracting(Violation::transaction).containsExactly("t1", "t2");
        assertThat(v.get(0).message()).contains("needs remote write").contains("for remote read");
    }

    @Test
    void bothAccessBitsAllowBothOperations() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x03));
        w.pdu(2, c, BA, Wire.write(STAG, TO, 100, true));
        w.pdu(3, c, BA, Wire.readRequest(1, 0x77, 0, 100, STAG, TO));
        w.pdu(4, c, AB, Wire.readResponse(0x77, 0, 100, true));
        w.pdu(5, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.end();
        assertThat(w.violations).isEmpty();
        assertThat(w.transaction("t1").bytes).isEqualTo(200);
        assertThat(w.transaction("t1").dataFrames).containsExactly(2L, 3L, 4L);
    }

    @Test
    void wrongConnection() {
        Wire w = new Wire();
        MpaConnection c1 = w.connection("c1");
        MpaConnection c2 = w.connection("c2", new Endpoint("10.0.0.1", 40001), Wire.B, 2);
        w.pdu(1, c1, AB, Wire.initiation(1, STAG, TO, 4096, 0x01));
        w.pdu(2, c2, BA, Wire.write(STAG, TO, 100, true));
        w.pdu(3, c2, BA, Wire.sendWithInvalidate(1, STAG));
        Violation v = w.only(STAG_WRONG_CONNECTION);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.connection()).isEqualTo("c2");
        assertThat(v.transaction()).isEqualTo("t1");
        Violation m = w.only(COMPLETION_MISMATCH);
        assertThat(m.frame()).isEqualTo(3);
        assertThat(m.message()).contains("c1");
        assertThat(w.judge.openTransactions()).extracting(t -> t.id).containsExactly("t1");
    }

    @Test
    void stagInUseUntilCompletedThenReusable() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x01));
        w.pdu(2, c, AB, Wire.initiation(2, STAG, TO, 4096, 0x01));
        Violation v = w.only(ONESHOT_STAG_IN_USE);
        assertThat(v.frame()).isEqualTo(2);
        assertThat(v.transaction()).isEqualTo("t2");
        assertThat(v.message()).contains("frame 1").contains("t1");
        assertThat(w.transaction("t2").status).isEqualTo(TransactionStatus.VIOLATED);

        w.pdu(3, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.pdu(4, c, AB, Wire.initiation(3, STAG, TO, 4096, 0x01));
        w.pdu(5, c, BA, Wire.write(STAG, TO, 10, true));
        w.pdu(6, c, BA, Wire.sendWithInvalidate(2, STAG));
        w.end();
        assertThat(w.violations).hasSize(1);
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.COMPLETE);
        assertThat(w.transaction("t3").status).isEqualTo(TransactionStatus.COMPLETE);
        assertThat(w.transaction("t3").bytes).isEqualTo(10);
    }

    @Test
    void useAfterCompletionIsInvalidated() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x01));
        w.pdu(2, c, BA, Wire.sendWithInvalidate(1, STAG));
        w.pdu(3, c, BA, Wire.write(STAG, TO, 10, false));
        w.pdu(4, c, BA, Wire.write(STAG, TO + 10, 10, true));
        w.pdu(5, c, BA, Wire.sendWithInvalidate(2, STAG));
        Violation v = w.only(STAG_INVALIDATED);
        assertThat(v.frame()).isEqualTo(3);
        assertThat(v.transaction()).isNull();
        assertThat(v.message()).contains("invalidated in frame 2").contains("t1");
        Violation m = w.only(COMPLETION_MISMATCH);
        assertThat(m.frame()).isEqualTo(5);
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.COMPLETE);
    }

    @Test
    void sendSvNamingNoOpenInitiationIsAMismatch() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(7, c, BA, Wire.sendSv(1, 0x4444));
        Violation v = w.only(COMPLETION_MISMATCH);
        assertThat(v.frame()).isEqualTo(7);
        assertThat(v.stag()).isEqualTo(0x4444);
        assertThat(v.message()).contains("no open initiation of 10.0.0.1:40000");
    }

    @Test
    void completionFromTheAdvertiserItselfIsAMismatch() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 4096, 0x01));
        w.pdu(2, c, AB, Wire.sendSv(2, STAG));
        assertThat(w.only(COMPLETION_MISMATCH).frame()).isEqualTo(2);
    }

    @Test
    void sendWithInvalidateOfUnknownStagIsUnadvertised() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(3, c, BA, Wire.sendWithInvalidate(1, 0x4444));
        assertThat(w.only(STAG_UNADVERTISED).frame()).isEqualTo(3);
        assertThat(w.of(COMPLETION_MISMATCH)).isEmpty();
    }

    @Test
    void bufferPoolLimitPerQueuePair() {
        Wire w = new Wire(new NicSettings(2, 32, false));
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1, TO, 10, 0x01));
        w.pdu(2, c, AB, Wire.initiation(2, 0x2, TO, 10, 0x02));
        w.pdu(3, c, AB, Wire.initiation(3, 0x3, TO, 10, 0x01));
        // the other direction is another queue pair
        w.pdu(4, c, BA, Wire.initiation(1, 0x4, TO, 10, 0x01));
        Violation v = w.only(BUFFER_POOL_EXHAUSTED);
        assertThat(v.frame()).isEqualTo(3);
        assertThat(v.transaction()).isEqualTo("t3");
        assertThat(v.message()).contains("buffersPerQp");
        assertThat(w.transaction("t3").status).isEqualTo(TransactionStatus.VIOLATED);
        // the refused region was never allocated: using it is an error
        w.pdu(5, c, BA, Wire.write(0x3, TO, 1, true));
        assertThat(w.only(STAG_INVALIDATED).message()).contains("never allocated");
        // freeing one buffer makes room again
        w.pdu(6, c, BA, Wire.sendWithInvalidate(1, 0x1));
        w.pdu(7, c, AB, Wire.initiation(4, 0x3, TO, 10, 0x01));
        assertThat(w.of(BUFFER_POOL_EXHAUSTED)).hasSize(1);
        PoolView p = w.judge.model().pools("10.0.0.1").get(0);
        assertThat(p.allocated()).isEqualTo(2);
        assertThat(p.write()).isEqualTo(1);
        assertThat(p.read()).isEqualTo(1);
    }

    @Test
    void bufferPoolLimitPerOperation() {
        Wire w = new Wire(new NicSettings(64, 2, false));
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1, TO, 10, 0x01));
        w.pdu(2, c, AB, Wire.initiation(2, 0x2, TO, 10, 0x03));
        w.pdu(3, c, AB, Wire.initiation(3, 0x3, TO, 10, 0x02));
        w.pdu(4, c, AB, Wire.initiation(4, 0x4, TO, 10, 0x01));
        w.pdu(5, c, AB, Wire.initiation(5, 0x5, TO, 10, 0x02));
        List<Violation> v = w.of(BUFFER_POOL_EXHAUSTED);
        assertThat(v).extracting(Violation::frame).containsExactly(4L, 5L);
        assertThat(v.get(0).message()).contains("remote write").contains("maxPerOperation");
        assertThat(v.get(1).message()).contains("remote read");
    }

    @Test
    void closeWithOpenBuffersAbortsTransactions() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, 0x1, TO, 10, 0x01));
        w.pdu(2, c, BA, Wire.initiation(1, 0x2, TO, 10, 0x01));
        w.pdu(3, c, BA, Wire.write(0x1, TO, 10, true));
        w.issue(c, StreamIssue.Kind.CLOSED_FIN, 9, AB, 0, 0);
        w.issue(c, StreamIssue.Kind.CLOSED_RST, 10, BA, 0, 0);
        List<Violation> v = w.of(QP_CLOSED_WITH_OPEN_BUFFERS);
        assertThat(v).extracting(Violation::frame).containsExactly(9L, 9L);
        assertThat(v).extracting(Violation::transaction).containsExactlyInAnyOrder("t1", "t2");
        assertThat(v.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(v.get(0).message()).contains("TCP FIN from 10.0.0.1:40000");
        assertThat(w.transactions).extracting(t -> t.status).containsOnly(TransactionStatus.ABORTED);
        assertThat(w.transaction("t1").bytes).isEqualTo(10);
        w.end();
        assertThat(w.of(TRANSACTION_INCOMPLETE)).isEmpty();
        assertThat(w.judge.model().pools("10.0.0.1").get(0).allocated()).isZero();
    }

    @Test
    void captureEndLeavesTransactionsIncomplete() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(3, c, AB, Wire.initiation(1, STAG, TO, 10, 0x01));
        w.pdu(4, c, BA, Wire.write(STAG, TO, 10, true));
        w.pdu(8, c, AB, Wire.send(2, 10));
        w.end();
        Violation v = w.only(TRANSACTION_INCOMPLETE);
        assertThat(v.frame()).isEqualTo(8);
        assertThat(v.transaction()).isEqualTo("t1");
        assertThat(v.severity()).isEqualTo(Severity.WARNING);
        assertThat(v.message()).contains("frame 3");
        Transaction t = w.transaction("t1");
        assertThat(t.status).isEqualTo(TransactionStatus.INCOMPLETE);
        assertThat(t.completionFrame).isEqualTo(-1);
        assertThat(t.completion).isNull();
        assertThat(t.latencyNanos()).isEqualTo(-1);
    }

    @Test
    void violatedWinsOverIncomplete() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(3, c, AB, Wire.initiation(1, STAG, TO, 10, 0x01));
        w.pdu(4, c, BA, Wire.write(STAG, TO, 11, true));
        w.end();
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.VIOLATED);
        assertThat(w.only(TRANSACTION_INCOMPLETE).transaction()).isEqualTo("t1");
    }

    @Test
    void malformedOneShotBits() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        var abOnly = Wire.send(1, 10);
        abOnly.ab = true;
        abOnly.advertised = new io.rdmascope.pdu.DdpSegment.Advertised(TO, 10, 1, 0);
        w.pdu(2, c, AB, abOnly);
        var shortSeg = Wire.send(2, 0);
        shortSeg.sv = true;
        shortSeg.ab = true;
        shortSeg.malformed = "6 octets left for 20";
        w.pdu(3, c, AB, shortSeg);
        var onWrite = Wire.write(0x5, 0, 10, true);
        onWrite.sv = true;
        onWrite.optionalStag = 5L;
        w.pdu(4, c, BA, onWrite);
        List<Violation> v = w.of(ONESHOT_MALFORMED);
        assertThat(v).extracting(Violation::frame).containsExactly(2L, 3L, 4L);
        assertThat(v.get(0).message()).contains("AB set without SV");
        assertThat(v.get(1).message()).contains("too short");
        assertThat(w.transactions).isEmpty();
        assertThat(w.judge.openTransactions()).isEmpty();
    }

    @Test
    void initiationOverSeveralSegmentsActsOnce() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        var first = Wire.initiation(1, STAG, TO, 10, 0x01);
        first.last = false;
        var second = Wire.initiation(1, STAG, TO, 10, 0x01);
        second.mo = 64;
        w.pdu(1, c, AB, first);
        w.pdu(2, c, AB, second);
        assertThat(w.violations).isEmpty();
        assertThat(w.judge.openTransactions()).hasSize(1);
    }

    @Test
    void narrationWhenWanted() {
        Wire w = new Wire(NicSettings.DEFAULTS, true);
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 8192, 0x01));
        w.pdu(2, c, BA, Wire.write(STAG, TO, 1400, true));
        w.pdu(3, c, BA, Wire.sendWithInvalidate(1, STAG));
        assertThat(w.steps).anySatisfy(s -> assertThat(s).startsWith("1 10.0.0.1:40000 driver: driver posts one command: advertise STag 0x00001234 [0x10000, +8192) for remote write"));
        assertThat(w.steps).anySatisfy(s -> assertThat(s).contains("NIC: NIC binds STag 0x00001234"));
        assertThat(w.steps).contains("2 10.0.0.1:40000 NIC: NIC places 1400 B at TO 0x10000 of STag 0x00001234");
        assertThat(w.steps).anySatisfy(s -> assertThat(s).contains("driver compares the STag received with the one it sent: equal"));
        assertThat(w.steps).anySatisfy(s -> assertThat(s).contains("NIC de-associates STag 0x00001234 and frees its buffer"));
    }

    @Test
    void noNarrationUnlessWanted() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 8192, 0x01));
        assertThat(w.steps).isEmpty();
    }

    @Test
    void modelSnapshotShowsTheStagTable() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(1, c, AB, Wire.initiation(1, STAG, TO, 8192, 0x03));
        List<StagView> table = w.judge.model().stagTable("10.0.0.1");
        assertThat(table).hasSize(1);
        StagView v = table.get(0);
        assertThat(v.valid()).isTrue();
        assertThat(v.connection()).isEqualTo("c1");
        assertThat(v.advertisedFrame()).isEqualTo(1);
        assertThat(v.transaction()).isEqualTo("t1");
        assertThat(v.access()).isEqualTo(3);
        assertThat(w.judge.model().endpoints()).containsExactly("10.0.0.1");
    }
}

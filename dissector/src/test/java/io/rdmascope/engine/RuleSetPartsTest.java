package io.rdmascope.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.model.NicModel;
import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.tcp.TcpConnection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts the rule sets share: the reporter, the transaction ledger and the decisions. */
class RuleSetPartsTest {
    /** Records what reaches the listener; with steps as "connection endpoint actor: text". */
    static class Recorder implements EngineListener {
        final List<Violation> violations = new ArrayList<>();
        final List<Transaction> transactions = new ArrayList<>();
        final List<String> steps = new ArrayList<>();

        @Override
        public void violation(Violation v) {
            violations.add(v);
        }

        @Override
        public void transaction(Transaction t) {
            transactions.add(t);
        }

        @Override
        public boolean wantsSteps() {
            return true;
        }

        @Override
        public void step(long frame, String connection, String endpoint, String actor, String text) {
            steps.add(frame + " " + connection + " " + endpoint + " " + actor + ": " + text);
        }
    }

    private static Conn conn(String id) {
        MpaConnection m = new MpaConnection(id, new TcpConnection(1, Wire.A, Wire.B, 1, true));
        return new Conn(m, new NicModel(64, 32));
    }

    private static Transaction write(Ledger ledger, long frame) {
        Transaction t = new Transaction(ledger.nextId(TransactionKind.WRITE), TransactionKind.WRITE, "c1",
                "10.0.0.1:40000", 0x1234, 0, 0, 1, frame, 0);
        ledger.opened(t);
        return t;
    }

    @Test
    void aViolationNamingAnOpenTransactionMakesItAndItsCallViolated() {
        Recorder r = new Recorder();
        Ledger ledger = new Ledger(r);
        Reporter reporter = new Reporter(r, ledger);
        Transaction call = write(ledger, 1);
        Transaction op = write(ledger, 2);
        op.parent = call;
        reporter.report(ViolationCode.STAG_BOUNDS, 2, conn("c1"), 0x1234L, op, "out of bounds");
        Violation v = r.violations.get(0);
        assertThat(v.transaction()).isEqualTo(op.id);
        assertThat(v.connection()).isEqualTo("c1");
        assertThat(v.reference()).isEqualTo(ViolationCode.STAG_BOUNDS.reference);
        assertThat(op.status).isEqualTo(TransactionStatus.VIOLATED);
        assertThat(call.status).isEqualTo(TransactionStatus.VIOLATED);
    }

    @Test
    void endOfLifeWarningsAndEndedTransactionsLeaveTheStatusAlone() {
        Recorder r = new Recorder();
        Ledger ledger = new Ledger(r);
        Reporter reporter = new Reporter(r, ledger);
        Transaction t = write(ledger, 1);
        reporter.report(ViolationCode.TRANSACTION_INCOMPLETE, 9, null, null, t, "capture ends");
        reporter.report(ViolationCode.QP_CLOSED_WITH_OPEN_BUFFERS, 9, null, null, t, "closed");
        assertThat(t.status).isEqualTo(TransactionStatus.INCOMPLETE);
        ledger.completed(t, 3);
        reporter.report(ViolationCode.STAG_BOUNDS, 4, null, null, t, "after the end");
        assertThat(r.violations.get(2).transaction()).isNull();
        assertThat(t.status).isEqualTo(TransactionStatus.COMPLETE);
    }

    @Test
    void theLedgerNumbersEachKindAndHandsOnEndedTransactionsWithTheirFramesTimes() {
        Recorder r = new Recorder();
        Ledger ledger = new Ledger(r);
        ledger.event(1_000);
        Transaction w1 = write(ledger, 1);
        Transaction w2 = write(ledger, 1);
        assertThat(List.of(w1.id, w2.id, ledger.nextId(TransactionKind.READ))).containsExactly("w1", "w2", "r1");
        ledger.frameDone(1);
        ledger.event(2_000);
        ledger.completed(w2, 2);
        assertThat(r.transactions).isEmpty();
        ledger.frameDone(2);
        assertThat(r.transactions).containsExactly(w2);
        assertThat(w2.initiationTimeNanos).isEqualTo(1_000);
        assertThat(w2.completionTimeNanos).isEqualTo(2_000);
        assertThat(ledger.openOfEveryKind()).containsExactly(w1);
        ledger.abortOperations("c1");
        ledger.flush();
        assertThat(r.transactions).containsExactly(w2, w1);
        assertThat(w1.status).isEqualTo(TransactionStatus.ABORTED);
    }

    @Test
    void theNarratorNamesTheConnectionOfEachStep() {
        Recorder r = new Recorder();
        Decisions n = new Narrator(r, NicSettings.DEFAULTS);
        n.teardown(conn("c7"), 5, "TCP FIN from 10.0.0.1:40000");
        assertThat(r.steps).containsExactly(
                "5 c7 10.0.0.1:40000 NIC: NIC tears down its queue pair of c7 (TCP FIN from 10.0.0.1:40000)",
                "5 c7 10.0.0.2:9999 NIC: NIC tears down its queue pair of c7 (TCP FIN from 10.0.0.1:40000)");
    }

    @Test
    void theDecisionsReachEverySubscriberTheNarratorFirst() {
        Recorder r = new Recorder();
        List<String> told = new ArrayList<>();
        Decisions closes = new Decisions() {
            @Override
            public void teardown(Conn c, long f, String reason) {
                told.add(f + " " + c.id + " steps so far " + r.steps.size());
            }
        };
        Engine e = new Engine(NicSettings.DEFAULTS, r, io.rdmascope.ulp.Ulps.all(), List.of(closes));
        MpaConnection m = new MpaConnection("c1", new TcpConnection(1, Wire.A, Wire.B, 1, true));
        e.connection(m);
        e.issue(m, new io.rdmascope.mpa.StreamIssue(io.rdmascope.mpa.StreamIssue.Kind.CLOSED_FIN, 3, 3_000_000, Wire.AB, 0, 0,
                null));
        assertThat(r.steps).hasSize(2);
        assertThat(told).containsExactly("3 c1 steps so far 2");
    }

    @Test
    void anEngineWhoseListenerWantsNoStepsNarratesNothing() {
        Recorder r = new Recorder() {
            @Override
            public boolean wantsSteps() {
                return false;
            }
        };
        Engine e = new Engine(NicSettings.DEFAULTS, r);
        MpaConnection m = new MpaConnection("c1", new TcpConnection(1, Wire.A, Wire.B, 1, true));
        e.connection(m);
        e.issue(m, new io.rdmascope.mpa.StreamIssue(io.rdmascope.mpa.StreamIssue.Kind.CLOSED_FIN, 3, 3_000_000, Wire.AB, 0, 0,
                null));
        assertThat(r.steps).isEmpty();
    }
}

package io.rdmascope.engine;

import static io.rdmascope.engine.Wire.AB;
import static io.rdmascope.engine.Wire.BA;
import static io.rdmascope.engine.ViolationCode.TRANSACTION_INCOMPLETE;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.mpa.MpaConnection;
import io.rdmascope.mpa.StreamIssue;
import io.rdmascope.net.Endpoint;
import org.junit.jupiter.api.Test;

/**
 * A connection that is over while the capture goes on ({@link Engine#retired}): its open
 * transactions end then, as the end of the capture would end them, and the engine forgets it.
 */
class EngineRetirementTest {
    static final long STAG = 0x1234, TO = 0x10000;

    @Test
    void anIdleConnectionsOpenTransactionsEndWhenItIsRetired() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(3, c, AB, Wire.initiation(1, STAG, TO, 10, 0x01));
        w.pdu(4, c, BA, Wire.readRequest(1, 0x77, 0, 64, 0x99, 0x2000));
        assertThat(w.judge.openTransactionsOfEveryKind()).extracting(t -> t.id).containsExactly("t1", "r1");

        w.engine.retired(c, 20);
        w.done(20);

        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.INCOMPLETE);
        assertThat(w.transaction("r1").status).isEqualTo(TransactionStatus.INCOMPLETE);
        Violation v = w.only(TRANSACTION_INCOMPLETE);
        assertThat(v.frame()).isEqualTo(20);
        assertThat(v.transaction()).isEqualTo("t1");
        assertThat(v.message()).contains("connection is over").contains("frame 3");
        assertThat(w.judge.connectionsKept()).isZero();
        assertThat(w.judge.openTransactionsOfEveryKind()).isEmpty();

        // nothing is left for the end of the capture
        int violations = w.violations.size();
        int transactions = w.all.size();
        w.end();
        assertThat(w.violations).hasSize(violations);
        assertThat(w.all).hasSize(transactions);
    }

    @Test
    void aClosedConnectionIsForgottenWhenItIsOver() {
        Wire w = new Wire();
        MpaConnection c = w.connection("c1");
        w.pdu(3, c, AB, Wire.initiation(1, STAG, TO, 10, 0x01));
        w.pdu(4, c, BA, Wire.readRequest(1, 0x77, 0, 64, 0x99, 0x2000));
        w.issue(c, StreamIssue.Kind.CLOSED_FIN, 9, AB, 0, 0);
        w.issue(c, StreamIssue.Kind.CLOSED_FIN, 10, BA, 0, 0);
        assertThat(w.judge.connectionsKept()).isEqualTo(1);

        w.engine.retired(c, 10);
        w.done(10);

        // the close ended everything (aborted), the retirement only forgets
        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.ABORTED);
        assertThat(w.transaction("r1").status).isEqualTo(TransactionStatus.ABORTED);
        assertThat(w.of(TRANSACTION_INCOMPLETE)).isEmpty();
        assertThat(w.judge.connectionsKept()).isZero();
        w.end();
        assertThat(w.of(TRANSACTION_INCOMPLETE)).isEmpty();
    }

    @Test
    void aConnectionStillTalkingIsUntouchedByAnothersRetirement() {
        Wire w = new Wire();
        MpaConnection gone = w.connection("c1");
        MpaConnection alive = w.connection("c2", new Endpoint("10.0.0.3", 40001), Wire.B, 2);
        w.pdu(3, gone, AB, Wire.initiation(1, STAG, TO, 10, 0x01));
        w.pdu(4, alive, AB, Wire.initiation(1, STAG + 1, TO, 10, 0x01));

        w.engine.retired(gone, 5);
        w.done(5);

        assertThat(w.transaction("t1").status).isEqualTo(TransactionStatus.INCOMPLETE);
        assertThat(w.judge.openTransactions()).extracting(t -> t.id).containsExactly("t2");
        assertThat(w.judge.connectionsKept()).isEqualTo(1);
        w.end();
        assertThat(w.transaction("t2").status).isEqualTo(TransactionStatus.INCOMPLETE);
        assertThat(w.of(TRANSACTION_INCOMPLETE)).extracting(Violation::transaction).containsExactly("t1", "t2");
    }

    /** Thousands of connections come and go: the engine's state stays that of the one alive, the counts stay whole. */
    @Test
    void stateStaysBoundedWhileConnectionsComeAndGo() {
        Wire w = new Wire();
        long f = 1;
        int n = 5_000;
        for (int i = 0; i < n; i++) {
            MpaConnection c = w.connection("c" + (i + 1), new Endpoint("10.1." + (i >> 8 & 255) + "." + (i & 255),
                    40000 + i % 20000), Wire.B, i + 1);
            w.pdu(f++, c, AB, Wire.initiation(1, STAG + i, TO, 10, 0x01));
            w.pdu(f++, c, BA, Wire.readRequest(1, 0x77, 0, 64, 0x99, 0x2000));
            if (i % 2 == 0) {
                w.engine.retired(c, f);
                w.done(f++);
            } else {
                w.issue(c, StreamIssue.Kind.CLOSED_RST, f, AB, 0, 0);
                w.engine.retired(c, f);
                w.done(f++);
            }
            assertThat(w.judge.connectionsKept()).isZero();
            assertThat(w.judge.openTransactionsOfEveryKind()).isEmpty();
        }
        w.end();
        assertThat(w.all).filteredOn(Transaction::oneShot).hasSize(n);
        assertThat(w.all).filteredOn(t -> t.kind == TransactionKind.READ).hasSize(n)
                .extracting(t -> t.status)
                // incomplete when let go idle, aborted by the reset
                .containsOnly(TransactionStatus.INCOMPLETE, TransactionStatus.ABORTED);
    }
}

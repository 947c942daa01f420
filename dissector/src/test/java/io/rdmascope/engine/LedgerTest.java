package io.rdmascope.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LedgerTest {
    private final List<Transaction> handedOn = new ArrayList<>();
    private final Ledger ledger = new Ledger(new EngineListener() {
        @Override
        public void violation(Violation violation) {}

        @Override
        public void transaction(Transaction transaction) {
            handedOn.add(transaction);
        }
    });

    private Transaction write(String connection, long frame) {
        return new Transaction(ledger.nextId(TransactionKind.WRITE), TransactionKind.WRITE, connection, "a", 0, 0, 0,
                0, frame, 0);
    }

    @Test
    void openTransactionsKeepTheirOrderOfBeginningWhileMostEnd() {
        List<Transaction> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            Transaction t = write(i % 2 == 0 ? "c1" : "c2", i);
            ledger.opened(t);
            all.add(t);
        }
        List<Transaction> left = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i % 7 == 3) {
                left.add(all.get(i));
            } else {
                ledger.completed(all.get(i), 2000 + i);
            }
        }
        assertThat(ledger.openOfEveryKind()).containsExactlyElementsOf(left);
        for (Transaction t : all) {
            assertThat(ledger.isOpen(t)).isEqualTo(left.contains(t));
        }
        ledger.flush();
        assertThat(handedOn).hasSize(all.size() - left.size());

        Transaction later = write("c1", 5000);
        ledger.opened(later);
        ledger.opened(later);
        left.add(later);
        assertThat(ledger.openOfEveryKind()).containsExactlyElementsOf(left);

        ledger.abortOperations("c1");
        List<Transaction> onC2 = left.stream().filter(t -> t.connection.equals("c2")).toList();
        assertThat(ledger.openOfEveryKind()).containsExactlyElementsOf(onC2);
        ledger.flush();
        assertThat(handedOn.subList(all.size() - left.size() + 1, handedOn.size()))
                .allMatch(t -> t.connection.equals("c1") && t.status == TransactionStatus.ABORTED);
    }

    @Test
    void aTransactionEndedIsHandedOnOnceAtTheEndOfItsFrame() {
        Transaction t = write("c1", 1);
        ledger.opened(t);
        ledger.completed(t, 2);
        ledger.completed(t, 3);
        ledger.ended(t, TransactionStatus.ABORTED);
        assertThat(handedOn).isEmpty();
        ledger.frameDone(3);
        ledger.frameDone(4);
        assertThat(handedOn).containsExactly(t);
        assertThat(t.status).isEqualTo(TransactionStatus.COMPLETE);
        assertThat(t.completionFrame).isEqualTo(2);
        assertThat(ledger.isOpen(t)).isFalse();
        assertThat(ledger.openOfEveryKind()).isEmpty();
    }
}

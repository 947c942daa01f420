package io.rdmascope.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdmascope.ulp.Ulp;
import io.rdmascope.ulp.UlpInput;
import io.rdmascope.ulp.UlpMessage;
import io.rdmascope.ulp.Ulps;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What each upper-layer protocol declares of itself reaches the engine's kinds and violations. */
class UlpDeclarationsTest {
    @Test
    void theKindsAreTheRdmaOperationsThenEachProtocolThatPairsCallsInItsOrder() {
        assertThat(Arrays.stream(TransactionKind.values()).map(k -> k.jsonName))
                .containsExactly("oneshot", "read", "write", "send", "atomic", "rpc", "nvme", "iser", "smb");
        for (TransactionKind k : TransactionKind.values()) {
            assertThat(TransactionKind.values()[k.ordinal()]).isSameAs(k);
            assertThat(TransactionKind.of(k.jsonName)).isSameAs(k);
        }
    }

    @Test
    void aProtocolsKindCarriesTheNamesAndColourItDeclares() {
        for (Ulp u : Ulps.all()) {
            TransactionKind k = TransactionKind.of(u.name());
            if (!u.pairsCalls()) {
                assertThat(k).isNull();
                continue;
            }
            assertThat(k.upperLayer()).isTrue();
            assertThat(k.displayName).isEqualTo(u.displayName());
            assertThat(k.idPrefix).isEqualTo(u.idPrefix());
            assertThat(k.colour).isEqualTo(u.colour());
        }
        assertThat(TransactionKind.of("rpc").displayName).isEqualTo("RPC-over-RDMA");
        assertThat(TransactionKind.READ.upperLayer()).isFalse();
    }

    @Test
    void aMalformedMessageCitesTheReferenceItsProtocolDeclares() {
        Ulp declared = Ulps.all().get(0);
        assertThat(UpperLayer.reference(declared)).isEqualTo("RFC 8166 section 4");
        Ulp silent = new Ulp() {
            @Override
            public String name() {
                return "new";
            }

            @Override
            public Decoder decoder() {
                return (UlpInput m) -> (UlpMessage) null;
            }
        };
        assertThat(UpperLayer.reference(silent)).isEqualTo(ViolationCode.ULP_MALFORMED.reference);
    }
}

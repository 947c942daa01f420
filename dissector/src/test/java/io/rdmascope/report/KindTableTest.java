package io.rdmascope.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KindTableTest {
    @Test
    void naturalKeysPadEachRunOfDigitsToTwelveAndKeepLongerRunsWhole() {
        assertThat(KindTable.naturalKey("c2")).isEqualTo("c000000000002");
        assertThat(KindTable.naturalKey("c10")).isEqualTo("c000000000010");
        assertThat(KindTable.naturalKey("10.0.0.1:4791")).isEqualTo(
                "000000000010.000000000000.000000000000.000000000001:000000004791");
        assertThat(KindTable.naturalKey("c1234567890123x")).isEqualTo("c1234567890123x");
        assertThat(KindTable.naturalKey("c")).isEqualTo("c");
    }
}

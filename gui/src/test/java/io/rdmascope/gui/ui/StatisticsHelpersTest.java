package io.rdmascope.gui.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The time axis, the zoom window and the order of connections, without a window. */
class StatisticsHelpersTest {
    @Test
    void connectionsSortInNaturalOrder() {
        List<String> ids = new ArrayList<>(List.of("c10", "c2", "c1", "c100", "c11", "c9"));
        ids.sort(ConnectionOrder.NATURAL);
        assertThat(ids).containsExactly("c1", "c2", "c9", "c10", "c11", "c100");
    }

    @Test
    void manyConnectionsKeepTheTopByBytesAndOneOthersEntry() {
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (int i = 1; i <= 179; i++) {
            bytes.put("c" + i, (long) i);
        }
        Map<String, Long> top = ConnectionOrder.top(bytes, 5);
        assertThat(top.keySet()).containsExactly("c175", "c176", "c177", "c178", "c179", "others (174)");
        assertThat(top.get("others (174)")).isEqualTo(174L * 175 / 2);
        assertThat(ConnectionOrder.top(Map.of("c2", 1L, "c10", 5L), 5).keySet()).containsExactly("c2", "c10");
    }

    @Test
    void ticksFallOnRoundTimesInTheUnitOfTheirStep() {
        assertThat(TimeAxis.step(4_450_000_000.0, 1000)).isEqualTo(500_000_000L);
        assertThat(TimeAxis.step(2_000, 1000)).isEqualTo(200L);
        assertThat(TimeAxis.label(1_500_000_000L, 500_000_000L)).isEqualTo("1.5 s");
        assertThat(TimeAxis.label(1_200_000L, 200_000L)).isEqualTo("1.2 ms");
        assertThat(TimeAxis.label(3_000_000_000L, 1_000_000_000L)).isEqualTo("3 s");
        assertThat(TimeAxis.label(250_000L, 50_000L)).isEqualTo("250 \u00b5s");
        assertThat(TimeAxis.label(800L, 100L)).isEqualTo("800 ns");
        // deep in a long capture the offset is written in seconds with the decimals the step needs
        assertThat(TimeAxis.label(4_123_450_000L, 10_000L)).isEqualTo("4.12345 s");
        List<TimeAxis.Tick> ticks = TimeAxis.ticks(1_000, 1_000 + 120, 1_000 + 1_080, 500);
        assertThat(ticks).extracting(TimeAxis.Tick::label).containsExactly("200 ns", "400 ns", "600 ns", "800 ns",
                "1000 ns");
    }

    @Test
    void theZoomWindowStaysWithinTheCapture() {
        TimeWindow w = new TimeWindow();
        w.reset(1_000, 1_000_000_000L);
        w.zoom(0.001, 500_000_000);
        assertThat(w.span()).isCloseTo(999_999.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(w.from()).isLessThan(500_000_000).isGreaterThan(499_000_000);
        w.panTo(-5);
        assertThat(w.from()).isEqualTo(1_000);
        w.panTo(2e9);
        assertThat(w.to()).isEqualTo(1_000_000_000.0);
        w.zoom(1e-9, 0);
        assertThat(w.span()).isEqualTo(TimeWindow.MIN_SPAN);
        w.zoom(1e12, 0);
        assertThat(w.zoomed()).isFalse();
        w.reset(5, 5);
        assertThat(w.span()).isEqualTo(1000);
    }
}

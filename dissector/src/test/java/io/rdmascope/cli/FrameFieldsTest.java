package io.rdmascope.cli;

import static io.rdmascope.cli.TsharkFieldsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rdmascope.testing.RealCaptures;
import org.junit.jupiter.api.Test;

/**
 * Each frame's time, length, addresses, ports, TCP connection index and flags: in the dissect
 * JSON and text, and as display-filter fields, with the values tshark gives them.
 */
class FrameFieldsTest {
    static final String RPING = RealCaptures.file("siw/std_rping_64_mtu1500_tso.pcap").toString();

    @Test
    void theDissectJsonCarriesTheFrameFields() throws Exception {
        JsonNode a = new ObjectMapper().readTree(run(0, "dissect", "--format", "json", "-c", "3", RPING));
        assertThat(a.size()).isEqualTo(3);
        JsonNode first = a.get(0);
        assertThat(first.get("time_relative").decimalValue()).isEqualByComparingTo("0");
        assertThat(first.get("len").asLong()).isEqualTo(70);
        assertThat(first.has("ip")).isFalse();
        JsonNode syn = a.get(1);
        assertThat(syn.get("time_epoch").decimalValue().subtract(first.get("time_epoch").decimalValue()))
                .isEqualByComparingTo("1.388275");
        assertThat(syn.get("time_relative").decimalValue()).isEqualByComparingTo("1.388275");
        assertThat(syn.get("len").asLong()).isEqualTo(74);
        assertThat(syn.get("ip").get("src").asText()).isEqualTo("10.77.0.1");
        assertThat(syn.get("ip").get("dst").asText()).isEqualTo("10.77.0.2");
        assertThat(syn.get("tcp").get("srcport").asInt()).isEqualTo(49253);
        assertThat(syn.get("tcp").get("dstport").asInt()).isEqualTo(7174);
        assertThat(syn.get("tcp").get("stream").asInt()).isZero();
        assertThat(syn.get("tcp").get("flags").asInt()).isEqualTo(0x002);
        assertThat(a.get(2).get("tcp").get("flags").asInt()).isEqualTo(0x012);
    }

    @Test
    void theDissectTextShowsTheRelativeTimeAndTheStreamIndex() {
        String text = run(0, "dissect", "-V", "-c", "2", RPING);
        assertThat(text).contains("    Time since reference or first frame: 1.388275000 seconds\n",
                "    Stream index: 0\n");
    }

    @Test
    void theFrameFieldsAreFilterFields() {
        String[] cols = {"dissect", "-T", "fields", "-e", "frame.number", "-Y"};
        assertThat(run(0, TsharkFieldsTest.concat(cols, "tcp.flags.syn == 1 && frame.len == 74", RPING)))
                .isEqualTo("2\n3\n");
        assertThat(run(0, TsharkFieldsTest.concat(cols, "tcp.flags.fin == 1 && tcp.stream == 0 && tcp.flags.ack == 1", RPING)))
                .isEqualTo(run(0, TsharkFieldsTest.concat(cols, "tcp.flags == 0x011", RPING)));
        assertThat(run(0, TsharkFieldsTest.concat(cols, "frame.time_relative > 1.43 && frame.time_relative < 1.431",
                RPING))).isEqualTo("24\n25\n26\n");
    }
}

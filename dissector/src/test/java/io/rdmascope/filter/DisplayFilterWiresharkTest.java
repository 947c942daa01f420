package io.rdmascope.filter;

import static io.rdmascope.filter.DisplayFilterTest.ctx;
import static io.rdmascope.filter.DisplayFilterTest.error;
import static io.rdmascope.filter.DisplayFilterTest.eval;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts of Wireshark's display-filter language beyond comparisons: networks, text, sets, times. */
class DisplayFilterWiresharkTest {
    @Test
    void anAddressEqualsTheNetworksThatHoldIt() throws Exception {
        FilterContext c = ctx("ip.addr", List.of("10.77.0.1", "10.77.1.2"), "ip.src", "10.77.0.1");
        assertThat(eval("ip.addr == 10.77.0.0/24", c)).isTrue();
        assertThat(eval("ip.src == 10.77.1.0/24", c)).isFalse();
        assertThat(eval("ip.src != 10.77.1.0/24", c)).isTrue();
        assertThat(eval("ip.src != 10.0.0.0/8", c)).isFalse();
        assertThat(eval("ip.src == 0.0.0.0/0", c)).isTrue();
        assertThat(eval("ip.src == 10.77.0.1/32", c)).isTrue();
        assertThat(eval("ip.src == 10.77.0.0/32", c)).isFalse();
        assertThat(eval("ip.src in {192.168.0.0/16 10.77.0.0/30}", c)).isTrue();
        FilterContext v6 = ctx("ip.src", "fd00::12");
        assertThat(eval("ip.src == fd00::/64", v6)).isTrue();
        assertThat(eval("ip.src == fd01::/16", v6)).isFalse();
        assertThat(eval("ip.src == 10.0.0.0/8", v6)).isFalse();
    }

    @Test
    void aBadNetworkIsRefusedAtItsColumn() {
        FilterException e = error("ip.addr == 10.77.0.0/33");
        assertThat(e.column()).isEqualTo(12);
        assertThat(e.reason()).contains("address and a prefix length");
        e = error("ip.addr > 10.0.0.0/8");
        assertThat(e.column()).isEqualTo(9);
        assertThat(e.reason()).contains("'==' or '!='");
    }

    @Test
    void containsAndMatchesSearchText() throws Exception {
        FilterContext c = ctx("violation.message", List.of("STag 0x1234 was never advertised"),
                "rdmap.opcode_name", "RDMA Write");
        assertThat(eval("violation.message contains \"never\"", c)).isTrue();
        assertThat(eval("violation.message contains \"NEVER\"", c)).isFalse();
        assertThat(eval("rdmap.opcode_name matches \"^rdma w\"", c)).isTrue();
        assertThat(eval("rdmap.opcode_name ~ \"(?-i)^rdma w\"", c)).isFalse();
        assertThat(eval("rdmap.opcode_name matches \"read|write\"", c)).isTrue();
        assertThat(eval("!(rdmap.opcode_name contains \"Send\")", c)).isTrue();
    }

    @Test
    void containsAndMatchesWantTextFieldsAndGoodExpressions() {
        FilterException e = error("ddp.stag contains \"12\"");
        assertThat(e.column()).isEqualTo(10);
        assertThat(e.reason()).contains("text fields").contains("a number");
        e = error("rdmap.opcode_name matches \"(\"");
        assertThat(e.column()).isEqualTo(27);
        assertThat(e.reason()).startsWith("bad regular expression");
        assertThat(error("rdmap.opcode_name contains").reason()).contains("quoted string");
    }

    @Test
    void inTestsMembersAndRanges() throws Exception {
        FilterContext c = ctx("ddp.qn", 2L, "frame.len", 74L, "violation.code", List.of("A", "STAG_BOUNDS"));
        assertThat(eval("ddp.qn in {0 2}", c)).isTrue();
        assertThat(eval("ddp.qn in {0, 1}", c)).isFalse();
        assertThat(eval("frame.len in {1..5 60..100}", c)).isTrue();
        assertThat(eval("frame.len in {75..0xff}", c)).isFalse();
        assertThat(eval("frame.len in {74..74}", c)).isTrue();
        assertThat(eval("violation.code in {STAG_BOUNDS \"X\"}", c)).isTrue();
        assertThat(eval("not ddp.qn in {1}", c)).isTrue();
        assertThat(eval("ddp.qn in {1}", ctx())).isFalse();
    }

    @Test
    void badSetsAreRefusedAtTheirColumn() {
        assertThat(error("ddp.qn in 1").column()).isEqualTo(11);
        assertThat(error("ddp.qn in {}").column()).isEqualTo(12);
        FilterException e = error("ddp.qn in {1 x}");
        assertThat(e.column()).isEqualTo(14);
        assertThat(e.reason()).contains("expected a number");
        e = error("ddp.qn in {1..y}");
        assertThat(e.column()).isEqualTo(15);
        assertThat(error("ddp.qn in {1").reason()).contains("the end of the filter");
    }

    @Test
    void timesAreSecondsWithDecimals() throws Exception {
        FilterContext c = ctx("frame.time_relative", new BigDecimal("1.388275000"), "frame.time_epoch",
                new BigDecimal("1795483730.905576000"));
        assertThat(eval("frame.time_relative > 1.3", c)).isTrue();
        assertThat(eval("frame.time_relative < 1", c)).isFalse();
        assertThat(eval("frame.time_relative == 1.388275", c)).isTrue();
        assertThat(eval("frame.time_relative in {1.38..1.39}", c)).isTrue();
        assertThat(eval("frame.time_epoch >= 1795483730.905576", c)).isTrue();
        FilterException e = error("frame.time_relative > soon");
        assertThat(e.column()).isEqualTo(23);
        assertThat(e.reason()).contains("time in seconds");
    }

    @Test
    void theFrameFieldsAreKnown() throws Exception {
        for (String f : List.of("frame.len", "frame.time_relative", "frame.time_epoch", "tcp.stream", "tcp.flags",
                "tcp.flags.syn", "tcp.flags.ack", "tcp.flags.fin", "tcp.flags.reset", "tcp.flags.push",
                "tcp.flags.urg")) {
            assertThat(FilterFields.known(f)).as(f).isTrue();
        }
        FilterContext c = ctx("tcp.flags.syn", true, "tcp.flags.ack", false, "tcp.stream", 3L);
        assertThat(eval("tcp.flags.syn == 1 && tcp.flags.ack == 0 && tcp.stream == 3", c)).isTrue();
        assertThat(eval("tcp.flags.ack", c)).as("a flag alone is present, as in Wireshark").isTrue();
    }

    @Test
    void bitwiseAndTestsOrComparesTheMaskedValue() throws Exception {
        FilterContext c = ctx("tcp.flags", 0x012L, "tcp.flags.syn", true, "ddp.qn", 2L);
        assertThat(eval("tcp.flags & 0x02", c)).isTrue();
        assertThat(eval("tcp.flags & 0x01", c)).isFalse();
        assertThat(eval("tcp.flags bitwise_and 0x10", c)).isTrue();
        assertThat(eval("tcp.flags & 0x12 == 0x12", c)).isTrue();
        assertThat(eval("tcp.flags & 0x13 == 0x13", c)).isFalse();
        assertThat(eval("!(tcp.flags & 0x04) && ddp.qn & 2", c)).isTrue();
        assertThat(eval("tcp.flags.syn & 1", c)).isTrue();
        assertThat(eval("ddp.stag & 1", ctx())).isFalse();
        assertThat(error("violation.code & 1").reason()).isEqualTo("'&' applies to numbers and flags; violation.code is not one");
        assertThat(error("tcp.flags & x").reason()).isEqualTo("expected a number after '&', found 'x'");
        assertThat(error("tcp.flags & 2 == y").reason()).isEqualTo("expected a number after '==', found 'y'");
    }

    @Test
    void containsFindsOctetsInTheFrame() throws Exception {
        FilterContext c = ctx("frame", "xxMPA ID Req Framexx".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(eval("frame contains \"MPA ID\"", c)).isTrue();
        assertThat(eval("frame contains \"MPA ID Rep\"", c)).isFalse();
        assertThat(eval("frame contains 4d:50:41", c)).isTrue();
        assertThat(eval("frame contains 4d5041", c)).isTrue();
        assertThat(eval("frame contains 00:01", c)).isFalse();
        assertThat(eval("frame", c)).isTrue();
        assertThat(error("frame contains 4d:5").reason()).startsWith("expected a quoted string or octets");
        assertThat(error("frame matches \"x\"").reason())
                .isEqualTo("'matches' applies to text fields and 'contains' to octets; frame is octets");
    }
}
